"""Table points as the records keep them and a member reads them, for any family that ranks by
them (``Family.ranking_points``; MCR today): exact fractions, stored as whole 48ths, shown to two
decimals. Quarters (the ``table_points`` knob) shared by 1 to 4 tied players are whole 48ths, so a
season's sum is exact."""

from fractions import Fraction

UNIT = 48  # the denominator every share is a whole number of


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
