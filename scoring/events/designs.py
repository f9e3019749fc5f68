"""Tournament schedules with no repeat opponents, built from finite fields, in pure Python.

For 4q players, q a prime or a prime power of at least 4, the resolvable transversal design
TD(4, q) gives q rounds in which no two players ever meet twice (Colbourn & Dinitz,
*Handbook of Combinatorial Designs*, 2nd ed., III.3, mutually orthogonal Latin squares:
transversal designs and orthogonal arrays from the linear functions of a finite field; a
resolvable TD(4, q) is a TD(5, q). The "social golfer problem", CSPLib prob010, asks the
same of golfers). The
players are the points (i, x), group i in 0..3 and x in GF(q); round b in GF(q) has the
q tables {(i, a + m_i·b) : i in 0..3}, one for each a in GF(q), with four distinct
multipliers m_i. Within a round the tables are disjoint (x = a + m_i·b is one-to-one in a);
two tables meeting in groups i and j would need (m_i − m_j)(b − b') = 0, so the same round
and the same table: no pair meets twice. For q = 4 the groups themselves form a fifth
round (the lines of the affine plane AG(2, 4), a resolvable 2-(16, 4, 1) design): 16
players over 5 rounds meet every other player exactly once.

The design seats four at a table, one player of each group: it is used only for an event whose
tables seat four (``Past.seats``) and a round whose tables all seat four; at any other table
size, and in a round that seats the rest at three-player tables (``Past.rest_seats``), every
random draw is the annealing search's (``three_player_tables`` says so on the event page).

Sizes: 16 (5 rounds), 20 (5), 28 (7), 32 (8), 36 (9), 44 (11), 52 (13), 64 (16), and so on.
Not built here: 32 players over 9 or 10 rounds (the social golfer solutions for 8-4-10 are
found by search, not by a field), 20 players over 6 rounds, and the affine space AG(3, 4)
(64 players, 21 rounds), whose lines carry no group to rotate the winds by.

Winds: in the k-th round played (from 0) the player of group i sits at wind (i + k) mod 4,
one group per wind at every table, so each player's winds run E, S, W, N, E, ... and their
counts differ by at most one after every round; the groups' round (AG(2, 4)) comes fifth,
when everyone has played each wind once. Each table's order is still checked at the draw
(``seating.best_winds`` over the event so far, which keeps the rotation): a table that
cannot seat everyone at a least-played wind (newcomers in the groups' round) ends the
design.

An event keeps its design while the rounds so far are the design's, seats included: a
newcomer (someone who has not played in the event) who replaces a leaver takes the
leaver's point, meets no one twice and keeps the winds' rotation. Anything else (a late
arrival, a leaver without a replacement, sit-outs, a swap, a returning player) leaves it to
the annealing search (``seating.draw_random``), which starts its plan from the design's
tables where they still fit and keeps whichever draw is cheaper.

Teams (``Past.teams``): whole teams are given the points of one group where they pack
(``_points``), so no table of the design seats two teammates; four teams of q players are
the four groups, and every pair of rivals meets once in q rounds (the groups' round of
AG(2, 4) would seat each team together: the search's draw, with teammates apart, is kept
instead). A designed round that would seat teammates together, where the search can keep
them apart, gives way to the search's draw (``seating.draw_preference``).
"""

import random
from functools import cache

from scoring.events.seating import Draw, Past, best_winds, draw_random, seating_cost
from scoring.events.teammates import draw_preference, tables_wind_cost, team_groups, teammate_tables

