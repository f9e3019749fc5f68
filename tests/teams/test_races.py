"""The teams' writes under races, on PostgreSQL with threads released together: one player added
to two teams of one competition by two staff at once, a roster change racing an entry of teams (an
event's and a league's), two staff creating a team of one name, and a team penalty sent twice at
once. Each at the service level (each write in a transaction held a moment, as a slow request
holds it) and over HTTP (two staff, a Client each, posting the real forms)."""

import time
from datetime import date
from functools import partial

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Count
from django.test import Client

from scoring.models import Player, Season, Team, TeamCompetition, TeamMember, TeamPenalty
from scoring.records.services import ServiceError
from scoring.teams import services
from tests.builders import make_event
from tests.threads import at_once

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="races need PostgreSQL's locks (DATABASE_URL)"),
]

ROUNDS = range(10)


def held(write):
    """``write`` in a transaction that stays open a moment after it (a slow request's)."""

    def call():
        with transaction.atomic():
            done = write()
            time.sleep(0.2)
        return done

    return call


def doubled(competition: TeamCompetition) -> list[str]:
    """The players on two rosters of the competition's teams (the rule: none)."""
    rows = TeamMember.objects.filter(team__competitions=competition).values("player__name")
    return [row["player__name"] for row in rows.annotate(teams=Count("team")).filter(teams__gt=1)]


@pytest.fixture
def sides():
    """Red (Ann, Bob) and Blue (Cho, Dee); Eve on no team, Fay on Gold (entered nowhere)."""
    ann, bob, cho, dee, eve, fay = (Player.objects.create(name=n) for n in ("Ann", "Bob", "Cho", "Dee", "Eve", "Fay"))
    red = services.create_team(name="Red", players=[ann, bob])
    blue = services.create_team(name="Blue", players=[cho, dee])
    gold = services.create_team(name="Gold", players=[fay])
    return red, blue, gold, eve, fay


@pytest.fixture
def league(sides):
    """A league of Red and Blue."""
    season = Season.objects.create(name="League", start=date(2026, 1, 1), end=date(2026, 12, 31))
    return services.set_league_teams(season=season, teams=sides[:2])


def signed_in(user: User) -> Client:
    """A browser of ``user``'s: a 500 is answered, not raised."""
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def staff_clients() -> list[Client]:
    """The browsers of two members of staff."""
    return [signed_in(User.objects.create_user(name, is_staff=True)) for name in ("stu", "sue")]


def statuses(outcomes) -> list[int]:
    return [o.status_code for o in outcomes]


@pytest.mark.parametrize("round_", ROUNDS)
def test_one_player_added_to_two_teams_of_a_league_at_once_plays_for_one(round_, sides, league):
    red, blue, _gold, eve, _fay = sides
    outcomes = at_once(
        held(lambda: services.add_member(team=red, player=eve)),
        held(lambda: services.add_member(team=blue, player=eve)),
    )
    assert doubled(league) == [], outcomes
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(refused) == 1 and "Eve already plays for" in str(refused[0]), outcomes


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_adding_one_player_to_two_teams_over_http_put_her_on_one(round_, sides, league):
    red, blue, _gold, eve, _fay = sides
    first, second = staff_clients()
    outcomes = at_once(
        lambda: first.post(f"/teams/{red.pk}/members/", {"player": eve.pk}),
        lambda: second.post(f"/teams/{blue.pk}/members/", {"player": eve.pk}),
    )
    assert max(statuses(outcomes)) < 500, outcomes
    assert doubled(league) == []
    assert TeamMember.objects.filter(player=eve).count() == 1


@pytest.fixture(params=["event", "league"])
def entry(request, sides):
    """Red entered alone in an event or a league, and how to enter Red and Gold there: the
    service call and the staff form (its URL)."""
    red, _blue, gold, _eve, _fay = sides
    if request.param == "event":
        event = make_event(list(Player.objects.all()[:4]))
        services.set_team_competition(event=event, teams=[red])
        enter = lambda: services.set_team_competition(event=event, teams=[red, gold])  # noqa: E731
        return TeamCompetition.objects.get(event=event), enter, f"/events/{event.pk}/teams/setup/"
    season = Season.objects.create(name="League", start=date(2026, 1, 1), end=date(2026, 12, 31))
    services.set_league_teams(season=season, teams=[red])
    enter = lambda: services.set_league_teams(season=season, teams=[red, gold])  # noqa: E731
    return TeamCompetition.objects.get(season=season), enter, f"/leagues/{season.pk}/teams/setup/"


