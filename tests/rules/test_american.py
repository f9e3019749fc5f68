"""American mahjong (American penalties and errors): every row of the payment table, dead-hand
challenges, mahjong in error, the deal passing every hand, and the errors the rules name.
Expected values are worked out by hand."""

import pytest

from scoring.rules import (
    PRESETS,
    AmericanHand,
    DeadHandChallenge,
    MahjongInError,
    Penalty,
    RuleError,
    TableState,
    score_document,
    settle,
    standings,
)

AMERICAN = PRESETS["american"]
START = TableState((0, 0, 0, 0))


def mahjong(winner, discarder, value, **kw):
    return AmericanHand("mahjong", winner=winner, discarder=discarder, value=value, **kw)


def wall(*incidents, penalties=()):
    return AmericanHand("wall", incidents=tuple(incidents), penalties=tuple(penalties))


ROWS = [
    # id (the payment table's row), rules, hand, deltas
    ("discard: discarder 2x, others 1x", AMERICAN, mahjong(0, 2, 25), (100, -25, -50, -25)),
    ("self-picked: each 2x", AMERICAN, mahjong(1, None, 30), (-60, 180, -60, -60)),
    ("jokerless discard: doubled", AMERICAN, mahjong(3, 0, 25, jokerless=True), (-100, -50, -50, 200)),
    ("jokerless self-picked: doubled", AMERICAN, mahjong(2, None, 50, jokerless=True), (-200, -200, 600, -200)),
    ("misnamed discard: misnamer alone 4x", AMERICAN, mahjong(1, 3, 25, misnamed_discard=True), (0, 100, 0, -100)),
    (
        "misnamed discard jokerless: 8x",
        AMERICAN,
        mahjong(1, 3, 30, misnamed_discard=True, jokerless=True),
        (0, 240, 0, -240),
    ),
    ("wall game: nothing", AMERICAN, wall(), (0, 0, 0, 0)),
    ("dead-hand challenge upheld", AMERICAN, wall(DeadHandChallenge(0, 2, True)), (25, 0, -25, 0)),
    ("dead-hand challenge refused", AMERICAN, wall(DeadHandChallenge(0, 2, False)), (-25, 0, 25, 0)),
    (
        "dead-hand challenge lowest 30",
        AMERICAN.with_overrides({"lowest_hand_value": 30}),
        wall(DeadHandChallenge(3, 1, True)),
        (0, -30, 0, 30),
    ),
    (
        "dead player still pays the winner",
        AMERICAN,
        mahjong(1, 2, 25, incidents=(DeadHandChallenge(0, 2, True),)),
        (0, 100, -75, -25),
    ),
    (
        "mahjong in error, one threw in: no payment, play goes on",
        AMERICAN,
        mahjong(2, 1, 25, incidents=(MahjongInError(0, 30, (1,)),)),
        (-25, -50, 100, -25),
    ),
    (
        "mahjong in error, two threw in: caller pays the intact player 2x",
        AMERICAN,
        wall(MahjongInError(0, 30, (1, 2))),
        (-60, 0, 0, 60),
    ),
    (
        "mahjong in error, wall broken: breaker pays each live player",
        AMERICAN,
        wall(MahjongInError(0, 30, (), 1)),
        (0, -50, 25, 25),
    ),
    ("mahjong in error, one threw in and wall broken", AMERICAN, wall(MahjongInError(0, 30, (2,), 1)), (0, -25, 0, 25)),
    (
        "mahjong in error, wall broken, lowest 50",
        AMERICAN.with_overrides({"lowest_hand_value": 50}),
        wall(MahjongInError(3, 50, (), 0)),
        (-100, 50, 50, 0),
    ),
    (
        "mahjong in error without its value, one threw in: the value is not needed",
        AMERICAN,
        mahjong(2, 1, 25, incidents=(MahjongInError(0, None, (1,)),)),
        (-25, -50, 100, -25),
    ),
    (
        "mahjong in error without its value, wall broken: the value is not needed",
        AMERICAN,
        wall(MahjongInError(0, None, (), 1)),
        (0, -50, 25, 25),
    ),
]