SEATS = 4  # TD(4, q)'s table: one player of each of its four groups


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p**k, p prime, or None."""
    for p in range(2, q + 1):
        if q % p == 0:
            k, rest = 0, q
            while rest % p == 0:
                rest, k = rest // p, k + 1
            return (p, k) if rest == 1 else None
    return None


@cache
def field(q: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """GF(q)'s addition and multiplication tables over 0..q-1: an element is a polynomial
    over GF(p) of degree below k, its coefficients the digits of the number in base p,
    multiplied modulo the first monic polynomial of degree k that leaves no zero divisor
    (an irreducible one, so the quotient ring is the field)."""
    p, k = prime_power(q)

    def digits(n):
        return [n // p**i % p for i in range(k)]

    def number(coefficients):
        return sum(c * p**i for i, c in enumerate(coefficients))

    add = tuple(
        tuple(number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)]) for b in range(q))
        for a in range(q)
    )
    for modulus in range(q):  # x**k + modulus's polynomial
        low = digits(modulus)

        def times(a, b, low=low):
            product_ = [0] * (2 * k - 1)
            for i, x in enumerate(digits(a)):
                for j, y in enumerate(digits(b)):
                    product_[i + j] = (product_[i + j] + x * y) % p
            for degree in range(2 * k - 2, k - 1, -1):  # x**k = -low
                top, product_[degree] = product_[degree], 0
                for i, c in enumerate(low):
                    product_[degree - k + i] = (product_[degree - k + i] - top * c) % p
            return number(product_[:k])

        mul = tuple(tuple(times(a, b) for b in range(q)) for a in range(q))
        if all(mul[a][b] for a in range(1, q) for b in range(1, q)):
            return add, mul
    raise AssertionError(f"no irreducible polynomial of degree {k} over GF({p})")  # there always is one


def most_rounds(players: int) -> int:
    """The most rounds with no repeat opponents this module builds for ``players`` at tables
    of four (0: none)."""
    q, rest = divmod(players, SEATS)
    if rest or q < 4 or prime_power(q) is None:
        return 0
    return 5 if q == 4 else q


def design(players: int) -> list[list[tuple[int, ...]]]:
    """The rounds of the design for ``players`` (``most_rounds`` of them), each round's
    tables as point numbers 0..players-1 in group order (point (i, x) is i·q + x)."""
    q = players // SEATS
    add, mul = field(q)
    # group i's multiplier m_i is the element numbered i: four distinct ones, q >= 4
    rounds = [[tuple(i * q + add[a][mul[i][b]] for i in range(SEATS)) for a in range(q)] for b in range(q)]
    if q == 4:  # AG(2, 4): the groups are the fifth parallel class
        rounds.append([tuple(i * q + x for x in range(q)) for i in range(SEATS)])
    return rounds


def schedule(players: int, rounds: int, seed) -> list[list[tuple[int, ...]]] | None:
    """The event's plan of ``rounds`` rounds for points 0..players-1, from ``seed``: the
    design's rounds in a random order (the groups' round of AG(2, 4) last), the tables in a
    random order, each seated at the winds of its round's place; None if no design fits."""
    if not 0 < rounds <= most_rounds(players):
        return None
    rng = random.Random(f"{seed}:design")
    q = players // SEATS
    built = design(players)
    order = rng.sample(range(q), q) + ([q] if len(built) > q else [])
    plan = []
    for k, number in enumerate(order[:rounds]):
        tables = rng.sample(built[number], q)
        plan.append([tuple(table[(wind - k) % SEATS] for wind in range(SEATS)) for table in tables])
    return plan


