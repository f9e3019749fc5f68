"""The main pages in Chromium under the site's Content-Security-Policy:
htmx works without eval and no page breaks the policy or logs an error to the console."""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Player, Ruleset
from scoring.records import services
from scoring.rules import RiichiHand, Win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Ann", "Bo", "Cho", "Dee")
# Chromium reports a blocked script, style or eval as a console error; this catches the rest.
WATCH_VIOLATIONS = """document.addEventListener("securitypolicyviolation",
  (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));"""


@pytest.fixture
def club(transactional_db):
    players = [Player.objects.create(name=name) for name in NAMES]
    players[0].user = User.objects.create_user("ann", password="pw-ann-123", is_staff=True, is_superuser=True)
    players[0].save()
    ruleset = Ruleset.objects.preset("ema-2016")
    finished = services.start_game(ruleset=ruleset, players=players)
    for number, facts in enumerate(
        [RiichiHand("win", wins=(Win(1, 2, 3, 30),), riichi=(1,)), RiichiHand("win", wins=(Win(0, None, 2, 30),))], 1
    ):
        services.record_hand(game=finished, facts=facts, expected_number=number, submission_key=f"k{number}")
    finished = services.finish_game(game=finished)
    playing = services.start_game(ruleset=ruleset, players=players)
    return finished, playing


@pytest.fixture
def problems(page):
    """Console errors and uncaught exceptions of every page the test visits."""
    found = []
    page.add_init_script(WATCH_VIOLATIONS)
    page.on(
        "console",
        lambda msg: found.append(f"{page.url}: {msg.text} ({msg.location['url']})") if msg.type == "error" else None,
    )
    page.on("pageerror", lambda error: found.append(f"{page.url}: {error}"))
    return found


def test_the_main_pages_keep_the_policy(page, live_server, club, problems, screenshot):
    finished, playing = club
    page.set_viewport_size({"width": 360, "height": 740})
    visit = lambda path: page.goto(f"{live_server.url}{path}")  # noqa: E731

    assert visit("/admin/login/").headers["content-security-policy"]
    expect(page.locator("#id_username")).to_be_visible()
    visit("/accounts/login/?next=/")
    page.locator("#id_username").fill("ann")
    page.locator("#id_password").fill("pw-ann-123")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/")  # the home page
    visit("/rules/")
    expect(page.locator("main h1")).to_be_visible()

    visit("/games/")
    expect(page.locator("main")).to_contain_text("Cho")
    visit(f"/games/{finished.pk}/")
    expect(page.locator(".score-chart > svg")).to_be_visible()
    screenshot(page, "csp-game-360", full_page=True)

    visit(f"/games/{playing.pk}/table/")  # the live preview: htmx posts on every change
    page.locator(".outcomes a", has_text=re.compile("^Ron$")).click()
    page.locator("form#hand.outcome-ron").wait_for()
    for group, text in (("win0-winner", "Bo"), ("discarder", "Cho"), ("win0-han", "3 han")):
        # one tap at a time: a faster tap replaces the pending preview (hx-sync), and htmx
        # logs that abort as a console error
        with page.expect_response(lambda response: "/table/preview/" in response.url):
            page.locator(f"#{group}-group label", has_text=re.compile(f"^{text}$")).click()
    expect(page.locator("#preview")).to_contain_text("Cho pays Bo 3,900")

    visit("/leaderboard/")
    page.locator("#board th a", has_text="Games").click()  # sorting through htmx
    expect(page).to_have_url(re.compile(r"sort="))
    page.locator(".filters summary").click()
    page.select_option("#id_kind", "casual")  # the filter form drops its empty fields (static/js)
    expect(page).to_have_url(f"{live_server.url}/leaderboard/?kind=casual")

    visit(f"/players/{finished.seats.get(seat=1).player_id}/")
    assert page.locator("figure.chart svg").count() >= 3
    visit("/rules/")
    visit("/admin/")
    expect(page.locator("#site-name")).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 800})
    visit(f"/games/{finished.pk}/")
    screenshot(page, "csp-game-1280", full_page=True)

    assert problems == [], "\n".join(problems)
