"""Seats are a number: a family that seats three plays through the whole site.

No family seats three yet, so the test makes one: the engine's American family is told it
seats three (``SEATS``), and the club copies the American preset with an uma of three places
(American has none). The American settlement reads its seats from the table, so the hands
are settled for real; everything else (start, record, check, finish, ratings, the game log,
the table page and its scoreboard, the hand log, the boards, the admin, an event's draw and
its tables) must then work with three players and never fall back on four. Riichi still
seats four and refuses three players with its own words.
"""

import datetime
import random
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.admin.forms import AdminStartGameForm, seat_choices
from scoring.events import services as events
from scoring.models import EventRound, Game, HandSeat, Player, PlayerRating, Ruleset
from scoring.records import services
from scoring.records.checks import game_mismatches
from scoring.records.gamelogs import game_document
from scoring.rules import AmericanHand, get_preset
from scoring.rules.families import FAMILIES
from scoring.table.forms.base import offer_seats
from scoring.table.forms.start import StartGameForm

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Bo", "Cho", "Dee", "Eli", "Fay", "Gus")
HX = {"HX-Request": "true"}


@pytest.fixture
def three(monkeypatch):
    """A club's "American for three": its family seats three for this test."""
    monkeypatch.setattr(FAMILIES["american"], "SEATS", 3)
    knobs = {**get_preset("american").knobs(), "uma": [0, 0, 0], "uma_situational": {}}
    return Ruleset.objects.create(
        slug="american-three", name="American for three", family="american", based_on="american", knobs=knobs
    )


@pytest.fixture
def club(db):
    return [Player.objects.create(name=name) for name in NAMES]


@pytest.fixture
def ann(club, client):
    """Ann, a scorer, logged in: she sits at the games."""
    user = User.objects.create_user("ann", password="pw-ann-123", is_staff=True)
    club[0].user = user
    club[0].save()
    client.force_login(user)
    return client


def event_of(players, **options):
    """An event of American for three with ``players`` checked in."""
    event = events.create_event(date=datetime.date(2026, 12, 4), players=players, seed=7, **options)
    for player in players:
        events.check_in(event=event, player=player)
    return event


def record(game, facts):
    return services.record_hand(
        game=game, facts=facts, expected_number=game.hand_count + 1, submission_key=f"k{game.hand_count}"
    )


def play(game):
    """Three hands: a discard win, a self-pick and a wall game."""
    for facts in (
        AmericanHand("mahjong", winner=0, discarder=1, value=25),
        AmericanHand("mahjong", winner=2, value=30),
        AmericanHand("wall"),
    ):
        record(game, facts)
        game.refresh_from_db()


def test_a_game_seats_its_familys_count_and_no_other(three, club):
    game = services.start_game(ruleset=three, players=club[:3])
    assert game.seat_count == three.seats == 3
    assert sorted(game.seats.values_list("seat", flat=True)) == [0, 1, 2]
    assert [s.place for s in game.seats.all()] == [1, 1, 1]  # standings of three before the first hand
    with pytest.raises(services.ServiceError, match=r"^A game needs 3 different players\.$"):
        services.start_game(ruleset=three, players=club[:4])


def test_riichi_still_seats_four_and_says_so_in_its_words(three, club):
    with pytest.raises(services.ServiceError, match=r"^A game needs four different players\.$"):
        services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club[:3])


def test_hands_of_three_are_recorded_checked_finished_and_rated(three, club):
    game = services.start_game(ruleset=three, players=club[:3])
    play(game)
    assert HandSeat.objects.filter(hand__game=game).count() == 3 * 3
    for hand in game.hand_set.all():
        assert sum(row.delta for row in hand.hand_seats.all()) == 0
    # the discarder pays double, the other once (card value 25), the self-pick 2x from both
    assert [s.table_score for s in game.seats.order_by("seat")] == [75 - 60, -50 - 60, -25 + 120]
    assert game_mismatches(game) == []
    services.finish_game(game=game)
    game.refresh_from_db()
    assert sorted(game.seats.values_list("place", flat=True)) == [1, 2, 3]
    assert game_mismatches(game) == []
    assert PlayerRating.objects.filter(family="american").count() == 3


