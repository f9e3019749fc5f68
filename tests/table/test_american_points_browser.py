"""The American hand form under tournament points on a 360×740 phone (the US
organisers' rules): a mahjong by discard in as few taps as settle-up's form, the preview showing
each player's points for the game, a wall game with a dead hand.

Every test here fails on a console error of the page (tests/conftest.py).
"""

import pytest
from playwright.sync_api import expect

from scoring.models import Ruleset
from scoring.records import services

from .test_phone_browser import PHONE, on_screen
from .test_table_browser import Scorer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_tournament_points_at_the_table_on_a_phone(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("american-tournament"), players=club)
    page.set_viewport_size(PHONE)
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    s = Scorer(page)
    s.outcome("Mahjong")
    s.chip("winner", "Bo")
    s.chip("discarder", "Cho")
    s.tap(page.locator(".card-value", has_text="35"))
    # Destination Mah Jongg official rules: 0 or 1 exposures (the chip already chosen) lose 10
    expect(page.locator("#preview")).to_contain_text("Bo: 35 card value = 35")
    expect(page.locator("#preview")).to_contain_text("Cho discarded the winning tile with 0 exposed: −10")
    assert on_screen(page, "#hand .save")
    s.button("Save hand")
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    assert s.count() == 5  # Mahjong, Bo, Cho, 35, Save: as many as settle-up's form

    # 2 exposures lose 20: one tap more; the preview's summary reads each player's points
    s.outcome("Mahjong")
    s.chip("winner", "Dee")
    s.chip("discarder", "Ann")
    s.tap(page.locator(".card-value", has_text="25"))
    s.chip("exposures", "2")
    expect(page.locator("#preview")).to_contain_text("Ann discarded the winning tile with 2 exposed: −20")
    expect(page.locator("#preview summary")).to_contain_text("Dee +25")
    screenshot(page, "phone-360-american-points")
    s.button("Save hand")
    expect(page.locator("#alerts")).to_contain_text("Hand 2 recorded.")

    # a wall game: +10 to each live hand, 0 to the dead one
    s.outcome("Wall game")
    s.chip("dead", "Cho")
    expect(page.locator("#preview")).to_contain_text("Wall game: +10 to each live hand: Ann, Bo, Dee")
    screenshot(page, "phone-360-american-points-wall")
    s.button("Save hand")
    expect(page.locator("#alerts")).to_contain_text("Hand 3 recorded.")
    expect(page.locator("#scoreboard .seat", has_text="Bo")).to_contain_text("45")
