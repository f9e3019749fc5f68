"""The start form on a 360×740 phone: the seat fields on the first screen and "Start
the game" a short scroll down; the ruleset named, its list one tap away,
before the seats (the family sets how many there are) with the session, each a line."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game, Ruleset

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREEN = 740


def test_the_seats_and_start_are_near_the_top(page, club, screenshot, sign_in):
    Ruleset.objects.preset("ema-2025")
    page.set_viewport_size({"width": 360, "height": SCREEN})
    sign_in(page, "ann", "/games/new/")
    screenshot(page, "start-form-360", full_page=True)
    seats = page.locator("#players input[type=text]")
    expect(seats).to_have_count(4)
    last_seat = seats.last.bounding_box()
    assert last_seat["y"] + last_seat["height"] <= SCREEN, last_seat  # all four seats on the first screen
    start = page.get_by_role("button", name="Start the game").bounding_box()
    assert start["y"] + start["height"] <= SCREEN + 200, start  # a short scroll, a quarter screen
    # the ruleset preselected is named where the seats are, and can be changed
    rules = page.locator("#rules-choice")
    expect(rules.locator("summary")).to_contain_text("EMA 2025")
    rules.locator("summary").click()
    rules.locator("label.option", has_text="EMA 2016").click()
    for seat, name in zip(range(4), ("Ann", "Bo", "Cho", "Dee"), strict=True):
        seats.nth(seat).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/table/"))
    assert Game.objects.get().ruleset.name.startswith("EMA 2016")
