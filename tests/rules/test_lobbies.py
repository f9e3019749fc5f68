"""The online lobbies' rules (Tenhou rules, Mahjong Soul rules), knob by knob: a double ron's
sticks and counters, nagashi mangan at the draw, ties at the end broken by seat order, Tenhou's
rounding of results, stacked yakuman. Each row is worked by hand; the results of real Tenhou
logs (their final scores and the results Tenhou gave) are the oracle for the rounding. Every
other preset keeps its own behaviour: rows under ``reach`` show it."""

import pytest

from scoring.rules import PRESETS, RiichiHand, RuleError, TableState, Win, settle, standings
from scoring.rules.standings import thousands
from tests.rules.test_game_end import NONE, finished, lines

TENHOU = PRESETS["tenhou"]
SOUL = PRESETS["mahjong-soul"]
REACH = PRESETS["reach"]
ROUNDED = TENHOU.with_overrides({"result_rounding": "thousands"})


def table(rotations=0, counters=0, pot=0, scores=(25000, 25000, 25000, 25000)):
    return TableState(tuple(scores), rotations, counters, pot)


def ron(winner, discarder, han=0, fu=0, yakuman=0, liable=None):
    return Win(winner, discarder, han, fu, yakuman, liable)


def win(*wins, riichi=()):
    return RiichiHand("win", wins=tuple(wins), riichi=tuple(riichi))


def nagashi(player, tenpai=()):
    return RiichiHand("draw", tenpai=tuple(tenpai), nagashi=(player,))


# --- double ron: sticks and counters (Tenhou rules; Mahjong Soul rules) ----------------------------------------------

DOUBLE_RON_ROWS = [
    # id, rules, table, hand, deltas, pot after
    (
        # each: 3900 + 600 and 2000 + 600; Bob takes the pot but Cho's own stick, which Cho takes back
        "each-riichi-stick-back",
        REACH,
        table(counters=2, pot=1000),
        win(ron(1, 0, 3, 30), ron(2, 0, 2, 30), riichi=(1, 2)),
        (-7100, 5500, 2600, 0),
        0,
    ),
    (
        # Tenhou: only Bob (first after the discarder) is paid the counters, and takes all three sticks
        "tenhou-first-takes-all",
        TENHOU,
        table(counters=2, pot=1000),
        win(ron(1, 0, 3, 30), ron(2, 0, 2, 30), riichi=(1, 2)),
        (-6500, 6500, 1000, 0),
        0,
    ),
    (
        # the discarder is West: North is first after him, though listed second
        "tenhou-first-after-the-discarder",
        TENHOU,
        table(counters=1),
        win(ron(1, 2, 1, 30), ron(3, 2, 1, 30), riichi=(1,)),
        (0, 0, -2300, 2300),
        0,
    ),
    (
        "mahjong-soul-first-takes-all",
        SOUL,
        table(counters=1, pot=2000),
        win(ron(0, 3, 2, 30), ron(2, 3, 1, 30), riichi=(0, 2)),
        (6200, 0, 0, -4200),
        0,
    ),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "deltas", "pot"),
    [r[1:] for r in DOUBLE_RON_ROWS],
    ids=[r[0] for r in DOUBLE_RON_ROWS],
)
def test_double_ron_sticks_and_counters(rules, before, hand, deltas, pot):
    """EMA 2016 §3.3.14: each riichi winner takes back his own stick, each winner is paid the counters;
    Tenhou rules and Mahjong Soul rules: every stick on the table, a co-winner's own included, and all
    the counters to the first winner after the discarder."""
    settlement = settle(rules, before, hand)
    assert settlement.deltas == deltas
    assert settlement.table.pot == pot
    assert sum(deltas) + pot - before.pot == 0


# --- nagashi mangan ---------------------------------------------------------------------------------------------------

NAGASHI_ROWS = [
    # id, rules, table, hand, deltas, rotations after, counters after
    ("reach-dealer-keeps-the-deal", REACH, table(counters=1), nagashi(0), (12300, -4100, -4100, -4100), 0, 2),
    ("tenhou-no-counters-deal-passes", TENHOU, table(counters=1), nagashi(0), (12000, -4000, -4000, -4000), 1, 2),
    (
        "tenhou-tenpai-dealer-stays",
        TENHOU,
        table(counters=1),
        nagashi(0, tenpai=(0,)),
        (12000, -4000, -4000, -4000),
        0,
        2,
    ),
    ("tenhou-non-dealer", TENHOU, table(rotations=1, counters=2), nagashi(3), (-2000, -4000, -2000, 8000), 2, 3),
    ("mahjong-soul-non-dealer", SOUL, table(counters=3), nagashi(2, tenpai=(0,)), (-4000, -2000, 8000, -2000), 0, 4),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "deltas", "rotations", "counters"),
    [r[1:] for r in NAGASHI_ROWS],
    ids=[r[0] for r in NAGASHI_ROWS],
)
def test_nagashi_mangan(rules, before, hand, deltas, rotations, counters):
    """Reach club rules: nagashi as a mangan tsumo with its counters, the dealer's own keeping the
    deal; Tenhou rules and Mahjong Soul rules: a mangan without counters at an exhaustive draw, the
    dealer keeping the deal only if tenpai, a counter added."""
    settlement = settle(rules, before, hand)
    assert settlement.deltas == deltas
    assert (settlement.table.rotations, settlement.table.counters) == (rotations, counters)


