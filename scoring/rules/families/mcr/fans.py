"""The fan of MCR: the Green Book's 81 scoring elements, 80 patterns and the flowers.

*Mahjong Competition Rules* (World Mahjong Organization 2006, "the Green Book"), §8 "The
various kinds of fan and their relevant points", in its order (88-point fans first) and with
its English names. A win's ``fans`` are names from here, a name repeated where the hand
counts it twice (two Pure Double Chows); ``points_of`` adds them up.
"""

from collections.abc import Iterable
from typing import NamedTuple

from scoring.rules.errors import RuleError, gettext_noop, shown

GREEN_BOOK = "Mahjong Competition Rules (Green Book, 2006), §8"


class Fan(NamedTuple):
    number: int  # the Green Book's number, 1-81
    name: str  # the Green Book's English name (marked for translation)
    points: int


_BY_POINTS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (
        88,
        (
            gettext_noop("Big Four Winds"),
            gettext_noop("Big Three Dragons"),
            gettext_noop("All Green"),
            gettext_noop("Nine Gates"),
            gettext_noop("Four Kongs"),
            gettext_noop("Seven Shifted Pairs"),
            gettext_noop("Thirteen Orphans"),
        ),
    ),
    (
        64,
        (
            gettext_noop("All Terminals"),
            gettext_noop("Little Four Winds"),
            gettext_noop("Little Three Dragons"),
            gettext_noop("All Honors"),
            gettext_noop("Four Concealed Pungs"),
            gettext_noop("Pure Terminal Chows"),
        ),
    ),
    (48, (gettext_noop("Quadruple Chow"), gettext_noop("Four Pure Shifted Pungs"))),
    (
        32,
        (
            gettext_noop("Four Pure Shifted Chows"),
            gettext_noop("Three Kongs"),
            gettext_noop("All Terminals and Honors"),
        ),
    ),
    (
        24,
        (
            gettext_noop("Seven Pairs"),
            gettext_noop("Greater Honors and Knitted Tiles"),
            gettext_noop("All Even Pungs"),
            gettext_noop("Full Flush"),
            gettext_noop("Pure Triple Chow"),
            gettext_noop("Pure Shifted Pungs"),
            gettext_noop("Upper Tiles"),
            gettext_noop("Middle Tiles"),
            gettext_noop("Lower Tiles"),
        ),
    ),
    (
        16,
        (
            gettext_noop("Pure Straight"),
            gettext_noop("Three-Suited Terminal Chows"),
            gettext_noop("Pure Shifted Chows"),
            gettext_noop("All Fives"),
            gettext_noop("Triple Pung"),
            gettext_noop("Three Concealed Pungs"),
        ),
    ),
    (
        12,
        (
            gettext_noop("Lesser Honors and Knitted Tiles"),
            gettext_noop("Knitted Straight"),
            gettext_noop("Upper Four"),
            gettext_noop("Lower Four"),
            gettext_noop("Big Three Winds"),
        ),
    ),
    (
        8,
        (
            gettext_noop("Mixed Straight"),
            gettext_noop("Reversible Tiles"),
            gettext_noop("Mixed Triple Chow"),
            gettext_noop("Mixed Shifted Pungs"),
            gettext_noop("Chicken Hand"),
            gettext_noop("Last Tile Draw"),
            gettext_noop("Last Tile Claim"),
            gettext_noop("Out with Replacement Tile"),
            gettext_noop("Robbing the Kong"),
        ),
    ),
    (
        6,
        (
            gettext_noop("All Pungs"),
            gettext_noop("Half Flush"),
            gettext_noop("Mixed Shifted Chows"),
            gettext_noop("All Types"),
            gettext_noop("Melded Hand"),
            gettext_noop("Two Concealed Kongs"),
            gettext_noop("Two Dragon Pungs"),
        ),
    ),
    (
        4,
        (
            gettext_noop("Outside Hand"),
            gettext_noop("Fully Concealed Hand"),
            gettext_noop("Two Melded Kongs"),
            gettext_noop("Last Tile"),
        ),
    ),
    (
        2,
        (
            gettext_noop("Dragon Pung"),
            gettext_noop("Prevalent Wind"),
            gettext_noop("Seat Wind"),
            gettext_noop("Concealed Hand"),
            gettext_noop("All Chows"),
            gettext_noop("Tile Hog"),
            gettext_noop("Double Pung"),
            gettext_noop("Two Concealed Pungs"),
            gettext_noop("Concealed Kong"),
            gettext_noop("All Simples"),
        ),
    ),
    (
        1,
        (
            gettext_noop("Pure Double Chow"),
            gettext_noop("Mixed Double Chow"),
            gettext_noop("Short Straight"),
            gettext_noop("Two Terminal Chows"),
            gettext_noop("Pung of Terminals or Honors"),
            gettext_noop("Melded Kong"),
            gettext_noop("One Voided Suit"),
            gettext_noop("No Honors"),
            gettext_noop("Edge Wait"),
            gettext_noop("Closed Wait"),
            gettext_noop("Single Wait"),
            gettext_noop("Self-Drawn"),
            gettext_noop("Flower Tiles"),
        ),
    ),
)

FANS: tuple[Fan, ...] = tuple(
    Fan(number, name, points)
    for number, (points, name) in enumerate([(points, name) for points, names in _BY_POINTS for name in names], 1)
)
BY_NAME: dict[str, Fan] = {fan.name: fan for fan in FANS}
FLOWER_TILES = FANS[-1].name  # one point a flower; not counted toward the 8-point minimum
GROUPS: tuple[int, ...] = tuple(points for points, _ in _BY_POINTS)  # high to low, for the grouped list

UNKNOWN_FAN = gettext_noop("%(name)s is not a fan of the %(book)s")


def points_of(names: Iterable[str]) -> int:
    """The points of a win's fans, each name counted as often as it is listed."""
    total = 0
    for name in names:
        fan = BY_NAME.get(name)
        if fan is None:
            raise RuleError(UNKNOWN_FAN, field="fans", name=shown(name), book=GREEN_BOOK)
        total += fan.points
    return total
