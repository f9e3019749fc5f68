"""Zero-repeat tournament schedules from finite fields (the random draw's designs), pure
Python: the fields, the designs, whole events drawn through them, and the search's fallback."""

import random
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.events import designs
from scoring.events.seating import Past, draw_random, repeated_pairs, wind_imbalance

FIELDS = (4, 5, 7, 8, 9, 11, 13, 16)
SIZES = {4 * q: 5 if q == 4 else q for q in FIELDS}  # players: most rounds with no repeat opponents
BENCH = ((16, 5), (20, 5), (28, 7), (32, 8), (36, 9), (64, 8))
GROUPS_ROUND = (16, 4)  # AG(2, 4)'s fifth round, after four: the one that is not a wind rotation


@pytest.mark.parametrize("q", (*FIELDS, 25, 27, 32))
def test_the_field_tables_are_a_field(q):
    add, mul = designs.field(q)
    elements = range(q)
    assert all(add[a][b] == add[b][a] and mul[a][b] == mul[b][a] for a, b in product(elements, repeat=2))
    assert all(add[0][a] == a and mul[1][a] == a and mul[0][a] == 0 for a in elements)
    assert all(sorted(add[a]) == list(elements) for a in elements)  # every a has a negative
    assert all(sorted(mul[a][1:]) == list(range(1, q)) for a in range(1, q))  # and an inverse if not 0
    for a, b, c in product(elements, repeat=3) if q <= 16 else ():
        assert add[add[a][b]][c] == add[a][add[b][c]] and mul[mul[a][b]][c] == mul[a][mul[b][c]]
        assert mul[a][add[b][c]] == add[mul[a][b]][mul[a][c]]


@pytest.mark.parametrize(("q", "expected"), [(4, (2, 2)), (9, (3, 2)), (13, (13, 1)), (6, None), (12, None)])
def test_prime_powers(q, expected):
    assert designs.prime_power(q) == expected


@pytest.mark.parametrize(("players", "rounds"), [*SIZES.items(), (24, 0), (40, 0), (48, 0), (17, 0), (12, 0)])
def test_which_fields_have_a_design(players, rounds):
    assert designs.most_rounds(players) == rounds


@pytest.mark.parametrize("players", SIZES)
def test_every_round_of_a_design_is_a_partition_and_no_pair_meets_twice(players):
    rounds = designs.design(players)
    assert len(rounds) == SIZES[players]
    for tables in rounds:
        assert sorted(p for table in tables for p in table) == list(range(players))
        assert all(len(table) == 4 for table in tables)
    pairs = [pair for tables in rounds for table in tables for pair in combinations(sorted(table), 2)]
    assert len(pairs) == len(set(pairs))
    if players == 16:  # AG(2, 4): every pair meets exactly once
        assert len(pairs) == 16 * 15 // 2


def event(players, rounds, seed, change=lambda number, seated: seated, **options):
    """An event drawn round after round through the design's draw; ``change`` gives each
    round's field from the last one's."""
    past, seated = Past(seats=4), list(range(players))
    for number in range(rounds):
        seated = change(number, seated)
        draw = designs.draw(seated, past, random.Random(f"{seed}:{number}"), seed=seed, rounds=rounds, **options)
        yield past, draw, seated
        past = past.after(draw)


def check_designed(past, draw, seated):
    assert sorted(p for table in draw.tables for p in table) == sorted(seated) and not draw.sitting_out
    assert repeated_pairs(past, draw.tables) == 0 and draw.cost == 0
    assert wind_imbalance((*past.rounds, draw.tables)) <= 1


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from(sorted(SIZES)), data=st.data(), seed=st.integers(0, 10**9))
def test_a_designed_event_meets_no_pair_twice_and_keeps_the_winds_within_one_after_every_round(size, data, seed):
    rounds = data.draw(st.integers(1, SIZES[size]))
    for past, draw, seated in event(size, rounds, seed):
        assert designs.designed_tables(seated, past, seed, rounds) == draw.tables
        check_designed(past, draw, seated)


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from(sorted(SIZES)), data=st.data(), seed=st.integers(0, 10**9))
def test_newcomers_who_replace_leavers_take_their_points_and_keep_the_design(size, data, seed):
    rounds = data.draw(st.integers(2, SIZES[size]))
    swaps = data.draw(st.dictionaries(st.integers(1, rounds - 1), st.integers(1, 3), max_size=3))
    for past, draw, seated in event(size, rounds, seed, replacing(swaps)):
        designed = designs.designed_tables(seated, past, seed, rounds)
        if designed is None and (size, len(past.rounds)) == GROUPS_ROUND:
            check_left_to_the_search(past, draw, seated)
            continue
        assert designed == draw.tables
        check_designed(past, draw, seated)


def replacing(swaps):
    """An event's ``change``: in round n, ``swaps[n]`` players leave and as many newcomers
    (1000, 1001 …) take their places."""
    newcomers = iter(range(1000, 2000))

    def change(number, seated):
        leavers = random.Random(number).sample(seated, swaps.get(number, 0))
        return [p for p in seated if p not in leavers] + [next(newcomers) for _ in leavers]

    return change


