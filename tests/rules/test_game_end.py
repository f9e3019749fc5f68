"""The end of a game (EMA Riichi Competition Rules 2016, §3.5–3.6.1): South 4 and a dealer who
keeps it, bust, leftover riichi sticks with ties, places, uma shared by tied players, oka,
the situational uma of jpml-a, penalties and chombo deductions. Expected values are worked
out by hand."""

import pytest

from scoring.rules import (
    PRESETS,
    RiichiHand,
    RuleError,
    TableState,
    Win,
    round_label,
    score_document,
    settle,
    standings,
)

EMA16 = PRESETS["ema-2016"]
NONE = (0, 0, 0, 0)


def finished(scores, pot=0):
    return TableState(tuple(scores), rotations=8, pot=pot, hands=8, finished=True)


def lines(result):
    return [(s.player, s.score, s.place, s.uma, s.oka, s.penalties, s.result) for s in result]


# --- South 4, the dealer who keeps it (no agari-yame) ----------------------------------------

S4 = TableState((30000, 30000, 30000, 30000), rotations=7, counters=1)  # dealer is seat 3
END_ROWS = [
    # id, preset, hand, finished, rotations after
    ("dealer-ron", "ema-2016", RiichiHand("win", wins=(Win(3, 0, 1, 30),)), False, 7),
    ("dealer-tsumo", "ema-2016", RiichiHand("win", wins=(Win(3, None, 1, 30),)), False, 7),
    ("dealer-in-double-ron", "ema-2016", RiichiHand("win", wins=(Win(1, 0, 1, 30), Win(3, 0, 1, 30))), False, 7),
    ("dealer-tenpai", "ema-2016", RiichiHand("draw", tenpai=(3,)), False, 7),
    ("dealer-noten", "ema-2016", RiichiHand("draw", tenpai=(0,)), True, 8),
    ("non-dealer-ron", "ema-2016", RiichiHand("win", wins=(Win(0, 3, 1, 30),)), True, 8),
    ("non-dealer-tsumo", "wrc", RiichiHand("win", wins=(Win(2, None, 1, 30),)), True, 8),
    ("abortive-dealer-stays", "reach", RiichiHand("abortive", reason="four_kongs"), False, 7),
    ("abortive-ema-2008-rotates", "ema-2008", RiichiHand("abortive", reason="four_kongs"), True, 8),
    ("nagashi-by-dealer", "ema-2008", RiichiHand("draw", nagashi=(3,)), False, 7),
    ("nagashi-by-other-dealer-noten", "ema-2008", RiichiHand("draw", nagashi=(1,)), True, 8),
    ("chombo", "ema-2016", RiichiHand("chombo", offender=0), False, 7),
    ("chombo-by-dealer", "reach", RiichiHand("chombo", offender=3), False, 7),
]


@pytest.mark.parametrize(
    ("preset", "hand", "ends", "rotations"), [r[1:] for r in END_ROWS], ids=[r[0] for r in END_ROWS]
)
def test_south_4(preset, hand, ends, rotations):
    """EMA 2016 §3.5: the game ends when the deal passes North in South;
    the dealer repeats South 4 when he wins or is tenpai; a chombo never ends the game."""
    after = settle(PRESETS[preset], S4, hand).table
    assert (after.finished, after.rotations) == (ends, rotations)


@pytest.mark.parametrize(("rotations", "label"), [(0, "E1"), (3, "E4"), (4, "S1"), (6, "S3"), (7, "S4")])
def test_rounds(rotations, label):
    """EMA Riichi Competition Rules 2016, §3.5: the South round begins once every player has dealt in East."""
    before = TableState((30000,) * 4, rotations=rotations)
    assert round_label(EMA16, before) == label
    after = settle(EMA16, before, RiichiHand("win", wins=(Win((rotations + 1) % 4, None, 1, 30),))).table
    assert after.finished == (rotations == 7)


def _game(hands, **extra):
    return {
        "format": "mahjong-club/game-log@1",
        "ruleset": "ema-2016",
        "players": ["Ann", "Bob", "Cho", "Dee"],
        "hands": hands,
        **extra,
    }


