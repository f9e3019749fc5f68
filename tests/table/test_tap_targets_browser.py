"""On a 360×740 phone every link and button of the pages a scorer uses (home, start,
table, game, event) is at least 44 px tall; "Game started. East deals first." goes with the
first hand saved; "Dead hands" reads as a disclosure."""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.events import services as events
from scoring.models import Ruleset
from scoring.records import services
from scoring.rules import RiichiHand, Win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# each visible link, button and disclosure shorter than a thumb: "<tag> <text> <height>"
SHORT = """() => [...document.querySelectorAll("a[href], button, summary, select")].filter(el => {
    const r = el.getBoundingClientRect(), hidden = getComputedStyle(el).visibility === "hidden";
    if (!r.width || !r.height || hidden || el.closest("[hidden], .visually-hidden, .skip-link")) { return false; }
    return r.height < 44;
}).map(el => `${el.tagName.toLowerCase()} ${el.textContent.trim().slice(0, 40)} ${Math.round(el.offsetHeight)}`)"""


@pytest.fixture
def night(club):
    """Ann's club night: four players, a round drawn and started, Ann's table's game open."""
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    event = events.create_event(
        name="Friday night",
        date=datetime.date(2026, 12, 4),
        ruleset=Ruleset.objects.preset("ema-2016"),
        players=club,
        seed=42,
    )
    for player in club:
        events.check_in(event=event, player=player)
    events.start_round(round_=events.draw_round(event=event))
    return event


def test_every_link_and_button_is_a_thumb_tall(page, night, screenshot, sign_in):
    page.set_viewport_size({"width": 360, "height": 740})
    game = night.round_set.get().tables.get().game
    cho_rons_dee = RiichiHand("win", wins=(Win(1, 2, 3, 30),))
    services.record_hand(game=game, facts=cho_rons_dee, expected_number=1, submission_key="k1")
    pages = {
        "home": "/",
        "start": "/games/new/",
        "table": f"/games/{game.pk}/table/",
        "table-ron": f"/games/{game.pk}/table/?outcome=ron",
        "table-draw": f"/games/{game.pk}/table/?outcome=draw",
        "game": f"/games/{game.pk}/",
        "event": f"/events/{night.pk}/",
    }
    short = {}
    for user in ("ann", "stu"):
        for name, path in pages.items():
            sign_in(page, user, path)
            short.update({f"{user} {name}: {s}": path for s in page.evaluate(SHORT)})
            screenshot(page, f"targets-{user}-{name}-360", full_page=True)
    assert not short, "\n".join(short)


def test_the_game_started_message_goes_with_the_first_hand(page, club, sign_in):
    page.set_viewport_size({"width": 360, "height": 740})
    Ruleset.objects.preset("ema-2025")  # preselected
    sign_in(page, "ann", "/games/new/")
    for seat, name in (("South", "Bo"), ("West", "Cho"), ("North", "Dee")):
        page.get_by_label(seat, exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/table/$"))
    expect(page.locator("#alerts")).to_have_text("Game started. East deals first.")
    page.get_by_role("link", name="Draw", exact=True).click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#alerts")).to_have_text("Hand 1 recorded.")
    expect(page.get_by_text("Game started. East deals first.")).to_have_count(0)


def test_dead_hands_is_a_disclosure(page, club, sign_in):
    """A disclosure triangle before the words, turned when open; the summary is no heading."""
    page.set_viewport_size({"width": 360, "height": 740})
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    sign_in(page, "ann", f"/games/{game.pk}/table/?outcome=draw")
    summary = page.locator("summary", has_text="Dead hands")
    marker = "el => getComputedStyle(el, '::before').content"
    assert "▸" in summary.evaluate(marker)
    summary.click()
    assert "▾" in summary.evaluate(marker)
    expect(page.locator("#dead-group")).to_be_visible()
