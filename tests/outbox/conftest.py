"""The outbox's fixtures: the table pages' players (Ann, Bo, Cho, Dee; Ann's login is the
suite's ``member``) and a game of theirs."""

import pytest

from tests.builders import TABLE_NAMES, make_players, start


@pytest.fixture
def players(db):
    return make_players(TABLE_NAMES)


@pytest.fixture
def game(players):
    return start(players)