def test_a_game_of_three_exports_and_imports_as_it_was(three, club):
    game = services.start_game(ruleset=three, players=club[:3])
    play(game)
    doc = game_document(game)
    assert doc["players"] == ["Ann", "Bo", "Cho"]
    Game.objects.all().delete()
    again = services.import_document(doc=doc)
    assert again.seat_count == 3
    assert [s.table_score for s in again.seats.order_by("seat")] == [15, -110, 95]
    assert game_mismatches(again) == []


def positions(html: str) -> dict[str, int]:
    """Each player's place around the table on the scoreboard: name -> pos-N."""
    board = html[html.index('id="scoreboard"') : html.index('id="hand-form"')]
    seats = re.findall(r'class="seat pos-(\d)[^"]*">.*?<span class="name">([^<]+)</span>', board, re.S)
    return {name: int(position) for position, name in seats}


def test_the_table_page_seats_three_around_the_viewer(three, club, ann):
    game = services.start_game(ruleset=three, players=club[:3])
    table = reverse("scoring:table", args=[game.pk])
    html = ann.get(table).content.decode()
    # Ann's own seat at the bottom, Bo (next to play) on her right, Cho (last before her) on her left
    assert positions(html) == {"Ann": 0, "Bo": 1, "Cho": 3}
    assert f'href="{table}?seat=1"' in html  # turn the table to Bo
    assert positions(ann.get(table + "?seat=2").content.decode()) == {"Cho": 0, "Ann": 1, "Bo": 3}
    # a fourth seat is not one of this game's: the table stays as Cho sees it
    assert positions(ann.get(table + "?seat=3").content.decode()) == {"Cho": 0, "Ann": 1, "Bo": 3}


def test_a_hand_of_three_is_recorded_at_the_table_and_logged(three, club, ann):
    game = services.start_game(ruleset=three, players=club[:3])
    table = ann.get(reverse("scoring:table", args=[game.pk]) + "?outcome=mahjong").content.decode()
    assert 'value="3"' not in table[table.index('id="hand-form"') :]  # no fourth seat to pick
    data = {
        "outcome": "mahjong",
        "submission_key": re.search(r'name="submission_key" value="(\w+)"', table).group(1),
        "expected_number": "1",
        "winner": 1,
        "discarder": 2,
        "value": 25,
        "action": "save",
    }
    preview = ann.post(reverse("scoring:preview", args=[game.pk]), data, headers=HX).content.decode()
    assert "Cho pays Bo 50" in preview and "Ann pays Bo 25" in preview
    html = ann.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX).content.decode()
    assert "Hand 1 recorded." in html
    assert [s.table_score for s in game.seats.order_by("seat")] == [-25, 75, -50]
    page = ann.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert all(name in page for name in ("Ann", "Bo", "Cho")) and "Dee" not in page
    services.finish_game(game=game)
    html = ann.get(reverse("scoring:table", args=[game.pk])).content.decode()
    assert "Next game: the same players, seats drawn again" in html
    after = services.start_next_game(game=game, rng=random.Random(1))
    assert sorted(after.seats.values_list("player__name", flat=True)) == ["Ann", "Bo", "Cho"]
    assert ann.get(reverse("scoring:american_board")).status_code == 200
    assert ann.get(reverse("scoring:player", args=[club[1].pk])).status_code == 200


def test_a_seat_from_a_form_is_one_of_the_tables():
    assert offer_seats("0,2,3", 3) == (0, 2)
    assert offer_seats("0,2,3", 4) == (0, 2, 3)
    assert offer_seats(" 1, x,-1,", 3) == (1,)


