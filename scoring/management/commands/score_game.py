"""``manage.py score_game FILE``: score a game log without writing anything."""

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.models import Ruleset
from scoring.rules import RuleError, RuleSet, parse_game, score_document
from scoring.tiles.gamelog import check_log

from ._files import read_document


def stored_ruleset(slug: str) -> RuleSet | None:
    """A club ruleset stored in the site, for logs that name one; None when there is none."""
    found = Ruleset.objects.filter(slug=slug).first()
    return found.to_rules() if found else None


class Command(BaseCommand):
    help = "Score a game log (FILE, or - for standard input) and print the result as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a game-log JSON file, or - for standard input")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            doc = read_document(file)
            check_log(parse_game(doc, stored_ruleset))
            output = score_document(doc, stored_ruleset)
        except (RuleError, ValueError) as error:  # RuleError is a ValueError; both are one line
            self.stderr.write(" ".join(str(error).split()))
            sys.exit(1)
        self.stdout.write(json.dumps(output, indent=1, ensure_ascii=False))
