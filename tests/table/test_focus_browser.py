"""Focus on the table page on a 360×740 phone: "Undo last hand" puts the focus on its question,
"Keep it" back on "Undo last hand" (and likewise for Finish and Abandon); the focus never falls
to the page's body (WCAG 2.4.3, focus order)."""

import pytest
from playwright.sync_api import expect

from tests.table.conftest import start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def focused(page) -> str:
    return page.evaluate(
        "document.activeElement === document.body ? 'body' : document.activeElement.textContent.trim()"
    )


def test_undo_and_keep_it_keep_the_focus(page, club, sign_in):
    game = start(club)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/?outcome=draw")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    page.get_by_role("link", name="Undo last hand").click()
    question = page.locator("#confirm-text")
    expect(question).to_be_focused()
    page.get_by_role("link", name="Keep it").click()
    expect(page.get_by_role("link", name="Undo last hand")).to_be_focused()
    page.get_by_role("link", name="Finish game").click()
    expect(question).to_be_focused()
    page.get_by_role("link", name="Keep playing").click()
    expect(page.get_by_role("link", name="Finish game")).to_be_focused()
    page.get_by_role("link", name="Undo last hand").click()
    page.get_by_role("button", name="Undo hand 1").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 1 undone.")
    # the swap settles after the alert shows: wait for the focus to land, never on the body
    page.wait_for_function("document.activeElement && document.activeElement !== document.body")
    assert focused(page) != "body"
