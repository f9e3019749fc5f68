"""Issue 30 at a club night on a 360 × 740 phone: staff check players in where they are (no
reload, no jump to the top), everyone listed at once, a walk-in found by typing; "Start round
N" within reach; mid-round standings that rank only players with a finished game."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.events import services
from scoring.models import Player
from tests.events.conftest import NAMES, make_event
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
