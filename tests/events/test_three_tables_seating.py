"""Three-player tables at a club night, pure Python: the players left over
sit at tables of three instead of sitting out, fewest sit-outs first, then most tables of four;
a table of three weighs a player's winds over its own three."""

import random
from collections import Counter

import pytest

from scoring.events import designs
from scoring.events.seating import (
    CONSECUTIVE,
    REPEAT,
    WIND,
    Past,
    draw_interval,
    draw_random,
    draw_swiss,
    swap,
    table_cost,
)
from scoring.events.seating import table_sizes as sizes

# players: (tables without three-player tables, sitting out), (with them, sitting out)
SIZES = {
    3: ((), 3, (3,), 0),
    4: ((4,), 0, (4,), 0),
    5: ((4,), 1, (4,), 1),  # a table of three would leave two out: fewest sit-outs wins
    6: ((4,), 2, (3, 3), 0),
    7: ((4,), 3, (4, 3), 0),
    8: ((4, 4), 0, (4, 4), 0),  # never 3+3 and two out, nor threes when fours seat everyone
    9: ((4, 4), 1, (3, 3, 3), 0),
    10: ((4, 4), 2, (4, 3, 3), 0),
    11: ((4, 4), 3, (4, 4, 3), 0),
    12: ((4, 4, 4), 0, (4, 4, 4), 0),
    13: ((4, 4, 4), 1, (4, 3, 3, 3), 0),  # one table of four, three of three
    14: ((4, 4, 4), 2, (4, 4, 3, 3), 0),
    15: ((4, 4, 4), 3, (4, 4, 4, 3), 0),
    16: ((4, 4, 4, 4), 0, (4, 4, 4, 4), 0),
    17: ((4, 4, 4, 4), 1, (4, 4, 3, 3, 3), 0),
    18: ((4, 4, 4, 4), 2, (4, 4, 4, 3, 3), 0),
    19: ((4, 4, 4, 4), 3, (4, 4, 4, 4, 3), 0),
    20: ((4,) * 5, 0, (4,) * 5, 0),
}
DRAWS = {
    "random": lambda players, past, rng: draw_random(players, past, rng, effort=200),
    "swiss": draw_swiss,
    "interval": draw_interval,
}


@pytest.mark.parametrize("count", SIZES)
def test_the_rest_sit_at_tables_of_three_fewest_sit_outs_then_most_fours(count):
    fours, out, mixed, out_mixed = SIZES[count]
    assert sizes(count, 4) == fours and count - sum(fours) == out
    assert sizes(count, 4, 3) == mixed and count - sum(mixed) == out_mixed


@pytest.mark.parametrize("method", DRAWS)
@pytest.mark.parametrize("count", SIZES)
def test_every_draw_seats_the_tables_the_count_gives_and_sits_out_the_rest(method, count):
    past = Past(seats=4, rest_seats=3)
    for number in range(3):
        draw = DRAWS[method](list(range(count)), past, random.Random(f"{count}:{number}"))
        assert tuple(len(table) for table in draw.tables) == SIZES[count][2]
        assert len(draw.sitting_out) == SIZES[count][3]
        seated = [p for table in draw.tables for p in table]
        assert sorted(seated + list(draw.sitting_out)) == list(range(count))
        past = past.after(draw)


# counts at East, South, West, North after the games so far -> cost at each wind of a table
WINDS = [
    ((1, 1, 0, 0), 3, (WIND, WIND, 0)),  # three winds: West is the one played least of them
    ((1, 1, 1, 0), 3, (0, 0, 0)),  # East, South, West once each: balanced at a table of three
    ((1, 1, 1, 0), 4, (WIND, WIND, WIND, 0)),  # at a table of four, North is owed
    ((0, 0, 0, 2), 3, (0, 0, 0)),  # North does not count at a table of three
]


@pytest.mark.parametrize("counts, size, costs", WINDS)
def test_a_table_of_three_weighs_the_winds_over_its_own_three(counts, size, costs):
    """A three-player table has three winds, East, South and West."""
    rounds = tuple(
        (tuple(7 if w == wind else 100 + w for w in range(4)),) for wind in range(4) for _n in range(counts[wind])
    )
    past = Past(rounds, ((),) * len(rounds), seats=4, rest_seats=3)
    assert tuple(past.wind_cost(7, wind, size) for wind in range(size)) == costs


