"""``manage.py loadtest`` (``make loadtest``): serve the site with ``make serve`` on this
database and measure it under 4 scoring tables and 200 members (``scoring.demo.loadtest``);
one ``name: value unit`` line per figure. Exit status 1 if a target is missed."""

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from scoring.demo.loadtest import run

TARGETS = {"errors": 0, "hands_lost": 0, "hands_duplicated": 0, "check_games_mismatches": 0}
P95_TARGET_MS = 300


class Command(BaseCommand):
    help = "Load test: make serve on PostgreSQL, 4 tables recording and 200 members reading for 60 s."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8130)
        parser.add_argument("--seconds", type=float, default=60)
        parser.add_argument("--tables", type=int, default=4)
        parser.add_argument("--members", type=int, default=200)
        parser.add_argument("--workers", type=int, help="gunicorn workers (default: the config's)")

    def handle(self, *args, **options):
        if connection.vendor != "postgresql":
            raise CommandError("The load test serves PostgreSQL: set DATABASE_URL=postgres://…/…_load")
        missed = []
        for name, value, unit in run(
            port=options["port"],
            seconds=options["seconds"],
            tables=options["tables"],
            members=options["members"],
            workers=options["workers"],
        ):
            self.stdout.write(f"{name}: {value:.1f} {unit}" if isinstance(value, float) else f"{name}: {value} {unit}")
            if TARGETS.get(name, value) != value or (
                name in ("pages_p95_ms", "save_hand_p95_ms") and value >= P95_TARGET_MS
            ):
                missed.append(name)
        if missed:
            self.stderr.write(f"missed targets: {', '.join(missed)}")
            raise SystemExit(1)
