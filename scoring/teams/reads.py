"""What the team pages read: an event's team board (``scoring.rules.teams`` over the games
that count in its individual standings), a league's team board of each stage (over the
evenings its individual standing counts), the team penalties, and the CSV of a board."""

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from django.db.models import Prefetch, QuerySet
from django.db.models.functions import Coalesce

from scoring.events.lines import counted_games
from scoring.leagues.reads import stage_nights
from scoring.models import Event, Game, Player, Season, Seat, Stage, Team, TeamCompetition, TeamMember
from scoring.rulebook.numbers import points
from scoring.rules.families import ranks_by_table_points
from scoring.rules.table_points import UNIT, shown
from scoring.rules.teams import Result, evening_results, team_scores


class _Scored:
    """A line's points and table points as the club reads them."""

    points: int
    table_points: Fraction

    @property
    def points_text(self) -> str:
        return points(self.points, signed=True)

    @property
    def table_points_text(self) -> str:
        return shown(self.table_points)


@dataclass(frozen=True)
class Share(_Scored):
    """A player's contribution to their team: their games, the results that counted and
    their sum."""

    player: Player
    substitute: bool
    games: int
    counted: int
    points: int
    table_points: Fraction


@dataclass(frozen=True)
class TeamLine(_Scored):
    """A team's line of the team board: place, team, score (penalties taken off), the
    penalties, and each player's share, best first."""

    place: int
    team: Team
    points: int
    table_points: Fraction
    penalties: int
    shares: tuple[Share, ...]

    @property
    def penalties_text(self) -> str:
        return points(-self.penalties) if self.penalties else ""


@dataclass(frozen=True)
class PenaltyLine:
    """A team penalty as the team board lists it."""

    team: str
    points_text: str
    reason: str


def penalty_lines(competition: TeamCompetition, stage: Stage | None = None) -> list[PenaltyLine]:
    """The competition's team penalties (a league's: of ``stage``), in the order recorded."""
    return [
        PenaltyLine(p.team.name, points(-p.points), p.reason)
        for p in competition.penalties.all()
        if p.stage_id == (stage.pk if stage else None)
    ]


def competition_of(owner: Event | Season) -> TeamCompetition | None:
    """The event's or the league's team competition, its teams' rosters and its penalties
    loaded; None if it is no team competition."""
    members = TeamMember.objects.select_related("player")
    of = {"event": owner} if isinstance(owner, Event) else {"season": owner}
    return (
        TeamCompetition.objects.filter(**of)
        .prefetch_related(Prefetch("teams__members", queryset=members), "teams__captain", "penalties__team")
        .first()
    )


# a seat's round at an event: its table's, for a table's earlier games of an American round too
EVENT_ROUND = Coalesce("game__event_table__round__number", "game__event_table_game__table__round__number")


def results(games: Iterable[int] | QuerySet[Game], round_of: str | Coalesce) -> list[Result]:
    """Every seat of ``games`` as a team score's result, grouped into rounds by the field
    ``round_of`` of the seat (an event's: ``game__event_table__round__number``)."""
    rows = Seat.objects.filter(game__in=games).values_list(round_of, "player_id", "result", "table_points")
    return [Result(round_, player, result, Fraction(units, UNIT)) for round_, player, result, units in rows]


def board(event: Event, competition: TeamCompetition) -> list[TeamLine]:
    """The event's team board: its teams scored over the games that count in its standings."""
    found = results(counted_games(event), EVENT_ROUND)
    return _lines(competition, found, by_table_points=ranks_by_table_points(event.ruleset.to_rules()))


@dataclass(frozen=True)
class StageBoard:
    """A league stage's team board: its lines, penalties, and whether it ranks by table points."""

    stage: Stage
    lines: list[TeamLine]
    penalties: list[PenaltyLine]
    by_table_points: bool


def league_boards(competition: TeamCompetition) -> list[StageBoard]:
    """The league's team board of each stage: its teams scored over each player's evenings of
    the stage (the evenings its individual standing counts; one query per stage), best K per
    evening, less the stage's team penalties."""
    found = []
    for stage in Stage.objects.filter(season_id=cast(int, competition.season_id)):  # a league's competition
        nights = stage_nights(stage)
        by_table_points = any(night.points.table_points for night in nights)
        lines = _lines(
            competition, evening_results(nights, stage.min_players), by_table_points=by_table_points, stage=stage
        )
        found.append(StageBoard(stage, lines, penalty_lines(competition, stage), by_table_points))
    return found


def _lines(
    competition: TeamCompetition, found: list[Result], *, by_table_points: bool, stage: Stage | None = None
) -> list[TeamLine]:
    """The competition's teams scored over ``found``, less their penalties (of ``stage``)."""
    teams = {team.pk: team for team in competition.teams.all()}
    rosters = {team.pk: {m.player_id: m for m in team.members.all()} for team in teams.values()}
    taken: dict[int, int] = {}
    for penalty in competition.penalties.all():
        if penalty.stage_id == (stage.pk if stage else None):
            taken[penalty.team_id] = taken.get(penalty.team_id, 0) + penalty.points
    scores = team_scores(
        found,
        {pk: list(roster) for pk, roster in sorted(rosters.items(), key=lambda item: teams[item[0]].name.lower())},
        best=competition.best,
        penalties=taken,
        by_table_points=by_table_points,
    )
    return [
        TeamLine(
            score.place,
            teams[score.team],
            score.points,
            score.table_points,
            score.penalties,
            tuple(
                Share(
                    rosters[score.team][c.player].player,
                    rosters[score.team][c.player].substitute,
                    c.played,
                    c.counted,
                    c.points,
                    c.table_points,
                )
                for c in score.contributions
            ),
        )
        for score in scores
    ]


def board_rows(lines: list[TeamLine], *, by_table_points: bool) -> list[list[object]]:
    """The team board as CSV rows: a header, then each team's row (its place, its score and
    penalties) followed by a row per player (their games, counted results and points)."""
    header = ["place", "team", "player", "games", "counted"]
    header += ["table_points"] if by_table_points else []
    rows: list[list[object]] = [[*header, "points", "penalties"]]
    for line in lines:
        games = sum(share.games for share in line.shares)
        counted = sum(share.counted for share in line.shares)
        rows.append(
            [line.place, line.team.name, "", games, counted]
            + ([line.table_points_text] if by_table_points else [])
            + [line.points, line.penalties]
        )
        for share in line.shares:
            rows.append(
                ["", line.team.name, share.player.name, share.games, share.counted]
                + ([share.table_points_text] if by_table_points else [])
                + [share.points, ""]
            )
    return rows
