"""Every number a team form takes, out of its bound or no number at all (5,000 digits, past the
databases' ids, past the records' points): a message on the page naming the rule, never a 500,
nothing stored; the service and the model refuse the same points."""

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils.html import escape

from scoring.models import Season, TeamCompetition, TeamPenalty
from scoring.records.services import ServiceError
from scoring.rules import bounds
from scoring.teams import services

HUGE = "9" * 5000  # Python refuses to read 4,300 digits
PAST_IDS = str(bounds.MAX_ID + 1)
POINTS = "A team penalty takes from 1 to 1,000,000 points off the team score."
BEST = "The best results per round must be between 1 and the smallest roster entered (3)."
NO_PLAYER = "Choose a player from the club's list."
NO_TEAM = "Choose a team from the club's list."


@pytest.fixture
def staff(db):
    client = Client(raise_request_exception=False)
    client.force_login(User.objects.create_user("stu", is_staff=True))
    return client


@pytest.fixture
def league(teams):
    season = Season.objects.create(name="League", start=date(2026, 1, 1), end=date(2026, 12, 31))
    stage = season.stages.create(name="Spring", start=date(2026, 1, 1), end=date(2026, 6, 30))
    services.set_league_teams(season=season, teams=teams)
    return season, stage


def penalty_forms(team_night, league, teams):
    """The two team penalty forms, filled in right: (URL, form)."""
    season, stage = league
    right = {"team": teams[0].pk, "points": "1000", "reason": "late"}
    return [
        (f"/events/{team_night.pk}/teams/penalty/", right),
        (f"/leagues/{season.pk}/teams/penalty/", right | {"stage": stage.pk}),
    ]


def refused(staff, url, form, message):
    response = staff.post(url, form, follow=True)
    assert response.status_code < 500
    assert escape(message) in response.content.decode()


@pytest.mark.parametrize("points", ["0", "-5", "1.5", "ten", "1000001", "2147483648", HUGE])
def test_team_penalty_points_out_of_bounds_are_a_form_message(staff, teams, team_night, league, points):
    for url, form in penalty_forms(team_night, league, teams):
        refused(staff, url, form | {"points": points}, POINTS)
    assert not TeamPenalty.objects.exists()


def test_the_most_points_a_team_penalty_takes_are_the_records_bound(staff, teams, team_night, league):
    for url, form in penalty_forms(team_night, league, teams):
        refused(staff, url, form | {"points": "1000000"}, "Team penalty recorded against Red.")
    assert list(TeamPenalty.objects.values_list("points", flat=True)) == [bounds.MAX_POINTS] * 2


@pytest.mark.parametrize("team", [HUGE, PAST_IDS, "0", "red"])
def test_a_team_penalty_of_no_team_is_a_form_message(staff, teams, team_night, league, team):
    for url, form in penalty_forms(team_night, league, teams):
        refused(staff, url, form | {"team": team}, NO_TEAM)
    assert not TeamPenalty.objects.exists()


@pytest.mark.parametrize("stage", [HUGE, PAST_IDS, "0"])
def test_a_league_team_penalty_of_no_stage_is_a_form_message(staff, teams, team_night, league, stage):
    _event, (url, form) = penalty_forms(team_night, league, teams)
    refused(staff, url, form | {"stage": stage}, "Say which stage of League the team penalty comes off.")
    assert not TeamPenalty.objects.exists()


@pytest.mark.parametrize("player", [HUGE, PAST_IDS, "0", ""])
@pytest.mark.parametrize("write", ["members", "members/remove", "captain"])
def test_a_roster_change_of_no_player_is_a_form_message(staff, teams, write, player):
    refused(staff, f"/teams/{teams[0].pk}/{write}/", {"player": player}, NO_PLAYER)
    assert teams[0].members.count() == 4


@pytest.mark.parametrize("team", [HUGE, PAST_IDS, "blue"])
def test_entering_no_team_is_a_form_message(staff, teams, team_night, league, team):
    for url in (f"/events/{team_night.pk}/teams/setup/", f"/leagues/{league[0].pk}/teams/setup/"):
        refused(staff, url, {"teams": [teams[0].pk, team], "best": ""}, NO_TEAM)
    assert all(c.teams.count() == 4 for c in TeamCompetition.objects.all())


@pytest.mark.parametrize("best", [HUGE, PAST_IDS, "40000", "4", "0", "two"])
def test_a_best_k_out_of_bounds_is_a_form_message(staff, teams, team_night, league, best):
    for url in (f"/events/{team_night.pk}/teams/setup/", f"/leagues/{league[0].pk}/teams/setup/"):
        refused(staff, url, {"teams": [t.pk for t in teams], "best": best}, BEST)
    assert all(c.best is None for c in TeamCompetition.objects.all())


def test_a_best_k_without_teams_is_refused(staff, club, teams, league):
    season, _stage = league
    refused(staff, f"/leagues/{season.pk}/teams/setup/", {"best": "40000"}, "smallest roster entered (0)")
    assert TeamCompetition.objects.get(season=season).best is None


@pytest.mark.parametrize("points", [0, bounds.MAX_POINTS + 1, 2**31])
def test_the_service_and_the_model_refuse_the_same_points(teams, team_night, points):
    competition = TeamCompetition.objects.get(event=team_night)
    with pytest.raises(ServiceError, match="from 1 to 1,000,000 points"):
        services.record_team_penalty(competition=competition, team=teams[0], points=points, reason="late")
    with pytest.raises(ValidationError):
        TeamPenalty(competition=competition, team=teams[0], points=points, reason="late").full_clean()


def test_the_admin_refuses_team_penalty_points_past_the_bound(teams, team_night):
    client = Client(raise_request_exception=False)
    client.force_login(User.objects.create_superuser("root", password="pw-root-123"))
    competition = TeamCompetition.objects.get(event=team_night)
    form = {"competition": competition.pk, "team": teams[0].pk, "points": "2147483648", "reason": "late"}
    response = client.post("/admin/scoring/teampenalty/add/", form)
    assert response.status_code == 200 and "1000000" in response.content.decode().replace(",", "")
    assert not TeamPenalty.objects.exists()
