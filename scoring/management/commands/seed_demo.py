"""``manage.py seed_demo [--if-empty]``: a believable small club for the local demo, tonight's
club night, a league (two stages, two divisions, a team competition), the staff login
``demo-admin`` and a few member logins, with generated passwords
(``demo_logins`` prints them: ``make run`` does every time it serves)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.demo.club import demo_logins, seed_club
from scoring.models import Game, Player


class Command(BaseCommand):
    help = (
        "Fill the database with a demo club (20 players, 6 sessions, 60 games, a club night, a league with its teams) "
        "and its logins."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--if-empty", action="store_true", help="do nothing if there are players or games")
        parser.add_argument("--seed", type=int, default=2026, help="random seed of the demo games")

    def handle(self, *args: Any, if_empty: bool = False, seed: int = 2026, **options: Any) -> None:
        if if_empty and (Game.objects.exists() or Player.objects.exists()):
            self.stdout.write("seed_demo: the database already has players or games; nothing to do.")
            return
        counts = seed_club(seed)
        demo_logins()
        self.stdout.write(
            f"seed_demo: {counts['players']} players, {counts['sessions']} sessions, {counts['games']} games, "
            f"tonight's club night, a league of two stages and two divisions with {counts['teams']} teams; "
            "how to sign in: manage.py demo_logins."
        )
