"""The front door in Chromium: the home page for a visitor and a
member on a phone and a desktop, the start form's defaults, icons and the web app manifest.
Every browser test fails on a console error (tests/conftest.py), a missing favicon included."""

import re

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import ClubSession, Player

from .conftest import DRAW, RON, TSUMO, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = [(360, 740), (1280, 800)]


@pytest.fixture
def club(transactional_db):
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee", "Eve", "Fay")]
    user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].user = user
    players[0].save()
    tonight = ClubSession.objects.create(name="Thursday night", date=timezone.localdate())
    play(players[:4], [RON, TSUMO, DRAW], session=tonight)
    play(players[2:6], [TSUMO, RON], preset="reach", session=tonight)
    play([players[1], players[0], players[4], players[5]], [RON], preset="reach", finish=False)
    return players


def fits(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width, height", SIZES)
def test_a_visitor_sees_results_and_the_top_of_the_board(page, live_server, club, screenshot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/")
    expect(page.locator("h1")).to_have_text("Mahjong Club")
    expect(page.locator("#latest-title")).to_be_visible()
    expect(page.locator(".game-card")).to_have_count(2)
    expect(page.locator("#top-title")).to_be_visible()
    expect(page.get_by_role("link", name="Log in to record a game")).to_be_in_viewport()
    fits(page, width)
    screenshot(page, f"home-visitor-{width}", full_page=True)


@pytest.mark.parametrize("width, height", SIZES)
def test_a_member_continues_a_game_or_starts_one(page, live_server, club, screenshot, width, height, sign_in):
    page.set_viewport_size({"width": width, "height": height})
    sign_in(page, "ann", "/")
    start = page.locator("main").get_by_role("link", name="Start a game")
    expect(start).to_be_in_viewport()  # the main action, without scrolling
    card = page.locator("section[aria-labelledby=playing-title] .game-card")
    expect(card).to_have_count(1)
    expect(card).to_contain_text("round E2")
    expect(card).to_contain_text("Leading: Ann")
    expect(page.locator("#standings-title")).to_have_text("Thursday night")
    fits(page, width)
    screenshot(page, f"home-member-{width}", full_page=True)

    card.get_by_role("link", name="Continue").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/table/$"))
    page.goto(live_server.url + "/")
    start.click()
    expect(page.locator("input[name=ruleset]:checked + span")).to_contain_text("Reach")  # the last used
    kind = page.locator("#id_session_kind")
    page.select_option("#id_session", str(ClubSession.objects.get().pk))
    expect(kind).to_be_hidden()
    page.select_option("#id_session", "")
    page.locator("summary", has_text="A new session").click()  # a disclosure under the select
    expect(kind).to_be_visible()
    screenshot(page, f"start-game-{width}", full_page=True)


def test_the_site_installs_on_a_phone(page, live_server, club):
    page.goto(live_server.url + "/")
    manifest_url = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(live_server.url + manifest_url).json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    base = live_server.url + manifest_url.rsplit("/", 1)[0] + "/"
    for icon in manifest["icons"]:
        assert page.request.get(base + icon["src"]).ok, icon["src"]
    for link in page.locator("link[rel=icon], link[rel=apple-touch-icon]").all():
        assert page.request.get(live_server.url + link.get_attribute("href")).ok