@pytest.mark.parametrize("round_", ROUNDS)
def test_a_roster_change_racing_an_entry_of_teams_keeps_a_player_on_one_team(round_, sides, entry):
    """Fay (on Gold) is added to Red while Gold is entered beside Red: one of the two is refused."""
    red, _blue, _gold, _eve, fay = sides
    competition, enter, _url = entry
    outcomes = at_once(held(enter), held(lambda: services.add_member(team=red, player=fay)))
    assert doubled(competition) == [], outcomes
    assert sum(isinstance(o, ServiceError) for o in outcomes) == 1, outcomes


@pytest.mark.parametrize("round_", ROUNDS)
def test_a_roster_change_racing_an_entry_over_http_keeps_a_player_on_one_team(round_, sides, entry):
    red, _blue, gold, _eve, fay = sides
    competition, _enter, url = entry
    first, second = staff_clients()
    outcomes = at_once(
        lambda: first.post(url, {"teams": [red.pk, gold.pk], "best": ""}),
        lambda: second.post(f"/teams/{red.pk}/members/", {"player": fay.pk}),
    )
    assert max(statuses(outcomes)) < 500, outcomes
    assert doubled(competition) == []


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_creating_a_team_of_one_name_get_one_team_and_already_exists(round_):
    outcomes = at_once(held(lambda: services.create_team(name="Red")), held(lambda: services.create_team(name="red")))
    assert Team.objects.count() == 1
    refused = [o for o in outcomes if not isinstance(o, Team)]
    assert len(refused) == 1 and isinstance(refused[0], ServiceError), outcomes
    assert "A team with this name already exists" in str(refused[0])


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_renaming_two_teams_to_one_name_keep_one_and_already_exists(round_):
    red, blue = services.create_team(name="Red"), services.create_team(name="Blue")
    outcomes = at_once(
        held(lambda: services.rename_team(team=red, name="Gold")),
        held(lambda: services.rename_team(team=blue, name="gold")),
    )
    assert Team.objects.filter(name__iexact="gold").count() == 1
    refused = [o for o in outcomes if not isinstance(o, Team)]
    assert len(refused) == 1 and "A team with this name already exists" in str(refused[0]), outcomes


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_creating_a_team_of_one_name_over_http_get_the_forms_already_exists(round_):
    first, second = staff_clients()
    outcomes = at_once(
        lambda: first.post("/teams/new/", {"name": "Red", "submission_key": "a"}, follow=True),
        lambda: second.post("/teams/new/", {"name": "red", "submission_key": "b"}, follow=True),
    )
    assert max(statuses(outcomes)) < 500, outcomes
    assert Team.objects.count() == 1
    pages = [o.content.decode() for o in outcomes]
    assert sum("A team with this name already exists" in page for page in pages) == 1


@pytest.mark.parametrize("round_", ROUNDS)
def test_a_team_penalty_sent_twice_at_once_is_recorded_once(round_, sides, league):
    red = sides[0]
    stage = league.season.stages.create(name="Spring", start=date(2026, 1, 1), end=date(2026, 6, 30))
    stu = User.objects.create_user("stu", is_staff=True)
    form = {"stage": stage.pk, "team": red.pk, "points": "1000", "reason": "late", "submission_key": "tap"}
    url = f"/leagues/{league.season_id}/teams/penalty/"
    taps = [signed_in(stu), signed_in(stu)]  # one browser's tap twice: two requests of one login
    outcomes = at_once(*[partial(client.post, url, form) for client in taps])
    assert max(statuses(outcomes)) < 500, outcomes
    assert TeamPenalty.objects.count() == 1
