"""A game's seats as a number: how many its rule family seats, their names, a seat index
from a form, and the words of a message that counts the players.

The engine's family says how many players sit at its table (``Family.SEATS``); the site
reads the count here (``Ruleset.seats``, ``Game.seat_count``) and assumes no table size of
its own. ``SEAT_CHOICES`` names the seats of the widest table, East first; a table of
fewer seats takes the first of them.
"""

from django.utils.translation import gettext

from scoring.rules.families import FAMILIES

from .fields import SEAT_CHOICES, Label


def seat_count(family: str) -> int:
    """How many players sit at a table of ``family`` (a ruleset's ``family``)."""
    return FAMILIES[family].SEATS


def table_seats(count: int) -> list[tuple[int, Label]]:
    """The seats of a table of ``count``: index and wind, East first."""
    return SEAT_CHOICES[:count]


def seat_index(value: str | None, count: int) -> int | None:
    """The seat a submitted ``value`` names ("0" = East …) at a table of ``count``, or None
    when it names none of them."""
    return int(value) if value in {str(seat) for seat in range(count)} else None


def for_seats(count: int, four: str, other: str, **values: object) -> str:
    """The message for a table of ``count``: ``four``, the words the club knows, at a table of
    four; ``other``, which names the count (``%(count)s``), at any other."""
    return (four if count == 4 else other) % {"count": count, **values}


def different_players(count: int) -> str:
    """Why players were refused a game at a table of ``count``."""
    return for_seats(
        count, gettext("A game needs four different players."), gettext("A game needs %(count)s different players.")
    )
