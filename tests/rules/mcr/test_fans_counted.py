"""What one MCR win may count (Mahjong Competition Rules, WMO 2006, "the Green Book", §8),
checked by the engine so the table, the services and the import all refuse the same: each fan
as often as one hand counts it at most, never "Flower Tiles" among the fans (flowers are the
win's ``flowers``: the game-log format, "MCR hands"), and no more points than the records hold
(``bounds.MAX_FAN``, which the game log refuses too)."""

import pytest

from scoring.rules import PRESETS, MCRHand, MCRWin, RuleError, TableState, bounds, parse_game, score_document, settle
from scoring.rules.families.mcr.fans import BY_NAME, FLOWER_TILES, MOST_COUNTED, most_counted, win_points

MCR = PRESETS["mcr"]
START = TableState((0, 0, 0, 0))
NAMES = ("Ann", "Bob", "Cho", "Dee")

# §8: how often one hand counts a fan, and a hand that counts it that often
MOST = [
    ("Pure Double Chow", 2, "123m 123m 456p 456p: each pair of identical chows"),
    ("Mixed Double Chow", 2, "123m 123p 567m 567s: two pairs of chows alike in two suits"),
    ("Short Straight", 2, "123m 456m 345p 678p: two pairs of chows end to end"),
    ("Two Terminal Chows", 2, "123m 789m 123p 789p: the 1-2-3 and 7-8-9 of two suits"),
    ("Double Pung", 2, "222m 222p 555m 555p: two pairs of pungs alike in two suits"),
    ("Pung of Terminals or Honors", 4, "111m 999m 111p 999p with a pair of fives"),
    ("Tile Hog", 3, "Seven Pairs 1111m 5555m 9999p 22s: three tiles held four times"),
    ("Big Four Winds", 1, "four wind pungs: one hand"),
    ("Chicken Hand", 1, "no other fan: one hand"),
    ("Thirteen Orphans", 1, "one hand of thirteen orphans"),
    ("Dragon Pung", 1, "two of them are Two Dragon Pungs"),
    ("Melded Kong", 1, "two of them are Two Melded Kongs"),
    ("Self-Drawn", 1, "one winning tile"),
]


def win(fan, fans=(), flowers=0):
    return MCRHand("win", MCRWin(1, 2, fan, flowers, tuple(fans)))


def points(name, count):
    return BY_NAME[name].points * count


@pytest.mark.parametrize(("name", "most"), [row[:2] for row in MOST], ids=[row[2] for row in MOST])
def test_a_fan_counts_as_often_as_the_green_book_allows_and_no_more(name, most):
    """§8: as often as the hand has the sets for, accepted; once more, refused naming the Green Book."""
    assert most_counted(name) == most
    assert win_points([name] * most) == points(name, most)
    with pytest.raises(RuleError) as refused:
        win_points([name] * (most + 1))
    assert f"a hand counts {name} " in str(refused.value) and f"not {most + 1}" in str(refused.value)
    assert "Mahjong Competition Rules (Green Book, 2006), §8" in str(refused.value)
    assert refused.value.field == "fans"


def test_only_the_fans_of_two_sets_pungs_of_terminals_and_tile_hogs_count_more_than_once():
    """§8: every other fan counts once at most (two of it are another fan, or the hand has one)."""
    assert set(MOST_COUNTED) <= set(BY_NAME)
    assert {name for name in BY_NAME if most_counted(name) > 1} == {row[0] for row in MOST if row[1] > 1}


OVER_COUNTED = [
    # what the records took while only the checkboxes knew the counts, each refused now
    ("Big Four Winds twice", ["Big Four Winds"] * 2, "a hand counts Big Four Winds once, not 2 times"),
    ("Chicken Hand nine times", ["Chicken Hand"] * 9, "a hand counts Chicken Hand once, not 9 times"),
    ("Thirteen Orphans eleven times", ["Thirteen Orphans"] * 11, "a hand counts Thirteen Orphans once, not 11"),
    (
        "a pung of terminals five times",
        ["Pung of Terminals or Honors"] * 5 + ["All Pungs"],
        "at most 4 times, not 5",
    ),
]


