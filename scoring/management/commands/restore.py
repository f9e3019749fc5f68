"""``manage.py restore FILE`` (``make restore FILE=…``): load a backup into an EMPTY database
(a new PostgreSQL database, or an SQLite file that does not exist yet); refused otherwise."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.backups.dumps import BackupError, restore


class Command(BaseCommand):
    help = "Restore a backup made by `manage.py backup` into an empty database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the backup file (.dump for PostgreSQL, .sqlite3 for SQLite)")
        parser.add_argument("--database", default="default", help="database alias (default: default)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            restore(path=options["file"], database=options["database"])
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"restored {options['file']}")
