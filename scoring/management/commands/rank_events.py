"""``manage.py rank_events --system SLUG [--on DATE] [--reset DATE] FILE...``: rank the players of
event logs across them, writing nothing. ``--reset`` adds a reset day to the system's (a national
selection's date): results before the latest reset do not count, as the ranking page's "reset on"."""

import json
import sys
from dataclasses import replace
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.rules.eventlog import decode, parse_event, score_event
from scoring.rules.rankings import SYSTEMS, finishes, last_day, rank_events, ranking_output
from scoring.tiles.gamelog import check_log

from ._files import read_text
from .score_game import stored_ruleset


class Command(BaseCommand):
    help = "Rank the players of event logs (FILE..., - for standard input) by a ranking system; print JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--system", required=True, choices=sorted(SYSTEMS), help="the ranking system")
        parser.add_argument("--on", help="the day of the ranking, YYYY-MM-DD (default: the last day of any event)")
        parser.add_argument(
            "--reset",
            action="append",
            default=[],
            help="a reset day, YYYY-MM-DD (repeatable): results before it do not count",
        )
        parser.add_argument("files", nargs="+", metavar="FILE", help="event-log JSON files, or - for standard input")

    def handle(
        self, *args: Any, system: str, on: str | None, reset: list[str], files: list[str], **options: Any
    ) -> None:
        ranked = SYSTEMS[system]
        try:
            if reset:
                ranked = replace(ranked, resets=(*ranked.resets, *(_day(day, "--reset") for day in reset)))
            found: list[Any] = []
            seen: set[Any] = set()
            for file in files:
                try:
                    event = parse_event(decode(read_text(file, "event log")), stored_ruleset)
                    if (event.name, event.days) in seen:
                        raise ValueError(f"the event {event.name!r} of {event.days[-1]} is given twice")
                    seen.add((event.name, event.days))
                    found += finishes(score_event(event, check_log))
                except ValueError as error:  # RuleError is a ValueError; both are one line
                    raise ValueError(f"{file}: {error}") from None
            day = last_day(found) if on is None else _day(on, "--on")
        except ValueError as error:
            self.stderr.write(" ".join(str(error).split()))
            sys.exit(1)
        self.stdout.write(
            json.dumps(ranking_output(ranked, rank_events(ranked, found, day), day), indent=1, ensure_ascii=False)
        )


def _day(text: str, option: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{option} {text!r} is not an ISO date (YYYY-MM-DD)") from None
