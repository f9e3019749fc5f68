"""Who sits where: the seating draws of a club night or a tournament, in pure Python.

A draw is deterministic from its seed (a ``random.Random``). The cost of a seating is
Mahjong Pantheon's idea, weighted our way: every pair of opponents who met before in the
event costs ``REPEAT`` per earlier meeting, and ``CONSECUTIVE`` more when that meeting was
the round just before; a seat that would leave a player with two more games at one wind
than at another costs ``WIND`` per game too many. The random draw is a local search over
that cost (swap two players of two tables when the cost does not rise, a few restarts); the
swiss and interval draws keep the standings' groups and only fix the winds (swiss also
swaps neighbours of adjacent tables to avoid repeats).

Players are plain integers (the caller's ids); a table is four players in seat order
East, South, West, North.
"""

import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, pairwise, permutations

REPEAT, CONSECUTIVE, WIND = 100, 100, 100
MOST_STEPS = 60_000  # the search's budget: under two seconds for 64 players
ORDERS = tuple(permutations(range(4)))


@dataclass(frozen=True)
class Past:
    """The event so far: each round's tables (seat order) and who sat out of it."""

    rounds: tuple[tuple[tuple[int, ...], ...], ...] = ()
    sat_out: tuple[tuple[int, ...], ...] = ()

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
        """Each player's games at East, South, West and North so far."""
        counts: dict[int, list[int]] = {}
        for tables in self.rounds:
            for table in tables:
                for wind, player in enumerate(table):
                    counts.setdefault(player, [0, 0, 0, 0])[wind] += 1
        return counts

    @cached_property
    def sit_outs(self) -> Counter:
        return Counter(player for out in self.sat_out for player in out)

    def pair_cost(self, a: int, b: int) -> int:
        pair = (a, b) if a < b else (b, a)
        return REPEAT * self.meetings[pair] + (CONSECUTIVE if pair in self.last_meetings else 0)

    def wind_cost(self, player: int, wind: int) -> int:
        counts = self.winds.get(player)
        return WIND * (counts[wind] - min(counts)) if counts else 0


@dataclass(frozen=True)
class Draw:
    """A round's seating: tables in seat order, who sits out, and what it costs."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...]
    cost: int


def table_cost(past: Past, table) -> int:
    """The cost of one table as seated (pairs and winds)."""
    return (sum(past.pair_cost(a, b) for a, b in combinations(table, 2))
            + sum(past.wind_cost(player, wind) for wind, player in enumerate(table)))


def seating_cost(past: Past, tables) -> int:
    return sum(table_cost(past, table) for table in tables)


def repeated_pairs(past: Past, tables) -> int:
    """How many pairs of opponents at these tables met before in the event."""
    return sum(1 for table in tables for pair in combinations(sorted(table), 2) if past.meetings[pair])


def wind_imbalance(rounds) -> int:
    """The largest difference between a player's most and least played wind."""
    counts = Past(tuple(tuple(map(tuple, tables)) for tables in rounds)).winds.values()
    return max((max(c) - min(c) for c in counts), default=0)


def best_winds(past: Past, group) -> tuple[int, tuple[int, ...]]:
    """The cheapest order of four players at the winds, and its wind cost."""
    return min((sum(past.wind_cost(group[i], wind) for wind, i in enumerate(order)), tuple(group[i] for i in order))
               for order in ORDERS)


def choose_sit_outs(past: Past, players, count: int, rng: random.Random) -> tuple[int, ...]:
    """Who sits out: fewest sit-outs so far, never twice in a row while others can."""
    last = set(past.sat_out[-1]) if past.sat_out else set()
    keyed = sorted(players, key=lambda p: (p in last, past.sit_outs[p], rng.random()))
    return tuple(sorted(keyed[:count]))


def _split(players, past, rng):
    """The players who sit at tables (in the given order) and those who sit out."""
    out = choose_sit_outs(past, players, len(players) % 4, rng)
    return [p for p in players if p not in out], out


def _seat(past: Past, groups, sitting_out) -> Draw:
    tables = tuple(best_winds(past, group)[1] for group in groups)
    return Draw(tables, sitting_out, seating_cost(past, tables))


