"""Fixtures of the league tests: a season of two stages (M-League style: the top 2 carry half their
points into the final) and a season of two divisions, their games played through the services."""

from datetime import date, timedelta

import pytest

from scoring.models import Division, Player, Season, Stage
from tests.boards.conftest import RON, TSUMO, play

NAMES = ("Ann", "Bob", "Cho", "Dee", "Eve", "Fay", "Gus", "Hal")
JAN = date(2026, 1, 7)


def week(n: int) -> date:
    return JAN + timedelta(weeks=n - 1)


def tsumo_night(players, n: int, *, games: int = 1):
    """Evening ``n``: ``games`` games of these four, each one hand: East (the first) self-draws."""
    for _ in range(games):
        play(players, [TSUMO], day=week(n))


@pytest.fixture
def eight(db):
    return [Player.objects.create(name=name) for name in NAMES]


@pytest.fixture
def staged(eight):
    """Regular (January; 2 evenings to be ranked; the top 2 carry ½) then Final (February). Ann and
    Eve win both their January evenings; Bob plays one evening only."""
    season = Season.objects.create(name="League 2026", start=date(2026, 1, 1), end=date(2026, 12, 31))
    regular = Stage.objects.create(
        season=season,
        order=1,
        name="Regular",
        start=date(2026, 1, 1),
        end=date(2026, 1, 31),
        cut=2,
        carry="half",
        min_nights=2,
    )
    final = Stage.objects.create(season=season, order=2, name="Final", start=date(2026, 2, 1), end=date(2026, 2, 28))
    ann, bob, cho, dee, eve, fay, gus, hal = eight
    tsumo_night([ann, bob, cho, dee], 1)
    tsumo_night([eve, fay, gus, hal], 1)
    tsumo_night([ann, cho, dee, fay], 2)
    tsumo_night([eve, gus, hal, fay], 2)
    return season, regular, final


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
