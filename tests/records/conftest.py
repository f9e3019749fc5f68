"""Fixtures of the records tests: players, games started through the services, random logs,
commands run in-process, calls released together in threads."""

import io
import random
import sys

import pytest
from django.core.management import call_command

from scoring.models import Ruleset
from scoring.records import services
from scoring.rules import PRESETS, parse_game, random_game
from scoring.rules.families import family_of
from tests.builders import make_players
from tests.threads import at_once  # noqa: F401  (the records tests import it from here)

NAMES = ("Ann", "Bob", "Cho", "Dee")
ONE_WIN_LOG = {  # a finished game log of one hand: Bob's ron off Cho
    "format": "mahjong-club/game-log@1",
    "ruleset": "ema-2016",
    "players": list(NAMES),
    "date": "2026-11-29",
    "hands": [{"result": "win", "wins": [{"winner": "Bob", "from": "Cho", "han": 3, "fu": 30}]}],
    "finished": True,
}


def random_log(seed: int, preset: str, *, finished: bool | None = None, players=NAMES):
    """A random valid game log; ``finished=False`` drops the scorer's finish."""
    seats = family_of(PRESETS[preset]).SEATS
    doc = random_game(random.Random(seed), preset, players=list(players)[:seats])
    if finished is False:
        doc.pop("finished", None)
        doc.pop("penalties", None)
    return parse_game(doc)


def record_all(game, log, *, start: int = 1, user=None):
    """Record the hands of ``log`` one by one, as a scorer would; the game, fresh."""
    for number, facts in enumerate(log.hands[start - 1 :], start):
        services.record_hand(
            game=game,
            facts=facts,
            expected_number=number,
            submission_key=f"key-{number}",
            comment=log.hand_comments[number - 1] or "",
            user=user,
        )
    game.refresh_from_db()
    return game


def command(*args, stdin: str = ""):
    """(exit status, stdout, stderr) of a management command, ``stdin`` as its standard input."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        call_command(*args, stdout=out, stderr=err)
        status = 0
    except SystemExit as exit_:
        status = exit_.code
    finally:
        sys.stdin = old_stdin
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def players(db):
    return make_players(NAMES)


@pytest.fixture
def start(players):
    """start(preset="ema-2016", **kwargs) -> a new game of Ann, Bob, Cho, Dee (Ann, Bob, Cho at
    a table of three)."""

    def start_game(preset="ema-2016", **kwargs):
        seats = family_of(PRESETS[preset]).SEATS
        return services.start_game(ruleset=Ruleset.objects.preset(preset), players=players[:seats], **kwargs)

    return start_game
