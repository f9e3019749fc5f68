"""TEMPORARY stand-in until the mcr-tiles branch lands its catalogue."""

from collections.abc import Iterable
from typing import NamedTuple

from ...errors import RuleError, gettext_noop


class Fan(NamedTuple):
    number: int
    name: str
    points: int


FANS = (
    Fan(1, "Mixed Straight", 8),
    Fan(2, "Concealed Hand", 2),
    Fan(3, "Fully Concealed Hand", 4),
    Fan(4, "Flower Tiles", 1),
)
BY_NAME = {fan.name: fan for fan in FANS}


def points_of(names: Iterable[str]) -> int:
    total = 0
    for name in names:
        if name not in BY_NAME:
            raise RuleError(gettext_noop("unknown fan %(name)r"), name=name)
        total += BY_NAME[name].points
    return total
