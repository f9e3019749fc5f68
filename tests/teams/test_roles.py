"""Who may change teams: staff, and nobody else. Every team write (create a team, add or remove a
member, make a captain, enter teams in an event or a league, record a team penalty of either) is
posted over HTTP by a visitor, a member, a scorer and staff: a visitor is sent to the login page, a
member and a scorer are refused (403), staff change it. The pages show the staff forms only to staff."""

from datetime import date

import pytest
from django.contrib.auth.models import Group, User

from scoring.models import Player, Season, Team, TeamCompetition, TeamPenalty
from scoring.teams import services


@pytest.fixture
def world(club, teams, team_night):
    """The team night of Red, Green, Blue and Gold; a league of the same teams with a stage; Newt,
    on no team."""
    season = Season.objects.create(name="League", start=date(2026, 1, 1), end=date(2026, 12, 31))
    stage = season.stages.create(name="Spring", start=date(2026, 1, 1), end=date(2026, 6, 30))
    services.set_league_teams(season=season, teams=teams)
    return {
        "red": teams[0],
        "green": teams[1],
        "bo": club[1],
        "newt": Player.objects.create(name="Newt"),
        "event": team_night,
        "season": season,
        "stage": stage,
    }


# each write: its URL, its form, and whether it is stored
WRITES = {
    "create a team": (
        lambda w: "/teams/new/",
        lambda w: {"name": "Purple", "submission_key": "k-team"},
        lambda w: Team.objects.filter(name="Purple").exists(),
    ),
    "add a member": (
        lambda w: f"/teams/{w['red'].pk}/members/",
        lambda w: {"player": w["newt"].pk},
        lambda w: w["red"].members.filter(player=w["newt"]).exists(),
    ),
    "remove a member": (
        lambda w: f"/teams/{w['red'].pk}/members/remove/",
        lambda w: {"player": w["bo"].pk},
        lambda w: not w["red"].members.filter(player=w["bo"]).exists(),
    ),
    "make a captain": (
        lambda w: f"/teams/{w['red'].pk}/captain/",
        lambda w: {"player": w["bo"].pk},
        lambda w: Team.objects.get(pk=w["red"].pk).captain == w["bo"],
    ),
    "enter an event's teams": (
        lambda w: f"/events/{w['event'].pk}/teams/setup/",
        lambda w: {"teams": [w["red"].pk, w["green"].pk], "best": ""},
        lambda w: TeamCompetition.objects.get(event=w["event"]).teams.count() == 2,
    ),
    "enter a league's teams": (
        lambda w: f"/leagues/{w['season'].pk}/teams/setup/",
        lambda w: {"teams": [w["red"].pk, w["green"].pk], "best": ""},
        lambda w: TeamCompetition.objects.get(season=w["season"]).teams.count() == 2,
    ),
    "record an event's team penalty": (
        lambda w: f"/events/{w['event'].pk}/teams/penalty/",
        lambda w: {"team": w["red"].pk, "points": "1000", "reason": "late", "submission_key": "k-event"},
        lambda w: TeamPenalty.objects.filter(stage=None).exists(),
    ),
    "record a league's team penalty": (
        lambda w: f"/leagues/{w['season'].pk}/teams/penalty/",
        lambda w: {
            "team": w["red"].pk,
            "stage": w["stage"].pk,
            "points": "1000",
            "reason": "late",
            "submission_key": "k-league",
        },
        lambda w: TeamPenalty.objects.filter(stage=w["stage"]).exists(),
    ),
}


def sign_in(client, role: str) -> None:
    if role == "visitor":
        return
    user = User.objects.create_user(role, password="pw", is_staff=role == "staff")
    if role == "scorer":
        user.groups.add(Group.objects.get_or_create(name="scorers")[0])
    client.force_login(user)


@pytest.mark.parametrize("write", WRITES)
@pytest.mark.parametrize("role", ["visitor", "member", "scorer", "staff"])
def test_only_staff_change_teams(client, world, role, write):
    url, form, stored = WRITES[write]
    sign_in(client, role)
    response = client.post(url(world), form(world))
    if role == "staff":
        assert response.status_code == 302 and stored(world)
        assert "error" not in [m.level_tag for m in response.wsgi_request._messages]
    else:
        assert not stored(world)
        if role == "visitor":
            assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        else:
            assert response.status_code == 403 and "Only staff set up teams" in response.content.decode()


@pytest.mark.parametrize("role", ["visitor", "member", "scorer", "staff"])
def test_the_team_pages_show_the_staff_forms_only_to_staff(client, world, role):
    sign_in(client, role)
    pages = {
        "/teams/": "/teams/new/",
        f"/teams/{world['red'].pk}/": f"/teams/{world['red'].pk}/members/",
        f"/events/{world['event'].pk}/teams/": f"/events/{world['event'].pk}/teams/penalty/",
        f"/leagues/{world['season'].pk}/teams/": f"/leagues/{world['season'].pk}/teams/penalty/",
    }
    for page, form in pages.items():
        assert (f'action="{form}"' in client.get(page).content.decode()) == (role == "staff"), page
