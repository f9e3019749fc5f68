"""The event so far, as the seating draws see it (``scoring.events.seating``): each round's
tables and who sat out (``Past``), a round's seating (``Draw``), the sizes of a round's tables,
and what a pair of players at one table costs (repeats, winds, and teams: the costs
``scoring.events.teammates`` builds on). The draws, the teams' seatings and the least played
winds all import it; it imports none of them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import combinations

REPEAT, CONSECUTIVE, WIND = 100, 100, 1000

TEAMMATE = 10**7  # two of a team at a table: above every other cost
TEAM_MEETING = 1  # a meeting of two teams beyond the least met pair of teams': below a repeat


def team_meetings(past: Past) -> dict[tuple[int, int], int]:
    """How often each pair of the event's teams (smaller first) met at a table (a pair of
    their players) beyond the least met pair of teams (a pair never met counts 0)."""
    met: Counter = Counter()
    for (a, b), count in past.meetings.items():
        first, second = past.teams.get(a), past.teams.get(b)
        if first is not None and second is not None and first != second:
            met[min(first, second), max(first, second)] += count
    teams = sorted(set(past.teams.values()))
    least = min((met[pair] for pair in combinations(teams, 2)), default=0)
    return {pair: count - least for pair, count in met.items()}


def meeting_cost(past: Past, a: int, b: int) -> int:
    """What seating rivals ``a`` and ``b`` together costs for their teams' meetings so far:
    ``TEAM_MEETING`` per meeting beyond the least met pair of teams' (0 without teams)."""
    first, second = past.teams.get(a), past.teams.get(b)
    if first is None or second is None or first == second:
        return 0
    return TEAM_MEETING * past.team_meetings.get((min(first, second), max(first, second)), 0)


def teams_cost(past: Past, a: int, b: int) -> int:
    """The teams' part of the cost of ``a`` and ``b`` at one table."""
    return TEAMMATE * teammates(past, a, b) + meeting_cost(past, a, b)


def teammates(past: Past, a: int, b: int) -> bool:
    team = past.teams.get(a)
    return team is not None and team == past.teams.get(b)


@dataclass(frozen=True)
class Past:
    """The event so far: each round's tables (seat order) and who sat out of it, and how
    many players sit at a table (``seats``)."""

    rounds: tuple[tuple[tuple[int, ...], ...], ...] = ()
    sat_out: tuple[tuple[int, ...], ...] = ()
    seats: int = field(kw_only=True)
    rest_seats: int = field(default=0, kw_only=True)  # a table of the rest; 0: the rest sit out
    teams: dict[int, int] = field(default_factory=dict, kw_only=True)  # a team player's team

    def after(self, draw: Draw) -> Past:
        """The event with ``draw``'s round played too."""
        return replace(self, rounds=(*self.rounds, draw.tables), sat_out=(*self.sat_out, draw.sitting_out))

    def before(self, number: int) -> Past:
        """The event as it was before its round ``number`` (from 0)."""
        return replace(self, rounds=self.rounds[:number], sat_out=self.sat_out[:number])

    def sizes(self, count: int) -> tuple[int, ...]:
        """The tables of a round of ``count`` players (``table_sizes``)."""
        return table_sizes(count, self.seats, self.rest_seats)

    @cached_property
    def meetings(self) -> Counter:
        """How often each pair (smaller id first) has sat at one table."""
        return Counter(pair for tables in self.rounds for table in tables for pair in combinations(sorted(table), 2))

    @cached_property
    def last_meetings(self) -> frozenset:
        """The pairs who sat together in the last round."""
        last = self.rounds[-1] if self.rounds else ()
        return frozenset(pair for table in last for pair in combinations(sorted(table), 2))

    @cached_property
    def winds(self) -> dict[int, list[int]]:
        """Each player's games at each wind (East, South, …) so far."""
        counts: dict[int, list[int]] = {}
        for tables in self.rounds:
            for table in tables:
                for wind, player in enumerate(table):
                    counts.setdefault(player, [0] * self.seats)[wind] += 1
        return counts

    @cached_property
    def team_meetings(self) -> dict[tuple[int, int], int]:
        return team_meetings(self)

    @cached_property
    def sit_outs(self) -> Counter:
        return Counter(player for out in self.sat_out for player in out)

    def pair_cost(self, a: int, b: int) -> int:
        pair = (a, b) if a < b else (b, a)
        team = teams_cost(self, a, b) if self.teams else 0
        return REPEAT * self.meetings[pair] + (CONSECUTIVE if pair in self.last_meetings else 0) + team

    def wind_cost(self, player: int, wind: int, size: int) -> int:
        """The cost of ``player`` at ``wind`` of a table of ``size``: their games there beyond
        their least played of that table's winds."""
        counts = self.winds.get(player)
        return WIND * (counts[wind] - min(counts[:size])) if counts else 0


def table_sizes(count: int, seats: int, rest_seats: int = 0) -> tuple[int, ...]:
    """The tables of a round of ``count`` players, each of ``seats`` or of ``rest_seats``
    (0: none): the fewest players sitting out, then the most tables of ``seats``; largest
    first. With tables of four and of three: 13 is 4+3+3+3, 5 is 4 and one sits out."""
    best = max(
        range(count // seats + 1),
        key=lambda full: (full * seats + _rest(count - full * seats, rest_seats) * rest_seats, full),
    )
    return (seats,) * best + (rest_seats,) * _rest(count - best * seats, rest_seats)


def _rest(count: int, rest_seats: int) -> int:
    return count // rest_seats if rest_seats else 0


@dataclass(frozen=True)
class Draw:
    """A round's seating: tables in seat order, who sits out, and what it costs."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...]
    cost: int
