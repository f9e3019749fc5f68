"""Hostile query parameters: no value of ``per_page``, ``page``, ``sort``
or a filter makes a board or list page fail (bad filters are shown above an empty board,
a bad page or page size falls back to the first page or the default size)."""

from datetime import date

import pytest
from django.urls import reverse

from scoring.boards.filters import BoardFilter
from scoring.models import Season
from scoring.rules.vocabulary import FamilyName
from tests.boards.conftest import MAHJONG, RON, TSUMO, play
from tests.boards.test_views import cells

RIICHI, AMERICAN = FamilyName.RIICHI, FamilyName.AMERICAN

HOSTILE = [
    "-1",
    "0",
    "1.5",
    "abc",
    "",
    "1e309",
    "nan",
    "9" * 40,
    "99999999999",
    "\x00",
    "\ufeff1",
    "' OR 1=1 --",
    "-",
    "-games",
    "player__name",
    "games,-total,",
    "2026-99-01",
    "a" * 5000,
]
# The parameters a board reads in its view and table (a bad value falls back, never refuses) and
# the filters its form checks (each field on its own; a refused one leaves an empty board).
TABLE = ["per_page", "page", "sort"]
FILTERS = ["ruleset", "kind", "season", "start", "end", "where", "min_games"]
PARAMETERS = TABLE + FILTERS
PAGES = [
    "scoring:leaderboard",
    "scoring:american_board",
    "scoring:leaderboard_csv",
    "scoring:american_board_csv",
    "scoring:games",
    "scoring:seasons",
    "scoring:statistics_help",
    "scoring:rules",
    "scoring:home",
]


def queries(value: str, family: str = RIICHI) -> list[dict]:
    """Every parameter set to ``value``, in as few requests as keep each one's handling whole:
    the filters the board's form refuses together (each is checked and shown on its own), and
    the rest together (paging, sort and the filters it accepts, applied to the real board: a
    refused filter beside them would leave an empty board that is never sorted or paged)."""
    refused = set(BoardFilter(dict.fromkeys(FILTERS, value), family=family).errors)
    groups = [[name for name in PARAMETERS if name not in refused], [name for name in FILTERS if name in refused]]
    return [dict.fromkeys(group, value) for group in groups if group]


@pytest.fixture
def club(players, night):
    play(players[:4], [RON, TSUMO], session=night)
    play(players[:4], [MAHJONG], preset="american", session=night)
    return players


def test_every_parameter_and_value_is_sent(db):
    """The requests below cover each (parameter, value) pair exactly once."""
    for value in HOSTILE:
        for family in (RIICHI, AMERICAN):
            sent = sorted(name for query in queries(value, family) for name in query)
            assert sent == sorted(PARAMETERS), value


@pytest.mark.parametrize("url_name", PAGES)
def test_no_query_value_breaks_a_page(client, club, url_name):
    url = reverse(url_name)
    family = AMERICAN if "american" in url_name else RIICHI
    failures = []
    for value in HOSTILE:
        for query in queries(value, family):
            for htmx in ({}, {"HX-Request": "true"}) if "board" in url_name else ({},):
                response = client.get(url, query, headers=htmx)
                if response.status_code >= 400:
                    failures.append((sorted(query), value[:20], bool(htmx), response.status_code))
    assert failures == []


@pytest.mark.parametrize("url_name", ["scoring:player", "scoring:session", "scoring:season"])
def test_no_query_value_breaks_a_detail_page(client, club, night, url_name):
    season = Season.objects.create(name="2026", start=date(2026, 1, 1), end=date(2026, 12, 31))
    pk = {"scoring:player": club[0].pk, "scoring:session": night.pk, "scoring:season": season.pk}[url_name]
    url = reverse(url_name, args=[pk])
    failures = [
        (sorted(query), value[:20], response.status_code)
        for value in HOSTILE
        for query in queries(value)
        if (response := client.get(url, query)).status_code >= 400
    ]
    assert failures == []


@pytest.mark.parametrize(
    ("per_page", "page_number", "rows"),
    [
        ("5", "1", 5),
        ("5", "3", 2),
        ("5", "99", 2),
        ("5", "-1", 2),
        ("5", "x", 5),
        ("-1", "1", 12),
        ("0", "1", 12),
        ("9" * 40, "1", 12),
        ("abc", "2", 12),
    ],
)
def test_paging_falls_back_to_a_page_that_exists(client, bulk, per_page, page_number, rows):
    """12 players: a bad page size is the default (25), a page past the end is the last one."""
    bulk(10)
    html = client.get(reverse("scoring:leaderboard"), {"per_page": per_page, "page": page_number}).content.decode()
    assert len(cells(html)) == rows
