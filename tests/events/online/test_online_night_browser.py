"""The online night's staff page in Chromium at 360 × 740: an evening's imported online games
ticked, one not on the list; taken into a new round, the page says what became of each, and
the event page shows the round's tables (screenshots in test-artifacts/ with SCREENSHOTS=1)."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import OnlineName, Player
from scoring.online.importer import Options, import_file
from scoring.records import services as records
from tests.builders import make_event
from tests.online.test_readers import HANCHAN, fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_staff_take_an_evenings_online_games_as_a_round_on_a_phone(page, live_server, screenshot, sign_in):
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    players = [Player.objects.create(name=name) for name in ("Ann Arbor", "Bo Berg", "Cho Chen", "Dee Dunn")]
    for player, name in zip(players, ("Kaze", "Yama", "Umi", "Sora"), strict=True):
        records.set_online_names(player=player, site=OnlineName.TENHOU, names=[name])
    game = import_file(HANCHAN, fixture(HANCHAN), Options(ruleset="reach")).game
    other = fixture("tobi.json").replace(b'"Sora"', b'"Stranger"')
    stranger = import_file(
        "tobi.json", other, Options(ruleset="reach", mapping={"stranger": "Eve Egan"}, create_players=True)
    )
    assert game and stranger.game
    records.change_game(game=stranger.game, date=game.date)  # the same evening
    event = make_event(players, slug="reach", present=False, name="Online Tuesday")
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "stu", f"/events/{event.pk}/")
    page.get_by_role("link", name="Take an evening's online games as a round").click()
    page.get_by_label("Imported games of").fill(game.date.isoformat())
    page.get_by_role("button", name="Show").click()
    expect(page.locator(".online-games li")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
    screenshot(page, "event-online-night-360", full_page=True)
    page.get_by_role("button", name="Take these games into the round").click()
    report = page.locator("#online-report li")
    expect(report).to_have_count(2)
    expect(page.locator(".messages")).to_contain_text("1 game taken into round 1.")
    expect(report.filter(has_text="not on the event's list")).to_contain_text("Eve Egan")
    expect(report.filter(has_text="taken as table 1 of round 1")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "event-online-night-taken-360", full_page=True)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(page.locator("#round-title")).to_contain_text("finished")
    expect(page.locator("#live .event-table")).to_have_count(1)
    screenshot(page, "event-online-night-round-360", full_page=True)
