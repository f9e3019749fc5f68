"""What a ranking across events reads: each player's place at each event (``Finish``), from a
scored event log or, later, from any other list of results (an EMA results file)."""

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ..eventlog import EventResult


@dataclass(frozen=True, slots=True)
class Finish:
    """A player's result at an event: his place in a field of ``field`` players, the event's days
    (in order), its family and ruleset, and its MERS weight. ``player`` is who he is across events
    (his EMA number, else his name); ``name`` is what a ranking shows."""

    player: str
    name: str
    event: str
    family: str
    ruleset: str
    days: tuple[date, ...]
    place: int
    field: int
    weight: Fraction


def mers_weight(*, days: int, players: int, countries: int, qualifying: bool = False) -> Fraction:
    """An event's MERS weight as the EMA's "Basics for ranking system" (from 2018) adds it up:
    1, 2 or 3 for one, two, three or more days; + 0.5 above 40 players, + 1 above 80; + 0.5 for
    6 to 9 countries, + 1 for 10 or more; + 1 where players had to qualify."""
    weight = Fraction(min(days, 3))
    weight += 0 if players <= 40 else Fraction(1, 2) if players <= 80 else 1
    weight += 0 if countries <= 5 else Fraction(1, 2) if countries <= 9 else 1
    return weight + (1 if qualifying else 0)


def finishes(result: EventResult) -> tuple[Finish, ...]:
    """Each player's final place at a scored event, weighted by the event's ``mers_weight``, else
    by the EMA's weight of its days, field and countries (the event-log format has no
    qualification: none)."""
    event = result.event
    field = len(event.players)
    weight = (
        Fraction(event.mers_weight)
        if event.mers_weight is not None
        else mers_weight(
            days=len(event.days), players=field, countries=len({player.country for player in event.players})
        )
    )
    return tuple(
        Finish(
            player=entrant.ema or entrant.name,
            name=entrant.name,
            event=event.name,
            family=event.rules.family,
            ruleset=event.rules.slug,
            days=event.days,
            place=placing.place,
            field=field,
            weight=weight,
        )
        for placing in result.final
        for entrant in (event.players[placing.player],)
    )
