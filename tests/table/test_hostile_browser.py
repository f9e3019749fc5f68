"""Hostile input on the table in Chromium: a referee penalty past the bound is
refused next to its field, and a form sent again after its hand was undone says what
happened; screenshots at 360 and 1280 px."""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand, Ruleset
from scoring.records import services

from .test_table_browser import Scorer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_penalty_past_the_bound_is_refused_on_the_form(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    s = Scorer(page)
    s.outcome("Tsumo")
    s.chip("win0-winner", "Bo")
    s.chip("win0-han", "3 han")
    s.button("+ Referee penalty")
    page.locator("#ref0-player-group label", has_text="Cho").click()
    page.locator("input[name=ref0-points]").fill("3000000000")
    s.button("Save hand")
    expect(page.locator("#hand-form")).to_contain_text("A penalty is at most 1,000,000 points")
    screenshot(page, "table-360-penalty-bound", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "table-1280-penalty-bound", full_page=True)
    assert not Hand.objects.exists()


def test_a_form_replayed_after_an_undo_says_so(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    s = Scorer(page)
    s.outcome("Tsumo")
    s.chip("win0-winner", "Bo")
    s.chip("win0-han", "3 han")
    key = page.locator("input[name=submission_key]").input_value()
    s.save(1)
    services.undo_last_hand(game=game)
    # the same form again (a retry arriving late), with the same submission key
    s.outcome("Tsumo")
    s.chip("win0-winner", "Bo")
    s.chip("win0-han", "3 han")
    page.locator("input[name=submission_key]").evaluate("(input, key) => input.value = key", key)
    s.button("Save hand")
    expect(page.locator("#alerts")).to_contain_text("Hand 1 from this form was recorded and then undone")
    screenshot(page, "table-360-undone-replay", full_page=True)
    assert not Hand.objects.exists()
