"""``manage.py measure_online DIR...``: how many real online games import faithfully under the
preset of the lobby their logs name, per source (the first folder under DIR) and kind, and
the refusals grouped by reason. Stores nothing."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.online.measure import check, corpus_files, report


class Command(BaseCommand):
    help = "Count the online games that import faithfully under their lobby's preset; stores nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folders", nargs="+", metavar="DIR", help="folders of online game logs (one per source)")
        parser.add_argument("--ruleset", metavar="SLUG", help="score every game under this preset instead")
        parser.add_argument("--each", action="store_true", help="also print every refused file and why")

    def handle(self, *args: Any, folders: list[str], ruleset: str | None, each: bool, **options: Any) -> None:
        checks, sources = [], {}
        for folder in map(Path, folders):
            for path in corpus_files(folder):
                relative = path.relative_to(folder)
                sources[str(path)] = relative.parts[0] if len(relative.parts) > 1 else folder.name
                checks.append(check(str(path), path.read_bytes(), ruleset))
                if each and checks[-1].refusal:
                    self.stdout.write(f"{path}: {checks[-1].refusal}")
        for line in report(checks, lambda c: sources[c.name]):
            self.stdout.write(line)
