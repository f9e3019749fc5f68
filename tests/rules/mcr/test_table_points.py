"""MCR table points (the EMA's MCR tournament regulations, "Ranking"): 4 / 2 / 1 / 0 by place,
tied players sharing the points of the places they span, kept as exact fractions."""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import PRESETS, parse_game, random_game, replay
from scoring.rules.families.mcr.points import table_points
from scoring.rules.standings import places
from scoring.rules.table_points import UNIT, in_units, shown
from tests.hypothesis_budget import examples

MCR = PRESETS["mcr"]
LEAGUE = MCR.with_overrides({"table_points": [4, 2, 1, 0.5]})

SHARES = [
    # id (the regulation's case), results, table points
    ("Ranking: no tie, 4 / 2 / 1 / 0", (30, 10, -10, -30), (4, 2, 1, 0)),
    ("Ranking: two tied first share 4 + 2", (20, 20, -10, -30), (3, 3, 1, 0)),
    ("Ranking: two tied second share 2 + 1", (20, 5, 5, -30), (4, Fraction(3, 2), Fraction(3, 2), 0)),
    ("Ranking: three tied first share 4 + 2 + 1", (10, 10, 10, -30), (Fraction(7, 3),) * 3 + (0,)),
    ("Ranking: three tied last share 2 + 1 + 0", (30, -10, -10, -10), (4, 1, 1, 1)),
    ("Ranking: all four tied share 7", (0, 0, 0, 0), (Fraction(7, 4),) * 4),
]


@pytest.mark.parametrize(("results", "expected"), [row[1:] for row in SHARES], ids=[row[0] for row in SHARES])
def test_mcr_table_points_shared_on_ties(results, expected):
    """Tied players share the sum of the points of the places they span."""
    assert table_points(MCR, places(results)) == tuple(Fraction(v) for v in expected)


def test_mcr_league_variant_is_a_knob():
    """A club league's 4 / 2 / 1 / 0.5: a knob, not a preset (the EMA's MCR regulations leave a
    league its own table points); four tied: 1.875 each."""
    assert table_points(LEAGUE, places((0, 0, 0, 0))) == (Fraction(15, 8),) * 4
    assert LEAGUE.knobs()["table_points"] == [4, 2, 1, 0.5]


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (Fraction(3), "3"),
        (Fraction(7, 4), "1.75"),
        (Fraction(7, 3), "2.33"),
        (Fraction(28, 3), "9.33"),
        (Fraction(15, 8), "1.88"),
    ],
)
def test_mcr_table_points_are_shown_exactly_to_two_decimals(points, text):
    """Shown as a member reads them, from the exact fraction, never from a float sum."""
    assert shown(points) == text


@settings(max_examples=examples(60), deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**64), league=st.booleans())
def test_mcr_table_points_always_sum_to_the_tables_total(seed, league):
    """Every MCR table gives out exactly 7 table points (7.5 in the league variant), in whole
    48ths, so that a season's sum is exact."""
    rules = LEAGUE if league else MCR
    doc = random_game(random.Random(seed), "mcr")
    if league:
        doc["rules"] = {"table_points": [4, 2, 1, 0.5]}
    played = replay(parse_game(doc))
    total = sum((s.table_points for s in played.standings), Fraction(0))
    assert total == sum(rules.table_points)
    assert all(in_units(s.table_points) * Fraction(1, UNIT) == s.table_points for s in played.standings)
    assert sum(s.score for s in played.standings) == 0  # MCR moves points only between players
