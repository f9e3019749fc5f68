"""record_hand's cost does not grow with the game or the database."""

from dataclasses import replace

import pytest

from scoring.demo import bench_stats
from scoring.records import services
from scoring.rules import RiichiHand, Win

from .conftest import random_log, record_all

pytestmark = pytest.mark.django_db

DRAW = RiichiHand("draw", tenpai=(0, 1, 2, 3))  # the dealer is tenpai whoever deals: nothing ends the game


def queries_of_next_hand(game, django_assert_max_num_queries, number):
    with django_assert_max_num_queries(50) as captured:
        services.record_hand(game=game, facts=DRAW, expected_number=number, submission_key=f"q{number}")
    return len(captured.captured_queries)


def test_record_hand_query_count_is_the_same_early_late_and_in_a_big_database(start, django_assert_max_num_queries):
    early = start()
    first = queries_of_next_hand(early, django_assert_max_num_queries, 1)

    log = random_log(11, "ema-2016", finished=False)
    late = record_all(start(), replace(log, hands=log.hands[:-1]))  # the last hand may end the game
    assert late.hand_count >= 10
    late_count = queries_of_next_hand(late, django_assert_max_num_queries, late.hand_count + 1)

    bench_stats.build_club(players=12, games=30, distinct=10, seed=5)
    crowded = start()
    crowded_count = queries_of_next_hand(crowded, django_assert_max_num_queries, 1)

    assert first == late_count == crowded_count


def test_record_hand_queries_are_few(start, django_assert_num_queries):
    game = start()
    ron = RiichiHand("win", wins=(Win(1, 2, 2, 30),), riichi=(1,))
    # lock game, key checks (recorded, undone), seats, hand, wins, hand seats, 4 seats, game, audit,
    # the game's and session's page versions (+ savepoint)
    with django_assert_num_queries(16, exact=False):
        services.record_hand(game=game, facts=ron, expected_number=1, submission_key="k")
