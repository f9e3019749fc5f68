"""``manage.py score_game FILE``: score a game log without writing anything (game-log-format.md)."""

import json
import sys

from django.core.management.base import BaseCommand

from scoring.rules import RuleError, parse_game, score_document
from scoring.tiles.gamelog import check_log


def stored_ruleset(slug):
    """A club ruleset stored in the site, for logs that name one; None when there is none."""
    from scoring.models import Ruleset

    found = Ruleset.objects.filter(slug=slug).first()
    return found.to_rules() if found else None


class Command(BaseCommand):
    help = "Score a game log (FILE, or - for standard input) and print the result as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a game-log JSON file, or - for standard input")

    def handle(self, *args, file, **options):
        try:
            text = sys.stdin.read() if file == "-" else _read(file)
            doc = json.loads(text)
            check_log(parse_game(doc, stored_ruleset))
            output = score_document(doc, stored_ruleset)
        except (RuleError, ValueError, OSError, RecursionError) as error:
            self.stderr.write(_one_line(error))
            sys.exit(1)
        self.stdout.write(json.dumps(output, indent=1, ensure_ascii=False))


def _read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _one_line(error) -> str:
    """One line a club member understands, whatever went wrong."""
    if isinstance(error, json.JSONDecodeError):
        return f"not a readable game log: the JSON is broken at line {error.lineno}, column {error.colno} ({error.msg})"
    if isinstance(error, UnicodeDecodeError):
        return "not a readable game log: the file is not UTF-8 text"
    if isinstance(error, RecursionError):
        return "not a readable game log: the JSON is nested too deeply"
    if isinstance(error, OSError):
        return f"cannot read {error.filename}: {error.strerror}"
    return str(error).replace("\n", " ")
