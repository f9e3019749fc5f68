"""Fixtures of MCR at the table: a club game on the mcr preset (Green Book 2006)."""

import pytest

from scoring.models import Ruleset

from ..conftest import start


@pytest.fixture
def mcr(players):
    return start(players, "mcr")


@pytest.fixture
def mcr_club(club):
    """The browser tests' club with the MCR preset loaded too."""
    Ruleset.objects.preset("mcr")
    return club
