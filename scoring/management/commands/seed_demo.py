"""``manage.py seed_demo [--if-empty]``: a believable small club for the local demo, plus
the staff login ``demo-admin`` whose generated password is printed once."""

from django.core.management.base import BaseCommand

from scoring.demo.club import DEMO_LOGIN, demo_login, seed_club
from scoring.models import Game, Player


class Command(BaseCommand):
    help = "Fill the database with a demo club (20 players, 6 sessions, 60 games) and a staff login."

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true", help="do nothing if there are players or games")
        parser.add_argument("--seed", type=int, default=2026, help="random seed of the demo games")

    def handle(self, *args, if_empty=False, seed=2026, **options):
        if if_empty and (Game.objects.exists() or Player.objects.exists()):
            self.stdout.write("seed_demo: the database already has players or games; nothing to do.")
            return
        counts = seed_club(seed)
        password = demo_login()
        self.stdout.write(
            f"seed_demo: {counts['players']} players, {counts['sessions']} sessions, {counts['games']} games.\n"
            f"Admin login for this demo (shown once): {DEMO_LOGIN} / {password}"
        )
