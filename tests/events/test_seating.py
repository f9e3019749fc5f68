"""The seating draws, pure Python: property-based over many sizes and rounds."""

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.events.seating import (
    CONSECUTIVE,
    REPEAT,
    WIND,
    Draw,
    Past,
    best_winds,
    draw_interval,
    draw_random,
    draw_swiss,
    repeated_pairs,
    seating_cost,
    swap,
    wind_imbalance,
)
from tests.hypothesis_budget import examples

DRAWS = {  # the structural properties hold whatever the search's effort: keep it small here
    "random": lambda players, past, rng: draw_random(players, past, rng, effort=200),
    "random, full effort": draw_random,
    "swiss": draw_swiss,
    "interval": draw_interval,
}


def run(method, sizes, seed):
    """An event whose attendance per round is ``sizes`` (players 0..size-1 present)."""
    past = Past(seats=4)
    for number, size in enumerate(sizes):
        draw = DRAWS[method](list(range(size)), past, random.Random(f"{seed}:{number}"))
        yield past, draw, size
        past = past.after(draw)


@settings(max_examples=examples(40), deadline=None)
@given(
    method=st.sampled_from(["random", "swiss", "interval"]),
    sizes=st.lists(st.integers(4, 30), min_size=1, max_size=5),
    seed=st.integers(0, 10**6),
)
def test_every_player_present_sits_once_or_sits_out(method, sizes, seed):
    for _past, draw, size in run(method, sizes, seed):
        seated = [p for table in draw.tables for p in table]
        assert all(len(table) == 4 for table in draw.tables)
        assert len(draw.sitting_out) == size % 4
        assert sorted(seated + list(draw.sitting_out)) == list(range(size))


@settings(max_examples=examples(40), deadline=None)
@given(
    method=st.sampled_from(["random", "swiss", "interval"]),
    size=st.integers(5, 31).filter(lambda n: n % 4),
    rounds=st.integers(2, 8),
    seed=st.integers(0, 10**6),
)
def test_sit_outs_go_to_the_fewest_so_far_and_never_twice_in_a_row(method, size, rounds, seed):
    outs = Counter()
    previous = ()
    for _past, draw, _size in run(method, [size] * rounds, seed):
        assert not set(draw.sitting_out) & set(previous)
        outs.update(draw.sitting_out)
        assert max(outs[p] for p in range(size)) - min(outs[p] for p in range(size)) <= 1
        previous = draw.sitting_out


@settings(max_examples=examples(10), deadline=None)
@given(rounds=st.integers(1, 9), seed=st.integers(0, 10**6))
def test_winds_stay_balanced_at_one_table(rounds, seed):
    """Four players, any number of rounds: East/South/West/North counts differ by at most one."""
    history = [draw.tables for _past, draw, _size in run("random", [4] * rounds, seed)]
    assert wind_imbalance(history) <= 1


@settings(max_examples=examples(25), deadline=None)
@given(tables=st.integers(1, 16), rounds=st.integers(1, 10), seed=st.integers(0, 10**6))
def test_random_draw_keeps_every_players_winds_within_one_after_every_round(tables, rounds, seed):
    """Full tables, 4 to 64 players, any number of rounds: after each round every player's
    East/South/West/North counts differ by at most one, whatever the search's effort."""
    past = Past(seats=4)
    for number in range(rounds):
        draw = draw_random(
            range(4 * tables), past, random.Random(f"{seed}:{number}"), rounds_left=rounds - number, effort=20
        )
        past = past.after(draw)
        assert wind_imbalance(past.rounds) <= 1


@settings(max_examples=examples(20), deadline=None)
@given(
    method=st.sampled_from(["random", "swiss", "interval"]),
    sizes=st.lists(st.integers(4, 24), min_size=2, max_size=4),
    seed=st.integers(0, 10**6),
)
def test_every_table_sits_at_its_cheapest_winds(method, sizes, seed):
    for past, draw, _size in run(method, sizes, seed):
        for table in draw.tables:
            seated = sum(past.wind_cost(player, wind, len(table)) for wind, player in enumerate(table))
            assert seated == best_winds(past, table)[0]