# --- ties at the end --------------------------------------------------------------------------------------------------

TIE_ROWS = [
    # id, rules, scores, pot, standings lines (player, score, place, uma, oka, penalties, result)
    (
        "reach-shares",
        REACH,
        (25000, 35000, 35000, 5000),
        0,
        [
            (1, 35000, 1, 15000, 10000, 0, 30000),
            (2, 35000, 1, 15000, 10000, 0, 30000),
            (0, 25000, 3, -10000, 0, 0, -15000),
            (3, 5000, 4, -20000, 0, 0, -45000),
        ],
    ),
    (
        "tenhou-nearer-the-first-dealer",
        TENHOU,
        (25000, 35000, 35000, 5000),
        0,
        [
            (1, 35000, 1, 20000, 20000, 0, 45000),
            (2, 35000, 2, 10000, 0, 0, 15000),
            (0, 25000, 3, -10000, 0, 0, -15000),
            (3, 5000, 4, -20000, 0, 0, -45000),
        ],
    ),
    (
        "tenhou-leftover-sticks-to-one",
        TENHOU,
        (34000, 34000, 20000, 10000),
        2000,
        [
            (0, 36000, 1, 20000, 20000, 0, 46000),
            (1, 34000, 2, 10000, 0, 0, 14000),
            (2, 20000, 3, -10000, 0, 0, -20000),
            (3, 10000, 4, -20000, 0, 0, -40000),
        ],
    ),
    (
        "reach-leftover-sticks-split",
        REACH,
        (34000, 34000, 20000, 10000),
        2000,
        [
            (0, 35000, 1, 15000, 10000, 0, 30000),
            (1, 35000, 1, 15000, 10000, 0, 30000),
            (2, 20000, 3, -10000, 0, 0, -20000),
            (3, 10000, 4, -20000, 0, 0, -40000),
        ],
    ),
    (
        "mahjong-soul-all-four-tied",
        SOUL,
        (25000, 25000, 25000, 25000),
        0,
        [
            (0, 25000, 1, 15000, 0, 0, 15000),
            (1, 25000, 2, 5000, 0, 0, 5000),
            (2, 25000, 3, -5000, 0, 0, -5000),
            (3, 25000, 4, -15000, 0, 0, -15000),
        ],
    ),
]


@pytest.mark.parametrize(
    ("rules", "scores", "pot", "expected"), [r[1:] for r in TIE_ROWS], ids=[r[0] for r in TIE_ROWS]
)
def test_ties_at_the_end(rules, scores, pot, expected):
    """EMA 2016 §3.6.1: tied players share the uma (and oka) of their places and the leftover sticks;
    Tenhou rules and Mahjong Soul rules: the tied player nearer the first dealer (seat order of the
    first hand) takes the better place, its uma and oka, and the leftover sticks."""
    assert lines(standings(rules, finished(scores, pot), NONE)) == expected


# --- Tenhou's results -------------------------------------------------------------------------------------------------

RESULT_ROWS = [
    # id, rules, final scores, the results Tenhou gave (in points), from real logs
    ("2023-exact", TENHOU, (49000, 6000, 19400, 25600), (59000, -44000, -20600, 5600)),
    ("2023-exact-tonpuu", TENHOU, (22100, 30200, 40300, 7400), (-17900, 10200, 50300, -42600)),
    # 22,500 to 23,000: −7,000 from the return; first place's 8,800 becomes 8,000: what is left
    ("rounded-half-up", ROUNDED, (22500, 23000, 38800, 15700), (-17000, 3000, 48000, -34000)),
    # 20,300 to 20,000 and 34,400 would be 4,000: first place takes 5,000, what the others leave
    ("rounded-top-takes-the-rest", ROUNDED, (20300, 34400, 19200, 26100), (-20000, 45000, -31000, 6000)),
    # 37,500 to 38,000 and −10,000 stays: second place +8,000 and uma
    ("2014-half-up", ROUNDED, (37500, -10000, 48400, 24100), (18000, -60000, 58000, -16000)),
    # −1,500 to −2,000: a negative score's 500 rounds away from zero too
    ("2018-negative-half", ROUNDED, (-1500, 25300, 35700, 40500), (-52000, -15000, 16000, 51000)),
]


