"""The benchmark's bulk club is what the services would have stored, and its figures run."""

import random

import pytest

from scoring.demo import bench_stats
from scoring.models import Game, Hand, HandSeat, Seat
from scoring.records import ratings, services
from scoring.records.checks import game_mismatches
from scoring.rules import random_game

pytestmark = pytest.mark.django_db

SEAT_FIELDS = (
    "seat",
    "table_score",
    "score",
    "place",
    "uma",
    "oka",
    "penalties",
    "result",
    "hands",
    "dealer_hands",
    "wins",
    "tsumo_wins",
    "deal_ins",
    "riichi",
    "tenpai",
    "chombo",
    "win_points",
    "deal_in_points",
)


def test_bulk_games_replay_to_what_is_stored(bulk):
    bulk(24)
    games = list(Game.objects.all())
    assert len(games) == 24 and all(g.status == Game.FINISHED for g in games)
    for game in games:
        assert game_mismatches(game) == [], game.pk


@pytest.mark.parametrize("preset", ["ema-2016", "reach", "american"])
def test_a_bulk_game_equals_the_same_game_imported_through_the_services(preset, bulk):
    doc = random_game(random.Random(3), preset, players=["Ann", "Bob", "Cho", "Dee"])
    imported = services.import_document(doc=doc)
    tables = {model: bench_stats.Inserter(model) for model in bench_stats.TABLES}
    template = bench_stats.game_template(doc, tables)
    with bench_stats.transaction.atomic():
        game_id = bench_stats._add_game(
            tables,
            template,
            game={"ruleset_id": imported.ruleset_id, "date": imported.date, "created_at": imported.created_at},
            players=[s.player for s in Seat.objects.filter(game=imported).order_by("seat")],
            now=imported.created_at,
        )
        for inserter in tables.values():
            inserter.flush()
    bulk_game = Game.objects.get(pk=game_id)
    for name in ("status", "rotations", "counters", "pot", "hand_count", "ended", "tournament", "knobs"):
        assert getattr(bulk_game, name) == getattr(imported, name), name

    def seats(game):
        return list(Seat.objects.filter(game=game).order_by("seat").values_list(*SEAT_FIELDS))

    def hands(game):
        return list(
            Hand.objects.filter(game=game)
            .order_by("number")
            .values_list(
                "number",
                "result",
                "riichi",
                "tenpai",
                "round_label",
                "dealer",
                "counters",
                "pot_before",
                "pot_after",
                "ended_game",
                "payments",
                "notes",
            )
        )

    def hand_seats(game):
        return list(
            HandSeat.objects.filter(hand__game=game)
            .order_by("hand__number", "seat__seat")
            .values_list(
                "delta", "score_after", "penalty", "dealer", "won", "tsumo", "dealt_in", "riichi", "tenpai", "chombo"
            )
        )

    assert seats(bulk_game) == seats(imported)
    assert hands(bulk_game) == hands(imported)
    assert hand_seats(bulk_game) == hand_seats(imported)


def test_the_figures_are_measured(bulk):
    bulk(40, players=20)
    ratings.recompute_all()
    figures = {name: (value, unit) for name, value, unit in bench_stats.measure(runs=2)}
    for name in (
        "leaderboard_median_ms",
        "leaderboard_p95_ms",
        "leaderboard_filtered_median_ms",
        "leaderboard_query_ms",
        "player_page_median_ms",
        "csv_median_ms",
        "game_page_median_ms",
        "home_page_median_ms",
        "league_page_median_ms",
        "leaderboard_cached_median_ms",
        "game_page_cached_p95_ms",
        "game_page_304_median_ms",
    ):
        assert figures[name][1] == "ms" and figures[name][0] > 0, name
    assert figures["leaderboard_queries"] == (4, "queries")  # its versions, the board, the filter form's choices
