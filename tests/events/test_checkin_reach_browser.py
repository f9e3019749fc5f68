"""Check-in within reach: on a new club night's page at 360 × 740, staff find the
check-in, "check in everyone" and the walk-in on the first screen, a member "Check me in"."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Player
from tests.builders import EVENT_NAMES as NAMES
from tests.builders import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def on_first_screen(page, locator):
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"], f"{box['y'] + box['height']:.0f} px down"


def test_staff_find_the_check_in_on_the_first_screen(page, live_server, screenshot, sign_in):
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    event = make_event([Player.objects.create(name=name) for name in NAMES[:12]], present=False)
    page.set_viewport_size(PHONE)
    sign_in(page, "stu", f"/events/{event.pk}/")
    screenshot(page, "event-new-staff-360", full_page=True)
    on_first_screen(page, page.locator("#checkin-title"))
    on_first_screen(page, page.get_by_role("button", name="Check in everyone listed (12 to go)"))
    on_first_screen(page, page.get_by_label("A player not on the list"))


def test_a_member_finds_check_me_in_on_the_first_screen(page, live_server, screenshot, sign_in):
    players = [Player.objects.create(name=name) for name in NAMES[:12]]
    players[0].user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].save()
    event = make_event(players, present=False)
    page.set_viewport_size(PHONE)
    sign_in(page, "ann", f"/events/{event.pk}/")
    screenshot(page, "event-new-member-360", full_page=True)
    on_first_screen(page, page.get_by_role("button", name="Check me in"))
