"""Requests of the table page that overlap on a slow network: a save made
while the page's poll is on its way, and a preview superseded by the next tap.

The poll and the writes take turns (``hx-sync`` on ``#main``): a save waits for the poll in
flight, so the poll's answer never lands on a poller the save has replaced (htmx would find
none of its regions: ``htmx:oobErrorNoTarget``). A newer preview queues behind the one in
flight instead of aborting it (``htmx:sendAbort``). Both would be console errors, on which
every browser test fails (``tests/conftest.py``).
"""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand, Ruleset
from scoring.records import services
from tests.builders import htmx_idle, htmx_queued

from .test_table_browser import Scorer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def until_held(page, held, seconds=10):
    """Wait until a request is held (a loaded machine may send it late)."""
    for _ in range(seconds * 20):
        if held:
            return
        page.wait_for_timeout(50)
    pytest.fail("no request was held")


def test_a_save_waits_for_the_poll_on_its_way(page, club, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    held = []  # the first poll hangs until it is let go
    page.route("**/table/live/**", lambda route: route.continue_() if held else held.append(route))
    s = Scorer(page)
    s.outcome("Draw")
    until_held(page, held)  # a poll is sent (every 3 s) and held
    page.get_by_role("button", name="Save hand").click()
    htmx_queued(page, "#main")  # the save waits behind the poll
    held[0].continue_()  # the poll reaches the server only now, then the save goes
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    htmx_idle(page)
    assert Hand.objects.filter(game=game).count() == 1


def test_a_newer_preview_waits_for_the_one_on_its_way(page, club, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    held = []
    page.route("**/preview/**", lambda route: route.continue_() if held else held.append(route))
    s = Scorer(page)
    s.outcome("Ron")
    s.chip("win0-winner", "Bo")
    until_held(page, held)  # the first preview is sent and held
    s.chip("discarder", "Cho")
    s.chip("win0-han", "3 han")
    htmx_queued(page, "#preview")  # the newer preview waits behind the held one
    held[0].continue_()
    expect(page.locator("#preview")).to_contain_text("Cho pays Bo 3,900")
