"""Enter in the tile boxes on a 360×740 phone: in the tenpai check's boxes it checks the claim
(the hand is not saved); the check's answer is read out where the box is."""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from tests.builders import TABLE_NAMES, make_players, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def players(db):
    return make_players(TABLE_NAMES)


@pytest.fixture
def club(players, member):
    """Ann … Dee; Ann signs in."""
    return players


def test_enter_in_the_tenpai_box_checks_the_claim(page, club, sign_in):
    game = start(club)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    page.get_by_role("link", name="Draw", exact=True).click()  # the hand form swapped in, as at the table
    check = page.locator(".tenpai-check")
    check.locator("summary").click()
    check.locator("label", has_text="Bo").click()
    box = check.get_by_label("Concealed tiles")
    box.fill("23m456789p234s55s")
    box.press("Enter")
    expect(check.locator(".tenpai-result")).to_contain_text("Bo is tenpai.")
    melds = check.get_by_label("Called melds")
    melds.fill("pon:555z")
    box.fill("23m456p234s55s")
    melds.press("Enter")
    expect(check.locator(".tenpai-result")).to_contain_text("Bo is tenpai.")
    assert not Hand.objects.filter(game=game).exists()
