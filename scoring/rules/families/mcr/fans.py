"""The fan of MCR: the Green Book's 81 scoring elements, 80 patterns and the flowers.

*Mahjong Competition Rules* (World Mahjong Organization 2006, "the Green Book"), §8 "The
various kinds of fan and their relevant points", in its order (88-point fans first) and with
its English names. A win's ``fans`` are names from here, a name repeated where the hand
counts it twice (two Pure Double Chows); ``points_of`` adds them up, ``win_points`` also
refuses what no hand counts (a fan more often than ``MOST_COUNTED``, the flowers as a fan).
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from scoring.rules.errors import Citation, RuleError, gettext_noop, shown

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

# How often one hand may count a fan (§8): the fans of two sets counted for each pair of the
# hand's four sets (two Pure Double Chows: 123m 123m 456p 456p), a pung of terminals or honors for
# each of four (111m 999m 111p 999p with a pair of fives; four wind pungs are Big Four Winds),
# a Tile Hog for each of three tiles held four times (Seven Pairs 1111m 5555m 9999p 22s). Every
# other fan counts once at most: two of it make another fan (two Dragon Pungs, two Melded Kongs).
MOST_COUNTED = {
    "Pure Double Chow": 2,
    "Mixed Double Chow": 2,
    "Short Straight": 2,
    "Two Terminal Chows": 2,
    "Double Pung": 2,
    "Pung of Terminals or Honors": 4,
    "Tile Hog": 3,
}

UNKNOWN_FAN = gettext_noop("%(name)s is not a fan of the %(book)s")
FLOWERS_ARE_NOT_A_FAN = gettext_noop(
    "%(name)s is never one of a win's fans: give the flowers as flowers, which never count toward the minimum "
    "(%(book)s)"
)
COUNTED_ONCE = gettext_noop("a hand counts %(name)s once, not %(count)s times (%(book)s)")
COUNTED_TOO_OFTEN = gettext_noop("a hand counts %(name)s at most %(most)s times, not %(count)s (%(book)s)")


def points_of(names: Iterable[str]) -> int:
    """The points of a win's fans, each name counted as often as it is listed."""
    total = 0
    for name in names:
        fan = BY_NAME.get(name)
        if fan is None:
            raise RuleError(UNKNOWN_FAN, field="fans", name=shown(name), book=GREEN_BOOK)
        total += fan.points
    return total


def most_counted(name: str) -> int:
    """How often one hand may count the fan ``name`` (``MOST_COUNTED``; once for the rest)."""
    return MOST_COUNTED.get(name, 1)


def quoted(name: str) -> Citation:
    """A fan's name as a message quotes it: the Green Book's element, which the site shows in
    the reader's language."""
    return Citation("", name, numbered=False)


def win_points(names: Sequence[str]) -> int:
    """The points of a win's fans (``points_of``); RuleError for what no hand counts: the
    flowers (a win's ``flowers``, never part of its fan) and a fan named more often than the
    Green Book counts it in one hand (``MOST_COUNTED``)."""
    total = points_of(names)
    if FLOWER_TILES in names:
        raise RuleError(FLOWERS_ARE_NOT_A_FAN, field="fans", name=quoted(FLOWER_TILES), book=GREEN_BOOK)
    for name, count in Counter(names).items():
        most = most_counted(name)
        if count > most:
            template = COUNTED_ONCE if most == 1 else COUNTED_TOO_OFTEN
            raise RuleError(template, field="fans", name=quoted(name), count=count, most=most, book=GREEN_BOOK)
    return total