NAMES = ["Ann", "Bob", "Cho", "Dee"]
# hands 1-7: the player after the dealer wins 1 han 30 fu off the one after him (the deal rotates)
ROTATING = [
    {"result": "win", "wins": [{"winner": NAMES[(r + 1) % 4], "from": NAMES[(r + 2) % 4], "han": 1, "fu": 30}]}
    for r in range(7)
]
KEEPS_S4 = ROTATING + [
    {"result": "win", "wins": [{"winner": "Dee", "han": 2, "fu": 30}]},  # 8: Dee deals S4 and wins
    {"result": "draw", "tenpai": ["Dee"]},  # 9: Dee tenpai
    {"result": "chombo", "offender": "Ann", "riichi": ["Dee"]},  # 10: replayed
    {"result": "win", "wins": [{"winner": "Ann", "from": "Bob", "han": 1, "fu": 30}]},  # 11: the deal passes: the end
]


def test_a_dealer_keeps_south_4_until_he_loses_it():
    """No agari-yame; the dealer repeats South 4 when he wins or is tenpai."""
    out = score_document(_game(KEEPS_S4))
    last = out["hands"][7:]
    assert [h["round"] for h in last] == ["S4"] * 4
    assert [h["dealer"] for h in last] == ["Dee"] * 4
    assert [h["counters"] for h in last] == [0, 1, 2, 2]
    assert out["finished"] is True
    assert out["hands"][10]["deltas"] == {"Ann": 1000 + 600, "Bob": -1600, "Cho": 0, "Dee": 0}


def test_a_hand_after_the_end_is_an_error():
    """EMA Riichi Competition Rules 2016, §3.5: a hand after the end is an error naming the hand."""
    extra = {"result": "draw", "tenpai": []}
    with pytest.raises(
        RuleError, match=r"^hand 12: the game already ended after hand 11 \(EMA Riichi Competition Rules 2016, §3.5\)"
    ):
        score_document(_game(KEEPS_S4 + [extra]))


def test_unfinished_game_keeps_sticks_on_the_table():
    """An unfinished game's standings use the current scores, sticks stay."""
    out = score_document(_game([{"result": "draw", "tenpai": ["Bob"], "riichi": ["Bob"]}]))
    assert out["finished"] is False
    assert out["hands"][0]["pot_after"] == 1000
    assert [(s["player"], s["score"], s["result"]) for s in out["standings"]] == [
        ("Bob", 32000, 2000 + 15000),
        ("Ann", 29000, -1000 - 5000),
        ("Cho", 29000, -1000 - 5000),
        ("Dee", 29000, -1000 - 5000),
    ]
    assert [s["uma"] for s in out["standings"]] == [15000, -5000, -5000, -5000]


def test_finished_by_the_scorer_settles_leftover_sticks():
    """EMA Riichi Competition Rules 2016, §3.6: leftover sticks go to first place once the game is finished."""
    out = score_document(_game([{"result": "draw", "tenpai": ["Bob"], "riichi": ["Bob"]}], finished=True))
    assert out["finished"] is True
    assert out["hands"][-1]["scores"]["Bob"] == 32000  # before leftover sticks
    assert out["standings"][0]["player"] == "Bob" and out["standings"][0]["score"] == 33000


# --- bust (the club's rule in reach) ---------------------------------------------------------

BUST_ROWS = [
    # id, preset, scores, hand, finished
    ("ron-below-0", "reach", (25000, 25000, 3000, 47000), RiichiHand("win", wins=(Win(1, 2, 3, 30),)), True),
    ("exactly-0", "reach", (25000, 25000, 3900, 46100), RiichiHand("win", wins=(Win(1, 2, 3, 30),)), False),
    (
        "riichi-stick",
        "reach",
        (25000, 25000, 500, 49500),
        RiichiHand("win", wins=(Win(1, 3, 1, 30),), riichi=(2,)),
        True,
    ),
    ("tsumo", "reach", (1000, 25000, 25000, 49000), RiichiHand("win", wins=(Win(2, None, 3, 30),)), True),
    ("noten-payment", "reach", (25000, 500, 25000, 49500), RiichiHand("draw", tenpai=(0, 2)), True),
    (
        "no-bust-in-ema-2016",
        "ema-2016",
        (30000, 30000, 3000, 57000),
        RiichiHand("win", wins=(Win(1, 2, 3, 30),)),
        False,
    ),
    ("chombo-never-busts", "reach", (25000, 25000, 3000, 47000), RiichiHand("chombo", offender=2), False),
]


