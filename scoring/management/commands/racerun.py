"""``manage.py racerun`` (``make racerun``): the races of the writes of teams and leagues tried over HTTP against ``make
serve`` on this PostgreSQL database, two staff at once (``scoring.demo.racerun``); one table: each
race, its tries, those that kept the rule, the 5xx answers and the other failures. Exit status 1
if a try broke a rule, got a 5xx or could not be tried as meant."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from scoring.demo.racerun import run

COLUMNS = ("race", "tries", "held", "5xx answers", "other failures")


class Command(BaseCommand):
    help = "Race run: make serve on PostgreSQL, two staff sending the race-prone forms at the same moment."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8132)
        parser.add_argument("--tries", type=int, default=10, help="tries of each race")

    def handle(self, *args: Any, **options: Any) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("The races need PostgreSQL's locks: set DATABASE_URL=postgres://…/…_races")
        tallies = run(port=options["port"], tries=options["tries"])
        width = max(len(COLUMNS[0]), *(len(tally.race) for tally in tallies))
        self.stdout.write(f"{COLUMNS[0]:<{width}}  " + "  ".join(COLUMNS[1:]))
        for t in tallies:
            figures = (t.tries, t.held, t.server_errors, t.other)
            self.stdout.write(
                f"{t.race:<{width}}  "
                + "  ".join(f"{value:>{len(c)}}" for value, c in zip(figures, COLUMNS[1:], strict=True))
            )
        for t in tallies:
            for why, count in t.notes.items():
                self.stdout.write(f"{t.race}: {why} ({count}×)")
        if any(t.failed for t in tallies):
            self.stderr.write("a race broke a rule, got a 5xx or was not tried as meant")
            raise SystemExit(1)
