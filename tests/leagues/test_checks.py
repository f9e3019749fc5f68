"""``check_games`` checks the league and team records too: each rule a direct write (bypassing the
services) can break is one plain line naming the records, and exit status 1; what the services
wrote is clean."""

from datetime import date

import pytest

from scoring.leagues import services
from scoring.models import Division, Stage, StageEntry, Team, TeamCompetition, TeamMember
from tests.records.test_commands import run

pytestmark = pytest.mark.django_db

PREFIX = "leagues and teams: "


def teams(season, eight, *rosters):
    """The league a team competition of teams named Dragons, Tigers … with these rosters."""
    competition = TeamCompetition.objects.create(season=season)
    for name, roster in zip(("Dragons", "Tigers", "Cranes"), rosters, strict=False):
        team = Team.objects.create(name=name)
        for index in roster:
            TeamMember.objects.create(team=team, player=eight[index])
        competition.teams.add(team)


def problems(out: str) -> list[str]:
    return [line.removeprefix(PREFIX) for line in out.splitlines() if line.startswith(PREFIX)]


def test_what_the_services_wrote_is_clean(staged, divided, eight):
    """Two leagues with their stages closed (one of two divisions, the top 2 of each, ties too, going on
    to a final) and a team competition."""
    season, regular, final = staged
    services.close_stage(stage=regular)
    services.close_stage(stage=final)
    spring = divided[0].stages.get()
    Stage.objects.filter(pk=spring.pk).update(cut=2)
    Stage.objects.create(season=divided[0], order=2, name="April final", start=date(2026, 4, 1), end=date(2026, 4, 30))
    services.close_stage(stage=spring)
    teams(season, eight, [0, 1, 2, 3], [4, 5, 6, 7])
    status, out, _err = run("check_games")
    assert (status, problems(out)) == (0, [])
    assert "checked the leagues and teams: 0 problem(s)" in out


def _two_teams(season, eight):
    teams(season, eight, [0, 1, 2, 3], [4, 5, 6, 0])


def _two_divisions(season, eight):
    Division.objects.create(season=season, name="A", order=1).members.set(eight[:4])
    Division.objects.create(season=season, name="B", order=2).members.set(eight[3:])


def _closed_out_of_order(season, eight):
    season.stages.filter(order=2).update(closed=True)


def _entered_too_soon(season, eight):
    StageEntry.objects.create(stage=season.stages.get(order=2), player=eight[0])


def _carried_changed(season, eight):
    services.close_stage(stage=season.stages.get(order=1))
    StageEntry.objects.filter(player=eight[0]).update(carried_result=1)


def _field_changed(season, eight):
    services.close_stage(stage=season.stages.get(order=1))
    StageEntry.objects.create(stage=season.stages.get(order=2), player=eight[2], carried_result=-6000)


@pytest.mark.parametrize(
    ("write", "line"),
    [
        (_two_teams, "team competition “League 2026”: Ann plays for more than one team: “Dragons”, “Tigers”"),
        (_two_divisions, "season “League 2026”: Dee is in more than one division: “A”, “B”"),
        (_closed_out_of_order, "“League 2026” › “Final” is closed while “Regular” before it is open"),
        (_entered_too_soon, "“League 2026” › “Final” has entrants while “Regular” before it is open"),
        (_carried_changed, "“League 2026” › “Final”: Ann carries 1 in, “Regular” gives 18000"),
        (
            _field_changed,
            "“League 2026” › “Final”: the entrants are not the cut of “Regular” "
            "(above it, not entered: —; entered, not above it: Cho)",
        ),
    ],
    ids=["two-teams", "two-divisions", "closed-out-of-order", "entered-too-soon", "carried", "field"],
)
def test_each_broken_league_or_team_record_is_one_line_and_exit_1(staged, eight, write, line):
    season, _regular, _final = staged
    assert run("check_games")[0] == 0
    write(season, eight)
    status, out, _err = run("check_games")
    assert status == 1
    assert problems(out) == [line]
    assert "checked the leagues and teams: 1 problem(s)" in out
