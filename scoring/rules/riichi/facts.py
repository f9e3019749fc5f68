"""The facts of one riichi hand (``Win``, ``RiichiHand``) and what a win is worth: its fu,
its basic points, a payment rounded up."""

from typing import NamedTuple

from ..ruleset import RuleSet
from ..table import Penalty
from ..vocabulary import RiichiResult

RESULTS = tuple(RiichiResult)


FU_VALUES = frozenset((20, 25, *range(30, 111, 10)))


STICK = 1000


MANGAN = 2000


WINDS = "ESWN"


class Win(NamedTuple):
    """One winner: ``discarder`` None is a self-draw (tsumo); ``yakuman`` > 0 replaces han/fu.
    ``tiles`` is the game log's optional ``tiles`` object as canonical JSON text: carried,
    never read here (``scoring.tiles`` checks it)."""

    winner: int
    discarder: int | None = None
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    liable: int | None = None
    tiles: str = ""


class RiichiHand(NamedTuple):
    """The facts of one riichi hand, as the game-log format records them."""

    result: str
    wins: tuple[Win, ...] = ()
    riichi: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    reason: str = ""
    offender: int | None = None
    penalties: tuple[Penalty, ...] = ()


def fu_values(han: int | None, tsumo: bool) -> list[int]:
    """The fu a win of ``han`` can have: 20 fu only on a
    self-draw (pinfu tsumo), 20 and 25 fu need 2 han; none from 5 han on. ``han`` None:
    every fu the kind of win allows."""
    if han is not None and not 1 <= han <= 4:
        return []
    return [fu for fu in sorted(FU_VALUES) if (tsumo or fu != 20) and (han != 1 or fu not in (20, 25))]


def round_up(points: int) -> int:
    """A single payment rounded up to the next 100 (EMA Riichi Competition Rules 2016, §3.4.9)."""
    return -(-points // 100) * 100


def basic_points(rules: RuleSet, han: int, fu: int, yakuman: int = 0) -> int:
    """Basic points B: fu × 2^(han+2) capped at mangan, limits above 4 han."""
    if yakuman:
        return 8000 * yakuman
    if han <= 4:
        base: int = fu * 2 ** (han + 2)  # typeshed types int ** int as Any (a negative power is a float)
        if rules.kiriage and base == 1920:
            return MANGAN
        return min(base, MANGAN)
    if han == 5:
        return 2000
    if han <= 7:
        return 3000
    if han <= 10:
        return 4000
    if han <= 12:
        return 6000
    return 8000 if rules.kazoe else 6000
