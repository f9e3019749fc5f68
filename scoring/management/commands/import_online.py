"""``manage.py import_online FILE|DIR... [--ruleset SLUG] [--session NAME] [--map A=B]
[--create-players] [--dry-run] [--room-rules]``: store online games (Tenhou mjlog XML, tenhou.net/6
JSON).

Each file is all or nothing, scored by the site's engine under ``--ruleset`` and refused with
one line if any hand differs from the online log; a game imported before is skipped. A refused
file does not stop the others; the exit status is 1 at the end if any was refused. With
``--room-rules`` a game its lobby's preset does not reproduce but its room's values do gets its
room's rules made (through the rulesets' service) and is imported under them.
"""

from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.models import Game
from scoring.online.bulk import SUFFIXES
from scoring.online.importer import Options, import_file, parse_mapping
from scoring.records import services

from ._files import report_end


def online_files(paths: Iterable[str]) -> tuple[list[Path], list[Path]]:
    """The files named, and the online logs (``*.json``, ``*.xml``, ``*.mjlog``) of the folders
    named; and the other files of those folders, left out."""
    files, others = [], []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            inside = sorted(p for p in path.iterdir() if p.is_file())
            files += [p for p in inside if p.suffix.lower() in SUFFIXES]
            others += [p for p in inside if p.suffix.lower() not in SUFFIXES]
        else:
            files.append(path)
    return files, others


class Command(BaseCommand):
    help = "Import online games (Tenhou mjlog XML, tenhou.net/6 JSON); each file whole or not at all."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="FILE|DIR", help="online game logs or folders of them")
        parser.add_argument(
            "--ruleset",
            metavar="SLUG",
            help="score the games under this ruleset (default: the preset of the lobby each log names)",
        )
        parser.add_argument("--session", metavar="NAME", help="put every game in this club session")
        parser.add_argument(
            "--map",
            action="append",
            default=[],
            metavar="ONLINE=CLUB",
            help='an online name and the club player it is: --map "tenhou name=Club Name"',
        )
        parser.add_argument(
            "--create-players", action="store_true", help="create a club player for an online name nobody has"
        )
        parser.add_argument("--dry-run", action="store_true", help="check everything, store nothing")
        parser.add_argument(
            "--room-rules",
            action="store_true",
            help="for a game its lobby's preset does not reproduce, create its room's rules (a club copy of the "
            "preset with the values its results show) and import it under them",
        )

    def handle(
        self,
        *args: Any,
        paths: list[str],
        ruleset: str | None,
        session: str | None,
        map: list[str],
        create_players: bool,
        dry_run: bool,
        room_rules: bool,
        **options: Any,
    ) -> None:
        try:
            mapping = parse_mapping(map)
        except ValueError as error:
            raise CommandError(str(error)) from None
        files, others = online_files(paths)
        for path in others:
            self.stdout.write(f"{path}: left out, not an online game log ({', '.join(SUFFIXES)})")
        if not files:
            raise CommandError("no online game logs found in " + ", ".join(paths))
        choice = Options(
            ruleset=ruleset, session=session, mapping=mapping, create_players=create_players, dry_run=dry_run
        )
        counts = {"stored": 0, "skipped": 0, "refused": 0}
        refused = []
        for path in files:
            try:
                data = path.read_bytes()
            except OSError as error:
                counts["refused"] += 1
                refused.append(f"{path}: cannot read it ({error.strerror})")
                continue
            outcome = import_file(path.name, data, choice)
            if outcome.room is not None and room_rules and not dry_run:
                made = services.room_ruleset(
                    based_on=outcome.room.base, name=outcome.room.name, changes=outcome.room.knobs
                )
                values = ", ".join(outcome.room.described())
                self.stdout.write(f"{path}: this room's rules are {made.slug} ({made.name}): {values}")
                outcome = import_file(path.name, data, choice)
            counts[outcome.status] += 1
            if outcome.status == "refused":
                refused.append(f"{path}: {outcome.message}")
            elif outcome.status == "skipped":
                self.stdout.write(f"{path}: skipped, already imported as game {cast(Game, outcome.game).pk}")
            elif dry_run:
                unmapped = f"; names to map: {', '.join(outcome.unmapped)}" if outcome.unmapped else ""
                self.stdout.write(f"{path}: would be stored, {outcome.hands} hands{unmapped}")
            else:
                game = cast(Game, outcome.game)  # stored
                self.stdout.write(
                    f"{path}: game {game.pk}, {outcome.hands} hands, {game.get_status_display()}"
                    + "".join(f"; {note}" for note in outcome.notes)
                )
        verb = "would import" if dry_run else "imported"
        report_end(
            self,
            f"{verb} {counts['stored']} game(s), skipped {counts['skipped']} already imported, "
            f"refused {counts['refused']} file(s)",
            refused,
            "refused",
        )
