"""The team pages: the teams, a team's page (roster, captain,
results, contributions), the team board beside the event standings with its penalties and
reasons, its CSV; staff set them up, a member cannot; a form sent twice adds one row."""

import csv
import io
from datetime import date

import pytest
from django.contrib.auth.models import User

from scoring.models import Season, Seat, Team, TeamCompetition, TeamPenalty
from scoring.teams import reads, services
from tests.builders import make_event
from tests.teams.conftest import play_round


@pytest.fixture
def member(db):
    return User.objects.create_user("ann", password="pw")


@pytest.fixture
def staff(db):
    return User.objects.create_user("stu", password="pw", is_staff=True)


def test_staff_create_a_team_and_fill_its_roster_a_member_cannot(client, club, staff, member):
    client.force_login(member)
    assert client.post("/teams/new/", {"name": "Red"}).status_code == 403
    client.force_login(staff)
    client.post("/teams/new/", {"name": "Red"})
    red = Team.objects.get(name="Red")
    client.post(f"/teams/{red.pk}/members/", {"player": club[0].pk})
    client.post(f"/teams/{red.pk}/members/", {"player": club[1].pk, "substitute": "1"})
    client.post(f"/teams/{red.pk}/captain/", {"player": club[0].pk})
    red.refresh_from_db()
    assert red.captain == club[0]
    assert [(m.player, m.substitute) for m in red.members.all()] == [(club[0], False), (club[1], True)]
    page = client.get(f"/teams/{red.pk}/").content.decode()
    assert "Ann Arbor" in page and "(captain)" in page and "(substitute)" in page
    response = client.post("/teams/new/", {"name": "RED"}, follow=True)
    assert "A team with this name already exists" in response.content.decode()


def test_staff_make_an_event_a_team_competition_and_record_a_penalty(client, club, teams, staff):
    event = make_event(club[:12])
    client.force_login(staff)
    client.post(f"/events/{event.pk}/teams/setup/", {"teams": [t.pk for t in teams], "best": "2"})
    competition = TeamCompetition.objects.get(event=event)
    assert (competition.best, competition.teams.count()) == (2, 4)
    response = client.post(f"/events/{event.pk}/teams/penalty/", {"team": teams[1].pk, "points": "x", "reason": "late"})
    assert response.status_code == 302 and not competition.penalties.exists()
    client.post(f"/events/{event.pk}/teams/penalty/", {"team": teams[1].pk, "points": "3000", "reason": "late"})
    page = client.get(f"/events/{event.pk}/teams/").content.decode()
    assert "Green: −3,000 points — late" in page


def test_the_team_board_sums_each_members_results_with_their_contributions(client, team_night, teams, scorer):
    play_round(team_night, scorer)
    lines = reads.board(team_night, reads.competition_of(team_night))
    results = dict(Seat.objects.values_list("player_id", "result"))
    for line in lines:
        assert line.points == sum(results.get(m.player_id, 0) for m in line.team.members.all())
        assert sum(share.points for share in line.shares) == line.points
    page = client.get(f"/events/{team_night.pk}/teams/").content.decode()
    assert all(team.name in page for team in teams) and "Contribution" in page
    standings = client.get(f"/events/{team_night.pk}/standings/").content.decode()
    assert f"/events/{team_night.pk}/teams/" in standings
    red = client.get(f"/teams/{teams[0].pk}/").content.decode()
    assert "Friday night" in red and "place" in red


def test_the_team_board_csv_has_a_row_per_team_and_per_player(client, team_night, teams, scorer):
    play_round(team_night, scorer)
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{team_night.pk}/teams.csv").content.decode())))
    assert rows[0] == ["place", "team", "player", "games", "counted", "points", "penalties"]
    team_rows = [row for row in rows[1:] if row[0]]
    assert sorted(row[1] for row in team_rows) == ["Blue", "Gold", "Green", "Red"]
    assert len(rows) == 1 + 4 + 13  # four teams, their 12 players and Red's substitute
    for row in team_rows:
        members = [r for r in rows[1:] if not r[0] and r[1] == row[1]]
        assert int(row[5]) == sum(int(r[5]) for r in members)


def test_an_event_that_is_no_team_competition_says_so(client, club):
    event = make_event(club[:8])
    assert "is not a team competition" in client.get(f"/events/{event.pk}/teams/").content.decode()


def test_a_new_team_sent_twice_is_created_once_and_the_second_answer_says_so(client, club, staff):
    client.force_login(staff)
    page = client.get("/teams/").content.decode()
    key = page.split('name="submission_key" value="')[1].split('"')[0]
    first = client.post("/teams/new/", {"name": "Red", "submission_key": key}, follow=True).content.decode()
    again = client.post("/teams/new/", {"name": "Red", "submission_key": key}, follow=True).content.decode()
    assert "Team Red created" in first
    assert "This form was already sent and its change is stored; it was not made twice." in again
    assert "already exists" not in again and Team.objects.count() == 1


@pytest.mark.parametrize("where", ["event", "league"])
def test_a_team_penalty_sent_twice_is_recorded_once_and_the_second_answer_says_so(
    client, club, teams, team_night, staff, where
):
    client.force_login(staff)
    form = {"team": teams[0].pk, "points": "1000", "reason": "late"}
    url = f"/events/{team_night.pk}/teams/"
    if where == "league":
        season = Season.objects.create(name="League", start=date(2026, 1, 1), end=date(2026, 12, 31))
        stage = season.stages.create(name="Spring", start=date(2026, 1, 1), end=date(2026, 6, 30))
        services.set_league_teams(season=season, teams=teams)
        form["stage"] = stage.pk
        url = f"/leagues/{season.pk}/teams/"
    page = client.get(url).content.decode()
    key = page.split('name="submission_key" value="')[1].split('"')[0]
    answers = [client.post(f"{url}penalty/", form | {"submission_key": key}, follow=True) for _ in range(2)]
    assert "Team penalty recorded against Red." in answers[0].content.decode()
    assert "it was not made twice" in answers[1].content.decode()
    assert TeamPenalty.objects.count() == 1
    client.post(f"{url}penalty/", form | {"submission_key": "another"})  # another penalty, sent once
    assert TeamPenalty.objects.count() == 2
