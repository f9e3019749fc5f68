"""The leaderboard, American board, player, session and season pages; htmx partials, CSV,
filters, and query counts that do not grow with the history."""

import csv
import io
import re
from datetime import date
from html import unescape

import pytest
from django.db.models import Count
from django.urls import reverse

from scoring.models import ClubSession, Player, Ruleset, Season
from scoring.records import ratings

from .conftest import MAHJONG, RON, TSUMO, WALL, play

pytestmark = pytest.mark.django_db

BOARD = reverse("scoring:leaderboard")


def cells(html: str) -> list[list[str]]:
    """The text of every body row of the first table.board in ``html``."""
    table = re.search(r'<table[^>]*class="board"[^>]*>.*?</table>', html, re.S).group(0)
    body = re.search(r"<tbody[^>]*>(.*?)</tbody>", table, re.S).group(1)
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        found = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        rows.append([unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in found])
    return rows


def headers(html: str) -> list[str]:
    thead = re.search(r"<thead[^>]*>(.*?)</thead>", html, re.S).group(1)
    return [unescape(re.sub(r"<[^>]+>", "", th)).strip() for th in re.findall(r"<th[^>]*>(.*?)</th>", thead, re.S)]


@pytest.fixture
def club(players, night):
    play(players[:4], [RON, TSUMO], session=night)
    play(players[1:5], [TSUMO], session=night)
    play(players[2:6], [RON], day=date(2026, 6, 1))
    play(players[:4], [MAHJONG, WALL], preset="american", session=night)
    return players


def test_the_leaderboard_page(client, club):
    response = client.get(BOARD)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'id="board"' in html
    assert headers(html)[:4] == ["#", "Player", "Games", "Total result (k)"]
    rows = cells(html)
    assert len(rows) == 6
    assert [row[0] for row in rows] == sorted((row[0] for row in rows), key=int)
    assert f'href="{reverse("scoring:player", args=[club[0].pk])}"' in html
    assert "Download CSV (6 rows)" in html
    assert "Accept-Language" in response["Vary"] or "HX-Request" in response["Vary"]


