"""A team club night on a 360 × 740 phone: staff make a team and fill its roster,
enter four teams on the event's team board (best two per round), check everyone in, draw
(teammates apart, and the page says so), start, the games are played, a team penalty is
recorded with its reason, and the team board shows each team's score and each player's
contribution, in English and in Spanish; screenshots in test-artifacts/."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.events import reads as event_reads
from scoring.events.teammates import teammate_tables
from scoring.models import Player, Team
from scoring.teams import reads, services
from tests.builders import EVENT_NAMES as NAMES
from tests.builders import make_event
from tests.events.test_event_browser import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def test_a_team_club_night_from_check_in_to_the_team_board(page, live_server, screenshot, sign_in):
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    players = [Player.objects.create(name=name) for name in NAMES[:12]]
    for i, name in enumerate(("Red", "Green", "Blue")):  # Gold is made on the phone below
        services.create_team(name=name, players=players[i * 3 : i * 3 + 3], captain=players[i * 3])
    event = make_event(players, present=False)
    page.set_viewport_size(PHONE)
    sign_in(page, "stu", "/teams/")

    page.get_by_label("Name").fill("Gold")
    page.get_by_role("button", name="Create the team").click()
    page.get_by_role("link", name="Gold").click()
    for name in ("Jo Jones", "Kai Kerr", "Lu Lam"):
        page.get_by_label("Add a player").select_option(label=name)
        page.get_by_role("button", name="Add to the roster").click()
        expect(page.locator(".roster")).to_contain_text(name)
    page.locator(".roster li", has_text="Jo Jones").get_by_role("button", name="Make captain").click()
    expect(page.locator(".roster li", has_text="Jo Jones")).to_contain_text("(captain)")
    screenshot(page, "team-page-roster-360", full_page=True)

    page.goto(f"{live_server.url}/events/{event.pk}/teams/")
    expect(page.locator("main")).to_contain_text("This event is not a team competition.")
    for team in ("Red", "Green", "Blue", "Gold"):
        page.get_by_label(team).check()
    page.get_by_label("Best results per round that count (empty: all)").fill("2")
    page.get_by_role("button", name="Save the teams").click()
    expect(page.locator(".team-line")).to_have_count(4)

    page.get_by_role("link", name="Back to the event").click()
    page.get_by_role("button", name="Check in everyone listed (12 to go)").click()
    expect(page.locator("#checkin-title")).to_contain_text("12 of 12 here")
    page.get_by_role("button", name="Draw the next round").click()
    expect(page.locator("#teams-note")).to_have_text("teammates apart")
    round_ = event.round_set.get()
    past = event_reads.past_of(event, before=1)
    assert teammate_tables(past, [t.players for t in round_.tables.all()]) == 0
    screenshot(page, "team-night-drawn-360", full_page=True)
    page.get_by_role("button", name="Start round 1").click()
    expect(page.locator("#round-title")).to_contain_text("playing")
    for table in round_.tables.all():
        play(1, table)

    page.get_by_role("link", name="Team board").click()
    page.get_by_label("Team", exact=True).select_option(label="Green")
    page.get_by_label("Points taken off the team score").fill("2000")
    page.get_by_label("Reason").fill("late to the tables")
    page.get_by_role("button", name="Record the team penalty").click()
    expect(page.locator(".fouls")).to_contain_text("late to the tables")

    lines = reads.board(event, reads.competition_of(event))
    cards = page.locator(".team-line")
    expect(cards).to_have_count(4)
    assert [card.locator("h2 a").inner_text() for card in cards.all()] == [line.team.name for line in lines]
    green = page.locator(".team-line", has_text="Green")
    expect(green.locator("h2")).to_contain_text("team penalties")
    expect(green.locator(".team-shares tbody tr")).to_have_count(3)
    counted = [int(c) for c in green.locator(".team-shares tbody td:nth-child(3)").all_inner_texts()]
    assert sum(counted) == 2  # the best two of the round
    wrap = page.locator(".table-wrap").first.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert wrap[0] <= wrap[1]  # no sideways scroll on the phone
    screenshot(page, "team-board-360", full_page=True)

    page.goto(f"{live_server.url}/language/es/?next=/events/{event.pk}/teams/")
    expect(page.locator("h1")).to_contain_text("clasificación por equipos")
    expect(page.locator("main")).to_contain_text("Aportación")
    screenshot(page, "team-board-es-360", full_page=True)
    page.goto(f"{live_server.url}/teams/{Team.objects.get(name='Gold').pk}/")
    expect(page.locator("main")).to_contain_text("Plantilla")
    screenshot(page, "team-page-es-360", full_page=True)