@pytest.mark.parametrize(("fans", "message"), [row[1:] for row in OVER_COUNTED], ids=[row[0] for row in OVER_COUNTED])
def test_the_engine_refuses_a_fan_counted_more_often_than_the_green_book_allows(fans, message):
    with pytest.raises(RuleError, match=message) as refused:
        settle(MCR, START, win(sum(BY_NAME[name].points for name in fans), fans), names=NAMES)
    assert refused.value.field == "fans"


@pytest.mark.parametrize(
    ("fan", "fans", "flowers"),
    [
        pytest.param(8, ["Mixed Straight", FLOWER_TILES], 0, id="the flower as a fan with the 8-point fan"),
        pytest.param(8, ["All Pungs", FLOWER_TILES], 1, id="a 7-point hand and its flower as a fan"),
        pytest.param(8, ["All Pungs", FLOWER_TILES, FLOWER_TILES], 0, id="two flowers as fans, 6 + 2"),
    ],
)
def test_flower_tiles_are_never_a_fan_so_never_reach_the_minimum(fan, fans, flowers):
    """§8 and the game-log format: flowers are the win's ``flowers`` and never count toward the
    8-point minimum; "Flower Tiles" among the fans is refused, saying so."""
    with pytest.raises(RuleError, match="Flower Tiles is never one of a win's fans: give the flowers as flowers"):
        settle(MCR, START, win(fan, fans, flowers), names=NAMES)


def test_a_7_point_hand_with_its_flower_pays_as_7_points_and_a_flower_only_when_it_is_8():
    """The minimum is 8 points not counting flowers: 7 and a flower is no win; 8 and a flower pays 8 + 1 + 8."""
    with pytest.raises(RuleError, match="at least 8 points not counting flowers, not 7"):
        settle(MCR, START, win(7, ["All Pungs", "Self-Drawn"], flowers=1), names=NAMES)
    settled = settle(MCR, START, win(8, ["All Pungs", "Dragon Pung"], flowers=1), names=NAMES)
    assert settled.deltas == (-8, 8 + 1 + 8 + 8 + 8, -(8 + 1 + 8), -8)


def test_the_engine_refuses_more_points_than_the_records_hold():
    """``bounds.MAX_FAN`` (1,000): 1,000 is a win, 1,001 and 9,999 are refused next to the points."""
    assert bounds.MAX_FAN == 1000
    assert settle(MCR, START, win(1000), names=NAMES).deltas == (-8, 1000 + 8 * 3, -1008, -8)
    for fan in (1001, 9999):
        with pytest.raises(RuleError, match=f"a hand's points are at most 1,000, .* not {fan}") as refused:
            settle(MCR, START, win(fan), names=NAMES)
        assert refused.value.field == "fan"


def game_log(**winning):
    return {
        "format": "mahjong-club/game-log@1",
        "ruleset": "mcr",
        "players": list(NAMES),
        "hands": [{"result": "win", "wins": [{"winner": "Bob", "from": "Cho", **winning}]}],
    }


@pytest.mark.parametrize(
    ("winning", "message"),
    [
        pytest.param({"fan": 1001}, "fan 1001 is more than the records hold: the most is 1,000", id="1,001 points"),
        pytest.param({"fan": 9999}, "fan 9999 is more than the records hold", id="9,999 points"),
        pytest.param(
            {"fan": 176, "fans": ["Big Four Winds", "Big Four Winds"]},
            "hand 1: a hand counts Big Four Winds once, not 2 times",
            id="Big Four Winds twice",
        ),
        pytest.param(
            {"fan": 8, "fans": ["All Pungs", "Flower Tiles", "Flower Tiles"]},
            "hand 1: Flower Tiles is never one of a win's fans: give the flowers as flowers",
            id="Flower Tiles among the fans",
        ),
    ],
)
def test_the_game_log_refuses_what_the_engine_refuses(winning, message):
    """``score_game`` and the import parse and replay the log: the same refusals, naming the hand."""
    with pytest.raises(RuleError, match=message):
        score_document(game_log(**winning))


def test_the_game_log_takes_1000_points_and_each_fan_as_often_as_it_counts():
    fans = ["Pung of Terminals or Honors"] * 4 + ["All Pungs", "Double Pung", "Double Pung"]
    assert score_document(game_log(fan=14, fans=fans))["hands"][0]["deltas"]["Bob"] == 14 + 8 * 3
    assert parse_game(game_log(fan=1000)).hands[0].win.fan == 1000
