"""Who sits where: the seating draws of a club night or a tournament, in pure Python.

A draw is deterministic from its seed (a ``random.Random``). The cost of a seating is
Mahjong Pantheon's idea, weighted our way: every pair of opponents who met before in the
event costs ``REPEAT`` per earlier meeting, and ``CONSECUTIVE`` more when that meeting was
the round just before; a seat at a wind the player has played more often than their least
played one costs ``WIND`` per game beyond the least (ten repeats: winds come first); two of a
team at a table cost ``TEAMMATE``, and two rivals cost ``TEAM_MEETING`` per meeting of their teams
beyond the least met pair of teams' (``Past.teams``, ``scoring.events.teammates``). The
random draw is simulated annealing over that cost (see ``draw_random``); the swiss and
interval draws keep the standings' groups and only fix the winds (swiss also swaps
neighbours of adjacent tables to avoid repeats).

Players are plain integers (the caller's ids); a table is ``Past.seats`` players (as many
as the event's ruleset's family seats) in seat order East, South, …, or, for an event
that seats the rest at smaller tables (``Past.rest_seats``: three, with a three-player
ruleset), some tables of that many (``table_sizes``: fewest sit-outs, then most full
tables; the full tables first). A table of three plays its first three winds: a player's
wind there is weighed against the least played of those three only.
"""

import math
import random
from collections import Counter
from functools import cache
from itertools import combinations, pairwise, permutations

from scoring.events.least_played import at_least_played_winds
from scoring.events.past import (  # noqa: F401 (the draws' names, defined where all can import them)
    CONSECUTIVE,
    REPEAT,
    WIND,
    Draw,
    Past,
    table_sizes,
)
from scoring.events.teammates import (
    TEAMMATE,
    draw_preference,
    meeting_cost,
    teammate_pairs,
    teammate_tables,
    teammates,
    teams_dealt,
)

MOST_STEPS = 80_000  # the search's budget: under two seconds for 64 players
MOVER_TRIES = 4  # how many players the search looks at for one whose seats cost something


@cache
def orders(seats: int) -> tuple[tuple[int, ...], ...]:
    """Every order of a table's ``seats`` players at its winds."""
    return tuple(permutations(range(seats)))


def table_cost(past: Past, table) -> int:
    """The cost of one table as seated (pairs and winds)."""
    return sum(past.pair_cost(a, b) for a, b in combinations(table, 2)) + sum(
        past.wind_cost(player, wind, len(table)) for wind, player in enumerate(table)
    )


def seating_cost(past: Past, tables) -> int:
    return sum(table_cost(past, table) for table in tables)


def repeated_pairs(past: Past, tables) -> int:
    """How many pairs of opponents at these tables met before in the event."""
    return sum(1 for table in tables for pair in combinations(sorted(table), 2) if past.meetings[pair])


def wind_imbalance(rounds) -> int:
    """The largest difference between a player's most and least played wind."""
    seats = max((len(table) for tables in rounds for table in tables), default=2)
    counts = Past(tuple(tuple(map(tuple, tables)) for tables in rounds), seats=seats).winds.values()
    return max((max(c) - min(c) for c in counts), default=0)


def best_winds(past: Past, group) -> tuple[int, tuple[int, ...]]:
    """The cheapest order of a table's players at the winds, and its wind cost."""
    return min(
        (
            (
                sum(past.wind_cost(group[i], wind, len(group)) for wind, i in enumerate(order)),
                tuple(group[i] for i in order),
            )
            for order in orders(len(group))
        ),
        key=lambda seated: seated[0],
    )  # ties: the order given


def choose_sit_outs(past: Past, players, count: int, rng: random.Random) -> tuple[int, ...]:
    """Who sits out: fewest sit-outs so far, never twice in a row while others can."""
    last = set(past.sat_out[-1]) if past.sat_out else set()
    keyed = sorted(players, key=lambda p: (p in last, past.sit_outs[p], rng.random()))
    return tuple(sorted(keyed[:count]))


def _split(players, past, rng):
    """The players who sit at tables (in the given order) and those who sit out."""
    out = choose_sit_outs(past, players, len(players) - sum(past.sizes(len(players))), rng)
    return [p for p in players if p not in out], out


def _seat(past: Past, groups, sitting_out) -> Draw:
    tables = tuple(best_winds(past, group)[1] for group in groups)
    return Draw(tables, sitting_out, seating_cost(past, tables))


