"""``manage.py faultrun`` (``make faultrun``): scorers saving hands over HTTP to ``make serve``
on this PostgreSQL database while every site connection is ended every 0.7 s
(``scoring.demo.faultrun``); one ``name: value unit`` line per figure. Exit status 1 unless
no hand was lost, duplicated or reported recorded and not stored, and every game page shows
what is stored."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from scoring.demo.faultrun import run

TARGETS = ("lost", "duplicated", "reported_not_stored", "stale_game_pages")  # each must be 0


class Command(BaseCommand):
    help = "Fault run: make serve on PostgreSQL, scorers saving hands while every site connection is ended every 0.7 s."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8131)
        parser.add_argument("--seconds", type=float, default=30)
        parser.add_argument("--tables", type=int, default=4)
        parser.add_argument("--every", type=float, default=0.7, help="seconds between two rounds of ending")

    def handle(self, *args: Any, **options: Any) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("The fault run ends PostgreSQL connections: set DATABASE_URL=postgres://…/…_faults")
        missed = []
        for name, value, unit in run(
            port=options["port"], seconds=options["seconds"], tables=options["tables"], every=options["every"]
        ):
            self.stdout.write(f"{name}: {value} {unit}")
            if name in TARGETS and value != 0:
                missed.append(name)
        if missed:
            self.stderr.write(f"missed targets (0 each): {', '.join(missed)}")
            raise SystemExit(1)
