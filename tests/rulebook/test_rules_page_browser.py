"""The rules page in Chromium: readable on a phone (360 px) and on a desktop (1280 px)."""

import pytest
from playwright.sync_api import expect

from scoring.rules import PRESETS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    "width, height, language, heading",
    [(360, 740, "en", "Rules"), (1280, 900, "en", "Rules"), (360, 740, "es", "Reglas")],
)
def test_rules_page_fits_the_screen(page, live_server, screenshot, width, height, language, heading):
    page.set_viewport_size({"width": width, "height": height})
    page.set_extra_http_headers({"Accept-Language": language})
    page.goto(f"{live_server.url}/rules/")
    assert page.locator("h1").inner_text() == heading
    assert page.locator("section.preset").count() == len(PRESETS)
    # nothing wider than the screen: no sideways scrolling on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # the language and account controls are thumb-sized (behind the header's menu on a phone)
    if width < 768:
        page.locator("#site-menu summary").click()
    for control in page.locator(".lang a, .account a, .toc a").all():
        assert control.bounding_box()["height"] >= 44
    name = f"rules-{language}-{width}"
    screenshot(page, name)
    screenshot(page, f"{name}-full", full_page=True)
    for anchor in ("jpml-a", "american", "knobs"):
        screenshot(page.locator(f"#{anchor}"), f"{name}-{anchor}")


def test_preset_links_jump_to_their_anchor(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/rules/")
    page.locator(".toc a[href='#reach']").click()
    assert page.url.endswith("#reach")
    expect(page.locator("#reach h2")).to_be_in_viewport()
