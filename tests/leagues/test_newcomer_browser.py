"""A newcomer on a 360×740 phone finds the demo club's league and its teams: the home page and the
header's menu lead to them in one or two taps; a league's totals and its team board read points in
one format (thousands grouped, no "k"); the leaderboard's sort headers are a thumb's height."""

import re

import pytest
from playwright.sync_api import expect

from scoring.demo.club import DEMO_LEAGUE, seed_club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}
GROUPED = re.compile(r"^[+−]?\d{1,3}(,\d{3})*$")


@pytest.fixture
def demo(db):
    seed_club()


def test_the_home_page_and_the_header_lead_to_the_league_and_its_teams(page, live_server, demo, screenshot):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/")
    section = page.locator("section", has=page.locator("#leagues-title"))
    expect(section).to_contain_text(DEMO_LEAGUE)
    expect(section).to_contain_text("2 stages · 2 divisions")
    screenshot(section, "home-leagues-360")
    section.get_by_role("link", name=DEMO_LEAGUE).click()  # one tap from the home page
    expect(page.locator("h1")).to_have_text(DEMO_LEAGUE)
    totals = page.locator(".league-stage td.num").all_inner_texts()
    assert totals and not any(text.endswith("k") for text in totals), totals
    screenshot(page, "league-demo-360", full_page=True)
    page.goto(f"{live_server.url}/rules/")
    page.locator("#site-menu summary").click()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Leagues").click()  # two taps anywhere
    page.get_by_role("main").get_by_role("link", name="Team board").click()
    expect(page.locator(".team-line")).not_to_have_count(0)
    for text in page.locator(".team-line h3 .meta").all_inner_texts():
        points = text.split(" · ")[-1]
        assert GROUPED.match(points.replace(" points", "")) or "points" in text or points, text


def test_the_leaderboards_sort_headers_are_a_thumbs_height(page, live_server, demo):
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/leaderboard/")
    heights = page.locator("table.board th a").evaluate_all("as => as.map(a => a.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44, heights
