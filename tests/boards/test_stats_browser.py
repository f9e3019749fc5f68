"""The leaderboard and a player page in Chromium: htmx sorting, paging and filtering
without a reload, shareable addresses, and pages that fit a phone (360 px) and a desktop."""

import pytest
from playwright.sync_api import expect

from scoring.demo import bench_stats
from scoring.models import Player
from scoring.records import ratings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club(transactional_db):
    bench_stats.build_club(players=40, games=160, distinct=40, seed=11)
    ratings.recompute_all()


def column(page, index: int) -> list[str]:
    return page.locator(f"#board tbody tr td:nth-child({index})").all_inner_texts()


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 900)])
def test_the_leaderboard_sorts_pages_and_filters_in_place(page, live_server, club, screenshot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/leaderboard/")
    expect(page.locator("h1")).to_have_text("Leaderboard")
    assert page.locator("#board tbody tr").count() == 25
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # the table scrolls, not the page
    screenshot(page, f"leaderboard-{width}")
    page.evaluate("window.stillTheSamePage = true")

    page.locator("#board th a", has_text="Win %").click()
    expect(page).to_have_url(f"{live_server.url}/leaderboard/?sort=-win_rate")
    expect(page.locator("#board th[aria-sort='descending']")).to_contain_text("Win %")
    rates = [float(text) for text in column(page, 11)]
    assert rates == sorted(rates, reverse=True)

    page.locator("#board .pagination a", has_text="2").first.click()
    expect(page).to_have_url(f"{live_server.url}/leaderboard/?sort=-win_rate&page=2")
    expect(page.locator("#board .pagination a[aria-current='page']")).to_have_text("2")

    page.locator(".filters summary").click()
    page.select_option("#id_kind", "casual")
    expect(page).to_have_url(f"{live_server.url}/leaderboard/?kind=casual")  # empty filters left out
    expect(page.locator("#board .count")).to_contain_text("filtered")
    assert page.evaluate("window.stillTheSamePage") is True  # htmx swapped the table, no reload
    screenshot(page, f"leaderboard-{width}-filtered", full_page=True)

    shared = page.url  # the address bar is a shareable link to the same board
    page.goto(shared)
    expect(page.locator("#board .count")).to_contain_text("filtered")


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 900)])
def test_the_player_page(page, live_server, club, screenshot, width, height):
    # the first who played a finished game: the bench club draws a night's players by its
    # session's key, which on PostgreSQL depends on the tests before, so the lowest key alone
    # may belong to one who never sat down
    player = Player.objects.filter(seats__finished=True).order_by("pk").first()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/players/{player.pk}/")
    expect(page.locator("h1")).to_have_text(player.name)
    assert page.locator("figure.chart svg").count() >= 3
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"player-{width}", full_page=True)
    screenshot(page.locator("section.family").first, f"player-{width}-figures")
