"""The language links in Chromium: a thumb switches the leaderboard to Spanish and back, and
an anonymous visitor never gets a CSRF cookie."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_the_language_links_switch_the_page_and_set_no_csrf_cookie(page, live_server, screenshot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/leaderboard/?sort=-games")
    english = page.get_by_role("link", name="English")
    if width < 768:  # a phone: the language links are behind the header's menu
        page.locator("#site-menu summary").click()
    expect(english).to_have_attribute("aria-current", "true")
    assert page.get_by_role("link", name="Español").bounding_box()["height"] >= 44
    screenshot(page, f"language-links-en-{width}")
    page.get_by_role("link", name="Español").click()
    expect(page).to_have_url(f"{live_server.url}/leaderboard/?sort=-games")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    if width < 768:
        page.locator("#site-menu summary").click()
    expect(page.get_by_role("link", name="Español")).to_have_attribute("aria-current", "true")
    screenshot(page, f"language-links-es-{width}")
    page.get_by_role("link", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert "csrftoken" not in {cookie["name"] for cookie in page.context.cookies()}
