"""The MCR hand form without a database: what it refuses, in the form's words next to the
control to fix and quoting the rule (Mahjong Competition Rules 2006, "the Green Book": the
8-point minimum, false mahjong, payment), and the facts it gives; the next-hand sentence."""

import pytest
from django.http import QueryDict
from django.utils import translation

from scoring.families.mcr import table as piece
from scoring.rules import PRESETS, MCRHand, MCRWin, TableState
from scoring.rules.families.mcr.facts import dealer
from scoring.table.forms import hand_form
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE

RULES = PRESETS["mcr"]
NAMES = ("Ann", "Bo", "Cho", "Dee")
CHICKEN = (
    '{"hand": "67s11z", "win": "8s", "melds": [{"kind": "chow", "tiles": "123m"}, '
    '{"kind": "chow", "tiles": "567p"}, {"kind": "pung", "tiles": "444s"}]}'
)


def form(outcome="win", hands=0, **values):
    data = QueryDict(mutable=True)
    data.update({"outcome": outcome, "submission_key": "k", "expected_number": hands + 1})
    for name, value in values.items():
        for item in value if isinstance(value, list) else [value]:
            data.appendlist(name, str(item))
    table = TableState((0,) * 4, rotations=hands, hands=hands)
    return hand_form(data, rules=RULES, names=NAMES, table=table, outcome=outcome)


WIN = {"winner": 1, "discarder": 2, "fan": 8, "flowers": 0}


@pytest.mark.parametrize(
    ("values", "field", "message"),
    [
        pytest.param(
            {**WIN, "fan": 7},
            "fan",
            "A win needs at least 8 points not counting flowers (Mahjong Competition Rules (WMO 2006), "
            "the 8-point minimum): 7 is not enough.",
            id="the 8-point minimum, flowers not counted",
        ),
        pytest.param(
            {**WIN, "n_errors": 1, "err0-caller": 1},
            "winner",
            "Bo called a false mahjong this hand and cannot win it",
            id="false mahjong: the caller cannot win the hand",
        ),
        pytest.param(
            {**WIN, "fan": 9, "fans": ["Mixed Straight", "Pure Double Chow", "Pure Double Chow"]},
            "fan",
            "The fans ticked add up to 10 points, not 9",
            id="the fans ticked must add up to the points",
        ),
        pytest.param({**WIN, "discarder": 1}, "discarder", "Bo cannot win on their own discard.", id="own discard"),
        pytest.param({**WIN, "flowers": 9}, "flowers", "A hand has 0 to 8 flowers.", id="eight flowers at most"),
        pytest.param(
            {**WIN, "fans": ["All Pungs", "Flower Tiles", "Flower Tiles"]},
            "fans",
            "Flower Tiles is never one of a win's fans: give the flowers as flowers",
            id="flowers are steps, never a fan: 6 points and two flowers are no 8",
        ),
        pytest.param({**WIN, "fans": ["Pinfu"]}, "fans", "Tick fans from the list", id="fans of the Green Book"),
        pytest.param(
            {**WIN, "fan": 176, "fans": ["Big Four Winds", "Big Four Winds"]},
            "fans",
            "a hand counts Big Four Winds once, not 2 times (Mahjong Competition Rules (Green Book, 2006), §8)",
            id="a fan ticked more often than one hand counts it",
        ),
        pytest.param(
            {**WIN, "fan": 72, "fans": ["Chicken Hand"] * 9},
            "fans",
            "a hand counts Chicken Hand once, not 9 times",
            id="a chicken hand nine times",
        ),
        pytest.param(
            {**WIN, "fan": 5, "fans": ["Pung of Terminals or Honors"] * 5},
            "fans",
            "a hand counts Pung of Terminals or Honors at most 4 times, not 5",
            id="a pung of terminals five times",
        ),
        pytest.param(
            {**WIN, "fan": 1001},
            "fan",
            "A hand's points are at most 1,000: the most the club's records hold",
            id="1,001 points, more than the records hold",
        ),
        pytest.param({**WIN, "fan": 9999}, "fan", "at most 1,000", id="9,999 points"),
        pytest.param({**WIN, "fan": "9" * 5000}, "fan", "Enter the hand's points", id="a number of 5,000 digits"),
        pytest.param({"fan": 8}, "winner", "Tap who won.", id="a win needs its winner"),
        pytest.param(
            {**WIN, "n_referee": 1, "ref0-player": 0, "ref0-points": 0},
            "ref0-points",
            "An MCR referee penalty is a positive whole number of points",
            id="a penalty is positive points",
        ),
    ],
)
def test_the_form_refuses_with_its_own_message_next_to_the_field(values, field, message):
    bound = form(**values)
    assert not bound.is_valid()
    assert message in " ".join(bound.errors[field])


