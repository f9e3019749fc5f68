"""The admin of teams: its pages open, an entry that puts a player in two teams of one event
is refused on the form (the services' rule), and a team penalty is recorded through them."""

from datetime import date

import pytest
from django.contrib.auth.models import User

from scoring.models import Season, Stage, TeamCompetition, TeamPenalty
from scoring.teams import services
from tests.events.conftest import make_event


@pytest.fixture
def root(client, db):
    client.force_login(User.objects.create_superuser("root", password="pw-root-123"))
    return client


@pytest.mark.parametrize("model", ["team", "teamcompetition", "teampenalty"])
def test_the_admin_pages_of_teams_open(root, model):
    assert root.get(f"/admin/scoring/{model}/add/").status_code == 200
    assert root.get(f"/admin/scoring/{model}/").status_code == 200


def test_the_admin_refuses_a_player_in_two_teams_of_one_event(root, club, teams):
    event = make_event(club[:12])
    mixed = services.create_team(name="Mixed", players=[club[0]])
    form = {"event": event.pk, "teams": [teams[0].pk, mixed.pk], "best": ""}
    response = root.post("/admin/scoring/teamcompetition/add/", form)
    assert response.status_code == 200 and "Ann Arbor is on the rosters of" in response.content.decode()
    assert not TeamCompetition.objects.exists()


def test_the_admin_records_a_team_penalty_through_the_services(root, club, teams, team_night):
    competition = TeamCompetition.objects.get(event=team_night)
    form = {"competition": competition.pk, "team": teams[1].pk, "points": "1000", "reason": "no captain at the draw"}
    assert root.post("/admin/scoring/teampenalty/add/", form).status_code == 302
    penalty = TeamPenalty.objects.get()
    assert (penalty.team, penalty.points, penalty.created_by.username) == (teams[1], 1000, "root")


def test_the_admin_refuses_a_league_team_penalty_without_its_stage(root, club, teams):
    season = Season.objects.create(name="League", start=date(2026, 1, 1), end=date(2026, 12, 31))
    stage = Stage.objects.create(season=season, name="Spring", start=date(2026, 1, 1), end=date(2026, 6, 30))
    competition = services.set_league_teams(season=season, teams=teams)
    form = {"competition": competition.pk, "team": teams[0].pk, "points": "500", "reason": "late"}
    response = root.post("/admin/scoring/teampenalty/add/", form)
    assert response.status_code == 200 and "Say which stage of League" in response.content.decode()
    assert root.post("/admin/scoring/teampenalty/add/", form | {"stage": stage.pk}).status_code == 302
    assert TeamPenalty.objects.get().stage == stage