@pytest.mark.parametrize(
    ("preset", "scores", "hand", "ends"), [r[1:] for r in BUST_ROWS], ids=[r[0] for r in BUST_ROWS]
)
def test_bust(preset, scores, hand, ends):
    """`bust` ends the game at a score below 0 after any hand but a chombo."""
    after = settle(PRESETS[preset], TableState(scores), hand).table  # E1: the dealer is seat 0
    assert after.finished is ends
    assert after.rotations < 8


def test_negative_score_left_by_a_chombo_busts_after_the_next_hand():
    """A score below 0 after any hand but a chombo ends a bust game."""
    rules = PRESETS["reach"]
    after_chombo = settle(rules, TableState((25000, 25000, 3000, 47000)), RiichiHand("chombo", offender=2)).table
    assert after_chombo.scores[2] < 0 and not after_chombo.finished
    assert settle(rules, after_chombo, RiichiHand("draw")).table.finished


def test_bust_then_a_hand_is_an_error():
    """After a bust, a hand after the end is an error."""
    doc = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "reach",
        "players": NAMES,
        "hands": [
            {"result": "win", "wins": [{"winner": "Bob", "from": "Cho", "yakuman": 1}]},
            {"result": "draw", "tenpai": []},
        ],
    }
    with pytest.raises(RuleError, match=r"^hand 2: the game already ended after hand 1"):
        score_document(doc)


# --- standings: places, uma shared by ties, oka, leftover sticks (EMA Riichi Competition Rules 2016, §3.5–3.6.1) ----

