"""Settle one riichi hand: table before + the hand's facts -> deltas, table after.

Players are indices 0, 1, … in the seat order of the first hand, one per seat; the dealer of
a hand is ``table.dealer`` (the dealer passes so far, modulo the seats). Every transfer is
recorded as a ``Payment``; the deltas are their sum.

``facts`` holds a hand's facts and what a win is worth, ``checks`` whether a win can be,
``settlement`` the payments of a hand. Every name is re-exported here.
"""

from .facts import (
    FU_VALUES,
    MANGAN,
    RESULTS,
    STICK,
    RiichiHand,
    Win,
    basic_points,
    fu_values,
    round_up,
)
from .settlement import round_label, settle

__all__ = [
    "FU_VALUES",
    "MANGAN",
    "RESULTS",
    "STICK",
    "RiichiHand",
    "Win",
    "basic_points",
    "fu_values",
    "round_label",
    "round_up",
    "settle",
]
