"""Fixtures of the statistics tests: games played through the services, and bigger
histories made in bulk the way the benchmark makes them."""

from datetime import date

import pytest

from scoring.models import ClubSession
from tests.builders import (  # noqa: F401 (the boards' tests import them from here)
    CHOMBO,
    DOUBLE_RON,
    DRAW,
    MAHJONG,
    RON,
    SELF_PICK,
    TSUMO,
    WALL,
    make_players,
    play,
)

NAMES = ("Ann", "Bob", "Cho", "Dee", "Eve", "Fay")


@pytest.fixture
def players(db):
    return make_players(NAMES)


@pytest.fixture
def night(db):
    return ClubSession.objects.create(name="Club night 1", date=date(2026, 3, 5), kind=ClubSession.CASUAL)