def test_htmx_sorting_returns_only_the_table_region(client, club):
    response = client.get(BOARD, {"sort": "-games"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<form" not in html
    assert "<table" in html
    assert "HX-Request" in response["Vary"]
    games = [int(row[2]) for row in cells(html)]
    assert games == sorted(games, reverse=True)
    assert 'hx-get="?sort=games"' in html  # the next click sorts the other way
    assert 'hx-target="#board"' in html and 'hx-push-url="true"' in html


def test_a_column_sorts_best_first_on_the_first_click(client, club):
    html = client.get(BOARD).content.decode()
    assert 'href="?sort=-win_rate"' in html  # the higher win rate first
    assert 'href="?sort=deal_in_rate"' in html  # the lower deal-in rate first
    ascending = cells(client.get(BOARD, {"sort": "deal_in_rate"}).content.decode())
    rates = [float(row[11]) for row in ascending]
    assert rates == sorted(rates)


def test_paging_keeps_the_filters_in_shareable_links(client, bulk):
    bulk(80, players=40)
    response = client.get(BOARD, {"kind": "casual", "page": 2}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert 0 < len(cells(html)) <= 25
    assert 'hx-get="?kind=casual&amp;page=1"' in html
    assert 'aria-current="page">2<' in html
    full = client.get(BOARD, {"kind": "casual", "page": 2}).content.decode()
    assert '<option value="casual" selected>' in full  # the shared link shows the same board
    assert cells(full) == cells(html)


def test_filters(client, club, night):
    html = client.get(BOARD, {"kind": ClubSession.LEAGUE}).content.decode()
    assert cells(html) == [["No finished games match these filters."]]
    html = client.get(BOARD, {"start": "2026-06-01"}).content.decode()
    assert {row[1] for row in cells(html)} == {"Cho", "Dee", "Eve", "Fay"}
    html = client.get(BOARD, {"min_games": 2}).content.decode()
    assert {row[1] for row in cells(html)} == {"Bob", "Cho", "Dee", "Eve"}
    season = Season.objects.create(name="Spring 2026", start=date(2026, 3, 1), end=date(2026, 5, 31))
    html = client.get(BOARD, {"season": season.pk}).content.decode()
    assert {row[1] for row in cells(html)} == {"Ann", "Bob", "Cho", "Dee", "Eve"}
    ruleset = Ruleset.objects.preset("wrc")  # not .get: a live-server test before may have flushed it
    assert cells(client.get(BOARD, {"ruleset": ruleset.pk}).content.decode())[0][0].startswith("No finished")


def test_a_bad_filter_says_so(client, club):
    response = client.get(BOARD, {"start": "yesterday"})
    assert response.status_code == 200
    assert "Check the filters" in response.content.decode()


def test_the_csv_holds_exactly_what_is_shown(client, club):
    query = {"sort": "-win_rate", "min_games": 1}
    html = client.get(BOARD, query).content.decode()
    response = client.get(reverse("scoring:leaderboard_csv"), query)
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == headers(html)
    # the same figures, the numbers written plainly (no grouping, an ASCII minus) for a spreadsheet
    shown = [
        [cell.replace("\u2212", "-").replace(",", "") if cell != "–" else "" for cell in row] for row in cells(html)
    ]
    assert rows[1:] == shown
    # the board's parameters in their canonical order
    assert f'href="{reverse("scoring:leaderboard_csv")}?min_games=1&amp;sort=-win_rate"' in html


def test_the_american_board(client, club):
    html = client.get(reverse("scoring:american_board")).content.decode()
    assert headers(html) == [
        "#",
        "Player",
        "Games",
        "Total score",
        "Average score",
        "Average place",
        "Mahjongs",
        "Wall games",
        "Average win",
        "Rating (μ − 3σ)",
    ]
    rows = {row[1]: row for row in cells(html)}
    assert set(rows) == {"Ann", "Bob", "Cho", "Dee"}
    assert rows["Ann"][6] == "1" and rows["Ann"][7] == "1"
    response = client.get(reverse("scoring:american_board_csv"))
    assert list(csv.reader(io.StringIO(response.content.decode())))[0][6] == "Mahjongs"


def test_the_board_shows_the_rating(client, club):
    html = client.get(BOARD).content.decode()
    rows = {row[1]: row for row in cells(html)}
    assert rows["Ann"][-1] not in ("", "–")
    assert float(rows["Fay"][-1].replace("\u2212", "-")) == pytest.approx(
        Player.objects.get(name="Fay").ratings.get(family="riichi").ordinal, abs=0.005
    )


def test_the_player_page(client, club):
    bob = club[1]
    response = client.get(reverse("scoring:player", args=[bob.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Bob</h1>" in html
    assert html.count("<svg") == 6  # places, rating, points per game: riichi and American
    assert "Places over time" in html and "Rating over time" in html and "Points per game" in html
    game = bob.seats.first().game
    assert f'href="{reverse("scoring:game", args=[game.pk])}"' in html
    opponents = {row[0]: row for row in cells(html[html.index("opponents-title") :])}
    assert opponents["Cho"][1] == "3"  # two riichi games and one American game together
    assert opponents["Ann"][1] == "2"


def test_a_player_without_games(client, players):
    response = client.get(reverse("scoring:player", args=[players[5].pk]))
    assert response.status_code == 200
    assert "No finished games yet." in response.content.decode()
    assert client.get(reverse("scoring:player", args=[9999])).status_code == 404


def test_the_session_page(client, club, night):
    html = client.get(reverse("scoring:session", args=[night.pk])).content.decode()
    assert night.name in html
    assert "<h3>Riichi</h3>" in html and "<h3>American</h3>" in html
    riichi = cells(html)
    assert {row[1] for row in riichi} == {"Ann", "Bob", "Cho", "Dee", "Eve"}
    assert sum(int(row[2]) for row in riichi) == 8  # two games of four
    assert html.count('class="card"') == 3


def test_a_session_or_season_without_finished_games_says_so(client, night, players):
    play(players[:4], [RON], session=night, finish=False)  # still being played: counts for nothing
    season = Season.objects.create(name="Winter 2025", start=date(2025, 12, 1), end=date(2026, 2, 28))
    html = client.get(reverse("scoring:session", args=[night.pk])).content.decode()
    assert "No finished games in this session yet." in html and "<table" not in html
    html = client.get(reverse("scoring:season", args=[season.pk])).content.decode()
    assert "No finished games in this season yet." in html


def test_the_season_pages(client, club):
    season = Season.objects.create(name="Spring 2026", start=date(2026, 3, 1), end=date(2026, 5, 31))
    Season.objects.create(name="Summer 2026", start=date(2026, 6, 1), end=date(2026, 8, 31))
    index = client.get(reverse("scoring:seasons")).content.decode()
    assert "Spring 2026" in index and "Summer 2026" in index
    html = client.get(reverse("scoring:season", args=[season.pk])).content.decode()
    assert "Club night 1" in html
    assert {row[1] for row in cells(html)} == {"Ann", "Bob", "Cho", "Dee", "Eve"}
    assert f"?season={season.pk}" in html


def test_the_statistics_page_defines_the_hard_cases(client):
    html = client.get(reverse("scoring:statistics_help")).content.decode()
    text = re.sub(r"\s+", " ", html)
    assert "A multiple ron is one deal-in for the discarder" in text
    assert "A chombo hand counts as a hand" in text
    assert "(1, 1, 3, 4)" in text


def test_pages_in_spanish(client, club):
    html = client.get(BOARD, headers={"Accept-Language": "es"}).content.decode()
    assert "Clasificación" in html
    help_page = client.get(reverse("scoring:statistics_help"), headers={"Accept-Language": "es"}).content.decode()
    assert "ron múltiple" in help_page


def test_results_need_a_login_when_they_are_not_public(client, club, settings):
    settings.PUBLIC_RESULTS = False
    for url in (BOARD, reverse("scoring:leaderboard_csv"), reverse("scoring:player", args=[club[0].pk])):
        assert client.get(url).status_code == 302


# ---- query counts do not grow with the history ---------------------------------------------


def page_urls():
    player = Player.objects.annotate(games=Count("seats")).order_by("-games", "pk").first()
    session = ClubSession.objects.order_by("pk").first()
    season = Season.objects.order_by("pk").first()
    ema = Ruleset.objects.preset("ema-2016")
    return {
        "leaderboard": (BOARD, {}),
        "leaderboard sorted, paged, htmx": (BOARD, {"sort": "-win_rate", "page": 2, "_htmx": 1}),
        "leaderboard filtered": (
            BOARD,
            {"length": 1, "ruleset": ema.pk, "season": season.pk, "kind": "casual", "min_games": 2},
        ),
        "csv": (reverse("scoring:leaderboard_csv"), {"sort": "name"}),
        "american": (reverse("scoring:american_board"), {}),
        "player": (reverse("scoring:player", args=[player.pk]), {}),
        "session": (reverse("scoring:session", args=[session.pk]), {}),
        "season": (reverse("scoring:season", args=[season.pk]), {}),
    }


# each page first reads its version tokens (scoring.caching.versions): one query
QUERIES = {
    "leaderboard": 4,  # the versions, the board, the ruleset and season choices of the filter form
    "leaderboard sorted, paged, htmx": 2,  # the versions, the board
    "leaderboard filtered": 6,  # + the chosen ruleset and season, validated
    "csv": 2,
    "american": 4,
    # versions, player, figures, history, ratings, recent games + seats, opponents, tiled wins, and the bench
    # league (its season, stages, divisions, entries, one per stage, names), online names, the rankings'
    # tournaments and imported events of the player (none here; each tournament he played adds its
    # event log's reads), his American tournament record (his events' lines and their seats)
    "player": 20,
    "session": 5,  # versions, session, games + seats, every family's standings in one
    "season": 6,  # versions, season, every family's standings in one, sessions, every season, has it stages
}


@pytest.mark.parametrize("games", [40, 160])
def test_query_counts_do_not_grow_with_the_history(client, bulk, games, django_assert_num_queries):
    bulk(games, players=30)
    ratings.recompute_all()
    for name, (url, params) in page_urls().items():
        headers = {"HX-Request": "true"} if params.pop("_htmx", None) else {}
        with django_assert_num_queries(QUERIES[name], info=name):
            response = client.get(url, params, headers=headers)
        assert response.status_code == 200, name


def test_the_rank_follows_the_sort(client, club):
    """After sorting by another column, # is the rank by that column (ties
    sharing the better rank), never the old ranks in a jumble."""
    by_total = cells(client.get(BOARD).content.decode())
    assert [row[0] for row in by_total] == ["1", "2", "3", "4", "5", "6"][: len(by_total)]
    for sort in ("-win_rate", "avg_place", "-games"):
        rows = cells(client.get(BOARD, {"sort": sort}).content.decode())
        column = headers(client.get(BOARD, {"sort": sort}).content.decode()).index(
            {"-win_rate": "Win %", "avg_place": "Average place", "-games": "Games"}[sort]
        )
        values = [row[column] for row in rows]
        expected = [str(1 + values.index(value)) for value in values]  # ties share the better rank
        assert [row[0] for row in rows] == expected, sort
