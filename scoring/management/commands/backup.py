"""``manage.py backup [--dir DIR]`` (``make backup``): a timestamped backup of the whole
database into DIR (default $BACKUP_DIR or backups/); prints its path."""

import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.backups.dumps import BackupError, backup


class Command(BaseCommand):
    help = "Back up the whole database (PostgreSQL: pg_dump custom format; SQLite: online backup)."

    def add_arguments(self, parser: CommandParser) -> None:
        default = os.environ.get("BACKUP_DIR") or settings.BASE_DIR / "backups"
        parser.add_argument("--dir", type=Path, default=Path(default), help=f"folder (default {default})")
        parser.add_argument("--database", default="default", help="database alias (default: default)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            path = backup(directory=options["dir"], database=options["database"])
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(str(path))