def test_a_meeting_at_a_table_of_three_costs_as_one_at_a_table_of_four():
    past = Past((((1, 2, 3), (4, 5, 6, 7)),), ((),), seats=4, rest_seats=3)
    assert past.pair_cost(1, 2) == past.pair_cost(4, 7) == REPEAT + CONSECUTIVE and not past.pair_cost(3, 4)
    # 1 and 2 met, and each takes the wind they played at 1's and 2's tables again
    assert table_cost(past, (1, 2, 8)) == REPEAT + CONSECUTIVE + 2 * WIND


@pytest.mark.parametrize("count", [6, 9])
def test_winds_stay_balanced_at_tables_of_three(count):
    """Every round at tables of three: each player's East, South and West differ by at most
    one after every round, and nobody sits at North."""
    past = Past(seats=4, rest_seats=3)
    for number in range(7):
        past = past.after(draw_random(list(range(count)), past, random.Random(number)))
        for counts in past.winds.values():
            assert max(counts[:3]) - min(counts[:3]) <= 1 and counts[3] == 0


def test_thirteen_players_over_rounds_meet_new_opponents_and_sit_at_each_wind_evenly():
    past = Past(seats=4, rest_seats=3)
    for number in range(3):
        draw = draw_random(list(range(13)), past, random.Random(number))
        assert not draw.sitting_out and tuple(map(len, draw.tables)) == (4, 3, 3, 3)
        past = past.after(draw)
    assert max(past.meetings.values()) == 1  # three rounds of 13: no pair met twice
    assert all(
        max(Counter(table.index(p) for tables in past.rounds for table in tables if p in table).values()) <= 1
        for p in range(13)
    )  # nobody at the same wind twice in three rounds


def test_a_swap_between_a_table_of_four_and_one_of_three_keeps_the_tables_sizes():
    past = Past(seats=4, rest_seats=3)
    draw = draw_swiss(list(range(13)), past, random.Random(0))
    swapped = swap(past, draw, (0, 3), (3, 2))
    assert tuple(map(len, swapped.tables)) == (4, 3, 3, 3)
    assert swapped.tables[0][3] == draw.tables[3][2] and swapped.tables[3][2] == draw.tables[0][3]


def test_the_swiss_draw_seats_the_top_of_the_standings_at_the_tables_of_four():
    draw = draw_swiss(list(range(14)), Past(seats=4, rest_seats=3), random.Random(0))
    assert [sorted(table) for table in draw.tables] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10], [11, 12, 13]]


def test_the_interval_draw_deals_one_player_of_each_part_of_the_field_to_a_table():
    draw = draw_interval(list(range(13)), Past(seats=4, rest_seats=3), random.Random(0))
    assert [sorted(table) for table in draw.tables] == [[0, 4, 8, 12], [1, 5, 9], [2, 6, 10], [3, 7, 11]]


def test_a_designed_schedule_is_refused_for_a_round_with_tables_of_three():
    """The design seats four at every table: 16 players have one with or without the option,
    15 (four tables, one of three) have none, and the search seats them."""
    fours, threes = Past(seats=4), Past(seats=4, rest_seats=3)
    assert (
        designs.designed_tables(list(range(16)), threes, 1, 5)
        == designs.designed_tables(list(range(16)), fours, 1, 5)
        is not None
    )
    assert designs.three_player_tables(list(range(15)), threes)
    assert not designs.three_player_tables(list(range(15)), fours)
    draw = designs.draw(list(range(15)), threes, random.Random(0), seed=1, rounds=5, effort=200)
    assert tuple(map(len, draw.tables)) == (4, 4, 4, 3) and not draw.sitting_out
    first = designs.draw(list(range(16)), threes, random.Random(0), seed=1, rounds=5)
    later = designs.draw(list(range(15)), threes.after(first), random.Random(1), seed=1, rounds=5, effort=200)
    assert tuple(map(len, later.tables)) == (4, 4, 4, 3)