STANDING_ROWS = [
    # id, preset, scores, pot, expected lines (player, score, place, uma, oka, penalties, result)
    (
        "ema-2016-no-ties",
        "ema-2016",
        (40000, 35000, 25000, 20000),
        0,
        [
            (0, 40000, 1, 15000, 0, 0, 25000),
            (1, 35000, 2, 5000, 0, 0, 10000),
            (2, 25000, 3, -5000, 0, 0, -10000),
            (3, 20000, 4, -15000, 0, 0, -25000),
        ],
    ),
    (
        "ema-2016-2-way-first",
        "ema-2016",
        (35000, 20000, 35000, 30000),
        0,
        [
            (0, 35000, 1, 10000, 0, 0, 15000),
            (2, 35000, 1, 10000, 0, 0, 15000),
            (3, 30000, 3, -5000, 0, 0, -5000),
            (1, 20000, 4, -15000, 0, 0, -25000),
        ],
    ),
    (
        "ema-2016-2-way-second",
        "ema-2016",
        (40000, 30000, 30000, 20000),
        0,
        [
            (0, 40000, 1, 15000, 0, 0, 25000),
            (1, 30000, 2, 0, 0, 0, 0),
            (2, 30000, 2, 0, 0, 0, 0),
            (3, 20000, 4, -15000, 0, 0, -25000),
        ],
    ),
    (
        "ema-2016-2-way-last",
        "ema-2016",
        (45000, 35000, 20000, 20000),
        0,
        [
            (0, 45000, 1, 15000, 0, 0, 30000),
            (1, 35000, 2, 5000, 0, 0, 10000),
            (2, 20000, 3, -10000, 0, 0, -20000),
            (3, 20000, 3, -10000, 0, 0, -20000),
        ],
    ),
    (
        "ema-2016-3-way-first",
        "ema-2016",
        (35000, 35000, 15000, 35000),
        0,
        [
            (0, 35000, 1, 5000, 0, 0, 10000),
            (1, 35000, 1, 5000, 0, 0, 10000),
            (3, 35000, 1, 5000, 0, 0, 10000),
            (2, 15000, 4, -15000, 0, 0, -30000),
        ],
    ),
    (
        "ema-2016-3-way-last",
        "ema-2016",
        (45000, 25000, 25000, 25000),
        0,
        [
            (0, 45000, 1, 15000, 0, 0, 30000),
            (1, 25000, 2, -5000, 0, 0, -10000),
            (2, 25000, 2, -5000, 0, 0, -10000),
            (3, 25000, 2, -5000, 0, 0, -10000),
        ],
    ),
    ("ema-2016-4-way", "ema-2016", (30000, 30000, 30000, 30000), 0, [(p, 30000, 1, 0, 0, 0, 0) for p in range(4)]),
    (
        "ema-2008-uma-30-10",
        "ema-2008",
        (20000, 30000, 40000, 30000),
        0,
        [
            (2, 40000, 1, 30000, 0, 0, 40000),
            (1, 30000, 2, 0, 0, 0, 0),
            (3, 30000, 2, 0, 0, 0, 0),
            (0, 20000, 4, -30000, 0, 0, -40000),
        ],
    ),
    # reach: oka 4 × (30000 − 25000) = 20000 to first place, uma 20/10/−10/−20
    (
        "reach-oka-no-ties",
        "reach",
        (45000, 30000, 15000, 10000),
        0,
        [
            (0, 45000, 1, 20000, 20000, 0, 55000),
            (1, 30000, 2, 10000, 0, 0, 10000),
            (2, 15000, 3, -10000, 0, 0, -25000),
            (3, 10000, 4, -20000, 0, 0, -40000),
        ],
    ),
    (
        "reach-oka-2-way-first",
        "reach",
        (35000, 35000, 20000, 10000),
        0,
        [
            (0, 35000, 1, 15000, 10000, 0, 30000),
            (1, 35000, 1, 15000, 10000, 0, 30000),
            (2, 20000, 3, -10000, 0, 0, -20000),
            (3, 10000, 4, -20000, 0, 0, -40000),
        ],
    ),
    # (20000 + 10000 − 10000 + 20000 oka) / 3 = 13333.3 -> 13333; oka 20000 / 3 -> 6667; uma 6666
    (
        "reach-oka-3-way-first",
        "reach",
        (30000, 30000, 30000, 10000),
        0,
        [
            (0, 30000, 1, 6666, 6667, 0, 13333),
            (1, 30000, 1, 6666, 6667, 0, 13333),
            (2, 30000, 1, 6666, 6667, 0, 13333),
            (3, 10000, 4, -20000, 0, 0, -40000),
        ],
    ),
    # (10000 − 10000 − 20000) / 3 = −6666.7 -> −6667
    (
        "reach-3-way-second",
        "reach",
        (40000, 20000, 20000, 20000),
        0,
        [
            (0, 40000, 1, 20000, 20000, 0, 50000),
            (1, 20000, 2, -6667, 0, 0, -16667),
            (2, 20000, 2, -6667, 0, 0, -16667),
            (3, 20000, 2, -6667, 0, 0, -16667),
        ],
    ),
    ("reach-4-way", "reach", (25000, 25000, 25000, 25000), 0, [(p, 25000, 1, 0, 5000, 0, 0) for p in range(4)]),
    (
        "mleague-oka",
        "mleague",
        (40000, 30000, 20000, 10000),
        0,
        [
            (0, 40000, 1, 30000, 20000, 0, 60000),
            (1, 30000, 2, 10000, 0, 0, 10000),
            (2, 20000, 3, -10000, 0, 0, -20000),
            (3, 10000, 4, -30000, 0, 0, -50000),
        ],
    ),
    # jpml-a: uma by how many players end below 30000
    (
        "jpml-a-3-below",
        "jpml-a",
        (51000, 25000, 24000, 20000),
        0,
        [
            (0, 51000, 1, 12000, 0, 0, 33000),
            (1, 25000, 2, -1000, 0, 0, -6000),
            (2, 24000, 3, -3000, 0, 0, -9000),
            (3, 20000, 4, -8000, 0, 0, -18000),
        ],
    ),
    (
        "jpml-a-1-below",
        "jpml-a",
        (40000, 31000, 30000, 19000),
        0,
        [
            (0, 40000, 1, 8000, 0, 0, 18000),
            (1, 31000, 2, 3000, 0, 0, 4000),
            (2, 30000, 3, 1000, 0, 0, 1000),
            (3, 19000, 4, -12000, 0, 0, -23000),
        ],
    ),
    (
        "jpml-a-2-below",
        "jpml-a",
        (45000, 35000, 25000, 15000),
        0,
        [
            (0, 45000, 1, 8000, 0, 0, 23000),
            (1, 35000, 2, 4000, 0, 0, 9000),
            (2, 25000, 3, -4000, 0, 0, -9000),
            (3, 15000, 4, -8000, 0, 0, -23000),
        ],
    ),
    ("jpml-a-0-below", "jpml-a", (30000, 30000, 30000, 30000), 0, [(p, 30000, 1, 0, 0, 0, 0) for p in range(4)]),
    (
        "jpml-a-3-below-tied",
        "jpml-a",
        (54000, 22000, 22000, 22000),
        0,
        [
            (0, 54000, 1, 12000, 0, 0, 36000),
            (1, 22000, 2, -4000, 0, 0, -12000),
            (2, 22000, 2, -4000, 0, 0, -12000),
            (3, 22000, 2, -4000, 0, 0, -12000),
        ],
    ),
    (
        "jpml-a-sticks-lost",
        "jpml-a",
        (45000, 35000, 25000, 14000),
        1000,
        [
            (0, 45000, 1, 8000, 0, 0, 23000),
            (1, 35000, 2, 4000, 0, 0, 9000),
            (2, 25000, 3, -4000, 0, 0, -9000),
            (3, 14000, 4, -8000, 0, 0, -24000),
        ],
    ),
    # leftover sticks: to first place, split between tied players, each share rounded down to 100
    (
        "leftover-to-first",
        "ema-2016",
        (40000, 30000, 27000, 20000),
        3000,
        [
            (0, 43000, 1, 15000, 0, 0, 28000),
            (1, 30000, 2, 5000, 0, 0, 5000),
            (2, 27000, 3, -5000, 0, 0, -8000),
            (3, 20000, 4, -15000, 0, 0, -25000),
        ],
    ),
    (
        "leftover-2-way-3000",
        "ema-2016",
        (35000, 35000, 30000, 17000),
        3000,
        [
            (0, 36500, 1, 10000, 0, 0, 16500),
            (1, 36500, 1, 10000, 0, 0, 16500),
            (2, 30000, 3, -5000, 0, 0, -5000),
            (3, 17000, 4, -15000, 0, 0, -28000),
        ],
    ),
    (
        "leftover-2-way-1000",
        "ema-2016",
        (35000, 35000, 30000, 19000),
        1000,
        [
            (0, 35500, 1, 10000, 0, 0, 15500),
            (1, 35500, 1, 10000, 0, 0, 15500),
            (2, 30000, 3, -5000, 0, 0, -5000),
            (3, 19000, 4, -15000, 0, 0, -26000),
        ],
    ),
    (
        "leftover-3-way-1000",
        "ema-2016",
        (33000, 33000, 33000, 20000),
        1000,  # 333 -> 300 each, 100 lost
        [
            (0, 33300, 1, 5000, 0, 0, 8300),
            (1, 33300, 1, 5000, 0, 0, 8300),
            (2, 33300, 1, 5000, 0, 0, 8300),
            (3, 20000, 4, -15000, 0, 0, -25000),
        ],
    ),
    (
        "leftover-3-way-2000",
        "ema-2016",
        (33000, 33000, 33000, 19000),
        2000,  # 666 -> 600 each, 200 lost
        [
            (0, 33600, 1, 5000, 0, 0, 8600),
            (1, 33600, 1, 5000, 0, 0, 8600),
            (2, 33600, 1, 5000, 0, 0, 8600),
            (3, 19000, 4, -15000, 0, 0, -26000),
        ],
    ),
    ("leftover-4-way", "reach", (24500, 24500, 24500, 24500), 2000, [(p, 25000, 1, 0, 5000, 0, 0) for p in range(4)]),
    (
        "leftover-lost-wrc",
        "wrc",
        (35000, 35000, 30000, 19000),
        1000,
        [
            (0, 35000, 1, 10000, 0, 0, 15000),
            (1, 35000, 1, 10000, 0, 0, 15000),
            (2, 30000, 3, -5000, 0, 0, -5000),
            (3, 19000, 4, -15000, 0, 0, -26000),
        ],
    ),
]


