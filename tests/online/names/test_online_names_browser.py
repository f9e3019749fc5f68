"""A member keeps their online names on a phone (360 × 740): from their page to the form and back
(screenshots in test-artifacts/ with SCREENSHOTS=1)."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_member_saves_their_online_names_on_a_phone(page, live_server, screenshot, sign_in):
    user = User.objects.create_user("ann", password="pw-ann-123")
    ann = Player.objects.create(name="Ann Arbor", user=user)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/players/{ann.pk}/")
    page.get_by_role("link", name="Change the online names").click()
    page.get_by_label("Tenhou names").fill("Kaze\nカゼ")
    page.get_by_label("Mahjong Soul names").fill("KazeMS")
    screenshot(page, "online-names-form-360", full_page=True)
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("The online names are saved.")
    page.get_by_role("link", name="Back to the player's page").click()
    expect(page.locator("#online-names li")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "online-names-player-360", full_page=True)
