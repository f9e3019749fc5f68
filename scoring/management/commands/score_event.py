"""``manage.py score_event FILE``: score an event log without writing anything."""

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.rules import RuleError
from scoring.rules.eventlog import decode, score_event_document
from scoring.tiles.gamelog import check_log

from ._files import read_text
from .score_game import stored_ruleset


class Command(BaseCommand):
    help = "Score an event log (FILE, or - for standard input) and print its standings as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="an event-log JSON file, or - for standard input")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            output = score_event_document(decode(read_text(file, "event log")), stored_ruleset, check_log)
        except (RuleError, ValueError) as error:  # RuleError is a ValueError; both are one line
            self.stderr.write(" ".join(str(error).split()))
            sys.exit(1)
        self.stdout.write(json.dumps(output, indent=1, ensure_ascii=False))
