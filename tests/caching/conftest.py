"""A small club for the page-cache tests: a session with one finished game and one in progress."""

from datetime import date

import pytest

from scoring.models import ClubSession, Player, Ruleset, Season
from scoring.records import services
from scoring.rules import RiichiHand

NAMES = ("Ann", "Bo", "Cho", "Dee")
DRAW = RiichiHand("draw", tenpai=(0, 1, 2, 3))  # nobody's game ends on it


@pytest.fixture
def club(db):
    players = [Player.objects.create(name=name) for name in NAMES]
    night = ClubSession.objects.create(name="Tuesday", date=date(2026, 11, 3))
    Season.objects.create(name="Autumn", start=date(2026, 9, 1), end=date(2026, 11, 30))
    ema = Ruleset.objects.preset("ema-2016")
    done = services.start_game(ruleset=ema, players=players, session=night)
    services.record_hand(game=done, facts=DRAW, expected_number=1, submission_key="d1")
    services.finish_game(game=done)
    playing = services.start_game(ruleset=ema, players=players, session=night)
    return {"players": players, "session": night, "finished": done, "playing": playing}


def record_draw(game, key: str):
    game.refresh_from_db()
    return services.record_hand(game=game, facts=DRAW, expected_number=game.hand_count + 1, submission_key=key)
