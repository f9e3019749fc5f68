"""``manage.py export_games [--session NAME] [--since DATE] [--until DATE] --out DIR``: one
game-log file per game; importing them gives back the same facts.
Abandoned games are left out."""

import json
from argparse import ArgumentTypeError
from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.models import ClubSession, Game
from scoring.records.gamelogs import export_filename, game_document


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:  # argparse turns it into one line: "error: argument --since: …"
        raise ArgumentTypeError(f"{text!r} is not a date like 2026-11-29") from None


class Command(BaseCommand):
    help = "Export games as game-log files, one per game, into a folder."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", required=True, metavar="DIR", help="folder for the files (created if missing)")
        parser.add_argument("--session", metavar="NAME", help="only the games of this club session")
        parser.add_argument("--since", type=_date, metavar="DATE", help="only games played on or after DATE")
        parser.add_argument("--until", type=_date, metavar="DATE", help="only games played on or before DATE")

    def handle(
        self,
        *args: Any,
        out: str,
        session: str | None = None,
        since: date | None = None,
        until: date | None = None,
        **options: Any,
    ) -> None:
        games = Game.objects.exclude(status=Game.ABANDONED).select_related("ruleset", "session").order_by("date", "pk")
        if session:
            found = ClubSession.objects.filter(name__iexact=session).first()
            if found is None:
                raise CommandError(f"there is no session named {session!r}")
            games = games.filter(session=found)
        if since:
            games = games.filter(date__gte=since)
        if until:
            games = games.filter(date__lte=until)
        folder = Path(out)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"cannot create {folder}: {error.strerror}") from None
        count = 0
        for game in games.iterator(chunk_size=200):
            path = folder / export_filename(game)
            path.write_text(json.dumps(game_document(game), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            count += 1
        self.stdout.write(f"exported {count} game(s) to {folder}")
