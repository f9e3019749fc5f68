"""Fixtures of events: a club of players, a scorer and an event on EMA 2016."""

import pytest

from tests.builders import EVENT_NAMES as NAMES  # noqa: F401 (the events' tests import it from here)
from tests.builders import club as club  # a fixture: the club of 13 players
from tests.builders import make_event
from tests.builders import scorer as scorer  # a fixture: a member of the "scorers" group


@pytest.fixture
def night(club):
    """A club night with 12 players checked in."""
    return make_event(club[:12])
