"""The hand form's bottom bar on a 360×740 phone: at every outcome of every family
it takes at most a quarter of the screen (a one-line summary of the payments, expandable to
"who pays whom"), and no control of the form is ever under it: each one, brought into view as
a thumb or the Tab key brings it, is what a tap at its middle lands on.

Every test here fails on a console error of the page (tests/conftest.py).
"""

import pytest
from playwright.sync_api import expect

from scoring.models import Ruleset
from scoring.records import services
from tests.builders import htmx_idle

from .test_phone_browser import PHONE, open_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUARTER = PHONE["height"] // 4

# Every control of the hand form outside the bar (every disclosure opened first), brought into
# view as the browser brings a focused one (nearest edge, from the top of the page): the ones a
# tap at their middle does not land on. A chip's or a toggle's label is its tap target.
COVERED = """() => {
  document.querySelectorAll("#hand details:not(.payments)").forEach((d) => { d.open = true; });
  const controls = [...document.querySelectorAll(
    "#hand-form :is(a, button, summary, label.chip, label.toggle, label.option, select, textarea, " +
    "input:not([type=hidden], [type=radio], [type=checkbox]))")]
    .filter((el) => el.getClientRects().length && !el.closest(".save-bar, .visually-hidden"));
  const covered = [];
  for (const el of controls) {
    window.scrollTo(0, 0);
    el.scrollIntoView({ block: "nearest" });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(el.contains(hit) || hit.contains(el))) covered.push(el.outerHTML.slice(0, 90));
  }
  window.scrollTo(0, 0);
  return covered;
}"""

FAMILIES = [("ema-2016", 4), ("american", 4), ("mcr", 4), ("tenhou-sanma", 3)]


def bar_height(page) -> float:
    return page.locator("#hand .save-bar").bounding_box()["height"]


def tap_first_choices(page):
    """The first choice of each group of chips: the winner, the discarder, the han…: payments."""
    for group in page.locator("#hand fieldset.chips:not(.seat-grid ~ .seat-grid)").all():
        first = group.locator("label.chip").first
        if first.is_visible() and not group.locator("input:checked").count():
            first.click()
    htmx_idle(page)  # the preview of the choices has come back


@pytest.mark.parametrize("slug, seats", FAMILIES)
def test_the_bar_is_a_quarter_of_the_screen_and_covers_no_control(page, club, screenshot, sign_in, slug, seats):
    game = services.start_game(ruleset=Ruleset.objects.preset(slug), players=club[:seats])
    open_table(page, sign_in, game)
    keys = page.locator(".outcomes a").evaluate_all("(links) => links.map((a) => a.href.split('outcome=')[1])")
    for key in keys:
        page.locator(f".outcomes a.outcome-{key}").click()
        page.locator(f"form#hand.outcome-{key}").wait_for()
        assert bar_height(page) <= QUARTER, (key, "empty")
        tap_first_choices(page)
        assert bar_height(page) <= QUARTER, (key, "filled")
        screenshot(page, f"phone-360-bar-{slug}-{key}")
        assert page.evaluate(COVERED) == [], key
        if page.locator("#preview .payments").count():
            page.locator("#preview .payments summary").click()  # who pays whom, on a tap
            expect(page.locator("#preview .pay-lines")).to_be_visible()
            screenshot(page, f"phone-360-bar-{slug}-{key}-open")