def test_a_win_by_its_total_and_flowers():
    bound = form(**{**WIN, "fan": 12, "flowers": 2})
    assert bound.is_valid(), bound.errors
    assert bound.facts == MCRHand("win", MCRWin(1, 2, 12, 2))
    assert bound.settlement.deltas == (-8, 12 + 2 + 8 + 8 + 8, -(12 + 2 + 8), -8)


def test_1000_points_are_a_win_as_the_game_log_takes():
    bound = form(**{**WIN, "fan": 1000})
    assert bound.is_valid(), bound.errors
    assert bound.settlement.deltas == (-8, 1000 + 8 * 3, -1008, -8)


def test_a_win_by_fans_ticked_counts_a_fan_as_often_as_it_is_ticked():
    """Two Pure Double Chows in one hand count twice (the Green Book, §8)."""
    fans = ["Mixed Straight", "Pure Double Chow", "Pure Double Chow", "Self-Drawn"]
    bound = form(**{**WIN, "discarder": "", "fan": 11, "fans": fans})
    assert bound.is_valid(), bound.errors
    assert bound.facts.win.fans == tuple(fans) and bound.facts.win.discarder is None
    assert bound.settlement.deltas == (-19, 57, -19, -19)


def test_a_draw_with_a_false_mahjong_and_a_penalty():
    bound = form("draw", **{"n_errors": 1, "err0-caller": 3, "n_referee": 1, "ref0-player": 0, "ref0-points": 5})
    assert bound.is_valid(), bound.errors
    assert bound.settlement.deltas == (10, 10, 10, -30)
    assert bound.facts.incidents[0].caller == 3 and bound.facts.penalties[0].points == 5


@pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}")
def test_a_win_by_its_tiles_records_their_fans_whatever_was_typed():
    """West (seat 2) wins on a discard in the East round: a chicken hand, 8 points (§8 fan 43)."""
    bound = form(**{**WIN, "winner": 2, "discarder": 0, "fan": 30, "flowers": 1, "tiles": CHICKEN})
    assert bound.is_valid(), bound.errors
    assert bound.facts.win.fans == ("Chicken Hand",) and bound.facts.win.fan == 8
    assert '"win":"8s"' in bound.facts.win.tiles


@pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}")
def test_tiles_that_are_no_win_are_refused_next_to_the_points():
    bound = form(**{**WIN, "tiles": CHICKEN.replace("67s", "68s")})
    assert not bound.is_valid()
    assert "The tiles: the tiles are not a winning hand" in bound.non_field_errors()[0]  # not under "Points"


@pytest.mark.parametrize(
    ("hands", "change"),
    [
        (1, ""),
        (4, "South round: East and South change seats, so do West and North."),
        (8, "West round: East moves to West, West to South, South to North and North to East."),
        (12, "North round: East and South change seats, so do West and North."),
        (13, ""),
    ],
)
def test_the_next_hand_names_its_dealer_and_the_seat_change(hands, change):
    """The Green Book's seat rotation every 4 hands: the dealer is not always the next seat."""
    after = TableState((0,) * 4, rotations=hands, hands=hands)
    sentence = piece.next_hand(RULES, after, NAMES)
    assert sentence.startswith(f"Next: {'ESWN'[hands // 4]}{hands % 4 + 1}, {NAMES[dealer(hands)]} deals.")
    assert sentence.endswith(change)


def test_the_fans_to_tick_are_grouped_by_value_with_repeats_where_the_green_book_allows():
    groups = form(**{**WIN, "fans": ["Pure Double Chow", "Pure Double Chow"]}).fan_groups()
    assert [g["points"] for g in groups] == [88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1]
    assert sum(len(g["fans"]) for g in groups) == 80  # the 81 less the flowers, which are steps
    double = next(f for f in groups[-1]["fans"] if f["name"] == "Pure Double Chow")
    assert double["count"] == 2 and list(double["ticks"]) == [1, 2]
    # as often as the engine takes it (§8): four pungs of terminals, once a Big Four Winds
    ticks = {f["name"]: list(f["ticks"]) for group in groups for f in group["fans"]}
    assert ticks["Pung of Terminals or Honors"] == [1, 2, 3, 4] and ticks["Big Four Winds"] == [1]


def test_a_fan_counted_too_often_is_said_in_spanish_with_the_fans_spanish_name():
    with translation.override("es"):
        bound = form(**{**WIN, "fan": 176, "fans": ["Big Four Winds", "Big Four Winds"]})
        assert not bound.is_valid()
        assert "una mano cuenta Cuatro grandes vientos una vez, no 2 veces" in bound.errors["fans"][0]
        bound = form(**{**WIN, "fan": 1001})
        assert not bound.is_valid()
        assert "Los puntos de una mano son como mucho 1,000" in bound.errors["fan"][0]