def draw_random(players, past: Past, rng: random.Random, *, rounds_left: int = 1, effort: int = 4000, start=()) -> Draw:
    """Random tables with the fewest repeat opponents and balanced winds.

    Simulated annealing over the cost, planning ``rounds_left`` rounds at once (this one and
    the rounds still to come, with the same players, seats included) so that an early round
    does not spoil a later one; only this round's tables are returned. A move swaps two
    players of one round (mostly a player who meets someone again), or the same two players
    in two rounds, which trades their winds between the rounds and keeps both balanced.
    ``effort``: moves per table and round; the search stops early at a cost of nothing.
    ``start``: a plan to start from instead, round by round (tables of player ids, this
    round first): its tables whose players are all seated are kept, the other players
    shuffled into the rest; the guarantee below is then only the usual start's.

    Guaranteed, whatever the effort: this round seats every player at a wind they have
    played least whenever such a seating exists (it starts from one, found by augmenting
    paths, and never leaves them). With everyone at every round at full tables one always
    exists, so each player's counts at the winds differ by at most one after every round.
    With sit-outs or late arrivals that holds as far as such seatings exist; the later
    planned rounds' winds only weigh in the cost.
    """
    seated, out = _split(sorted(players), past, rng)

    def search(start) -> Draw:
        found = _Search(past, seated, _plan(past, seated, rng, rounds_left=rounds_left, start=start))
        found.run(rng, min(effort * len(found.plan[0]) * len(found.plan), MOST_STEPS))
        return _seat(past, found.plan[0], out)  # each table's cheapest order at the winds, too

    drawn = search(start)
    if not teammate_tables(past, drawn.tables):
        return drawn
    dealt = teams_dealt(past, seated, rng, past.sizes(len(seated)))
    return min(drawn, search([dealt]), _seat(past, dealt, out), key=lambda d: draw_preference(past, d))


def _plan(past: Past, seated, rng, *, rounds_left: int, start) -> list[list[list[int]]]:
    """The plan the search starts from: this round at least played winds (or ``start``'s
    tables), the later rounds shuffled (at most twelve rounds in all)."""
    sizes = past.sizes(len(seated))
    later = [_shuffled(seated, rng, sizes) for _round in range(1, min(rounds_left, 12))]
    return [
        _fitted(start[n], seated, rng, sizes) if n < len(start) else tables
        for n, tables in enumerate([at_least_played_winds(past, seated, rng), *later])
    ]


