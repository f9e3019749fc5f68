"""Table points (the EMA's MCR tournament regulations, "Ranking"): after each session 4 / 2 / 1 /
0 by place; tied players share the points of the places they span (two tied first: 3 each; all
four: 1.75 each). Kept as exact fractions (``rules.table_points`` stores and shows them): a third
never drifts, and a table's points always add up to the knob's total."""

from collections.abc import Sequence
from fractions import Fraction

from ...ruleset import RuleSet


def table_points(rules: RuleSet, places: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's table points, from the places (tied players share a place: 1, 1, 3, 4)."""
    points = rules.table_points
    shares = []
    for place in places:
        tied = places.count(place)
        shares.append(sum(points[place - 1 : place - 1 + tied], Fraction(0)) / tied)
    return tuple(shares)
