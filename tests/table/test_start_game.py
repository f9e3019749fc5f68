"""Starting a game: session, ruleset, its length, four players, shuffle, refusals."""

import pytest
from django.urls import reverse

from scoring.models import ClubSession, Game, Player, Ruleset

HX = {"HX-Request": "true"}
URL = "/games/new/"


@pytest.fixture
def presets(db):
    return {slug: Ruleset.objects.preset(slug) for slug in ("ema-2016", "american", "reach")}


def data(presets, **extra):
    return {
        "action": "start",
        "family": "riichi",
        "ruleset": presets["ema-2016"].pk,
        "session_kind": "casual",
        "east": "Ann",
        "south": "Bo",
        "west": "Cho",
        "north": "Dee",
        **extra,
    }


def test_the_page_offers_rulesets_of_the_family_and_player_names(client_ann, presets):
    html = client_ann.get(URL).content.decode()
    assert "EMA 2016" in html and "Reach" in html and "American (NMJL-style)" not in html
    assert '<datalist id="player-names"><option value="Ann">' in html
    assert 'value="Ann"' in html  # the scorer sits East by default
    assert "Shuffle seats" in html
    assert 'hx-get="/players/search/"' in html


def test_switching_family_rerenders_the_form_with_its_rulesets(client_ann, presets):
    response = client_ann.post(URL, data(presets, action="refresh", family="american"), headers=HX)
    html = response.content.decode()
    assert html.strip().startswith('<form id="start-form"')
    assert "American (NMJL-style)" in html and "EMA 2016" not in html
    assert Game.objects.count() == 0


def test_starting_a_game_with_a_new_session(client_ann, presets):
    response = client_ann.post(URL, data(presets, new_session="Club night", session_kind="tournament"))
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("scoring:table", args=[game.pk])
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Bo", "Cho", "Dee"]
    assert game.session.name == "Club night" and game.session.kind == ClubSession.TOURNAMENT
    assert game.tournament is True


def test_starting_in_an_existing_session(client_ann, presets):
    session = ClubSession.objects.create(name="Monday", date="2026-11-30")
    client_ann.post(URL, data(presets, session=session.pk))
    assert Game.objects.get().session == session


@pytest.mark.parametrize(
    "change, field, message",
    [
        ({"west": "ann"}, "west", "already sits at East: a game needs four different players"),
        ({"north": ""}, "north", "A game needs four players: enter the North player."),
        ({"family": "american"}, "ruleset", "EMA 2016 is a ruleset for Riichi mahjong, not for American"),
        ({"south": "Zed"}, "south", "No club player is called “Zed”"),
        ({"ruleset": ""}, "ruleset", "Choose the ruleset."),
    ],
)
def test_refusals_are_shown_on_the_form(client_ann, presets, change, field, message):
    response = client_ann.post(URL, data(presets, **change))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Game.objects.count() == 0


def test_new_players_are_added_when_asked(client_ann, presets):
    client_ann.post(URL, data(presets, south="Zed", add_new="on"))
    assert Player.objects.filter(name="Zed").exists()
    assert Game.objects.count() == 1


def test_a_member_can_start_only_a_game_they_sit_at(client, outsider, scorer, presets, players):
    client.force_login(outsider)
    response = client.post(URL, data(presets))
    assert "You can start only a game you sit at" in response.content.decode()
    client.force_login(scorer)
    client.post(URL, data(presets))
    assert Game.objects.count() == 1


def test_shuffle_seats_keeps_the_four_players(client_ann, presets):
    seen = set()
    for _ in range(12):
        html = client_ann.post(URL, data(presets, action="shuffle"), headers=HX).content.decode()
        import re

        order = tuple(
            re.search(rf'name="{seat}" id="id_{seat}" value="(\w+)"', html).group(1)
            for seat in ("east", "south", "west", "north")
        )
        assert sorted(order) == ["Ann", "Bo", "Cho", "Dee"]
        seen.add(order)
    assert len(seen) > 1
    assert Game.objects.count() == 0


def test_player_type_ahead(client_ann, players):
    Player.objects.create(name="Chocolate")
    html = client_ann.get("/players/search/", {"east": "cho"}).content.decode()
    assert html.count("<option") == 2 and 'value="Cho"' in html and 'value="Chocolate"' in html
    assert "<html" not in html


@pytest.mark.parametrize("typed", ["\x00", "ch\x00o", "cho\x1b"])
def test_a_control_character_typed_finds_nobody(client_ann, players, typed):
    """No name holds one (scoring/rules/bounds.py); PostgreSQL refuses a NUL in a query."""
    response = client_ann.get("/players/search/", {"q": typed})
    assert response.status_code == 200 and "<option" not in response.content.decode()


def test_start_game_needs_a_login(client):
    assert client.get(URL).status_code == 302
    assert client.get("/players/search/?q=a", headers=HX)["HX-Redirect"].startswith("/accounts/login/")


def test_every_error_shows_at_once_summarised_at_the_top(client_ann, presets):
    """A duplicated player does not hide the unknown names; a summary comes first."""
    response = client_ann.post(URL, data(presets, south="Ann", west="Zed", north=""))
    html = response.content.decode()
    assert response.status_code == 200 and Game.objects.count() == 0
    summary = html[html.index('id="start-errors"') : html.index("</ul>", html.index('id="start-errors"'))]
    assert "autofocus" in html[html.index('id="start-errors"') - 80 : html.index('id="start-errors"') + 120]
    for says in ("Ann already sits at East", "No club player is called “Zed”", "enter the North player"):
        assert says in summary  # in the summary at the top …
        assert html.count(says) == 2  # … and at its field
    assert '<a href="#id_west">West</a>' in summary


# ---- the length (Tenhou rules, East-only games, tonpuusen): riichi and sanma games are hanchan or
# East-only, the ruleset's own unless chosen; the table and game pages say which


def test_riichi_offers_the_length_american_does_not(client_ann, presets):
    html = client_ann.get(URL).content.decode()
    assert 'id="length-group"' in html
    assert "The ruleset&#x27;s" in html and ">Hanchan<" in html and ">East-only<" in html
    html = client_ann.post(URL, data(presets, action="refresh", family="american"), headers=HX).content.decode()
    assert 'id="length-group"' not in html


LENGTHS = [("", 2, "Hanchan"), ("2", 2, "Hanchan"), ("1", 1, "East-only")]  # the form's value, the game's rounds


@pytest.mark.parametrize(("length", "rounds", "shown"), LENGTHS)
def test_the_length_chosen_is_the_game_s(client_ann, presets, length, rounds, shown):
    client_ann.post(URL, data(presets, length=length))
    game = Game.objects.get()
    assert game.rules.rounds == rounds
    for page in ("scoring:table", "scoring:game"):
        html = client_ann.get(reverse(page, args=[game.pk])).content.decode()
        assert f"{game.ruleset.name} · {shown}" in html


def test_a_length_the_form_does_not_offer_is_refused(client_ann, presets):
    html = client_ann.post(URL, data(presets, length="3")).content.decode()
    assert "Select a valid choice" in html
    assert not Game.objects.exists()


def test_an_american_game_ignores_a_length_sent_anyway(client_ann, presets):
    client_ann.post(URL, data(presets, family="american", ruleset=presets["american"].pk, length="1"))
    assert Game.objects.get().length == ""
