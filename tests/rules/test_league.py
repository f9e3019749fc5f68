"""League rules (scoring.rules.league): worked examples from M-League's regulations, the Kawa league,
NPM's divisions and club attendance rules. Every expected number was worked out by hand."""

from datetime import date, timedelta

import pytest

from scoring.rules import RuleError
from scoring.rules.league import (
    Carry,
    Division,
    Night,
    Points,
    StageRules,
    advancing,
    attendance_minimum,
    carried,
    next_divisions,
    next_stage,
    season_order,
    stage_standing,
)

WEEK1 = date(2026, 1, 7)


def week(n: int) -> date:
    return WEEK1 + timedelta(weeks=n - 1)


def nights(results: dict[int, list[int]]) -> list[Night]:
    """Player -> their result on weeks 1, 2, … (None: absent)."""
    return [
        Night(player, week(n), Points(0, result))
        for player, played in results.items()
        for n, result in enumerate(played, 1)
        if result is not None
    ]


@pytest.mark.parametrize(
    ("clause", "total", "carry", "expected"),
    [
        ("M-League: half the points into the semifinal", Points(0, 41230), Carry.HALF, Points(0, 20615)),
        ("half of an odd total rounds half away from zero", Points(0, 1235), Carry.HALF, Points(0, 618)),
        ("and of a negative odd total too", Points(0, -1235), Carry.HALF, Points(0, -618)),
        ("MCR: table points and score are both halved", Points(15, -7), Carry.HALF, Points(8, -4)),
        ("×1 keeps the total", Points(0, -5300), Carry.FULL, Points(0, -5300)),
        ("reset: everyone starts again", Points(3, 900), Carry.RESET, Points(0, 0)),
    ],
)
def test_carry_over(clause, total, carry, expected):
    assert carried(total, carry) == expected, clause


def test_mleague_top_six_carry_half_into_the_semifinal_and_top_four_half_again_into_the_final():
    """M-League regulations: 8 entrants; the top 6 of the regular season carry ½ into the
    semifinal; the top 4 of the semifinal carry ½ again into the final."""
    regular = {1: [300], 2: [251], 3: [120], 4: [40], 5: [-10], 6: [-101], 7: [-200], 8: [-400]}
    rules = StageRules(cut=6, carry=Carry.HALF)
    lines = stage_standing(nights(regular), rules)
    assert [line.player for line in lines] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert advancing(lines, rules) == 6
    semifinal = next_stage(lines, rules)
    assert semifinal == {1: (0, 150), 2: (0, 126), 3: (0, 60), 4: (0, 20), 5: (0, -5), 6: (0, -51)}
    # the semifinal: 6 plays well, 1 badly
    played = {1: [-200], 2: [10], 3: [30], 4: [0], 5: [-20], 6: [180]}
    lines = stage_standing(nights(played), rules := StageRules(cut=4, carry=Carry.HALF), entrants=semifinal)
    assert [(line.player, line.total.result) for line in lines] == [
        (2, 136), (6, 129), (3, 90), (4, 20), (5, -25), (1, -50),
    ]  # fmt: skip
    assert next_stage(lines, rules) == {2: (0, 68), 6: (0, 65), 3: (0, 45), 4: (0, 10)}


def test_kawa_league_top_16_of_24_hanchan_go_on_with_halved_scores():
    """The Kawa league: 24 hanchan, then the top 16 with halved scores (20 players here)."""
    played = {player: [1000 * (20 - player) + 1] for player in range(20)}
    rules = StageRules(cut=16, carry=Carry.HALF)
    entrants = next_stage(stage_standing(nights(played), rules), rules)
    assert sorted(entrants) == list(range(16))
    assert entrants[0] == (0, 10001)  # 20001 / 2 = 10000.5 → 10001
    assert entrants[15] == (0, 2501)  # 5001 / 2 = 2500.5 → 2501


@pytest.mark.parametrize(
    ("clause", "rules", "lines_through"),
    [
        ("no cut: every ranked player goes on", StageRules(), 5),
        ("top 2", StageRules(cut=2), 2),
        ("players tied on the cut line all go on", StageRules(cut=3), 4),
        ("a share, rounded up: 50% of 5 is 3 places, and the tie on 3", StageRules(cut_percent=50), 4),
        ("a share, rounded up: 20% of 5 is 1", StageRules(cut_percent=20), 1),
    ],
)
def test_the_cut(clause, rules, lines_through):
    lines = stage_standing(nights({1: [50], 2: [40], 3: [30], 4: [30], 5: [-150]}), rules)
    assert advancing(lines, rules) == lines_through, clause


def test_tied_totals_share_a_place():
    lines = stage_standing(nights({1: [50], 2: [30], 3: [30], 4: [-110]}), StageRules())
    assert [line.rank for line in lines] == [1, 2, 2, 4]


