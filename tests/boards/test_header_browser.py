"""The site header on a 360×740 phone: the brand and a menu button, at most 15 % of the
screen's height on every page; the navigation, the language links and the login behind the
menu (a <details>, no script framework). At 1280×800 the menu is open and its button hidden."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ("/", "/games/", "/leaderboard/", "/records/", "/events/", "/rules/", "/teams/")


@pytest.mark.parametrize("path", PAGES)
def test_the_header_is_at_most_15_percent_of_a_phone(page, live_server, screenshot, path):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}{path}")
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= 0.15 * 740, header
    nav = page.get_by_role("navigation", name="Main")
    expect(nav).to_be_hidden()
    page.locator("#site-menu summary").click()
    expect(nav).to_be_visible()
    expect(page.get_by_role("link", name="Español")).to_be_visible()
    expect(page.get_by_role("link", name="Log in", exact=True)).to_be_visible()
    if path == "/":
        screenshot(page, "header-menu-open-360")
    # a link in the menu is a thumb's height
    assert nav.get_by_role("link", name="Events").bounding_box()["height"] >= 44


def test_a_member_logs_out_from_the_menu(page, club_member, sign_in):
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", "/games/")
    assert page.locator(".site-header").bounding_box()["height"] <= 0.15 * 740
    page.locator("#site-menu summary").click()
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Start a game")).to_be_visible()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def test_a_wide_screen_shows_the_links_without_the_menu_button(page, live_server, screenshot):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/")
    expect(page.locator("#site-menu summary")).to_be_hidden()
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    expect(page.get_by_role("link", name="Español")).to_be_visible()
    assert page.locator(".site-header").bounding_box()["height"] <= 110
    screenshot(page, "header-1280")


@pytest.fixture
def club_member(db):
    from django.contrib.auth.models import User

    from scoring.models import Player

    Player.objects.create(name="Ann", user=User.objects.create_user("ann", password="pw-ann-123"))