def check_left_to_the_search(past, draw, seated):
    """The groups' round could not seat every newcomer at a wind they have played least: the
    search's draw seats everyone and keeps the winds within one."""
    assert sorted(p for table in draw.tables for p in table) == sorted(seated) and not draw.sitting_out
    assert wind_imbalance((*past.rounds, draw.tables)) <= 1


def test_newcomers_the_groups_round_cannot_seat_at_their_missing_wind_leave_it_to_the_search():
    """16 players, 5 rounds, seeded with 0: three newcomers take leavers' points in round 2. In the
    fifth round (AG(2, 4)'s groups, where everyone meets the one player still unmet) 1001 and
    1002, who both have yet to sit North, share a table: the design would seat one of them at
    a wind played twice, so the search draws that round (4 repeat pairs, winds within one)."""
    rounds = list(event(16, 5, 0, replacing({1: 3})))
    for past, draw, seated in rounds[:4]:
        assert designs.designed_tables(seated, past, 0, 5) == draw.tables
        check_designed(past, draw, seated)
    past, draw, seated = rounds[4]
    assert designs.designed_tables(seated, past, 0, 5) is None
    assert past.winds[1001][3] == past.winds[1002][3] == 0
    check_left_to_the_search(past, draw, seated)
    assert repeated_pairs(past, draw.tables) == 4


def test_a_plan_is_the_same_from_the_same_seed_and_differs_from_another():
    assert designs.schedule(32, 8, "a") == designs.schedule(32, 8, "a") != designs.schedule(32, 8, "b")
    assert designs.schedule(32, 9, "a") is None and designs.schedule(24, 2, "a") is None


def test_a_late_arrival_a_leaver_without_substitute_a_swap_or_a_return_ends_the_design():
    first = next(event(32, 8, 5))[1]
    past = Past((first.tables,), ((),), seats=4)
    seated = sorted(p for table in first.tables for p in table)
    assert designs.designed_tables(seated, past, 5, 8) is not None
    assert designs.designed_tables([*seated, 99], past, 5, 8) is None  # a late arrival
    assert designs.designed_tables(seated[1:], past, 5, 8) is None  # a leaver, no substitute
    assert designs.designed_tables([*seated[1:], 99], past, 5, 8) is not None  # a substitute
    swapped = ((first.tables[0][1], first.tables[0][0], *first.tables[0][2:]), *first.tables[1:])
    assert designs.designed_tables(seated, Past((swapped,), ((),), seats=4), 5, 8) is None
    gone = Past((first.tables, designs.designed_tables([*seated[1:], 99], past, 5, 8)), ((), ()), seats=4)
    assert designs.designed_tables([*seated[1:], 99], gone, 5, 8) is not None
    assert designs.designed_tables([*seated[2:], 99, seated[0]], gone, 5, 8) is None  # back: met people


CHANGES = {
    "late arrival": lambda seated, rng: [*seated, 500],
    "leaver": lambda seated, rng: sorted(rng.sample(seated, len(seated) - 1)),
    "five arrive": lambda seated, rng: [*seated, *range(500, 505)],
    "four leave": lambda seated, rng: sorted(rng.sample(seated, len(seated) - 4)),
}


@settings(max_examples=25, deadline=None)
@given(
    size=st.sampled_from([16, 20, 28, 32]),
    change=st.sampled_from(sorted(CHANGES)),
    data=st.data(),
    seed=st.integers(0, 10**9),
)
def test_the_fallback_is_never_costlier_than_the_search_without_the_design(size, change, data, seed):
    """Same players, same event so far, same random generator: the draw started from the
    design (``designs.draw``) costs at most what ``draw_random`` alone costs, and seats
    everyone at a least-played wind whenever the search alone does."""
    rounds = data.draw(st.integers(3, SIZES[size]))
    at = data.draw(st.integers(1, rounds - 1))
    drawn = list(event(size, at, seed))
    last_past, last, _seated = drawn[-1]
    past = last_past.after(last)
    rng = random.Random(seed)
    seated = CHANGES[change](sorted(p for table in last.tables for p in table), rng)
    assert designs.designed_tables(seated, past, seed, rounds) is None
    state = rng.getstate()
    fallback = designs.draw(seated, past, rng, seed=seed, rounds=rounds, effort=100)
    rng.setstate(state)
    old = draw_random(seated, past, rng, rounds_left=rounds - at, effort=100)
    assert fallback.cost <= old.cost
    if not winds_cost(past, old):
        assert not winds_cost(past, fallback)


def winds_cost(past, draw):
    return sum(past.wind_cost(p, wind, len(table)) for table in draw.tables for wind, p in enumerate(table))


def test_the_search_started_from_a_plan_keeps_its_full_tables():
    plan = [((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11))]
    draw = draw_random(list(range(12)), Past(seats=4), random.Random(1), start=plan, effort=0)
    assert draw.tables == plan[0]
    broken = draw_random([*range(1, 12), 12], Past(seats=4), random.Random(1), start=plan, effort=0)
    assert {(4, 5, 6, 7), (8, 9, 10, 11)} <= set(broken.tables)


@pytest.mark.parametrize(("players", "rounds"), BENCH)
def test_the_bench_sizes_are_designed(players, rounds):
    past = Past(seats=4)
    for past, draw, seated in event(players, rounds, "bench"):
        check_designed(past, draw, seated)
    assert max(past.meetings.values()) == 1