@pytest.mark.parametrize(("rules", "scores", "results"), [r[1:] for r in RESULT_ROWS], ids=[r[0] for r in RESULT_ROWS])
def test_tenhou_results(rules, scores, results):
    """Tenhou rules, as its logs show: the score from 30,000, the 20,000 oka to first place, uma
    +20/+10/−10/−20; exact (its logs since 2023), or (``result_rounding`` ``thousands``, its logs of
    2009–2021) with each final score in whole thousands, 500 rounded away from zero, first place
    taking what the others' rounding leaves."""
    got = {line.player: line.result for line in standings(rules, finished(scores), NONE)}
    assert tuple(got[p] for p in range(4)) == results
    assert sum(results) == 0


@pytest.mark.parametrize(
    ("points", "rounded"),
    [(0, 0), (400, 0), (500, 1000), (22500, 23000), (37500, 38000), (38800, 39000), (-400, 0), (-1500, -2000)],
)
def test_thousands_round_500_away_from_zero(points, rounded):
    """Tenhou's rounding of a final score to whole thousands, as its logs of 2009–2021 show."""
    assert thousands(points) == rounded


def test_mahjong_soul_results_are_the_score_from_25000_plus_uma():
    """Mahjong Soul rules, as its game records show (a contest's record of October 2025: final scores
    and each player's total_point): no oka, the score from 25,000 plus 15/5/−5/−15."""
    got = lines(standings(SOUL, finished((4000, 16500, 38300, 41200)), NONE))
    assert [(line[0], line[6]) for line in got] == [(3, 31200), (2, 18300), (1, -13500), (0, -36000)]


# --- liability (pao) on a ron ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [(REACH, (-16600, 32600, -16000, 0)), (TENHOU, (-16000, 32600, -16600, 0))],
    ids=["reach-discarder-pays-the-counters", "tenhou-liable-pays-the-counters"],
)
def test_the_counters_of_a_liable_ron(rules, deltas):
    """Reach club rules, "Limit Hand Pows" (the counters decided: the discarder's); Tenhou rules: the
    discarder and the liable player each pay half the yakuman, and the liable player the counters."""
    assert settle(rules, table(counters=2), win(ron(1, 0, yakuman=1, liable=2))).deltas == deltas


# --- stacked yakuman --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "yakuman", "paid"), [(TENHOU, 2, 64000), (TENHOU, 3, 96000), (SOUL, 6, 192000)])
def test_different_yakuman_combine(rules, yakuman, paid):
    """Tenhou rules and Mahjong Soul rules: different yakuman in one hand combine (a non-dealer's ron:
    32,000 each)."""
    settlement = settle(rules, table(), win(ron(1, 0, yakuman=yakuman)))
    assert settlement.deltas[1] == paid


@pytest.mark.parametrize(("rules", "yakuman"), [(TENHOU, 7), (REACH, 2)])
def test_more_yakuman_than_the_ruleset_has_is_refused(rules, yakuman):
    with pytest.raises(RuleError, match="max_yakuman|yakuman"):
        settle(rules, table(), win(ron(1, 0, yakuman=yakuman)))


# --- dealer repeats (renchan): EMA Riichi Competition Rules 2016 §3.4.9-3.4.11; a room without them ------------------

NO_REPEATS = ROUNDED.with_overrides({"dealer_repeats": False, "start_points": 30000})
REPEAT_ROWS = [
    # id, rules, table before, hand, (rotations, counters) after
    # EMA 2016 §3.4.9-3.4.11 (and every preset): the dealer who wins keeps the deal, a counter added
    ("dealer-wins-keeps-the-deal", TENHOU, table(rotations=1), win(ron(1, None, 3, 40)), (1, 1)),
    # the dealer tenpai at an exhaustive draw keeps the deal, a counter added
    ("dealer-tenpai-keeps-the-deal", TENHOU, table(rotations=2), RiichiHand("draw", tenpai=(2,)), (2, 1)),
    # a Tenhou private lobby's chip game ("Fast and Expensive", its log of 2021): the dealer's tsumo at
    # East 2 passes the deal to East 3 with no counter; the dealer tenpai at the draw of East 3 passes
    # it to East 4 with one counter
    ("room-dealer-wins-deal-passes", NO_REPEATS, table(rotations=1), win(ron(1, None, 3, 40)), (2, 0)),
    ("room-dealer-tenpai-deal-passes", NO_REPEATS, table(rotations=2), RiichiHand("draw", tenpai=(1, 2)), (3, 1)),
    # a non-dealer's win passes the deal either way
    ("room-non-dealer-wins", NO_REPEATS, table(rotations=2, counters=1), win(ron(0, 3, 1, 30)), (3, 0)),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "after"), [row[1:] for row in REPEAT_ROWS], ids=[row[0] for row in REPEAT_ROWS]
)
def test_the_dealer_repeats_or_the_deal_passes_by_the_dealer_repeats_knob(rules, before, hand, after):
    """EMA Riichi Competition Rules 2016 §3.4.9-3.4.11: the dealer keeps the deal on a win or tenpai
    at a draw; a room's rules may pass it after every hand (``dealer_repeats`` off)."""
    table_after = settle(rules, before, hand).table
    assert (table_after.rotations, table_after.counters) == after
