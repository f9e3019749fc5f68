"""make bench: the engine and record_hand figures are measured from real work."""

import pytest

from scoring.demo import bench
from scoring.models import Game, Player
from scoring.rules import PRESETS
from scoring.rules.families import FAMILIES
from scoring.tiles import mcr


def test_the_engine_figure_counts_hands_of_valid_games():
    docs = bench.decoded_games(list(PRESETS), 20)
    assert {doc["ruleset"] for doc in docs} == set(PRESETS)
    assert bench.engine_hands_per_second(docs, repeats=1) > 0


def test_the_engine_figures_name_every_family():
    """A figure per family; American tournament points (the US tournament rules) beside settle-up, with its share."""
    figures = {name: (value, unit) for name, value, unit in bench.engine_figures(games=len(PRESETS))}
    expected = []
    for family in FAMILIES:
        expected.append(f"engine_{family}_hands_per_s")
        if family == "american":
            expected += [
                "engine_american_tournament_points_hands_per_s",
                "engine_american_tournament_points_vs_settle_up",
            ]
    assert list(figures) == expected
    assert figures["engine_american_tournament_points_vs_settle_up"][1] == "%"


def test_the_event_figure_times_a_whole_event():
    """256 players, 3 stages of 12 rounds (the last after a cut to 128); the bench prints the time
    against its target (200 ms), a test asserts no timing."""
    ((name, value, unit),) = bench.event_figures(repeats=1)
    assert (name, unit) == ("score_event_256x3x12_ms", "ms")
    assert value > 0


@pytest.mark.django_db
def test_the_tournament_pages_read_as_many_queries_whatever_the_rounds():
    """A qualifying stage of six rounds before a cut: the event page and the standings read the
    same number of queries from the second round to the fifth (the stage's last adds the cut line)."""
    figures = {name: value for name, value, _unit in bench.tournament_queries(players=8)}
    for page in ("event_page", "standings"):
        counts = [figures[f"tournament_{page}_queries_round_{number}"] for number in range(2, 6)]
        assert len(set(counts)) == 1, (page, counts)


def test_the_ranking_figure_ranks_players_over_events():
    """make bench ranks 5,000 players over 300 events by MERS (its target 1 s); here a small
    field: the figure's name and a time, no timing asserted."""
    ((name, value, unit),) = bench.ranking_figures(repeats=1, players=200, events=6)
    assert (name, unit) == ("rank_events_200x6_s", "s")
    assert value > 0


@pytest.mark.django_db
def test_record_hand_times_come_from_hands_recorded_through_the_services():
    Player.objects.bulk_create([Player(name=f"Bench {i}") for i in range(8)])
    times = bench._record_hand_times(10)
    assert len(times) >= 10 and min(times) > 0
    recorded = sum(game.hand_count for game in Game.objects.all())
    assert recorded == len(times)


@pytest.mark.django_db
def test_table_poll_times_come_from_304s_and_changed_answers():
    """A phone's poll of an unchanged table is a 304 (asserted inside)."""
    Player.objects.bulk_create([Player(name=f"Bench {i}") for i in range(4)])
    unchanged, changed = bench._table_poll_times(5)
    assert len(unchanged) == len(changed) == 5 and min(unchanged + changed) > 0
    assert Game.objects.get().hand_count == 8


def test_the_seating_figures_meet_their_targets():
    """Every bench size designed: no repeated pair, winds within one, each draw under 0.1 s."""
    figures = {name: value for name, value, _unit in bench.seating_figures()}
    for players, rounds in bench.SEATING_SIZES:
        assert figures[f"seating_{players}x{rounds}_repeated_pairs"] == 0
        assert figures[f"seating_{players}x{rounds}_draw_s"] < 0.1
    assert figures["seating_wind_imbalance_max"] <= 1 and figures["seating_64_players_s"] > 0


@pytest.mark.skipif(not mcr.AVAILABLE, reason=f"PyMahjongGB is not installed: {mcr.UNAVAILABLE}")
def test_the_mcr_tiles_figure_times_winning_hands_under_its_target():
    """make bench's MCR fan from tiles: every hand a win (a refusal would raise), p95 under 20 ms."""
    figures = {name: value for name, value, _unit in bench.mcr_tiles_figures(samples=60)}
    assert 0 < figures["mcr_fans_from_tiles_median_ms"] <= figures["mcr_fans_from_tiles_p95_ms"] < 20


def test_the_team_seating_figures_keep_teammates_apart():
    """16, 32 and 64 players in 4 and 8 teams: no table with teammates, and no
    repeated pair in a designed tournament."""
    figures = {name: value for name, value, _unit in bench.team_seating_figures()}
    assert len(figures) == 36
    assert all(value == 0 for name, value in figures.items() if name.endswith("teammate_tables"))
    assert all(value == 0 for name, value in figures.items() if "tournament_repeated" in name)
