"""``manage.py bench`` (``make bench``): print the project's performance figures."""

from django.core.management.base import BaseCommand

from scoring import bench


class Command(BaseCommand):
    help = "Print performance figures, one 'name: value unit' line each."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=10_000, help="random games per family for the engine")

    def handle(self, *args, games, **options):
        for name, value, unit in bench.engine_figures(games):
            self.stdout.write(f"{name}: {value:.0f} {unit}")
