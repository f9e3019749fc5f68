"""A league as a team competition (the club's team league rules): staff enter teams for a league with
the best K per evening, record team penalties against a stage's team score; the team board of
each stage beside the individual standings, its CSV, and the team page's league results."""

import csv
import io
from collections import defaultdict

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.models import Seat, TeamCompetition
from scoring.records.services import ServiceError
from scoring.teams import reads, services
from tests.builders import eight as eight  # a fixture: Ann … Hal
from tests.builders import staged as staged  # a fixture: a season of two stages
from tests.builders import tsumo_night


@pytest.fixture
def sides(eight):
    """North (Ann, Bob, Cho, Dee; Ann captain) and South (Eve, Fay, Gus, Hal; Eve captain)."""
    return [
        services.create_team(name="North", players=eight[:4], captain=eight[0]),
        services.create_team(name="South", players=eight[4:], captain=eight[4]),
    ]


@pytest.fixture
def staff(db):
    return User.objects.create_user("stu", password="pw", is_staff=True)


def evenings(players, month: int) -> dict:
    """Each player's evenings of ``month``: (player, day) -> the sum of their results."""
    found: dict = defaultdict(int)
    for seat in Seat.objects.filter(player__in=players, game__date__month=month).select_related("game"):
        found[seat.player_id, seat.game.date] += seat.result
    return found


@pytest.mark.parametrize("best", [None, 1, 2])
def test_a_league_stages_team_board_counts_each_evenings_best_k(staged, eight, sides, best):
    season, regular, _final = staged
    competition = services.set_league_teams(season=season, teams=sides, best=best)
    regular_board, final_board = reads.league_boards(reads.competition_of(season))
    assert (regular_board.stage, final_board.stage) == (regular, _final)
    assert all(line.points == 0 for line in final_board.lines)  # nobody played in February
    for line in regular_board.lines:
        nights = evenings([m.player_id for m in line.team.members.all()], 1)
        by_day: dict = defaultdict(list)
        for (_player, day), result in nights.items():
            by_day[day].append(result)
        assert line.points == sum(sum(sorted(results, reverse=True)[:best]) for results in by_day.values())
        assert sum(share.points for share in line.shares) == line.points
        assert sum(share.games for share in line.shares) == len(nights)  # a share's "games" are evenings here
    assert competition.season == season and competition.event is None


def test_a_league_team_penalty_comes_off_its_stages_score_only(staged, sides, staff):
    season, regular, final = staged
    competition = services.set_league_teams(season=season, teams=sides)
    before = {line.team.name: line.points for line in reads.league_boards(competition)[0].lines}
    games = sorted(Seat.objects.values_list("pk", "result"))
    services.record_team_penalty(competition=competition, team=sides[1], points=5000, reason="late", stage=regular)
    regular_board, final_board = reads.league_boards(reads.competition_of(season))
    south = next(line for line in regular_board.lines if line.team == sides[1])
    assert (south.points, south.penalties) == (before["South"] - 5000, 5000)
    assert [(p.team, p.reason) for p in regular_board.penalties] == [("South", "late")]
    assert not final_board.penalties and all(line.penalties == 0 for line in final_board.lines)
    assert sorted(Seat.objects.values_list("pk", "result")) == games  # no game changed


def test_the_services_refuse_a_penalty_without_its_stage_and_a_player_on_two_rosters(staged, eight, sides):
    season, _regular, _final = staged
    competition = services.set_league_teams(season=season, teams=sides)
    with pytest.raises(ServiceError, match="Say which stage of League 2026"):
        services.record_team_penalty(competition=competition, team=sides[0], points=10, reason="late")
    with pytest.raises(ServiceError, match="Ann already plays for North in League 2026"):
        services.add_member(team=sides[1], player=eight[0])
    sides[1].members.create(player=eight[0])  # around the services: the entry is refused
    with pytest.raises(ServiceError, match="Ann is on the rosters of North and South"):
        services.set_league_teams(season=season, teams=sides)


def test_staff_make_a_league_a_team_competition_and_the_board_sits_beside_the_standings(client, staged, sides, staff):
    season, regular, _final = staged
    board = reverse("scoring:league_teams", args=[season.pk])
    client.force_login(User.objects.create_user("mem", password="pw"))
    assert (
        client.post(reverse("scoring:league_teams_setup", args=[season.pk]), {"teams": [sides[0].pk]}).status_code
        == 403
    )
    client.force_login(staff)
    client.post(reverse("scoring:league_teams_setup", args=[season.pk]), {"teams": [t.pk for t in sides], "best": "2"})
    assert TeamCompetition.objects.get(season=season).best == 2
    penalty = reverse("scoring:league_team_penalty", args=[season.pk])
    client.post(penalty, {"team": sides[0].pk, "stage": regular.pk, "points": "1000", "reason": "slow play"})
    page = client.get(board).content.decode()
    assert "Regular" in page and "Final" in page and "North: −1,000 points — slow play" in page
    assert "best 2 results of each evening" in page
    assert board in client.get(reverse("scoring:league", args=[season.pk])).content.decode()
    team_page = client.get(reverse("scoring:team", args=[sides[0].pk])).content.decode()
    assert "League 2026" in team_page and "team penalties −1,000" in team_page
    rows = list(
        csv.reader(
            io.StringIO(client.get(reverse("scoring:league_teams_csv", args=[season.pk, regular.pk])).content.decode())
        )
    )
    assert rows[0] == ["place", "team", "player", "games", "counted", "points", "penalties"]
    assert {row[1] for row in rows[1:]} == {"North", "South"} and len(rows) == 1 + 2 + 8
    response = client.post(penalty, {"team": sides[0].pk, "stage": "", "points": "5", "reason": "x"}, follow=True)
    assert "Say which stage" in response.content.decode()


@pytest.mark.parametrize("more", [1, 4])
def test_the_league_team_board_queries_do_not_grow_with_the_games(
    client, staged, eight, sides, more, django_assert_num_queries
):
    """The season, the competition with its teams, rosters, captains and penalties, the stages,
    one per stage (two); the same whatever the evenings played."""
    season, _regular, _final = staged
    services.set_league_teams(season=season, teams=sides, best=2)
    for n in range(3, 3 + more):
        tsumo_night(eight[:4], n, games=2)
    with django_assert_num_queries(9):
        assert client.get(reverse("scoring:league_teams", args=[season.pk])).status_code == 200
