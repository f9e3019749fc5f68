"""Fixtures of events: a club of players, a scorer and an event on EMA 2016."""

import datetime

import pytest

from scoring.events import services
from scoring.models import Player, Ruleset
from tests.table.conftest import scorer  # noqa: F401 (a fixture: a member of the "scorers" group)

NAMES = (
    "Ann Arbor",
    "Bo Berg",
    "Cho Chen",
    "Dee Dunn",
    "Eli Egan",
    "Fay Fox",
    "Gus Gray",
    "Hal Hunt",
    "Ivy Irons",
    "Jo Jones",
    "Kai Kerr",
    "Lu Lam",
    "Max Moss",
)


@pytest.fixture
def club(db):
    return [Player.objects.create(name=name) for name in NAMES]


def make_event(players, *, slug="ema-2016", ruleset=None, present=True, **options):
    event = services.create_event(
        name=options.pop("name", "Friday night"),
        date=datetime.date(2026, 12, 4),
        ruleset=ruleset or Ruleset.objects.preset(slug),
        players=players,
        seed=42,
        **options,
    )
    if present:
        for player in players:
            services.check_in(event=event, player=player)
    return event


@pytest.fixture
def night(club):
    """A club night with 12 players checked in."""
    return make_event(club[:12])
