"""Enter in an MCR win's notation box on a 360×740 phone: tiles that are no win are refused as
the tiles' fault ("The tiles: …"), not under the points ("Points: The tiles: …"), and the hand is
not saved."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Hand, Ruleset
from scoring.records import services
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}"),
]


def test_enter_in_the_notation_box_names_the_tiles(page, mcr_club, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("mcr"), players=mcr_club)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    page.locator(".outcomes a", has_text=re.compile("^Win$")).click()
    page.locator("#winner-group label", has_text=re.compile("^Dee$")).click()
    page.locator("#discarder-group label", has_text=re.compile("^Ann$")).click()
    picker = page.locator(".tiles-picker")
    picker.locator("summary").click()
    box = picker.locator(".tiles-notation")
    box.fill("123m567p444s6799s1z")  # thirteen tiles and a fourteenth: no winning hand
    box.press("Enter")
    bar = page.locator("#preview")
    expect(bar).to_contain_text("The tiles:")
    expect(bar).not_to_contain_text("Points: The tiles")
    assert not Hand.objects.filter(game=game).exists()
