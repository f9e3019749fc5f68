"""``manage.py recompute_ratings``: rate every finished game again, in order, per family.

Services keep ratings up to date on their own; this is for repairs (say, after games were
deleted in bulk outside the services)."""

import time
from typing import Any

from django.core.management.base import BaseCommand

from scoring.records import ratings


class Command(BaseCommand):
    help = "Recompute every player's rating and rating history from the finished games."

    def handle(self, *args: Any, **options: Any) -> None:
        tick = time.perf_counter()
        games = ratings.recompute_all()
        self.stdout.write(f"rated {games} games in {time.perf_counter() - tick:.1f} s")