def test_the_start_form_asks_for_the_familys_count_of_players(three, club):
    form = StartGameForm({"family": "american", "ruleset": three.pk, "east": "Ann", "south": "Bo"})
    assert [field.name for field in form.seat_fields()] == ["east", "south", "west"]
    assert not form.is_valid()
    assert form.errors["west"] == ["A game needs 3 players: enter the West player."]
    form = StartGameForm({"family": "american", "ruleset": three.pk, "east": "Ann", "south": "Bo", "west": "Ann"})
    assert not form.is_valid()
    assert form.errors["west"] == ["Ann already sits at East: a game needs 3 different players."]
    form = StartGameForm({"family": "american", "ruleset": three.pk, "east": "Ann", "south": "Bo", "west": "Cho"})
    assert form.is_valid(), form.errors
    assert [p.name for p in form.players] == ["Ann", "Bo", "Cho"]


def test_the_admin_starts_a_game_of_three_and_offers_its_seats_only(three, club):
    data = {"ruleset": three.pk, "east": club[0].pk, "south": club[1].pk, "west": club[2].pk}
    form = AdminStartGameForm(data)
    assert form.is_valid(), form.errors
    game = services.start_game(ruleset=three, players=form.players())
    assert [index for index, _label in seat_choices(game)] == [0, 1, 2]
    form = AdminStartGameForm({**data, "north": club[3].pk})
    assert not form.is_valid() and form.errors["north"] == ["A game needs 3 different players."]


def test_an_events_tables_seat_three(three, club):
    event = event_of(club, name="Three night", ruleset=three, games_per_round=1)  # a game a round
    first = events.draw_round(event=event)
    tables = [t.players for t in first.tables.order_by("number")]
    assert [len(t) for t in tables] == [3, 3] and len(first.sitting_out) == 1  # seven players: one sits out
    events.swap_seats(round_=first, first=(1, 2), second=(2, 0))
    with pytest.raises(events.ServiceError, match="no such table or seat"):
        events.swap_seats(round_=first, first=(1, 3), second=(2, 0))
    events.start_round(round_=first)
    for table in first.tables.all():
        assert [s.player_id for s in table.game.seats.order_by("seat")] == table.players
    for table in first.tables.all():
        services.finish_game(game=table.game)
    second = events.draw_round(event=event, method=EventRound.SWISS)
    assert [len(t.players) for t in second.tables.all()] == [3, 3]
    third = events.draw_round(event=event, method=EventRound.INTERVAL)
    assert [len(t.players) for t in third.tables.all()] == [3, 3]


def test_a_tournament_of_three_plans_its_rounds_in_tables_of_three(three, club):
    """The random draw plans the rounds still to come too, at tables of three."""
    event = event_of(club[:6], name="Three cup", ruleset=three, kind="tournament", rounds=4)
    first = events.draw_round(event=event)
    assert sorted(len(t.players) for t in first.tables.all()) == [3, 3]
    assert first.cost == 0


def test_an_event_of_three_fills_tables_with_substitutes_to_a_multiple_of_three(three, club):
    event = event_of(club[:5], name="Three cup", ruleset=three, kind="tournament", substitutes=True)
    with pytest.raises(events.ServiceError, match="1 more substitutes"):
        events.draw_round(event=event)
    events.check_in(event=event, player=club[5], substitute=True)
    assert sorted(len(t.players) for t in events.draw_round(event=event).tables.all()) == [3, 3]


def test_too_few_for_a_table_of_three_says_three(three, club):
    event = event_of(club[:2], name="Two", ruleset=three)
    with pytest.raises(events.ServiceError, match=r"^At least 3 players must be checked in to draw a round\.$"):
        events.draw_round(event=event)


def test_the_event_page_names_each_seat_of_three_by_its_wind(three, club, ann):
    event = event_of(club[:6], name="Three night", ruleset=three)
    events.draw_round(event=event)
    html = ann.get(reverse("scoring:event", args=[event.pk])).content.decode()
    tables = re.findall(r'<ol class="event-seats">(.*?)</ol>', html, re.S)
    assert len(tables) == 2
    for table in tables:
        assert re.findall(r'<span class="wind">([^<]+)</span>', table) == ["East", "South", "West"]