@pytest.mark.parametrize(
    ("preset", "scores", "pot", "expected"), [r[1:] for r in STANDING_ROWS], ids=[r[0] for r in STANDING_ROWS]
)
def test_standings(preset, scores, pot, expected):
    """EMA 2016 §3.6–3.6.1: leftover sticks, places (1, 1, 3, 4), oka to
    first, uma shared by tied players (rounded half away from zero), jpml-a situational uma."""
    assert lines(standings(PRESETS[preset], finished(scores, pot), NONE)) == expected


HALF_UMA = EMA16.with_overrides({"uma": [15000, 5001, -5000, -15001]})


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        (
            (40000, 30000, 30000, 20000),  # (5001 − 5000) / 2 = 0.5 -> 1
            [
                (0, 40000, 1, 15000, 0, 0, 25000),
                (1, 30000, 2, 1, 0, 0, 1),
                (2, 30000, 2, 1, 0, 0, 1),
                (3, 20000, 4, -15001, 0, 0, -25001),
            ],
        ),
        (
            (45000, 35000, 20000, 20000),  # (−5000 − 15001) / 2 = −10000.5 -> −10001
            [
                (0, 45000, 1, 15000, 0, 0, 30000),
                (1, 35000, 2, 5001, 0, 0, 10001),
                (2, 20000, 3, -10001, 0, 0, -20001),
                (3, 20000, 3, -10001, 0, 0, -20001),
            ],
        ),
    ],
    ids=["half-up", "half-down"],
)
def test_shared_uma_rounds_half_away_from_zero(scores, expected):
    """The club's rule: a shared uma is rounded to the nearest point, half away from zero."""
    assert lines(standings(HALF_UMA, finished(scores), NONE)) == expected


