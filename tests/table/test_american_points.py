"""The American hand form under tournament points (the US organisers' rules): it asks
only what the points need (winner, discarder or self-picked, card value, jokerless, the
discarder's exposures; the dead hands at a wall game), the preview shows each player's points
for the game, and what it saves is what the engine scores."""

import pytest

from scoring.models import Hand, HandSeat, Win

from .conftest import start
from .test_table_views import HX, fresh_form, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def points_game(players):
    return start(players, "american-tournament")


def test_the_mahjong_form_asks_only_what_the_points_need(client_ann, points_game):
    """Destination Mah Jongg official rules: the discarder's loss goes by their exposures; no
    misnamed discard (the organiser's penalty) and no incident rows (a dead hand scores 0)."""
    html = client_ann.get(url("table", points_game) + "?outcome=mahjong").content.decode()
    assert 'name="exposures"' in html and 'name="value"' in html and 'name="jokerless"' in html
    assert "0, 1, 2, 3 or more lose 10 / 10 / 20 / 25" in html
    assert 'name="misnamed_discard"' not in html
    assert 'value="add_challenge"' not in html and 'value="add_error"' not in html


def test_the_settle_up_form_is_as_it_was(client_ann, american):
    """American penalties and errors: settle-up asks no exposures and keeps the misnamed discard."""
    html = client_ann.get(url("table", american) + "?outcome=mahjong").content.decode()
    assert 'name="exposures"' not in html and 'name="misnamed_discard"' in html
    assert 'value="add_challenge"' in html


def test_the_preview_shows_each_players_points_for_the_game(client_ann, points_game):
    """The US tournament rules: the winner's card value and bonuses, the discarder's loss by exposures."""
    data = {
        **fresh_form(client_ann, points_game, "mahjong"),
        "winner": 1,
        "discarder": 2,
        "value": 35,
        "jokerless": "on",
        "exposures": 2,
    }
    html = client_ann.post(url("preview", points_game), data, headers=HX).content.decode()
    assert "Each player&#x27;s points for the game" in html
    assert "Bo: 35 card value +20 jokerless = 55" in html
    assert "Cho discarded the winning tile with 2 exposed: −20" in html
    assert "pays" not in html


def test_a_mahjong_by_discard_is_saved_with_its_exposures(client_ann, points_game):
    """Destination Mah Jongg official rules: 3 exposures lose 25; the winner scores the value."""
    data = {
        **fresh_form(client_ann, points_game, "mahjong"),
        "winner": 0,
        "discarder": 3,
        "value": 30,
        "exposures": 3,
        "action": "save",
    }
    html = client_ann.post(url("record_hand", points_game), data, headers=HX).content.decode()
    assert "Hand 1 recorded." in html
    assert Win.objects.get(hand__game=points_game).exposures == 3
    deltas = list(
        HandSeat.objects.filter(hand__game=points_game).order_by("seat__seat").values_list("delta", flat=True)
    )
    assert deltas == [30, 0, 0, -25]


def test_a_self_picked_mahjong_needs_no_exposures(client_ann, points_game):
    """The US tournament rules' core: +10 self-picked; exposures are the discarder's alone."""
    data = {
        **fresh_form(client_ann, points_game, "mahjong"),
        "winner": 2,
        "discarder": "",
        "value": 25,
        "exposures": 0,
        "action": "save",
    }
    html = client_ann.post(url("record_hand", points_game), data, headers=HX).content.decode()
    assert "Hand 1 recorded." in html
    assert Win.objects.get(hand__game=points_game).exposures is None
    deltas = list(
        HandSeat.objects.filter(hand__game=points_game).order_by("seat__seat").values_list("delta", flat=True)
    )
    assert deltas == [0, 0, 35, 0]


def test_a_wall_game_with_dead_hands(client_ann, points_game):
    """The US tournament rules' core: +10 to each live hand at a wall game, 0 to a dead one."""
    data = {**fresh_form(client_ann, points_game, "wall"), "dead": [1, 3], "action": "save"}
    html = client_ann.post(url("record_hand", points_game), data, headers=HX).content.decode()
    assert "Hand 1 recorded." in html
    assert Hand.objects.get(game=points_game).dead == [1, 3]
    deltas = list(
        HandSeat.objects.filter(hand__game=points_game).order_by("seat__seat").values_list("delta", flat=True)
    )
    assert deltas == [10, 0, 10, 0]


def test_a_wall_game_with_every_hand_dead_scores_nobody(client_ann, points_game):
    """The US tournament rules' core: a dead hand scores 0; the preview names the dead hands."""
    data = {**fresh_form(client_ann, points_game, "wall"), "dead": [0, 1, 2, 3]}
    html = client_ann.post(url("preview", points_game), data, headers=HX).content.decode()
    assert "Dead hands score 0: Ann, Bo, Cho, Dee" in html
    assert "+10" not in html