def draw_random(players, past: Past, rng: random.Random, *, rounds_left: int = 1, effort: int = 4000) -> Draw:
    """Random tables with the fewest repeat opponents and balanced winds.

    Simulated annealing over the cost, planning ``rounds_left`` rounds at once (this one and
    the rounds still to come, with the same players, seats included) so that an early round
    does not spoil a later one; only this round's tables are returned. A move swaps two
    players of one round, at two tables or at one. ``effort``: moves per table and round.
    """
    seated, out = _split(sorted(players), past, rng)
    count = len(seated) // 4
    plan = [_shuffled(seated, rng) for _round in range(max(1, min(rounds_left, 12)))]
    met = {a: Counter() for a in seated}
    for a, b in combinations(seated, 2):
        met[a][b] = met[b][a] = past.meetings[(a, b) if a < b else (b, a)]
    winds = {p: list(past.winds.get(p, (0, 0, 0, 0))) for p in seated}
    for groups in plan:
        for group in groups:
            for wind, a in enumerate(group):
                winds[a][wind] += 1
            for a, b in combinations(group, 2):
                met[a][b] += 1
                met[b][a] += 1

    def moved(a, b, group, now: bool) -> int:
        """The pair cost change of ``a`` leaving ``group`` for ``b`` (``b`` not yet in it)."""
        change = 0
        for x in group:
            if x != a:
                change += REPEAT * (met[b][x] - met[a][x] + 1)
                if now:
                    change += CONSECUTIVE * (_consecutive(past, b, x) - _consecutive(past, a, x))
        return change

    def reseat(a, old, new) -> int:
        """The wind cost change of moving ``a`` from wind ``old`` to ``new`` (applied)."""
        before = _imbalance(winds[a])
        winds[a][old] -= 1
        winds[a][new] += 1
        return WIND * (_imbalance(winds[a]) - before)

    steps = min(effort * count * len(plan), MOST_STEPS)
    for step in range(steps):
        groups = plan[rng.randrange(len(plan))]
        now = groups is plan[0]
        t1, t2 = rng.randrange(count), rng.randrange(count)
        i, j = rng.randrange(4), rng.randrange(4)
        g1, g2 = groups[t1], groups[t2]
        a, b = g1[i], g2[j]
        if a == b:
            continue
        change = reseat(a, i, j) + reseat(b, j, i)
        if t1 != t2:
            change += moved(a, b, g1, now) + moved(b, a, g2, now)
        temperature = REPEAT * (1 - step / steps) + 1
        if change <= 0 or rng.random() < math.exp(-change / temperature):
            if t1 != t2:
                for x in g1:
                    if x != a:
                        met[a][x] -= 1; met[x][a] -= 1; met[b][x] += 1; met[x][b] += 1  # noqa: E702
                for y in g2:
                    if y != b:
                        met[b][y] -= 1; met[y][b] -= 1; met[a][y] += 1; met[y][a] += 1  # noqa: E702
            g1[i], g2[j] = b, a
        else:
            reseat(a, j, i)
            reseat(b, i, j)
    return _seat(past, plan[0], out)  # each table's cheapest order at the winds, too


def _imbalance(counts) -> int:
    """Games at a wind beyond one more than the least played wind."""
    least = min(counts)
    return sum(max(0, c - least - 1) for c in counts)


def _shuffled(players, rng) -> list[list[int]]:
    order = list(players)
    rng.shuffle(order)
    return [order[i:i + 4] for i in range(0, len(order), 4)]


def _consecutive(past: Past, a: int, b: int) -> int:
    return ((a, b) if a < b else (b, a)) in past.last_meetings


def draw_swiss(standings, past: Past, rng: random.Random) -> Draw:
    """Tables by the standings (best first), neighbours of adjacent tables swapped where
    that avoids repeat opponents."""
    seated, out = _split(list(standings), past, rng)
    groups = [seated[i:i + 4] for i in range(0, len(seated), 4)]

    def pairs(group) -> int:
        return sum(past.pair_cost(a, b) for a, b in combinations(group, 2))

    improved = True
    while improved:
        improved = False
        for upper, lower in pairwise(groups):
            for i, j in ((i, j) for i in range(4) for j in range(4)):
                before = pairs(upper) + pairs(lower)
                upper[i], lower[j] = lower[j], upper[i]
                if pairs(upper) + pairs(lower) < before:
                    improved = True
                else:
                    upper[i], lower[j] = lower[j], upper[i]
    return _seat(past, groups, out)


def draw_interval(standings, past: Past, rng: random.Random, step: int = 0) -> Draw:
    """Every ``step``-th player down the standings at one table (``step`` 0: the number of
    tables, so each table holds one player from each quarter of the field)."""
    seated, out = _split(list(standings), past, rng)
    step = step or len(seated) // 4
    groups = []
    for start in range(0, len(seated), 4 * step):
        block = seated[start:start + 4 * step]
        width = len(block) // 4
        groups += [block[t::width] for t in range(width)]
    return _seat(past, groups, out)


def swap(past: Past, draw: Draw, first: tuple[int, int], second: tuple[int, int]) -> Draw:
    """The draw with the players of two seats, (table, seat) each, exchanged."""
    tables = [list(table) for table in draw.tables]
    (t1, s1), (t2, s2) = first, second
    tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
    seated = tuple(map(tuple, tables))
    return Draw(seated, draw.sitting_out, seating_cost(past, seated))