def _holders(players, past: Past, seed, rounds: int | None):
    """The event's plan (player ids) for this round and the rounds left, and whether the
    design still holds; (None, False) if no design fits the first round's field.

    The design's points go to the first round's players at random from ``seed``; it holds
    while every round so far is the design's round (seats included) with everyone seated,
    and newcomers only ever took the points of leavers. The plan follows the points'
    holders as of the last round that kept the design. An event whose tables do not seat four
    has no design, nor has a round with a table of three."""
    if three_player_tables(players, past) or past.seats != SEATS:
        return None, False
    field_ = sorted({p for table in past.rounds[0] for p in table}) if past.rounds else sorted(players)
    plan = schedule(len(field_), rounds or 0, seed)
    if plan is None or len(past.rounds) >= len(plan):
        return None, False
    holders = _points(field_, past, seed)
    seen: set[int] = set()
    rounds_so_far = [{p for table in tables for p in table} for tables in past.rounds]
    for number, seated in enumerate([*rounds_so_far, set(players)]):
        gone = sorted(point for point, player in enumerate(holders) if player not in seated)
        new = sorted(seated - set(holders))
        if len(new) != len(gone) or seen & set(new) or (number < len(past.rounds) and past.sat_out[number]):
            break
        kept = list(holders)
        for point, player in zip(gone, new, strict=True):
            kept[point] = player
        before = past.before(number)
        tables = tuple(best_winds(before, [kept[point] for point in table])[1] for table in plan[number])
        if tables != (past.rounds[number] if number < len(past.rounds) else tables) or tables_wind_cost(before, tables):
            break
        holders = kept
        seen |= seated
    else:
        number += 1
    held = number > len(past.rounds)
    rest = [tuple(tuple(holders[point] for point in table) for table in tables) for tables in plan[len(past.rounds) :]]
    if held:
        rest[0] = tables  # seated at the winds as drawn
    return rest, held


def _points(field_, past: Past, seed) -> list[int]:
    """Who holds each point of the design (point i·q + x is in group i), at random from
    ``seed``; with teams (``Past.teams``), whole teams to a group where they fit (the largest
    first, each to the group with the most room), so that a table, one player of each group,
    never seats two teammates: four teams of q are exactly the groups."""
    rng = random.Random(f"{seed}:points")
    holders = list(field_)
    rng.shuffle(holders)
    if not past.teams:
        return holders
    q = len(holders) // SEATS
    groups: list[list[int]] = [[] for _group in range(SEATS)]
    for team in team_groups(past, holders):
        roomiest = min(groups, key=len)
        if len(roomiest) + len(team) > q:
            return holders  # the teams do not pack: the draw keeps them apart if it can
        roomiest.extend(team)
    return [player for group in groups for player in group]


def designed_tables(players, past: Past, seed, rounds: int | None) -> tuple[tuple[int, ...], ...] | None:
    """This round's tables from the event's design, or None if the design no longer holds."""
    plan, held = _holders(players, past, seed, rounds)
    return plan[0] if held else None


def three_player_tables(players, past: Past) -> bool:
    """Whether a round of ``players`` seats some at tables smaller than the event's, which
    no design has."""
    return any(size != past.seats for size in past.sizes(len(players)))


def draw(players, past: Past, rng: random.Random, *, seed, rounds: int | None, effort: int = 4000) -> Draw:
    """The random draw of a round: the design's tables while it holds, else the annealing
    search's over the rounds left (``effort`` as there).

    Where a design fits the field but no longer holds, the search runs twice on the same
    random numbers, once from its usual start and once from the design's plan (its tables
    whose players are all seated, the others' players shuffled into the rest), and
    the cheaper draw is kept: never costlier than the search without the design, and never
    one that seats a player at a wind played more than their least when the other does not
    (the usual start's guarantee, ``seating.draw_random``)."""
    plan, held = _holders(players, past, seed, rounds)
    left = rounds - len(past.rounds) if rounds else 1
    if held:
        designed = Draw(plan[0], (), seating_cost(past, plan[0]))
        if not teammate_tables(past, designed.tables):
            return designed
        searched = draw_random(players, past, rng, rounds_left=left, effort=effort)  # teammates apart
        return min(designed, searched, key=lambda d: draw_preference(past, d))
    if plan is None:
        return draw_random(players, past, rng, rounds_left=left, effort=effort)
    again = random.Random()
    again.setstate(rng.getstate())
    usual = draw_random(players, past, rng, rounds_left=left, effort=effort)
    started = draw_random(players, past, again, rounds_left=left, effort=effort, start=plan)
    return min(usual, started, key=lambda d: draw_preference(past, d))