@pytest.mark.parametrize(
    ("clause", "rules", "expected"),
    [
        # player 1: 5 evenings, best three 40 + 30 + 20; player 2: 3 evenings
        ("every evening counts", StageRules(), [(1, 5, 5, 90, 1), (2, 3, 3, 60, 2)]),
        ("best 3 nights count", StageRules(best_nights=3), [(1, 5, 3, 90, 1), (2, 3, 3, 60, 2)]),
        ("best 2 nights count", StageRules(best_nights=2), [(1, 5, 2, 70, 1), (2, 3, 2, 70, 1)]),
        ("attend 4 of 5 weeks to be ranked", StageRules(min_nights=4), [(1, 5, 5, 90, 1), (2, 3, 3, 60, None)]),
        ("a champion: 75% of 5 evenings is 4", StageRules(min_percent=75), [(1, 5, 5, 90, 1), (2, 3, 3, 60, None)]),
        ("60% of 5 evenings is 3", StageRules(min_percent=60), [(1, 5, 5, 90, 1), (2, 3, 3, 60, 2)]),
    ],
)  # fmt: skip
def test_counting_and_attendance(clause, rules, expected):
    """Club rules: best N nights count; a minimum of nights (or a share of the evenings) to be
    ranked, the others shown apart after the ranked."""
    played = nights({1: [40, -20, 30, 20, 20], 2: [None, 50, None, 20, -10]})
    lines = stage_standing(played, rules)
    got = [(line.player, line.nights, line.counted_nights, line.counted.result, line.rank) for line in lines]
    assert got == expected, clause


def test_an_evening_counts_only_with_enough_players():
    """Club rule: an evening counts only if 8 members played (3 here): week 2 had two players, so
    it counts for nobody, nor towards the evenings an attendance share is taken of."""
    played = nights({1: [10, 100, 10], 2: [10, -100, 10], 3: [-20, None, -20]})
    rules = StageRules(min_players=3, min_percent=100)
    lines = stage_standing(played, rules)
    assert [(line.player, line.nights, line.counted.result, line.rank) for line in lines] == [
        (1, 2, 20, 1), (2, 2, 20, 1), (3, 2, -40, 3),
    ]  # fmt: skip
    assert attendance_minimum(rules, 2) == 2


def test_entrants_without_an_evening_are_listed_with_what_they_carried():
    lines = stage_standing(nights({1: [10]}), StageRules(min_nights=1), entrants={1: Points(0, 5), 2: Points(0, 50)})
    assert [(line.player, line.total.result, line.rank) for line in lines] == [(1, 15, 1), (2, 50, None)]


def test_mcr_ranks_by_table_points_then_score():
    played = [Night(1, WEEK1, Points(7, -20)), Night(2, WEEK1, Points(7, 30)), Night(3, WEEK1, Points(10, -50))]
    assert [line.player for line in stage_standing(played, StageRules())] == [3, 2, 1]


@pytest.mark.parametrize(
    ("knobs", "field"),
    [({"best_nights": 0}, "best_nights"), ({"cut": 0}, "cut"), ({"cut_percent": 101}, "cut_percent"),
     ({"min_percent": -1}, "min_percent"), ({"cut": 4, "cut_percent": 50}, "cut")],
)  # fmt: skip
def test_knobs_out_of_range_are_refused(knobs, field):
    with pytest.raises(RuleError) as error:
        StageRules(**knobs)
    assert error.value.field == field


def _division(results: dict[int, int], promote=0, relegate=0, unranked=()) -> Division:
    played = nights({player: [result] for player, result in results.items()})
    lines = stage_standing(played, StageRules(min_nights=1), entrants=dict.fromkeys([*results, *unranked], Points()))
    return Division(lines, promote=promote, relegate=relegate)


def test_npm_divisions_promote_and_relegate_between_neighbours():
    """NPM's divisions, top first (A, B, C1, C2, C3 here as three: A, B, C): the best 2 of each go
    up, the worst 2 down; nobody above A or below the last division; a player who did not play
    (below the attendance minimum) stays where he is."""
    a = _division({1: 50, 2: 40, 3: 30, 4: -120}, relegate=2)
    b = _division({5: 60, 6: 20, 7: -10, 8: -70}, promote=2, relegate=2, unranked=[9])
    c = _division({10: 90, 11: 80, 12: -80, 13: -90}, promote=2, relegate=2)
    members = [[1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13]]
    assert next_divisions([a, b, c], members) == [[1, 2, 5, 6], [3, 4, 9, 10, 11], [7, 8, 12, 13]]


def test_a_small_division_never_moves_a_player_both_ways():
    """Three players in a middle division, 2 up and 2 down: the two best go up, only the last goes down."""
    top = _division({1: 0, 2: 0}, relegate=1)
    middle = _division({3: 30, 4: 20, 5: -50}, promote=2, relegate=2)
    bottom = _division({6: 10}, promote=1)
    assert next_divisions([top, middle, bottom], [[1, 2], [3, 4, 5], [6]]) == [[1, 3, 4], [2, 6], [5]]


def test_the_season_order_puts_those_cut_earlier_below_the_finalists():
    """M-League: the final's four first, then the semifinal's two cut, then the regular season's two
    cut, each by the standing where they were last ranked; a player never ranked is left out."""
    regular = {1: [300], 2: [251], 3: [120], 4: [40], 5: [-10], 6: [-101], 7: [-200], 8: [-400]}
    rules = StageRules(cut=6, carry=Carry.HALF, min_nights=1)
    first = stage_standing(nights(regular), rules, entrants={**dict.fromkeys(regular, Points()), 9: Points()})
    second = stage_standing(
        nights({1: [-200], 2: [10], 3: [30], 4: [0], 5: [-20], 6: [180]}), rules, entrants=next_stage(first, rules)
    )
    rules = StageRules(cut=4, carry=Carry.HALF)
    final = stage_standing(nights({2: [-100], 6: [0], 3: [0], 4: [0]}), rules, entrants=next_stage(second, rules))
    assert [line.player for line in final] == [6, 3, 4, 2]
    assert [line.player for line in season_order([first, second, final])] == [6, 3, 4, 2, 5, 1, 7, 8]
