"""Fixtures of the statistics tests: games played through the services, and bigger
histories made in bulk the way the benchmark makes them."""

import itertools
from datetime import date

import pytest

from scoring.models import ClubSession, Player, Ruleset
from scoring.records import services
from scoring.rules import AmericanHand, RiichiHand, Win

NAMES = ("Ann", "Bob", "Cho", "Dee", "Eve", "Fay")
_keys = itertools.count()


def play(players, hands, *, preset="ema-2016", session=None, finish=True, day=None, rounds=None):
    """A game of ``players`` (East, South, West, North) with ``hands`` recorded one by one;
    finished by the scorer unless it ended by itself or ``finish`` is false; ``rounds``: its
    length where not the ruleset's."""
    ruleset = Ruleset.objects.preset(preset)
    game = services.start_game(ruleset=ruleset, players=players, session=session, date=day, rounds=rounds)
    for number, facts in enumerate(hands, 1):
        services.record_hand(game=game, facts=facts, expected_number=number, submission_key=f"k{next(_keys)}")
    game.refresh_from_db()
    if finish and game.status == game.IN_PROGRESS:
        game = services.finish_game(game=game)
    game.refresh_from_db()
    return game


# A few hands whose counts are easy to check by hand (seats 0-3 = East, South, West, North).
RON = RiichiHand("win", wins=(Win(1, 2, 3, 30),), riichi=(1,))  # South rons West
TSUMO = RiichiHand("win", wins=(Win(0, None, 2, 30),))  # East self-draws
DOUBLE_RON = RiichiHand("win", wins=(Win(1, 3, 2, 30), Win(2, 3, 1, 30)))  # North deals into two
DRAW = RiichiHand("draw", tenpai=(0, 2), riichi=(2,))
CHOMBO = RiichiHand("chombo", offender=3)
MAHJONG = AmericanHand("mahjong", winner=0, discarder=1, value=25)
SELF_PICK = AmericanHand("mahjong", winner=2, value=30)
WALL = AmericanHand("wall")


@pytest.fixture
def players(db):
    return [Player.objects.create(name=name) for name in NAMES]


@pytest.fixture
def night(db):
    return ClubSession.objects.create(name="Club night 1", date=date(2026, 3, 5), kind=ClubSession.CASUAL)