def test_unfinished_standings_leave_the_pot():
    """An unfinished game's standings leave the sticks on the table."""
    table = TableState((35000, 30000, 24000, 29000), rotations=3, pot=2000)
    assert lines(standings(EMA16, table, NONE)) == [
        (0, 35000, 1, 15000, 0, 0, 20000),
        (1, 30000, 2, 5000, 0, 0, 5000),
        (3, 29000, 3, -5000, 0, 0, -6000),
        (2, 24000, 4, -15000, 0, 0, -21000),
    ]


def test_penalties_and_chombo_deductions_come_off_the_result():
    """EMA Riichi Competition Rules 2016, §3.6.1: result = score − return + oka + uma − penalties − chombo deductions;
    uma goes by score, the place by result (the club's rule: one place everywhere), tied results
    sharing the better place."""
    result = standings(EMA16, finished((40000, 35000, 25000, 20000)), (0, 20000, 0, 1500))
    assert lines(result) == [
        (0, 40000, 1, 15000, 0, 0, 25000),
        (1, 35000, 2, 5000, 0, 20000, -10000),
        (2, 25000, 2, -5000, 0, 0, -10000),
        (3, 20000, 4, -15000, 0, 1500, -26500),
    ]


def test_document_penalties_and_chombo_deduction_in_the_output():
    """EMA Riichi Competition Rules 2016, §3.4.6 (a chombo's deduction after uma) and a referee
    penalty: both in `penalties`."""
    doc = _game(
        [
            {"result": "chombo", "offender": "Cho"},
            {
                "result": "win",
                "wins": [{"winner": "Bob", "from": "Cho", "han": 1, "fu": 30}],
                "penalties": [{"player": "Dee", "points": 500, "to": "result"}],
            },
        ],
        tournament=True,
        penalties=[{"player": "Cho", "points": 2000, "reason": "slow play"}],
    )
    by_player = {s["player"]: s for s in score_document(doc)["standings"]}
    assert by_player["Cho"]["penalties"] == 22000
    assert by_player["Cho"]["result"] == 29000 - 30000 - 15000 - 22000
    assert by_player["Dee"]["penalties"] == 500
    assert by_player["Bob"]["result"] == 1000 + 15000
