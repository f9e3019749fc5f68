"""Hostile query parameters (issue 10, part 1): no value of ``per_page``, ``page``, ``sort``
or a filter makes a board or list page fail (bad filters are shown above an empty board,
a bad page or page size falls back to the first page or the default size)."""

from datetime import date

import pytest
from django.urls import reverse

from scoring.models import Season
from tests.boards.conftest import MAHJONG, RON, TSUMO, play
from tests.boards.test_views import cells

HOSTILE = [
    "-1", "0", "1.5", "abc", "", "1e309", "nan", "9" * 40, "99999999999", "\x00", "\ufeff1",
    "' OR 1=1 --", "-", "-games", "player__name", "games,-total,", "2026-99-01", "a" * 5000,
]
PARAMETERS = ["per_page", "page", "sort", "ruleset", "kind", "season", "start", "end", "where", "min_games"]
PAGES = [
    "scoring:leaderboard", "scoring:american_board", "scoring:leaderboard_csv", "scoring:american_board_csv",
    "scoring:games", "scoring:seasons", "scoring:statistics_help", "scoring:rules", "scoring:home",
]


@pytest.fixture
def club(players, night):
    play(players[:4], [RON, TSUMO], session=night)
    play(players[:4], [MAHJONG], preset="american", session=night)
    return players


@pytest.mark.parametrize("page", PAGES)
def test_no_query_value_breaks_a_page(client, club, page):
    url = reverse(page)
    failures = []
    for name in PARAMETERS:
        for value in HOSTILE:
            for htmx in ({}, {"HX-Request": "true"}) if "board" in page else ({},):
                response = client.get(url, {name: value}, headers=htmx)
                if response.status_code >= 400:
                    failures.append((name, value[:20], bool(htmx), response.status_code))
    assert failures == []


@pytest.mark.parametrize("page", ["scoring:player", "scoring:session", "scoring:season"])
def test_no_query_value_breaks_a_detail_page(client, club, night, page):
    season = Season.objects.create(name="2026", start=date(2026, 1, 1), end=date(2026, 12, 31))
    pk = {"scoring:player": club[0].pk, "scoring:session": night.pk, "scoring:season": season.pk}[page]
    url = reverse(page, args=[pk])
    failures = [(name, value[:20], response.status_code)
                for name in PARAMETERS for value in HOSTILE
                if (response := client.get(url, {name: value})).status_code >= 400]
    assert failures == []



@pytest.mark.parametrize(("per_page", "page", "rows"), [
    ("5", "1", 5), ("5", "3", 2), ("5", "99", 2), ("5", "-1", 2), ("5", "x", 5),
    ("-1", "1", 12), ("0", "1", 12), ("9" * 40, "1", 12), ("abc", "2", 12),
])
def test_paging_falls_back_to_a_page_that_exists(client, bulk, per_page, page, rows):
    """12 players: a bad page size is the default (25), a page past the end is the last one."""
    bulk(10)
    html = client.get(reverse("scoring:leaderboard"), {"per_page": per_page, "page": page}).content.decode()
    assert len(cells(html)) == rows
