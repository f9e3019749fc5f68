"""A club night on a 360 × 740 phone: staff check players in where they are (no
reload, no jump to the top), everyone listed at once, a walk-in found by typing; "Start round
N" within reach; mid-round standings that rank only players with a finished game."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.events import services
from scoring.models import Player
from tests.builders import EVENT_NAMES as NAMES
from tests.builders import make_event
from tests.events.test_event_browser import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def test_mid_round_standings_list_players_without_a_finished_game_apart(page, live_server, screenshot):
    players = [Player.objects.create(name=name) for name in NAMES[:12]]
    event = make_event(players)
    round_ = services.start_round(round_=services.draw_round(event=event))
    first = round_.tables.order_by("number").first()
    play(1, first)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    screenshot(page, "event-standings-mid-round-360", full_page=True)
    ranked = page.locator(".event-standings tbody:not(.unranked) tr")
    expect(ranked).to_have_count(4)
    assert [row.locator("td").first.inner_text() for row in ranked.all()] == ["1", "2", "2", "2"]  # East won a tsumo
    apart = page.locator(".event-standings tbody.unranked")
    expect(apart.get_by_role("rowheader", name="Not ranked yet: no finished game")).to_be_visible()
    names = {row.locator("td").nth(1).inner_text() for row in apart.locator("tr:has(td)").all()}
    assert names == {p.name for p in players if p.pk not in first.players}
    assert {row.locator("td").first.inner_text() for row in apart.locator("tr:has(td)").all()} == {""}


def test_staff_check_in_in_place_all_at_once_a_walk_in_by_typing_then_start(page, live_server, screenshot, sign_in):
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    players = [Player.objects.create(name=name) for name in NAMES]  # Max Moss is not on the list
    event = make_event(players[:12], present=False)
    page.set_viewport_size(PHONE)
    sign_in(page, "stu", f"/events/{event.pk}/")
    page.evaluate("window.sameDocument = true")  # gone if the page reloads

    row = page.locator(".checkin-row", has_text="Gus Gray")
    row.get_by_role("button", name="Check in").scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY"), row.get_by_role("button", name="Check in").bounding_box()["y"]
    row.get_by_role("button", name="Check in").click()
    expect(row.get_by_role("button", name="Here")).to_be_visible()
    expect(row.get_by_role("button", name="Here")).to_be_focused()  # the tapped button, still under the finger
    expect(page.locator("#alerts")).to_have_text("Gus Gray is checked in.")
    after = page.evaluate("window.scrollY"), row.get_by_role("button", name="Here").bounding_box()["y"]
    assert after == before and page.evaluate("window.sameDocument")  # no reload, no jump: the row stays put
    screenshot(page, "event-checkin-in-place-360")

    page.evaluate(
        "window.settled = false; document.body.addEventListener('htmx:afterSettle', () => window.settled = true)"
    )
    page.get_by_role("button", name="Check in everyone listed (11 to go)").click()
    expect(page.locator(".checkin-row button[aria-pressed=true]")).to_have_count(12)
    expect(page.locator("#alerts")).to_have_text("11 players checked in.")
    expect(page.locator("#checkin-title")).to_contain_text("12 of 12 here")

    page.wait_for_function("() => window.settled")  # htmx listens to the new walk-in box once it has settled
    walk_in = page.get_by_label("A player not on the list")
    walk_in.press_sequentially("mos")
    page.get_by_role("button", name="Add Max Moss").click()
    expect(page.locator(".checkin-row", has_text="Max Moss").get_by_role("button", name="Here")).to_be_visible()
    expect(walk_in).to_be_focused()  # ready for the next walk-in
    expect(walk_in).to_have_value("")
    assert page.evaluate("window.sameDocument")
    screenshot(page, "event-checkin-walk-in-360", full_page=True)

    page.get_by_role("button", name="Draw the next round").click()
    start = page.get_by_role("button", name="Start round 1")
    swap = page.get_by_role("button", name="Swap", exact=True)
    assert start.bounding_box()["y"] < page.locator("#first").bounding_box()["y"] < swap.bounding_box()["y"]
    start.scroll_into_view_if_needed()
    screenshot(page, "event-start-round-360")
    start.click()
    expect(page.locator("#round-title")).to_contain_text("playing")


def test_after_a_draw_the_check_in_stays_on_the_first_screen(page, live_server, screenshot, sign_in):
    """Round 1 drawn, not started: a late arrival is checked in from the first screen of a
    360 × 740 phone, above the drawn tables and "Run the event" (the round can still take them:
    staff draw it again)."""
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    players = [Player.objects.create(name=name) for name in NAMES]
    event = make_event(players[:12], present=True)
    services.check_in(event=event, player=players[11], present=False)  # the late arrival
    services.draw_round(event=event)
    page.set_viewport_size(PHONE)
    sign_in(page, "stu", f"/events/{event.pk}/")
    walk_in = page.locator("#walk-in")
    late = page.locator(".checkin-row", has_text=players[11].name)
    for control in (page.locator("#checkin-title"), walk_in):
        box = control.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], box
    assert page.locator("#checkin").bounding_box()["y"] < page.locator("#live").bounding_box()["y"]
    assert page.locator("#checkin").bounding_box()["y"] < page.locator("#run-title").bounding_box()["y"]
    screenshot(page, "event-checkin-after-draw-360")
    late.get_by_role("button", name="Check in").click()
    expect(late.get_by_role("button", name="Here")).to_be_visible()