@pytest.mark.parametrize(("rules", "hand", "deltas"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_american_rows(rules, hand, deltas):
    """Each row of the American payment table."""
    settlement = settle(rules, START, hand)
    assert settlement.deltas == deltas
    after = settlement.table
    assert (after.rotations, after.counters, after.pot, after.finished) == (1, 0, 0, False)


def test_american_penalty_comes_off_the_result():
    """An American penalty is taken from the result, not the table score."""
    settlement = settle(AMERICAN, START, wall(penalties=(Penalty(1, 25),)))
    assert settlement.deltas == (0, 0, 0, 0)
    assert settlement.result_penalties == (0, 25, 0, 0)


ERRORS = [
    (
        "misnamed discard without from",
        mahjong(1, None, 25, misnamed_discard=True),
        "misnamed discard needs the discarder",
        "Erroneous Discard",
    ),
    (
        "error ends the hand but result is mahjong",
        mahjong(3, 1, 25, incidents=(MahjongInError(0, 30, (1, 2)),)),
        "record the hand as a wall game",
        "Erroneous Mahjong",
    ),
    (
        "broken wall ends the hand but result is mahjong",
        mahjong(3, 1, 25, incidents=(MahjongInError(0, 30, (), 2),)),
        "record the hand as a wall game",
        "Erroneous Mahjong",
    ),
    (
        "caller as winner",
        mahjong(0, 1, 25, incidents=(MahjongInError(0, 30, (2,)),)),
        "cannot win",
        "Erroneous Mahjong",
    ),
    (
        "thrower as winner",
        mahjong(2, 1, 25, incidents=(MahjongInError(0, 30, (2,)),)),
        "cannot win",
        "Erroneous Mahjong",
    ),
    (
        "two thrown in and broken wall",
        wall(MahjongInError(0, 30, (1, 2), 3)),
        "two hands thrown in and a broken wall cannot happen together",
        "Erroneous Mahjong",
    ),
    ("caller threw in", wall(MahjongInError(0, 30, (0, 1))), "other than the caller", "Erroneous Mahjong"),
    ("value below the card", mahjong(0, 1, 20), "at least 25", "American penalties and errors, paying a mahjong"),
    (
        "two threw in, no value of the hand declared",
        wall(MahjongInError(0, None, (1, 2))),
        "at least 25, not 0",
        "American penalties and errors, paying a mahjong",
    ),
    ("own discard", mahjong(1, 1, 25), "own discard", "American penalties and errors, paying a mahjong"),
    (
        "pot penalty",
        wall(penalties=(Penalty(1, 100, "pot"),)),
        "from the result",
        "American penalties and errors, penalties",
    ),
]


@pytest.mark.parametrize(("hand", "match", "rule"), [r[1:] for r in ERRORS], ids=[r[0] for r in ERRORS])
def test_american_errors(hand, match, rule):
    """Impossible American facts are errors naming the rule."""
    with pytest.raises(RuleError, match=match) as caught:
        settle(AMERICAN, START, hand)
    assert rule in caught.value.message


def test_american_game_deal_passes_every_hand():
    """No rounds, the deal passes after every hand; counters and pot are 0;
    result = score − penalties, uma and oka 0."""
    doc = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "american",
        "players": ["Ann", "Bob", "Cho", "Dee"],
        "hands": [
            {"result": "wall"},
            {"result": "mahjong", "winner": "Ann", "value": 25},
            {"result": "wall", "penalties": [{"player": "Bob", "points": 100}]},
            {"result": "mahjong", "winner": "Dee", "from": "Bob", "value": 30},
            {"result": "wall"},
        ],
        "finished": True,
    }
    out = score_document(doc)
    assert [h["dealer"] for h in out["hands"]] == ["Ann", "Bob", "Cho", "Dee", "Ann"]
    assert {(h["round"], h["counters"], h["pot_before"], h["pot_after"]) for h in out["hands"]} == {(None, 0, 0, 0)}
    assert out["finished"] is True
    assert [
        (s["player"], s["score"], s["place"], s["uma"], s["oka"], s["penalties"], s["result"]) for s in out["standings"]
    ] == [
        ("Ann", 150 - 30, 1, 0, 0, 0, 120),
        ("Dee", 120 - 50, 2, 0, 0, 0, 70),
        ("Cho", -50 - 30, 3, 0, 0, 0, -80),
        ("Bob", -50 - 60, 4, 0, 0, 100, -210),
    ]


def test_american_standings_ties():
    """Uma and oka 0; places by result, penalties included, tied results sharing
    the place number (the club's rule)."""
    result = standings(AMERICAN, TableState((150, -50, -50, -50), rotations=4, finished=True), (0, 0, 25, 0))
    assert [(s.player, s.place, s.uma, s.oka, s.result) for s in result] == [
        (0, 1, 0, 0, 150),
        (1, 2, 0, 0, -50),
        (3, 2, 0, 0, -50),
        (2, 4, 0, 0, -75),
    ]
