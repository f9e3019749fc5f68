"""The win form by tiles: the picker's scoring view and what the form records."""

import json

import pytest
from django.contrib.auth.models import User
from django.http import QueryDict
from django.urls import reverse
from django.utils import translation

from scoring.models import Player, Ruleset
from scoring.records import services
from scoring.rules import TableState, get_preset
from scoring.table.forms import hand_form

NAMES = ("Ann", "Bo", "Cho", "Dee")
PINFU = json.dumps({"hand": "23m456789p234s55s", "win": "4m"})


def form(data, outcome="ron"):
    post = QueryDict(mutable=True)
    post.update({"outcome": outcome, "submission_key": "k", "expected_number": "1"})
    for key, value in data.items():
        if isinstance(value, list):
            post.setlist(key, [str(v) for v in value])
        else:
            post[key] = str(value)
    return hand_form(post, rules=get_preset("ema-2016"), names=NAMES, table=TableState((30000,) * 4), outcome=outcome)


def test_the_form_records_the_tiles_han_and_fu_not_the_chip():
    """The haneman chip stands for 6–7 han; the tiles say exactly what the win is."""
    f = form({"win0-winner": 1, "discarder": 0, "win0-han": "1", "win0-fu": "30", "riichi": [1], "win0-tiles": PINFU})
    assert f.is_valid(), f.errors
    (win,) = f.facts.wins
    assert (win.han, win.fu, json.loads(win.tiles)) == (2, 30, {"hand": "23m456789p23455s", "win": "4m"})


def test_an_override_keeps_the_scorers_han_and_fu_and_says_so():
    tiles = json.dumps({"hand": "23m456789p234s55s", "win": "4m", "override": True})
    f = form({"win0-winner": 1, "discarder": 0, "win0-han": "3", "win0-fu": "40", "riichi": [1], "win0-tiles": tiles})
    assert f.is_valid(), f.errors
    (win,) = f.facts.wins
    assert (win.han, win.fu, json.loads(win.tiles)["override"]) == (3, 40, True)


def test_bad_tiles_on_the_form_are_a_message_not_a_crash():
    f = form(
        {
            "win0-winner": 1,
            "discarder": 0,
            "win0-han": "2",
            "win0-fu": "30",
            "win0-tiles": json.dumps({"hand": "23m456789p234s55s", "win": "9s"}),
        }
    )
    assert not f.is_valid()
    assert f.non_field_errors() == [
        "Bo's tiles: the tiles are not a complete hand: four sets and a pair, seven pairs or thirteen orphans"
    ]


@pytest.fixture
def game(db):
    players = [Player.objects.create(name=name) for name in NAMES]
    players[0].user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].save()
    return services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players)


def score(client, game, **data):
    client.force_login(User.objects.get(username="ann"))
    return client.post(reverse("scoring:score_tiles", args=[game.pk]), data)


def test_the_picker_gets_yaku_fu_and_payment(client, game):
    response = score(client, game, tiles=PINFU, winner=1, outcome="ron", riichi=[1])
    page = response.content.decode()
    assert response.status_code == 200
    assert 'data-choice="2"' in page and "Riichi" in page and "Pinfu" in page and "ron 2,000" in page


def test_the_dealer_pays_and_is_paid_as_dealer(client, game):
    page = score(client, game, tiles=PINFU, winner=0, outcome="tsumo").content.decode()
    assert "2 han 20 fu</strong> · tsumo 700 all" in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tiles": PINFU, "outcome": "ron"}, "Tap the winner first."),
        ({"tiles": "{", "winner": 1, "outcome": "ron"}, "the tiles could not be read"),
        (
            {"tiles": json.dumps({"hand": "123m456p789s24s33z", "win": "3s"}), "winner": 1, "outcome": "ron"},
            "no yaku: a closed hand without riichi or tsumo needs a yaku",
        ),
        # nested deeper than Python reads JSON: it was a RecursionError, a 500
        ({"tiles": "[" * 100_000, "winner": 1, "outcome": "ron"}, "the tiles could not be read"),
        ({"tiles": '{"melds": ' + "[" * 50_000 + "]" * 50_000 + "}", "winner": 1}, "the tiles could not be read"),
    ],
)
def test_the_picker_explains_what_is_wrong(client, game, data, message):
    response = score(client, game, **data)
    assert response.status_code == 200 and message in response.content.decode()


