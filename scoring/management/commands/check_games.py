"""``manage.py check_games``: replay every stored game and list where what is stored differs
from what its facts give (the records' invariants), compare the stored ratings with a full
recompute in play order, and check the league and team records (``league_mismatches``); exit
status 1 if anything differs. Changes nothing."""

from typing import Any

from django.core.management.base import BaseCommand

from scoring.leagues.checks import league_mismatches
from scoring.models import Game
from scoring.records.checks import game_mismatches
from scoring.records.ratings import expected_mismatches


class Command(BaseCommand):
    help = (
        "Replay every stored game from its facts and list any stored number that differs; check the leagues and teams."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        checked = bad = 0
        for game in Game.objects.select_related("ruleset", "session").order_by("pk").iterator(chunk_size=200):
            checked += 1
            problems = game_mismatches(game)
            if problems:
                bad += 1
                for problem in problems:
                    self.stdout.write(f"game {game.pk}: {problem}")
        self.stdout.write(f"checked {checked} game(s): {bad} with mismatches")
        ratings = expected_mismatches()
        for problem in ratings:
            self.stdout.write(f"ratings: {problem}")
        self.stdout.write(f"checked the ratings: {len(ratings)} mismatch(es) with a recompute")
        leagues = league_mismatches()
        for problem in leagues:
            self.stdout.write(f"leagues and teams: {problem}")
        self.stdout.write(f"checked the leagues and teams: {len(leagues)} problem(s)")
        if bad or ratings or leagues:
            raise SystemExit(1)
