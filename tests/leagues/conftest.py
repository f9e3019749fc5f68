"""Fixtures of the league tests: a season of two stages (M-League style: the top 2 carry half their
points into the final) and a season of two divisions, their games played through the services."""

from datetime import date

import pytest

from scoring.models import Division, Season, Stage
from tests.builders import RON, TSUMO, play, tsumo_night, week  # noqa: F401 (the leagues' tests import them from here)
from tests.builders import eight as eight  # a fixture: Ann … Hal
from tests.builders import staged as staged  # a fixture: a season of two stages


@pytest.fixture
def divided(eight):
    """Two divisions of four, one up and one down; one stage (March); Cho ends last in A (dealt into
    Ann's ron), Eve wins B."""
    season = Season.objects.create(name="Divisions 2026", start=date(2026, 3, 1), end=date(2026, 3, 31))
    Stage.objects.create(season=season, order=1, name="Spring", start=date(2026, 3, 1), end=date(2026, 3, 31))
    top = Division.objects.create(season=season, name="A", order=1, relegate=1)
    bottom = Division.objects.create(season=season, name="B", order=2, promote=1)
    top.members.set(eight[:4])
    bottom.members.set(eight[4:])
    ann, bob, cho, dee, eve, fay, gus, hal = eight
    play([dee, ann, bob, cho], [TSUMO], day=date(2026, 3, 4))
    play([bob, ann, cho, dee], [RON], day=date(2026, 3, 4))
    play([eve, fay, gus, hal], [TSUMO], day=date(2026, 3, 4))
    return season, top, bottom
