"""The table in every language of the switch, at 360 x 740 in Chromium: a ron tapped and saved
in the reader's language, the scoreboard and the payments of the save bar in that language's
numbers (Django's locale formats: "34 900" in French, "34.900" in German), and no number cut
off or pushed out of the phone's width by a long word ("Punktetafel", "Änderung jedes
Punktestands"). A screenshot of each is taken for a human to look at (SCREENSHOTS=1)."""

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import expect

from scoring.models import Ruleset
from scoring.records import services
from scoring.rulebook.numbers import points
from scoring.rules import RiichiHand, Win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = [code for code, _name in settings.LANGUAGES]
# Every number of the scoreboard and the save bar, and whether it shows whole: its box within
# the phone's width and its text not clipped by its own box or a clipping parent.
CUT_NUMBERS = """() => [...document.querySelectorAll(
    '#scoreboard .score, #scoreboard .gap, #scoreboard dd, .save-bar summary strong, .save-bar .pay-lines li')]
  .filter(el => el.offsetParent !== null)
  .filter(el => {
    const box = el.getBoundingClientRect();
    let clipped = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible';
    for (let up = el.parentElement; up && !clipped; up = up.parentElement) {
      const style = getComputedStyle(up), outer = up.getBoundingClientRect();
      if (style.overflowX !== 'visible' && (box.left < outer.left - 1 || box.right > outer.right + 1)) clipped = true;
    }
    return clipped || box.left < 0 || box.right > innerWidth;
  })
  .map(el => el.className + ': ' + el.innerText)"""


@pytest.fixture
def game(club):
    """EMA 2016, three hands in: scores of five digits, one below the start (a minus sign)."""
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    hands = [
        RiichiHand("win", wins=(Win(1, 2, 5, 0),), riichi=(1,)),  # Bo ron off Cho, mangan
        RiichiHand("win", wins=(Win(3, None, 6, 0),)),  # Dee tsumo, haneman
        RiichiHand("win", wins=(Win(1, 2, 3, 30),)),  # Bo ron off Cho, 3 han 30 fu
    ]
    for number, facts in enumerate(hands, 1):
        services.record_hand(game=game, facts=facts, expected_number=number, submission_key=f"k{number}")
    return game


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_reads_and_fits_a_phone_in_every_language(page, live_server, game, screenshot, sign_in, language):
    page.set_extra_http_headers({"Accept-Language": language})  # a first visit: the browser's language
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    with translation.override(language):
        scores = [points(seat.score) for seat in game.seats.order_by("seat")]
        recorded = translation.gettext("Hand %(number)s recorded.") % {"number": 4}
        save = translation.gettext("Save hand")
    assert page.locator("#scoreboard .seat .score").all_inner_texts() == scores
    assert page.evaluate(CUT_NUMBERS) == []
    screenshot(page, f"table-360-{language}", full_page=True)

    page.goto(f"{live_server.url}/games/{game.pk}/table/?outcome=ron")  # Cho ron off Dee, 4 han 30 fu
    page.locator("#win0-winner-group label:has(input[value='2'])").click()
    page.locator("#discarder-group label:has(input[value='3'])").click()
    page.locator("#win0-han-group label:has(input[value='4'])").click()
    expect(page.locator(".save-bar summary strong").first).to_be_visible()
    with translation.override(language):
        expect(page.locator(".save-bar summary")).to_contain_text(points(-7700))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate(CUT_NUMBERS) == []
    screenshot(page, f"table-360-{language}-ron", full_page=True)
    page.get_by_role("button", name=save).click()
    expect(page.locator("#alerts")).to_contain_text(recorded)
    assert page.evaluate(CUT_NUMBERS) == []
