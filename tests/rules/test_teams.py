"""A team's score, by the club's team rules (the sum of its members' results, or of their best K per
round; team penalties come off the team score, never off a game), worked examples."""

from datetime import date
from fractions import Fraction

import pytest

from scoring.rules.league import Night, Points
from scoring.rules.table_points import UNIT
from scoring.rules.teams import Result, evening_results, team_scores

TEAMS = {1: (10, 11, 12), 2: (20, 21)}
# round 1: 10 +30, 11 −10, 12 +5, 20 +20, 21 −15; round 2: 10 −20, 11 +40, 20 +8, 21 +9
RESULTS = [
    Result(1, 10, 30),
    Result(1, 11, -10),
    Result(1, 12, 5),
    Result(1, 20, 20),
    Result(1, 21, -15),
    Result(2, 10, -20),
    Result(2, 11, 40),
    Result(2, 20, 8),
    Result(2, 21, 9),
    Result(2, 99, 500),  # a player of no team counts for none
]


@pytest.mark.parametrize(
    "best, penalties, expected",
    [
        # the sum: team 1 30−10+5−20+40 = 45; team 2 20−15+8+9 = 22
        (None, {}, [(1, 1, 45, 0), (2, 2, 22, 0)]),
        # best 1 per round: team 1 30 + 40 = 70; team 2 20 + 9 = 29
        (1, {}, [(1, 1, 70, 0), (2, 2, 29, 0)]),
        # best 2 per round: team 1 30+5 + 40−20 = 55; team 2 (two played each round) 22
        (2, {}, [(1, 1, 55, 0), (2, 2, 22, 0)]),
        # a penalty of 30 on team 1 (the sum): 45 − 30 = 15, below team 2
        (None, {1: 30}, [(1, 2, 22, 0), (2, 1, 15, 30)]),
        # equal scores share the place
        (None, {1: 23}, [(1, 1, 22, 23), (1, 2, 22, 0)]),
    ],
)
def test_team_score_is_the_sum_or_each_rounds_best_k_less_penalties(best, penalties, expected):
    scores = team_scores(RESULTS, TEAMS, best=best, penalties=penalties)
    assert [(s.place, s.team, s.points, s.penalties) for s in scores] == expected


def test_each_members_contribution_counts_only_their_counted_results():
    """Best 1 per round: 10's +30 of round 1 and 11's +40 of round 2 count; 12 played and
    brought nothing that counts."""
    (first, _second) = team_scores(RESULTS, TEAMS, best=1)
    assert [(c.player, c.points, c.counted, c.played) for c in first.contributions] == [
        (11, 40, 1, 2),
        (10, 30, 1, 2),
        (12, 0, 0, 1),
    ]


def test_a_family_ranking_by_table_points_ranks_teams_by_them_first():
    """MCR: table points first (the individual standings' order), then points; the best K
    are the best by that order too."""
    results = [
        Result(1, 10, -5, Fraction(4)),
        Result(1, 11, 50, Fraction(1)),
        Result(1, 20, 10, Fraction(2)),
        Result(1, 21, 12, Fraction(2)),
    ]
    scores = team_scores(results, TEAMS, best=1, by_table_points=True)
    assert [(s.team, s.table_points, s.points) for s in scores] == [(1, Fraction(4), -5), (2, Fraction(2), 12)]


def test_a_team_without_results_scores_nothing():
    assert [(s.place, s.points) for s in team_scores([], {5: (1, 2)})] == [(1, 0)]


JAN_7, JAN_14 = date(2026, 1, 7), date(2026, 1, 14)
# A league stage played by teams (the club's team league rules: rosters larger than a table, a
# team's best K results of each evening count): a player's evening is the sum of their games that
# evening. 7 January: 10 +30 (two games), 11 −10, 12 +5, 20 +20, 21 −15; 14 January (only 10,
# 20 and 21 came): 10 −20, 20 +8, 21 +9.
NIGHTS = [
    Night(10, JAN_7, Points(0, 30), games=2),
    Night(11, JAN_7, Points(0, -10)),
    Night(12, JAN_7, Points(0, 5)),
    Night(20, JAN_7, Points(0, 20)),
    Night(21, JAN_7, Points(0, -15)),
    Night(10, JAN_14, Points(0, -20)),
    Night(20, JAN_14, Points(0, 8)),
    Night(21, JAN_14, Points(0, 9)),
]


@pytest.mark.parametrize(
    "best, min_players, penalties, expected",
    [
        # every evening: team 1 30−10+5−20 = 5; team 2 20−15+8+9 = 22
        (None, 0, {}, [(1, 2, 22, 0), (2, 1, 5, 0)]),
        # best 1 per evening: team 1 30 + (−20) = 10; team 2 20 + 9 = 29
        (1, 0, {}, [(1, 2, 29, 0), (2, 1, 10, 0)]),
        # best 2 per evening: team 1 30+5 − 20 = 15; team 2 (two played each evening) 22
        (2, 0, {}, [(1, 2, 22, 0), (2, 1, 15, 0)]),
        # an evening counts with at least 4 players: 14 January (three) counts for no team
        (None, 4, {}, [(1, 1, 25, 0), (2, 2, 5, 0)]),
        # a team penalty of 20 on team 2 comes off its score, no evening changes: 22 − 20 = 2
        (None, 0, {2: 20}, [(1, 1, 5, 0), (2, 2, 2, 20)]),
    ],
)
def test_league_stage_team_score_is_each_evenings_best_k_less_penalties(best, min_players, penalties, expected):
    scores = team_scores(evening_results(NIGHTS, min_players), TEAMS, best=best, penalties=penalties)
    assert [(s.place, s.team, s.points, s.penalties) for s in scores] == expected


def test_a_league_evening_counts_once_per_player_and_keeps_its_table_points():
    """A player's evening is one result (played counts evenings, not games); MCR table points in
    units of ``UNIT`` come as fractions of a table point."""
    (line,) = team_scores(evening_results([Night(10, JAN_7, Points(2 * UNIT, 30), games=2)]), {1: (10,)})
    assert (line.points, line.table_points, line.contributions[0].played) == (30, Fraction(2), 1)
