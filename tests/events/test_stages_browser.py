"""A tournament's final opened on a phone (360 × 740): staff tap "Close Qualifying and open
Final", see the cut line and who goes on, confirm; the final is drawn by rank; the standings
show each stage and the final ranking; nothing wider than the phone. Screenshots in
test-artifacts/ (SCREENSHOTS=1)."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import EventStage, Player
from tests.events.test_stages import FINAL, QUALIFYING, SECOND, play, staged

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Ann Arbor", "Bo Berg", "Cho Chen", "Dee Dunn", "Eli Egan", "Fay Fox", "Gus Gray", "Hal Hunt")


def test_staff_open_the_final_on_a_phone(page, live_server, screenshot, sign_in):
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    event = staged([Player.objects.create(name=name) for name in NAMES])
    play(event, QUALIFYING)
    play(event, SECOND)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "stu", f"/events/{event.pk}/")
    opening = page.get_by_text("Close Qualifying and open Final")
    expect(opening).to_be_visible()
    confirm = page.get_by_role("button", name="Confirm: open Final")
    expect(confirm).to_be_hidden()  # the first tap shows who goes on
    opening.click()
    expect(page.locator(".stage-preview .cut-line")).to_be_visible()
    screenshot(page, "stages-preview-360", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    confirm.click()  # the second opens the final
    expect(page.get_by_text("Final is open: draw its first round.")).to_be_visible()
    assert EventStage.objects.get(event=event, number=2).opened_at is not None
    play(event, FINAL)
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    expect(page.get_by_role("heading", name="Final ranking")).to_be_visible()
    expect(page.get_by_role("heading", name="Qualifying")).to_be_visible()
    screenshot(page, "stages-standings-360", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
