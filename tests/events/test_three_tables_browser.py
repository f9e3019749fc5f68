"""A club night of 13 in Chromium at 360 × 740: the staff round page with one table of four and
three of three (screenshots in test-artifacts/ with SCREENSHOTS=1)."""

import datetime

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.events import services
from scoring.models import Player, Ruleset
from tests.test_seat_count import three  # noqa: F401 (a fixture: American for three)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_staff_round_page_shows_tables_of_three_on_a_phone(page, live_server, screenshot, sign_in, three):  # noqa: F811
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    players = [Player.objects.create(name=f"Player {n:02}") for n in range(13)]
    event = services.create_event(
        name="Thirteen",
        date=datetime.date(2026, 12, 4),
        ruleset=Ruleset.objects.preset("ema-2016"),
        three_player_ruleset=three,
        players=players,
        seed=13,
    )
    for player in players:
        services.check_in(event=event, player=player)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "stu", f"/events/{event.pk}/")
    page.get_by_role("button", name="Draw the next round").click()
    tables = page.locator("#live .event-table")
    expect(tables).to_have_count(4)
    expect(tables.nth(0).locator(".event-seats li")).to_have_count(4)
    for number in (1, 2, 3):
        expect(tables.nth(number).locator(".event-seats li")).to_have_count(3)
        expect(tables.nth(number).locator(".table-rules")).to_have_text("Three players · American for three")
    screenshot(page, "event-three-tables-drawn-360", full_page=True)
    page.get_by_role("button", name="Start round 1").click()
    expect(page.locator("#round-title")).to_contain_text("playing")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
    screenshot(page, "event-three-tables-playing-360", full_page=True)