class _Search:
    """``draw_random``'s simulated annealing over a plan of rounds: the plan's tables, who met
    whom how often (the event so far and the plan), each player's (table, wind) in each
    planned round, each player's wind cost, and the plan's whole cost."""

    def __init__(self, past: Past, seated: list[int], plan: list[list[list[int]]]):
        self.past, self.seated, self.plan = past, seated, plan
        self.met = met = {a: Counter() for a in seated}
        for a, b in combinations(seated, 2):
            met[a][b] = met[b][a] = past.meetings[(a, b) if a < b else (b, a)]
        self.where = where = {p: [None] * len(plan) for p in seated}  # (table, wind) in each planned round
        for number, groups in enumerate(plan):
            for table, group in enumerate(groups):
                for wind, a in enumerate(group):
                    where[a][number] = table, wind
                for a, b in combinations(group, 2):
                    met[a][b] += 1
                    met[b][a] += 1
        self.before = {p: past.winds.get(p, (0,) * past.seats) for p in seated}
        self.costs = {p: self.winds_cost(p) for p in seated}
        self.firsts = {  # this round's wind costs, by table size and wind
            p: {size: [past.wind_cost(p, wind, size) for wind in range(size)] for size in set(past.sizes(len(seated)))}
            for p in seated
        }
        self.total = (
            sum(self.costs.values())
            + sum(REPEAT * m * (m - 1) // 2 for a in seated for b, m in met[a].items() if a < b)
            + sum(CONSECUTIVE * _consecutive(past, a, b) for group in plan[0] for a, b in combinations(group, 2))
            + sum(TEAMMATE * teammate_pairs(past, group) for groups in plan for group in groups)
            + sum(meeting_cost(past, a, b) for group in plan[0] for a, b in combinations(group, 2))
        )

    def run(self, rng: random.Random, steps: int) -> None:
        """Up to ``steps`` moves, cooling as they go; stops at a cost of nothing."""

        def pick(n: int) -> int:
            return int(rng.random() * n)  # randrange's speed matters here

        for step in range(steps):
            if not self.total:
                break
            number, a = self.mover(pick)
            b, other = self.partner(rng, pick, number, a)
            if a == b:
                continue
            rounds = (number,) if other == number else (number, other)
            self.try_swap(a, b, rounds, REPEAT * (1 - step / steps) + 1, rng)

    def mover(self, pick) -> tuple[int, int]:
        """A planned round and a player in it whose winds or table cost something, if one is
        found soon."""
        plan, where, met = self.plan, self.where, self.met
        for _try in range(MOVER_TRIES):
            number = pick(len(plan))
            a = self.seated[pick(len(self.seated))]
            if self.costs[a] or any(met[a][x] > 1 for x in plan[number][where[a][number][0]]):
                break
        return number, a

    def partner(self, rng: random.Random, pick, number: int, a: int) -> tuple[int, int]:
        """Whom ``a`` swaps with, and in which other round too (``number`` for none)."""
        kind = rng.random()
        if kind < 0.25:  # anyone else in the round
            return self.seated[pick(len(self.seated))], number
        # at a's wind at another table; half the time, at a's wind in another round, there too
        other = number if kind < 0.75 else pick(len(self.plan))
        group, wind = self.plan[number][pick(len(self.plan[0]))], self.where[a][other][1]
        return group[wind if wind < len(group) else pick(len(group))], other  # a smaller table: anyone

    def try_swap(self, a: int, b: int, rounds: tuple[int, ...], temperature: float, rng: random.Random) -> None:
        """Swap ``a`` and ``b`` in ``rounds`` (this round's tables reseated at their cheapest
        winds); keep the move if it saves, or by the annealing's chance, else undo it."""
        number, where, firsts = rounds[0], self.where, self.firsts
        touched, saved = {a, b}, {}
        if 0 in rounds:
            saved = {where[x][0][0]: list(self.plan[0][where[x][0][0]]) for x in (a, b)}
            first = sum(firsts[x][len(group)][wind] for group in saved.values() for wind, x in enumerate(group))
        cost = 0
        for swapped in rounds:
            cost += self.change(swapped, a, b)
            self.exchange(swapped, a, b)
        if saved and sum(self.first_cost(x) for table in saved for x in self.plan[0][table]) > first:
            touched |= self.seat(saved)  # reseated: this round's winds come first, never one played more than the least
            if sum(self.first_cost(x) for x in touched) > first:
                cost = math.inf
        same = len(touched) == 2 and len(rounds) == 1 and where[a][number][1] == where[b][number][1]
        new = {} if same else {x: self.winds_cost(x) for x in touched}  # unless no one changed wind
        cost += sum(new[x] - self.costs[x] for x in new)
        if cost <= 0 or rng.random() < math.exp(-cost / temperature):
            self.costs.update(new)
            self.total += cost
        else:
            self.undo(a, b, rounds, saved)

    def undo(self, a: int, b: int, rounds: tuple[int, ...], saved: dict) -> None:
        """Take back a swap: the swap again, and this round's tables as they were."""
        for swapped in rounds:
            self.exchange(swapped, a, b)
        for table, group in saved.items():
            self.plan[0][table] = group
            for wind, x in enumerate(group):
                self.where[x][0] = table, wind

    def first_cost(self, a) -> int:
        """The wind cost of ``a``'s seat in this round."""
        table, wind = self.where[a][0]
        return self.firsts[a][len(self.plan[0][table])][wind]

    def winds_cost(self, a) -> int:
        """The wind cost of ``a``'s planned seats, round after round (``Past.wind_cost``)."""
        counts, total = list(self.before[a]), 0
        for number, (table, wind) in enumerate(self.where[a]):
            total += counts[wind] - min(counts[: len(self.plan[number][table])])
            counts[wind] += 1
        return WIND * total

    def moved(self, a, b, group, now: bool) -> int:
        """The pair cost change of ``a`` leaving ``group`` for ``b`` (``b`` not yet in it)."""
        met, past, change = self.met, self.past, 0
        for x in group:
            if x != a:
                change += REPEAT * (met[b][x] - met[a][x] + 1)
                if now:
                    change += CONSECUTIVE * (_consecutive(past, b, x) - _consecutive(past, a, x))
        if past.teams:
            rivals = [x for x in group if x != a]
            change += TEAMMATE * sum(teammates(past, b, x) - teammates(past, a, x) for x in rivals)
            if now:
                change += sum(meeting_cost(past, b, x) - meeting_cost(past, a, x) for x in rivals)
        return change

    def change(self, number, a, b) -> int:
        """The pair cost change of swapping ``a`` and ``b`` in a planned round."""
        (t1, _i), (t2, _j) = self.where[a][number], self.where[b][number]
        groups = self.plan[number]
        return self.moved(a, b, groups[t1], number == 0) + self.moved(b, a, groups[t2], number == 0) if t1 != t2 else 0

    def exchange(self, number, a, b) -> None:
        """Swap ``a`` and ``b`` in a planned round."""
        met, where = self.met, self.where
        (t1, i), (t2, j) = where[a][number], where[b][number]
        g1, g2 = self.plan[number][t1], self.plan[number][t2]
        if t1 != t2:  # the tables may differ in size: each its own loop
            met_a, met_b = met[a], met[b]
            for x in g1:
                if x != a:
                    met_a[x] -= 1
                    met_b[x] += 1
                    met_x = met[x]
                    met_x[a] -= 1
                    met_x[b] += 1
            for y in g2:
                if y != b:
                    met_b[y] -= 1
                    met_a[y] += 1
                    met_y = met[y]
                    met_y[b] -= 1
                    met_y[a] += 1
        g1[i], g2[j] = b, a
        where[a][number], where[b][number] = (t2, j), (t1, i)

    def seat(self, tables) -> set:
        """Seat these tables of this round at their cheapest winds; their players."""
        plan, firsts = self.plan, self.firsts
        for table in tables:
            group = plan[0][table]
            costs = [firsts[x][len(group)] for x in group]
            order = min(orders(len(group)), key=lambda order: sum(costs[i][wind] for wind, i in enumerate(order)))
            group[:] = [group[i] for i in order]
            for wind, x in enumerate(group):
                self.where[x][0] = table, wind
        return {x for table in tables for x in plan[0][table]}


def _fitted(tables, players, rng, sizes: tuple[int, ...]) -> list[list[int]]:
    """``tables`` whose players are all among ``players`` (as many of each size as ``sizes``
    has), the other players shuffled into the rest of ``sizes``."""
    here, rest = set(players), list(sizes)
    kept = []
    for table in tables:
        if here.issuperset(table) and len(table) in rest:
            kept.append(list(table))
            rest.remove(len(table))
    placed = {p for table in kept for p in table}
    return kept + _shuffled([p for p in players if p not in placed], rng, tuple(rest))


def _shuffled(players, rng, sizes: tuple[int, ...]) -> list[list[int]]:
    order = list(players)
    rng.shuffle(order)
    return _tables(order, sizes)


def _tables(players, sizes: tuple[int, ...]) -> list[list[int]]:
    """``players`` at tables of ``sizes``, in the order given."""
    starts = [sum(sizes[:n]) for n in range(len(sizes))]
    return [list(players[start : start + size]) for start, size in zip(starts, sizes, strict=True)]


def _consecutive(past: Past, a: int, b: int) -> int:
    return ((a, b) if a < b else (b, a)) in past.last_meetings


def draw_swiss(standings, past: Past, rng: random.Random) -> Draw:
    """Tables by the standings (best first), neighbours of adjacent tables swapped where
    that avoids repeat opponents."""
    seated, out = _split(list(standings), past, rng)
    groups = _tables(seated, past.sizes(len(seated)))

    def pairs(group) -> int:
        return sum(past.pair_cost(a, b) for a, b in combinations(group, 2))

    improved = True
    while improved:
        improved = False
        for upper, lower in pairwise(groups):
            for i, j in ((i, j) for i in range(len(upper)) for j in range(len(lower))):
                before = pairs(upper) + pairs(lower)
                upper[i], lower[j] = lower[j], upper[i]
                if pairs(upper) + pairs(lower) < before:
                    improved = True
                else:
                    upper[i], lower[j] = lower[j], upper[i]
    return _seat(past, groups, out)


def draw_interval(standings, past: Past, rng: random.Random, step: int = 0) -> Draw:
    """Every ``step``-th player down the standings at one table (``step`` 0: the number of
    tables, so each table holds one player from each of as many equal parts of the field as
    it has seats): the standings fill blocks of ``step`` tables, dealt a seat at a time
    across the block's tables (a smaller table is dealt fewer)."""
    seated, out = _split(list(standings), past, rng)
    sizes = past.sizes(len(seated))
    step = step or len(sizes)
    dealt = iter(seated)
    groups: list[list[int]] = []
    for start in range(0, len(sizes), step):
        block = [[] for _size in sizes[start : start + step]]
        for seat in range(max(sizes[start : start + step])):
            for table, size in zip(block, sizes[start : start + step], strict=True):
                if seat < size:
                    table.append(next(dealt))
        groups += block
    return _seat(past, groups, out)


def swap(past: Past, draw: Draw, first: tuple[int, int], second: tuple[int, int]) -> Draw:
    """The draw with the players of two seats, (table, seat) each, exchanged."""
    tables = [list(table) for table in draw.tables]
    (t1, s1), (t2, s2) = first, second
    tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
    seated = tuple(map(tuple, tables))
    return Draw(seated, draw.sitting_out, seating_cost(past, seated))
