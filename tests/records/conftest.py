"""Fixtures of the records tests: players, games started through the services, random logs."""

import random

import pytest

from scoring.models import Player, Ruleset
from scoring.records import services
from scoring.rules import parse_game, random_game

NAMES = ("Ann", "Bob", "Cho", "Dee")


def random_log(seed: int, preset: str, *, finished: bool | None = None, players=NAMES):
    """A random valid game log; ``finished=False`` drops the scorer's finish."""
    doc = random_game(random.Random(seed), preset, players=list(players))
    if finished is False:
        doc.pop("finished", None)
        doc.pop("penalties", None)
    return parse_game(doc)


def record_all(game, log, *, start: int = 1, user=None):
    """Record the hands of ``log`` one by one, as a scorer would; the game, fresh."""
    for number, facts in enumerate(log.hands[start - 1:], start):
        services.record_hand(game=game, facts=facts, expected_number=number, submission_key=f"key-{number}",
                             comment=log.hand_comments[number - 1] or "", user=user)
    game.refresh_from_db()
    return game


@pytest.fixture
def players(db):
    return [Player.objects.create(name=name) for name in NAMES]


@pytest.fixture
def start(players):
    """start(preset="ema-2016", **kwargs) -> a new game of Ann, Bob, Cho, Dee."""

    def start_game(preset="ema-2016", **kwargs):
        return services.start_game(ruleset=Ruleset.objects.preset(preset), players=players, **kwargs)

    return start_game
