"""A league's standings, read: each stage's evenings (one grouped query per stage), ranked by
``scoring.rules.league`` per division, with the cut line, who is promoted and relegated, and the
players below the attendance minimum apart. The number of queries grows with the stages of a
season, never with its games."""

from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Sum
from django.utils.translation import gettext_lazy

from scoring.boards.piece import reads_piece
from scoring.boards.stats import counted_seats
from scoring.models import Division, Player, Season, Stage, StageEntry, seat_game_day
from scoring.rules import league
from scoring.rules.league import Line, Night, Points
from scoring.rules.table_points import UNIT, shown

PROMOTED, RELEGATED = "promoted", "relegated"
MOVES = {PROMOTED: gettext_lazy("promoted"), RELEGATED: gettext_lazy("relegated"), "": ""}


def stage_nights(stage: Stage) -> list[Night]:
    """Each player's evenings of the stage: the sums of their finished games of the stage's family,
    dates and kind of session, per day (one query)."""
    seats = counted_seats(stage.family).between(stage.start, stage.end)
    if stage.kind:
        seats = seats.of_kind(stage.kind)
    rows = (
        seats.annotate(day=seat_game_day())
        .values("player", "day")
        .annotate(table_points=Sum("table_points"), result=Sum("result"), games=Count("id"))
        .order_by()
    )
    return [Night(row["player"], row["day"], Points(row["table_points"], row["result"]), row["games"]) for row in rows]


@dataclass
class Row:
    """A player's line as the page shows it."""

    line: Line
    name: str
    family: str
    move: str = ""  # PROMOTED, RELEGATED or ""

    def _text(self, points: Points) -> str:
        return reads_piece(self.family).result_text(points.result)

    @property
    def move_label(self) -> str:
        return str(MOVES[self.move])

    @property
    def carried(self) -> str:
        return self._text(self.line.carried)

    @property
    def counted(self) -> str:
        return self._text(self.line.counted)

    @property
    def total(self) -> str:
        return self._text(self.line.total)

    @property
    def table_points(self) -> str:
        return shown(Fraction(self.line.total.table_points, UNIT))


@dataclass
class Board:
    """One standing: a stage, in one division (or the whole league)."""

    stage: Stage
    division: Division | None
    lines: tuple[Line, ...]
    rows: list[Row]  # ranked, best first
    apart: list[Row]  # below the attendance minimum
    cut: int | None  # how many rows go on, when the stage has a cut

    @property
    def table_points(self) -> bool:
        """Whether the standing ranks by table points (a family that has them)."""
        return any(row.line.total.table_points for row in self.rows + self.apart)


@dataclass
class StageView:
    stage: Stage
    evenings: int
    minimum: int  # evenings to be ranked
    waiting: bool  # a later stage whose stage before is not closed yet: nobody has entered
    boards: list[Board] = field(default_factory=list)


@dataclass
class League:
    season: Season
    stages: list[StageView]
    divisions: list[Division]
    ends: list[league.Division]  # each division's order at the season's end (``_season_ends``)


def _entrants(entries: dict[int, Points] | None, members: set[int] | None) -> dict[int, Points] | None:
    """Who is in a standing: the stage's entries (a later stage), within the division's members."""
    if members is None:
        return entries
    if entries is None:
        return dict.fromkeys(members, league.NOTHING)
    return {player: points for player, points in entries.items() if player in members}


def read_league(season: Season) -> League:
    """Every standing of the season's league: its stages, divisions (and their members), entries and
    the players' names, and one query per stage."""
    stages = list(season.stages.all())
    divisions = list(season.divisions.prefetch_related("members"))
    entries: dict[int, dict[int, Points]] = {}
    for entry in StageEntry.objects.filter(stage__season=season):
        entries.setdefault(entry.stage_id, {})[entry.player_id] = Points(
            entry.carried_table_points, entry.carried_result
        )
    views, boards = [], []
    for index, stage in enumerate(stages):
        nights = stage_nights(stage)
        rules = stage.rules
        evenings = len(league.counted_evenings(nights, rules.min_players))
        stage_entries = entries.get(stage.pk, {}) if index else None
        view = StageView(
            stage,
            evenings,
            league.attendance_minimum(rules, evenings),
            waiting=bool(index) and not stages[index - 1].closed,
        )
        division_or_none: list[Division | None] = [*divisions] or [None]  # the whole field where there are none
        for division in division_or_none:
            members = {player.pk for player in division.members.all()} if division else None
            lines = league.stage_standing(nights, rules, entrants=_entrants(stage_entries, members))
            board = Board(stage, division, lines, [], [], league.advancing(lines, rules) if stage.has_cut else None)
            view.boards.append(board)
            boards.append(board)
        views.append(view)
    names = dict(
        Player.objects.filter(pk__in={line.player for board in boards for line in board.lines}).values_list(
            "pk", "name"
        )
    )
    for board in boards:
        for line in board.lines:
            (board.rows if line.ranked else board.apart).append(Row(line, names[line.player], board.stage.family))
    ends = _season_ends(views, divisions) if views else []
    return League(season, views, divisions, ends)


def _season_ends(views: list[StageView], divisions: list[Division]) -> list[league.Division]:
    """Each division's order at the season's end (``league.season_order``), and who moves marked on
    the player's row in the last stage he was ranked in."""
    ends, deciding = [], []
    for index, division in enumerate(divisions):
        stages = [view.boards[index] for view in views]
        order = league.season_order([board.lines for board in stages])
        ends.append(league.Division(order, division.promote, division.relegate))
        deciding.append({row.line.player: row for board in stages for row in board.rows})  # the last one stays
    for rows, moves in zip(deciding, league.moves(ends), strict=True):
        for player in moves.promoted:
            rows[player].move = PROMOTED
        for player in moves.relegated:
            rows[player].move = RELEGATED
    return ends


def proposal(season: Season) -> list[tuple[Division, list[Player]]]:
    """Next season's members of each division, the promoted and relegated moved (by the order at
    the season's end), for staff to confirm."""
    found = read_league(season)
    if not found.ends:
        return []
    members = [[player.pk for player in division.members.all()] for division in found.divisions]
    moved = league.next_divisions(found.ends, members)
    players = {player.pk: player for division in found.divisions for player in division.members.all()}
    return [
        (division, sorted((players[pk] for pk in people), key=lambda player: player.name.lower()))
        for division, people in zip(found.divisions, moved, strict=True)
    ]


@dataclass
class PlayerStanding:
    """A player's line in one standing, and how it was computed."""

    board: Board
    view: StageView
    row: Row


def player_standings(player: Player, *, seasons: int = 10) -> list[PlayerStanding]:
    """The player's line in every standing of the last ``seasons`` leagues (seasons with stages)."""
    found = []
    for season in Season.objects.filter(stages__isnull=False).distinct()[:seasons]:
        for view in read_league(season).stages:
            for board in view.boards:
                for row in board.rows + board.apart:
                    if row.line.player == player.pk:
                        found.append(PlayerStanding(board, view, row))
    return found
