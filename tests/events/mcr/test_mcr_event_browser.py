"""An MCR event's standings on a 360 × 740 phone: the table points column fits beside the points."""

import datetime

import pytest

from scoring.events import services
from scoring.models import Player, Ruleset
from tests.events.mcr.test_mcr_event import FALSE_MAHJONG, WINS, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_mcr_standings_fit_a_phone(page, live_server, screenshot):
    players = [Player.objects.create(name=name) for name in ("Ann Arbor", "Bo Berg", "Cho Chen", "Dee Dunn")]
    players += [Player.objects.create(name=f"Maximilian Longname {n}") for n in range(4)]
    event = services.create_event(
        name="MCR Phone",
        date=datetime.date(2026, 12, 4),
        ruleset=Ruleset.objects.preset("mcr"),
        kind="tournament",
        rounds=1,
        players=players,
        seed=3,
    )
    for player in players:
        services.check_in(event=event, player=player)
    play_round(event, (FALSE_MAHJONG, WINS))
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    screenshot(page, "event-standings-mcr-360", full_page=True)
    assert page.locator(".event-standings thead th").all_inner_texts()[-2:] == ["Table points", "Points"]
    wrap = page.locator(".table-wrap").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert wrap[0] <= wrap[1]  # the table points and points columns are on the screen, no sideways scroll
