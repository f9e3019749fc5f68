"""Table points (the EMA's MCR tournament regulations, "Ranking"): after each session 4 / 2 / 1 /
0 by place; tied players share the points of the places they span (two tied first: 3 each; all
four: 1.75 each). Kept as exact fractions: a third never drifts, and a table's points always add
up to the knob's total."""

from collections.abc import Sequence
from fractions import Fraction

from ...ruleset import RuleSet

# the denominator every share is a whole number of: quarters (the knob) shared by 1 to 4 players
UNIT = 48


def table_points(rules: RuleSet, places: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's table points, from the places (tied players share a place: 1, 1, 3, 4)."""
    points = rules.table_points
    shares = []
    for place in places:
        tied = places.count(place)
        shares.append(sum(points[place - 1 : place - 1 + tied], Fraction(0)) / tied)
    return tuple(shares)


def in_units(points: Fraction) -> int:
    """Table points as a whole number of 48ths, as the records store them."""
    units = points * UNIT
    assert units.denominator == 1, f"{points} is not a whole number of 48ths"
    return int(units)


def shown(points: Fraction | int) -> str:
    """Table points for a member: whole, or to two decimals (1.75, 2.33), never a drifting float."""
    points = Fraction(points)
    if points.denominator == 1:
        return str(points.numerator)
    hundredths = round(points * 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}" if hundredths >= 0 else f"-{shown(-points)}"