@settings(max_examples=examples(6), deadline=None)
@given(size=st.integers(16, 32), seed=st.integers(0, 10**6))
def test_random_draw_avoids_repeat_opponents_while_it_can(size, seed):
    """With 16 or more players a second and third round without a repeat pair exist."""
    for past, draw, _size in run("random, full effort", [size] * 3, seed):
        assert repeated_pairs(past, draw.tables) == 0


@given(seed=st.integers(0, 10**6), method=st.sampled_from(["random", "swiss", "interval"]))
@settings(max_examples=examples(20), deadline=None)
def test_a_draw_is_deterministic_from_its_seed(seed, method):
    first = [draw for _p, draw, _s in run(method, [13, 14, 12], seed)]
    again = [draw for _p, draw, _s in run(method, [13, 14, 12], seed)]
    assert first == again


def test_sixteen_players_five_rounds_meet_no_one_twice():
    """The bench's target: a perfect 16 × 5 (every pair meets exactly once), winds balanced."""
    past = Past(seats=4)
    for number in range(5):
        draw = draw_random(range(16), past, random.Random(f"bench:{number}"), rounds_left=5 - number)
        assert repeated_pairs(past, draw.tables) == 0
        past = past.after(draw)
    assert wind_imbalance(past.rounds) <= 1


def test_the_cost_counts_every_earlier_meeting_and_more_for_the_last_round():
    past = Past(rounds=(((0, 1, 2, 3),), ((0, 1, 4, 5),)), seats=4)
    # 0-1 met twice, the last time in the round just before; 2-3 met once, not last round
    tables = ((4, 5, 2, 3),)
    assert seating_cost(past.before(1), ((6, 7, 0, 1),)) == REPEAT + CONSECUTIVE  # new winds
    assert seating_cost(past.before(1), ((0, 1, 6, 7),)) == REPEAT + CONSECUTIVE + 2 * WIND  # East again
    pairs = past.pair_cost(0, 1), past.pair_cost(2, 3), past.pair_cost(4, 5)
    assert pairs == (2 * REPEAT + CONSECUTIVE, REPEAT, REPEAT + CONSECUTIVE)
    assert repeated_pairs(past, tables) == 2


def test_swiss_keeps_the_standings_groups_unless_a_swap_avoids_a_repeat():
    order = list(range(8))
    first = draw_swiss(order, Past(seats=4), random.Random(1))
    assert [sorted(t) for t in first.tables] == [[0, 1, 2, 3], [4, 5, 6, 7]]
    past = Past(rounds=(first.tables,), seats=4)
    second = draw_swiss(order, past, random.Random(2))
    assert repeated_pairs(past, second.tables) < 12


def test_interval_seats_every_kth_player_down_the_standings():
    draw = draw_interval(list(range(16)), Past(seats=4), random.Random(1))
    assert sorted(sorted(t) for t in draw.tables) == [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]]
    stepped = draw_interval(list(range(16)), Past(seats=4), random.Random(1), step=2)
    assert sorted(sorted(t) for t in stepped.tables) == [[0, 2, 4, 6], [1, 3, 5, 7], [8, 10, 12, 14], [9, 11, 13, 15]]


def test_a_swap_exchanges_two_seats_and_shows_the_new_cost():
    past = Past(rounds=(((0, 1, 2, 3), (4, 5, 6, 7)),), seats=4)
    draw = Draw(((1, 7, 0, 5), (2, 6, 3, 4)), (), 0)  # everyone at a new wind
    swapped = swap(past, draw, (0, 0), (1, 3))  # 4 at East again, with 5 and 7 again
    assert swapped.tables == ((4, 7, 0, 5), (2, 6, 3, 1))
    assert swapped.cost == seating_cost(past, swapped.tables)
    assert swapped.cost > seating_cost(past, draw.tables) > 0
    assert {pair for t in swapped.tables for pair in combinations(sorted(t), 2)} >= {(4, 7)}
