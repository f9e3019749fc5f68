"""A team league on a 360 × 740 phone: from the league page to its team board (each stage, each
member's contribution, the stage's team penalty with its reason), then to a team's page."""

import pytest
from playwright.sync_api import expect

from scoring.teams import services
from tests.builders import eight as eight  # a fixture: Ann … Hal
from tests.builders import staged as staged  # a fixture: a season of two stages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def test_a_team_league_on_a_phone(page, live_server, screenshot, staged, eight):
    season, regular, _final = staged
    north = services.create_team(name="North", players=eight[:4], captain=eight[0])
    south = services.create_team(name="South", players=eight[4:], captain=eight[4])
    competition = services.set_league_teams(season=season, teams=[north, south], best=2)
    services.record_team_penalty(competition=competition, team=south, points=2000, reason="late", stage=regular)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/leagues/{season.pk}/")
    page.get_by_role("link", name="Team board").click()
    regular_stage = page.locator(".league-stage", has_text="Regular")
    expect(regular_stage.locator(".team-line")).to_have_count(2)
    expect(regular_stage.locator(".team-line", has_text="South").locator("h3")).to_contain_text("team penalties")
    expect(regular_stage).to_contain_text("South: −2,000 points — late")
    expect(regular_stage.locator(".team-line", has_text="North")).to_contain_text("Ann")
    screenshot(page, "league-teams-360", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator(".team-line h3 a", has_text="North").first.click()
    expect(page.locator("#results-title ~ h3", has_text="League 2026")).to_have_count(2)  # its two stages
    screenshot(page, "league-team-page-360", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
