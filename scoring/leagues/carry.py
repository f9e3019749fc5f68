"""What a closed stage carried into the next one follows every fix of its games.

Closing a stage writes the next stage's entries (``StageEntry``: who made the cut, with the points
carried). A later fix of a game of the closed stage (a hand edited, deleted or undone, the game
recomputed, abandoned, restored, deleted or moved to another day, a late game finished) changes the
closed stage's standing: the records' services call ``follow(game)`` inside the fix's transaction, and
the points every entrant carries are derived again from the standing (and on through every later
closed stage). Who goes on is never changed behind the organiser's back: where a fix moved the cut
line, ``Carried.joining`` and ``Carried.leaving`` name the players the standing now sends on and those
it no longer does, the league page says so, and staff settle it with
``scoring.leagues.services.apply_cut``, which writes ``entries`` again.

The records' services import this module; it imports none of them (the direction is records →
leagues, never back)."""

from dataclasses import dataclass
from datetime import date as Date
from itertools import groupby, pairwise

from django.db.models import Exists, OuterRef

from scoring.leagues.reads import League, read_league
from scoring.models import Division, Game, Season, Stage, StageEntry
from scoring.records.ratings import game_day
from scoring.rules import league
from scoring.rules.league import Points


@dataclass(frozen=True)
class Carried:
    """What a closed stage carried into the next one in a division (or the whole league), beside
    what its standing gives now."""

    stage: Stage  # the closed stage
    following: Stage  # the stage after it
    division: Division | None
    stored: dict[int, Points]  # the following stage's entrants, with the points written for them
    due: dict[int, Points]  # what each player of the closed stage's standing carries now
    field: tuple[int, ...]  # who the standing sends on now (above its cut line), in its order
    names: dict[int, str]

    def owed(self, player: int) -> Points:
        """What ``player`` carries by the closed stage's standing (nothing if not in it)."""
        return self.due.get(player, league.NOTHING)

    @property
    def stale(self) -> dict[int, Points]:
        """The entrants whose points no longer match the standing, with what they carry now."""
        return {player: self.owed(player) for player, points in self.stored.items() if points != self.owed(player)}

    @property
    def joining(self) -> list[str]:
        """Who the standing now sends on but is not in the following stage."""
        return [self.names[player] for player in self.field if player not in self.stored]

    @property
    def leaving(self) -> list[str]:
        """Who is in the following stage but the standing no longer sends on."""
        return sorted(self.names[player] for player in set(self.stored) - set(self.field))

    @property
    def cut_moved(self) -> bool:
        return set(self.field) != set(self.stored)


def carried(found: League) -> list[Carried]:
    """What every closed stage of the league carried into the next one, in each division (read from
    the standings themselves: no query)."""
    result = []
    for before, after in pairwise(found.stages):
        if not before.stage.closed:
            continue
        rules = before.stage.rules
        for standing, entered in zip(before.boards, after.boards, strict=True):
            rows = (*standing.rows, *standing.apart, *entered.rows, *entered.apart)
            result.append(
                Carried(
                    before.stage,
                    after.stage,
                    standing.division,
                    stored={line.player: line.carried for line in entered.lines},
                    due={line.player: league.carried(line.total, rules.carry) for line in standing.lines},
                    field=tuple(league.next_stage(standing.lines, rules)),
                    names={row.line.player: row.name for row in rows},
                )
            )
    return result


def moved_cuts(found: League) -> list[list[Carried]]:
    """The closed stages whose standing no longer sends on the following stage's field: for each, the
    divisions (or the whole league) where the cut line moved."""
    moved = [each for each in carried(found) if each.cut_moved]
    return [list(divisions) for _stage, divisions in groupby(moved, key=lambda each: each.stage.pk)]


def entries(stage: Stage, following: Stage) -> list[StageEntry]:
    """The following stage's entries (unsaved) as ``stage``'s standing sends them on now: the players
    above the cut line of every division, with their points carried."""
    view = next(view for view in read_league(stage.season).stages if view.stage.pk == stage.pk)
    rules = stage.rules
    return [
        StageEntry(
            stage=following, player_id=player, carried_table_points=points.table_points, carried_result=points.result
        )
        for board in view.boards
        for player, points in league.next_stage(board.lines, rules).items()
    ]


def follow(game: Game, *, day: Date | None = None) -> None:
    """Derive again what the closed stages holding ``game`` carried (the records' services call it in
    every fix's transaction; ``day``: the day the game was on before a move, else the game's day).

    One query for a game in no stage with a stage after it: the stages of the game's family whose
    dates hold the day. Those rows stay locked until the fix commits, so closing such a stage waits
    for the fix and reads it (and a fix waits for a closing under way and follows it)."""
    day = day or game_day(game)
    later = Stage.objects.filter(season=OuterRef("season"), order__gt=OuterRef("order"))
    holding = Stage.objects.select_for_update(of=("self",)).filter(
        Exists(later), family=game.ruleset.family, start__lte=day, end__gte=day
    )
    seasons = {stage.season_id for stage in holding.order_by("pk") if stage.closed}
    for season in Season.objects.filter(pk__in=seasons).order_by("pk"):
        carry_on(season)


def carry_on(season: Season) -> None:
    """Write again the points carried that no longer match the standing they come from, stage after
    stage (new points carried into a closed stage change what it carried on in turn)."""
    found = read_league(season)
    for _round in found.stages:  # each round settles one more stage: never more rounds than stages
        stale = [(each.following, player, points) for each in carried(found) for player, points in each.stale.items()]
        for following, player, points in stale:
            StageEntry.objects.filter(stage=following, player_id=player).update(
                carried_table_points=points.table_points, carried_result=points.result
            )
        if not any(following.closed for following, _player, _points in stale):
            return
        found = read_league(season)