def test_only_who_may_record_the_game_may_score_its_tiles(client, game):
    response = client.post(reverse("scoring:score_tiles", args=[game.pk]), {"tiles": PINFU, "winner": 1})
    assert response.status_code in (302, 403)


def tenpai(client, game, **data):
    client.force_login(User.objects.get(username="ann"))
    return client.post(reverse("scoring:check_tenpai", args=[game.pk]), data).content.decode()


def test_a_tenpai_claim_shows_the_waits(client, game):
    page = tenpai(client, game, tenpai_player=1, tenpai_hand="23m456789p234s55s")
    assert "Bo is tenpai." in page and 'alt="1m"' in page and 'alt="4m"' in page


def test_a_noten_riichi_player_is_told_about_the_chombo(client, game):
    page = tenpai(client, game, tenpai_player=1, tenpai_hand="123m456p789s1357s", riichi=[1])
    assert "Bo is not tenpai." in page and "1 tile from tenpai" in page and "offers the chombo" in page


def test_tenpai_with_melds_and_bad_tiles(client, game):
    assert "Cho is tenpai." in tenpai(
        client, game, tenpai_player=2, tenpai_hand="456p5z", tenpai_melds="pon:111z chi:234s pon:999m"
    )
    assert "a fifth 1z" in tenpai(client, game, tenpai_player=2, tenpai_hand="456p1z", tenpai_melds="kan:1111z")
    assert "a meld is" in tenpai(client, game, tenpai_player=2, tenpai_hand="456p5z", tenpai_melds="pung:111z")


def test_the_picker_refuses_tiles_that_are_not_text(client, game):
    response = score(client, game, tiles=json.dumps({"hand": 123, "win": "1z"}), winner=1, outcome="ron")
    assert response.status_code == 200 and "is not tile notation" in response.content.decode()


def test_the_pickers_messages_are_in_the_readers_language(client, game):
    """The tiles' refusals are marked for translation like the engine's (in Spanish)."""
    client.force_login(User.objects.get(username="ann"))
    with translation.override("en"):  # the request's Spanish does not outlive it
        response = client.post(
            reverse("scoring:score_tiles", args=[game.pk]),
            HTTP_ACCEPT_LANGUAGE="es",
            data={"tiles": json.dumps({"hand": "123m456p789s24s33z", "win": "3s"}), "winner": 1, "outcome": "ron"},
        )
    assert "sin yaku: una mano cerrada sin riichi ni tsumo necesita un yaku" in response.content.decode()


def test_tiles_too_long_for_the_form_are_named_in_the_preview(client, game):
    """The hidden tiles field has a label: its error reads "Tiles: …", not "None: …"."""
    client.force_login(User.objects.get(username="ann"))
    page = client.post(
        reverse("scoring:preview", args=[game.pk]),
        {
            "outcome": "ron",
            "win0-winner": 1,
            "discarder": 0,
            "win0-han": "2",
            "win0-fu": "30",
            "n_winners": 1,
            "win0-tiles": "x" * 5000,
        },
    ).content.decode()
    assert "<strong>Tiles:</strong> Ensure this value has at most 4000 characters" in page and "None:" not in page


def test_a_wait_only_on_a_fifth_copy_is_named_at_the_draw(client, game):
    """EMA Riichi Competition Rules 2016, §3.3.13: the scorer is told why, not "1 tile from tenpai"."""
    page = tenpai(client, game, tenpai_player=1, tenpai_hand="123m456p789s1111z")
    assert "Bo is not tenpai." in page and "The only wait is a tile the hand holds all four of" in page
    assert "from tenpai" not in page
