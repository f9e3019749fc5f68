"""The league page on a 360 × 740 phone: the standing fits the screen's width, the cut line is drawn
under those who go on, and the unranked are listed apart."""

import pytest
from playwright.sync_api import expect

from scoring.leagues import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def fits(page):
    for table in page.locator(".league-standings").all():
        box = table.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], "the standing fits a phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_league_page_on_a_phone(page, live_server, screenshot, staged, divided, eight):
    season, regular, _final = staged
    services.close_stage(stage=regular)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/leagues/{season.pk}/")
    screenshot(page, "league-stages-360", full_page=True)
    first = page.locator(".league-standings").first
    expect(first.locator("tr.cut-line")).to_have_text("Cut: the 2 above go on")
    expect(first.locator("tbody.unranked")).to_contain_text("Bob")
    expect(page.locator(".league-standings").nth(1)).to_contain_text("Carried")
    fits(page)
    page.goto(f"{live_server.url}/players/{eight[0].pk}/")
    final = page.locator(".league-lines li", has_text="League 2026 · Final")
    expect(final).to_contain_text("+18,000 carried + 0 this stage = +18,000")
    final.scroll_into_view_if_needed()
    screenshot(page, "league-player-lines-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    season, _top, _bottom = divided
    page.goto(f"{live_server.url}/leagues/{season.pk}/")
    screenshot(page, "league-divisions-360", full_page=True)
    expect(page.locator(".league-standings").nth(0).locator("tr.relegated")).to_contain_text("Cho")
    expect(page.locator(".league-standings").nth(1).locator("tr.promoted")).to_contain_text("Eve")
    fits(page)
