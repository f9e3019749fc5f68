"""``manage.py bench`` (``make bench``): print the project's performance figures."""

import warnings
from itertools import chain
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.demo import bench, bench_rankings, bench_stats


class Command(BaseCommand):
    help = "Print performance figures, one 'name: value unit' line each."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=10_000, help="random games per family for the engine")
        parser.add_argument("--stored", type=int, default=5_000, help="games stored before timing record_hand")
        parser.add_argument("--history", type=int, default=20_000, help="finished games behind the leaderboards")
        parser.add_argument(
            "--only",
            choices=("engine", "event", "tournament", "ranking", "tiles", "record_hand", "pages", "seating", "teams"),
            help="one group of figures",
        )

    def handle(self, *args: Any, games: int, stored: int, history: int, only: str | None, **options: Any) -> None:
        # the bench databases run with DEBUG off, where WhiteNoise looks for collected static
        # files; no static file is fetched here (the warning names Django's caller, not WhiteNoise)
        warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
        groups = {
            "engine": lambda: bench.engine_figures(games),
            "event": bench.event_figures,
            "tournament": bench.tournament_page_figures,
            "ranking": lambda: chain(bench.ranking_figures(), bench_rankings.ranking_page_figures()),
            "tiles": bench.tiles_figures,
            "record_hand": lambda: bench.record_hand_figures(stored_games=stored),
            "pages": lambda: bench_stats.figures(games=history),
            "seating": bench.seating_figures,
            "teams": bench.team_seating_figures,
        }
        for name, figures in groups.items():
            if only in (None, name):
                for figure, value, unit in figures():  # type: ignore[no-untyped-call]  # the bench modules are not typed
                    self.stdout.write(f"{figure}: {_number(value)} {unit}")
                    self.stdout.flush()


def _number(value: float) -> str:
    """Whole numbers from 100 up, three significant digits below (7.26 ms, 41293 hands/s)."""
    return f"{value:.0f}" if abs(value) >= 100 else f"{value:.3g}"
