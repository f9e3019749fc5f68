"""The records' invariants over random games of every preset, recorded hand by hand."""

import pytest

from scoring.models import Game, Hand, HandSeat, Ruleset, Seat
from scoring.records import services
from scoring.records.checks import game_mismatches
from scoring.records.derived import SEAT_COUNT_FIELDS, SEAT_STANDING_FIELDS
from scoring.rules import PRESETS, replay

from .conftest import random_log, record_all

pytestmark = pytest.mark.django_db

CASES = [(preset, seed) for preset in PRESETS for seed in (1, 2, 3)]


@pytest.mark.parametrize(("preset", "seed"), CASES)
def test_stored_numbers_are_the_running_sums_and_equal_a_replay(start, preset, seed):
    log = random_log(seed, preset)
    game = start(preset, tournament=log.tournament)
    game = record_all(game, log)
    if log.penalties:
        services.change_game(game=game, penalties=log.penalties)
    if log.finished and game.status == Game.IN_PROGRESS:
        services.finish_game(game=game)
    game.refresh_from_db()

    # every hand: deltas plus the change of the pot sum to zero (where the ruleset's hands only move
    # points); scores are running sums
    start_points = PRESETS[preset].start_points
    running = [start_points] * len(log.players)
    pot = 0
    for hand in Hand.objects.filter(game=game).order_by("number"):
        rows = list(HandSeat.objects.filter(hand=hand).order_by("seat__seat"))
        assert hand.pot_before == pot
        if PRESETS[preset].zero_sum:  # American tournament points are each player's own (the US tournament rules)
            assert sum(r.delta for r in rows) + (hand.pot_after - hand.pot_before) == 0
        running = [s + r.delta for s, r in zip(running, rows, strict=True)]
        assert [r.score_after for r in rows] == running
        pot = hand.pot_after
    seats = list(Seat.objects.filter(game=game).order_by("seat"))
    assert [s.table_score for s in seats] == running

    # a replay of the facts gives exactly what is stored, and what the log gives
    assert game_mismatches(game) == []
    played = replay(log)
    assert {line.player: line.result for line in played.standings} == {s.seat: s.result for s in seats}
    assert game.status == (Game.FINISHED if played.table.finished else Game.IN_PROGRESS)


@pytest.mark.parametrize("preset", ["ema-2016", "reach", "american"])
def test_recorded_and_imported_games_store_the_same_numbers(start, preset):
    log = random_log(7, preset)
    recorded = record_all(start(preset, tournament=log.tournament), log)
    if log.penalties:
        services.change_game(game=recorded, penalties=log.penalties)
    if log.finished and Game.objects.get(pk=recorded.pk).status == Game.IN_PROGRESS:
        services.finish_game(game=recorded)
    imported = services.import_game(log=log, ruleset=Ruleset.objects.preset(preset))

    def numbers(game):
        hands = list(
            Hand.objects.filter(game=game)
            .order_by("number")
            .values_list("round_label", "dealer", "counters", "pot_before", "pot_after", "ended_game", "payments")
        )
        rows = list(
            HandSeat.objects.filter(hand__game=game)
            .order_by("hand__number", "seat__seat")
            .values_list("delta", "score_after", "penalty", "won", "dealt_in", "riichi", "tenpai", "chombo", "dealer")
        )
        seats = list(Seat.objects.filter(game=game).order_by("seat").values(*SEAT_STANDING_FIELDS, *SEAT_COUNT_FIELDS))
        return hands, rows, seats

    assert numbers(recorded) == numbers(imported)


def test_recompute_rewrites_tampered_numbers(start):
    game = record_all(start(), random_log(4, "ema-2016", finished=False))
    HandSeat.objects.filter(hand__game=game, hand__number=2).update(delta=12345)
    Seat.objects.filter(game=game, seat=0).update(result=1)
    assert game_mismatches(game)
    services.recompute_game(game=game)
    assert game_mismatches(Game.objects.get(pk=game.pk)) == []
