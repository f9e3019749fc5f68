"""The state of a table between hands, and what settling one hand produces.

Per-hand records are immutable ``NamedTuple``s rather than frozen dataclasses: a replay
builds several for every hand, and a NamedTuple is four times cheaper to build.
"""

from functools import cache
from typing import NamedTuple

from .vocabulary import PenaltyTo

POT = None  # a Payment's payer or payee that is the riichi pot
SEATS = ("East", "South", "West", "North")


@cache
def fixed_seating(table: "TableState") -> tuple[int, ...]:
    """The players in the table's chairs in the order of play (East's chair first) where
    nobody changes chairs during a game: their first hand's seats."""
    return tuple(range(len(table.scores)))


def no_penalties(seats: int) -> tuple[int, ...]:
    """The result penalties of a hand that takes nothing from anyone's final result: one
    tuple per count of seats, so a replay can tell it by identity."""
    return (0,) * seats


class TableState(NamedTuple):
    """The table before a hand: scores by player (seat order of the first hand; as many as
    the table has seats), the number of dealer passes so far (four-player riichi: 0 = E1 …
    7 = S4), counters, the riichi pot in points, the hands played (chombo included) and
    whether the game has ended."""

    scores: tuple[int, ...]
    rotations: int = 0
    counters: int = 0
    pot: int = 0
    hands: int = 0
    finished: bool = False

    @property
    def dealer(self) -> int:
        return self.rotations % len(self.scores)


class Payment(NamedTuple):
    """One transfer of a hand: ``payer`` to ``payee`` (a player index, or POT), and why."""

    payer: int | None
    payee: int | None
    points: int
    why: str


class Penalty(NamedTuple):
    """Points a player loses: ``to="pot"`` into the riichi pot (the hand's winner collects
    them), ``to="result"`` from the final result."""

    player: int
    points: int
    to: str = PenaltyTo.RESULT
    reason: str = ""


class Settlement(NamedTuple):
    """One settled hand: the table after it, each player's delta, the transfers that make
    the deltas up, the points each player loses from the final result because of this hand
    (penalties to the result, chombo deductions) and notes for the hand log."""

    table: TableState
    deltas: tuple[int, ...]
    payments: tuple[Payment, ...]
    result_penalties: tuple[int, ...]
    notes: tuple[str, ...] = ()
