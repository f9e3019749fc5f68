"""``manage.py import_games [--session NAME] FILE|DIR...``: store game logs (the documentation's commands).

Each file is all or nothing; players are created by name. A log imported before is skipped
(importing it again would count the game twice). A refused file, or one that fails for any
other reason, does not stop the others: each is reported on its own line, and the exit
status is 1 at the end if any was. ``--session`` is created only with the first game stored.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.records import services
from scoring.tiles.gamelog import check_log

from ._files import game_log_files, read_document, report_end


class Command(BaseCommand):
    help = "Import game logs (JSON files, or folders of them); each file is imported whole or not at all."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="FILE|DIR", help="game-log files or folders of *.json")
        parser.add_argument(
            "--session", metavar="NAME", help="put every game in this club session (created if missing)"
        )

    def handle(self, *args: Any, paths: list[str], session: str | None = None, **options: Any) -> None:
        files = game_log_files(paths)
        if not files:
            raise CommandError("no game-log files found in " + ", ".join(paths))
        imported, skipped, rejected = [], [], []
        for path in files:
            try:
                game = services.import_document(doc=read_document(path), session_name=session, check=check_log)
            except services.AlreadyImported as error:
                skipped.append(path)
                self.stdout.write(f"{path}: skipped, already imported as game {error.game.pk}")
                continue
            except ValueError as error:  # unreadable, or refused by the rules (RuleError is a ValueError)
                rejected.append(f"{path}: {_one_line(error)}")
                continue
            except services.ServiceError as error:
                rejected.append(f"{path}: {_one_line(error)}")
                continue
            except Exception as error:  # any failure: report it, go on with the next file
                rejected.append(f"{path}: could not be stored ({type(error).__name__}: {_one_line(error)})")
                continue
            imported.append(game)
            self.stdout.write(f"{path}: game {game.pk}, {game.hand_count} hands, {game.get_status_display()}")
        report_end(
            self,
            f"imported {len(imported)} game(s), skipped {len(skipped)} already imported, "
            f"rejected {len(rejected)} file(s)",
            rejected,
            "rejected",
        )


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())[:500] or type(error).__name__
