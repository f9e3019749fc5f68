"""The facts of one MCR hand (Mahjong Competition Rules, World Mahjong Organization 2006, "the
Green Book"): one winner or none, false mahjongs called during the hand, referee penalties.

The Green Book plays 16 hands, 4 per prevailing wind, the deal passing every hand; after each
4 hands the players change seats (``SEATING``), so the dealer is not the next seat's player
every hand: ``dealer`` says who deals."""

from typing import NamedTuple

from ... import bounds
from ...table import Penalty

HANDS = 16  # a session (the Green Book, "Procedure of play")
HANDS_PER_WIND = 4
BASE = 8  # what every payer pays the winner on top of the hand's points (the Green Book, "Payment")
MAX_FLOWERS = bounds.MAX_FLOWERS  # the eight flower tiles
WINDS = "ESWN"
# Each wind's seating: the players (by their seat in the first hand) sitting East, South, West
# and North at the wind's first hand. After the East and the West rounds East and South change
# places and so do West and North; after the South round East moves to West, West to South,
# South to North and North to East (the Green Book's seat rotation).
SEATING = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))
# the dealer of each of the 16 hands: the wind's East, South, West then North
DEALERS = tuple(player for seating in SEATING for player in seating)


class MCRWin(NamedTuple):
    """The winner: ``discarder`` None is a self-draw. ``fan`` is the hand's points not counting
    flowers; ``fans`` names its patterns where the scorer gave them (catalogue names, repeats
    counted); ``tiles`` is the game log's optional ``tiles`` object as canonical JSON text."""

    winner: int
    discarder: int | None = None
    fan: int = 0
    flowers: int = 0
    fans: tuple[str, ...] = ()
    tiles: str = ""


class FalseMahjong(NamedTuple):
    """A mahjong called in error: the caller pays each other player; play goes on and the
    caller cannot win the hand."""

    caller: int


class MCRHand(NamedTuple):
    """The facts of one MCR hand, as the game-log format records them."""

    result: str
    win: MCRWin | None = None
    incidents: tuple[FalseMahjong, ...] = ()
    penalties: tuple[Penalty, ...] = ()


def seating(hand: int) -> tuple[int, ...]:
    """The players (by their seat in the first hand) in the East, South, West and North chairs
    during the 0-based ``hand``: the wind's seating (``SEATING``)."""
    return SEATING[min(hand // HANDS_PER_WIND, len(SEATING) - 1)]


def seat_wind(hand: int, player: int) -> int:
    """The seat wind (0 East … 3 North) of ``player`` in the 0-based ``hand`` of a session."""
    chairs = seating(hand)
    return (chairs.index(player) - hand % HANDS_PER_WIND) % len(chairs)


def prevalent_wind(hand: int) -> int:
    """The prevailing wind (0 East … 3 North) of the 0-based ``hand``."""
    return min(hand // HANDS_PER_WIND, len(WINDS) - 1)


def dealer(hands: int) -> int:
    """The dealer (the first hand's seat of the player sitting East) of the 0-based hand ``hands``."""
    return DEALERS[min(hands, HANDS - 1)]
