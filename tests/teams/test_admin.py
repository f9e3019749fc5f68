"""The admin of teams: its pages open, an entry that puts a player in two teams of one event
is refused on the form (the services' rule), and a team penalty is recorded through them."""

from datetime import date

import pytest
from django.contrib.auth.models import User

from scoring.models import Season, Stage, Team, TeamCompetition, TeamPenalty
from scoring.teams import services
from tests.builders import make_event


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


def roster_form(team, *rows, captain=None) -> dict:
    """The admin's change form of ``team``: its name, captain and roster as stored, and ``rows``
    (player, substitute) added."""
    members = list(team.members.all())
    form = {
        "name": team.name,
        "captain": captain.pk if captain else (team.captain_id or ""),
        "members-TOTAL_FORMS": len(members) + len(rows),
        "members-INITIAL_FORMS": len(members),
    }
    for n, member in enumerate(members):
        form |= {f"members-{n}-id": member.pk, f"members-{n}-team": team.pk, f"members-{n}-player": member.player_id}
        form |= {f"members-{n}-substitute": "on"} if member.substitute else {}
    for n, (player, substitute) in enumerate(rows, start=len(members)):
        form |= {f"members-{n}-team": team.pk, f"members-{n}-player": player.pk}
        form |= {f"members-{n}-substitute": "on"} if substitute else {}
    return form


def test_the_admin_creates_a_team_with_its_roster_and_captain_through_the_services(root, club):
    form = {"name": "Purple", "captain": club[0].pk, "members-TOTAL_FORMS": 2, "members-INITIAL_FORMS": 0}
    form |= {"members-0-player": club[0].pk, "members-1-player": club[1].pk, "members-1-substitute": "on"}
    assert root.post("/admin/scoring/team/add/", form).status_code == 302
    purple = Team.objects.get(name="Purple")
    assert purple.captain == club[0]
    assert [(m.player, m.substitute) for m in purple.members.all()] == [(club[0], False), (club[1], True)]


def test_the_admin_refuses_a_roster_that_puts_a_player_on_two_teams_of_a_competition(root, club, teams, team_night):
    red = teams[0]
    response = root.post(f"/admin/scoring/team/{red.pk}/change/", roster_form(red, (club[4], False)), follow=True)
    assert response.status_code == 200
    assert "Eli Egan already plays for Green in Friday night." in response.content.decode()
    assert not red.members.filter(player=club[4]).exists()


def test_the_admin_moves_and_removes_members_and_refuses_a_captain_off_the_roster(root, club, teams):
    red = teams[0]
    form = roster_form(red)
    form |= {"members-1-player": club[5].pk, "members-2-DELETE": "on"}  # Bo becomes Fay, Cho leaves
    assert root.post(f"/admin/scoring/team/{red.pk}/change/", form).status_code == 302
    assert {m.player.name for m in red.members.all()} == {"Ann Arbor", "Fay Fox", "Max Moss"}
    response = root.post(f"/admin/scoring/team/{red.pk}/change/", roster_form(red, captain=club[6]), follow=True)
    assert "Gus Gray is not on the roster of Red." in response.content.decode()
    red.refresh_from_db()
    assert red.captain == club[0]


def test_the_admin_enters_teams_through_the_services(root, club, teams):
    """Red's substitute Max is not on the night's list: entering Red in the admin lists him."""
    event = make_event(club[:12])
    form = {"event": event.pk, "teams": [t.pk for t in teams], "best": "2"}
    assert root.post("/admin/scoring/teamcompetition/add/", form).status_code == 302
    competition = TeamCompetition.objects.get(event=event)
    assert (competition.best, competition.teams.count()) == (2, 4)
    assert event.entries.filter(player=club[12]).exists()


def test_the_admin_renames_a_team_through_the_services(root, club, teams):
    red, roster = teams[0], set(teams[0].members.values_list("player", flat=True))
    response = root.post(f"/admin/scoring/team/{red.pk}/change/", roster_form(red) | {"name": "Crimson"})
    assert response.status_code == 302
    red.refresh_from_db()
    assert red.name == "Crimson" and set(red.members.values_list("player", flat=True)) == roster
    taken = root.post(f"/admin/scoring/team/{red.pk}/change/", roster_form(red) | {"name": "blue"}, follow=True)
    assert "A team with this name already exists" in taken.content.decode()
