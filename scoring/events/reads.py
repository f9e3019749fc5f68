"""What the event pages read: the rounds so far (for a draw), the event standings, its
chombos, mahjongs called in error (MCR's false mahjongs, American's mahjongs in error) and
penalties (fouls), the EMA's results file.

A tournament's standings are the engine's (``score_event`` over the stored event as an event
log, ``scoring.events.eventlog``): whole rounds, by total, then the raw score sum, level
players sharing a place (1, 2, 2, 4). A club night's use the engine's one definition of places
(``scoring.rules.standings.places``): equal points share the better place (1, 1, 3). A
player without a game that counts yet has no place. Where the event's family ranks by table
points (MCR, the EMA's MCR regulations), players rank by their summed table points, then by
points. An event whose ruleset scores American tournament points ranks by them, then games won,
then the best game (``scoring.events.american.reads``).
"""

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Q, QuerySet, Sum
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.events import eventlog
from scoring.events.american.reads import tournament_lines
from scoring.events.designs import designed_tables
from scoring.events.lines import (
    Line,
    counted_games,
    entries_of,
    event_games,
)
from scoring.events.seating import Past, repeated_pairs
from scoring.events.teammates import teammate_tables
from scoring.models import (
    Event,
    EventRound,
    EventStage,
    EventTable,
    Hand,
    Incident,
    Penalty,
    Player,
    Seat,
    TeamMember,
)
from scoring.records.services import ServiceError
from scoring.rulebook.numbers import points
from scoring.rules.american_events import ranks_as_us_tournaments
from scoring.rules.eventlog import EMA_COLUMNS, EventLog, ema_rows
from scoring.rules.families import ranks_by_table_points
from scoring.rules.standings import places
from scoring.rules.table_points import UNIT, shown
from scoring.rules.vocabulary import IncidentKind, RiichiResult


def past_of(event: Event, *, before: int, seats: int | None = None) -> Past:
    """The seats and sit-outs of the event's rounds numbered below ``before``, at tables of
    ``seats`` (the event's ruleset's family's count unless given), the rest at tables of its
    three-player ruleset's, if it has one."""
    rounds = event.round_set.filter(number__lt=before).prefetch_related("tables").order_by("number")
    return Past(
        tuple(tuple(tuple(t.players) for t in r.tables.all()) for r in rounds),
        tuple(tuple(r.sitting_out) for r in rounds),
        seats=seats or event.seats,
        rest_seats=event.rest_seats,
        teams=team_of(event),
    )


def team_of(event: Event) -> dict[int, int]:
    """Each player's team in the event's team competition ({} if it is none)."""
    return dict(TeamMember.objects.filter(team__competitions__event=event).values_list("player_id", "team_id"))


def teams_note(event: Event, round_: EventRound, teams: dict[int, int]) -> str:
    """Whether the round's tables keep the event's teams (``team_of``) apart; "" without teams."""
    if not teams:
        return ""
    past = past_of(event, before=round_.number)
    count = teammate_tables(past, [t.players for t in round_.tables.all()])
    if not count:
        return _("teammates apart")
    return ngettext(
        "best found: %(count)s table with teammates", "best found: %(count)s tables with teammates", count
    ) % {"count": count}


def current_stage(event: Event) -> EventStage | None:
    """The stage being played: the last one opened, else the first (None: the event has no stages)."""
    stages = list(event.stages.order_by("number"))
    opened = [stage for stage in stages if stage.opened_at is not None]
    return opened[-1] if opened else next(iter(stages), None)


def stage_rounds(event: Event, stage: EventStage) -> QuerySet[EventRound]:
    """The rounds of ``stage`` (the first stage's: those of no stage too)."""
    rounds = event.round_set.filter(Q(stage=stage) | Q(stage__isnull=True) if stage.number == 1 else Q(stage=stage))
    return rounds.order_by("number")


def table_of(event: Event, player: Player) -> EventTable | None:
    """The player's table in the event's last round drawn, or None."""
    round_ = event.round_set.order_by("-number").first()
    return next((t for t in round_.tables.all() if player.pk in t.players), None) if round_ else None


def draw_note(event: Event, round_: EventRound) -> str:
    """What a random draw used: the event's design (its round's tables as drawn, no swap
    since), or the search, and how many pairs of its opponents met before (and, with
    three-player tables, that no design seats them); "" for the swiss and interval draws."""
    if round_.method != EventRound.RANDOM:
        return ""
    tables = tuple(tuple(t.players) for t in sorted(round_.tables.all(), key=lambda t: t.number))
    past = past_of(event, before=round_.number)
    if (
        not round_.sitting_out
        and designed_tables([p for t in tables for p in t], past, event.seed, event.rounds) == tables
    ):
        return _("designed: no repeat opponents")
    count = repeated_pairs(past, tables)
    if any(len(table) < past.seats for table in tables):
        return ngettext(
            "the best seating found: %(count)s pair of players meet again (a prepared schedule is for tables of "
            "four only)",
            "the best seating found: %(count)s pairs of players meet again (a prepared schedule is for tables of "
            "four only)",
            count,
        ) % {"count": count}
    return ngettext("best found: %(count)s repeat pair", "best found: %(count)s repeat pairs", count) % {"count": count}


def standings(event: Event) -> list[Line]:
    """The event's standings (``standings_of``)."""
    return standings_of(event).lines


@dataclass(frozen=True)
class StageLine:
    """A player's line of one stage's standing: rank, what he brought in, his total."""

    rank: int
    player: Player
    carried: str
    total: str


@dataclass(frozen=True)
class Standings:
    """The event's standings (its final ranking where it has stages), whether they count whole
    rounds (the event log's), each stage's standing where it has more than one, and why the
    event log could not rank a tournament ("" when it could or the event is not one)."""

    lines: list[Line]
    whole_rounds: bool = False
    stages: list[tuple[str, list[StageLine]]] = field(default_factory=list)
    problem: str = ""
    tournament_points: bool = False  # ranked by tournament points, games won, best game (American)


def standings_of(event: Event) -> Standings:
    """A tournament the event log describes (``eventlog.describe``) as the engine ranks its whole
    rounds (``score_event``: the same function ``export_event``'s file gives); any other event,
    and a tournament the engine refuses (the reason kept), from its seats' stored results
    (``played_standings``). The checked-in players without a ranked game follow, unranked."""
    if ranks_as_us_tournaments(event.ruleset.to_rules()):
        return Standings(tournament_lines(event), tournament_points=True)
    if not event.is_tournament:
        return Standings(played_standings(event))
    try:
        described = eventlog.describe(event)
    except eventlog.Refused as error:  # a cut a late correction changed
        return Standings(played_standings(event), problem=str(error))
    except ServiceError:  # sit-outs, substitutes or tables of the rest: the format has none
        return Standings(played_standings(event))
    lines = _engine_lines(described) + _waiting(event, set(described.players))
    return Standings(lines, True, _stage_lines(described))


def _stage_lines(described: eventlog.Described) -> list[tuple[str, list[StageLine]]]:
    """Each stage's name and standing, where the event has played more than one."""
    result = described.result
    if result is None or len(result.stages) < 2:
        return []
    log = result.event
    return [
        (
            stage.name,
            [
                StageLine(
                    line.rank,
                    described.players[line.player],
                    total_text(line.carried, log),
                    total_text(line.total, log),
                )
                for line in lines
            ],
        )
        for stage, lines in zip(log.stages, result.stages, strict=True)
    ]


def _engine_lines(described: eventlog.Described) -> list[Line]:
    """The final ranking of the described event as lines: the total in points (MCR: table points,
    then the raw score sum, the Green Book's second key), games and penalties from its seats."""
    result = described.result
    if result is None:
        return []
    log = result.event
    by_table_points = ranks_by_table_points(log.rules)
    games, penalties = Counter[int](), Counter[int]()
    for seat in described.seats:
        games[seat.player_id] += 1
        penalties[seat.player_id] += seat.penalties
    raw = {line.player: line.raw for lines in result.stages for line in lines}
    lines = []
    for placing in result.final:
        player = described.players[placing.player]
        points = raw[placing.player] if by_table_points else round(placing.total * log.units.result_unit)
        table_points = placing.total if by_table_points else None
        lines.append(Line(placing.place, player, games[player.pk], penalties[player.pk], points, table_points))
    return lines


def total_text(total: Fraction, log: EventLog) -> str:
    """A stage's total as the pages show it: points (``+18,000``), or MCR's table points (``4.08``)."""
    if ranks_by_table_points(log.rules):
        return shown(total)
    return points(round(total * log.units.result_unit), signed=True)


def _waiting(event: Event, ranked: set[Player]) -> list[Line]:
    """The checked-in players (substitutes excepted) not among ``ranked``: not ranked yet."""
    table_points = Fraction(0) if ranks_by_table_points(event.ruleset.to_rules()) else None
    entries = entries_of(event, present=True, substitute=False)
    return [Line(None, e.player, 0, 0, 0, table_points) for e in entries if e.player not in ranked]


def played_standings(event: Event) -> list[Line]:
    """The standings of an event the event log does not describe (a club night): every
    checked-in player (substitutes excepted), their summed results (penalties already taken
    off) and table points (stored in 48ths) over the games that count, from the seats' stored
    results; ranked by table points first where the event's family ranks by them."""
    rows = (
        Seat.objects.filter(game_id__in=counted_games(event))
        .order_by()
        .values("player")
        .annotate(points=Sum("result"), penalties=Sum("penalties"), games=Count("id"), units=Sum("table_points"))
    )
    totals = {row["player"]: row for row in rows}
    players = [e.player for e in entries_of(event, Q(present=True) | Q(player__in=totals), substitute=False)]

    def total(player: Player, key: str) -> int:
        return totals.get(player.pk, {}).get(key, 0)

    by_table_points = ranks_by_table_points(event.ruleset.to_rules())
    played = [p for p in players if total(p, "games")]
    table_points = [Fraction(total(p, "units"), UNIT) if by_table_points else None for p in played]
    scores = [total(p, "points") for p in played]
    ranked = places([(tp or 0, score) for tp, score in zip(table_points, scores, strict=True)])
    lines = [
        Line(place, player, total(player, "games"), total(player, "penalties"), score, tp)
        for place, player, score, tp in zip(ranked, played, scores, table_points, strict=True)
    ]
    waiting = [Line(None, p, 0, 0, 0, Fraction(0) if by_table_points else None) for p in players if p not in played]
    return sorted(lines, key=lambda line: (line.place, line.player.name.lower())) + sorted(
        waiting, key=lambda line: line.player.name.lower()
    )


def draw_order(event: Event, players) -> list[int]:
    """``players`` best first by the current standings (then by id), the unranked last, for
    swiss and interval."""
    rank = {line.player.pk: line.place for line in standings(event) if line.place}
    return sorted(players, key=lambda p: (rank.get(p, len(rank) + 1), p))


# the incidents whose caller is at fault: a mahjong called in error (each family's rule makes
# the caller pay; the hand goes on)
CALLED_IN_ERROR = (IncidentKind.FALSE_MAHJONG, IncidentKind.MAHJONG_IN_ERROR)


@dataclass(frozen=True)
class Foul:
    """A chombo, a mahjong called in error or a penalty of the event: where, whose, what
    (``called`` names the incident), and the address of its hand (of its game for a penalty
    on the whole game)."""

    round: int
    table: int
    hand: int | None
    player: str
    chombo: bool
    points_text: str
    reason: str
    url: str
    called: str = ""


def fouls(event: Event) -> list[Foul]:
    """Every chombo hand, every mahjong called in error and every penalty of the event's
    games, in play order (in a hand: the chombo, the calls, then the penalties). Each read
    by the event's game ids: the chombos and the calls by their partial indexes."""
    tables = event_games(event)
    seats = list(Seat.objects.filter(game_id__in=tables).order_by().values_list("game_id", "seat", "player_id"))
    named = dict(Player.objects.filter(pk__in={p for _g, _s, p in seats}).values_list("pk", "name"))
    names = {(game, seat): named[player] for game, seat, player in seats}

    def foul(game, hand, seat, chombo, value, reason="", called=""):
        url = reverse("scoring:game", args=[game]) + (f"#hand-{hand}" if hand else "")
        round_, table = tables[game]
        return Foul(round_, table, hand, names[game, seat], chombo, points(value) if value else "", reason, url, called)

    chombos = Hand.objects.filter(game_id__in=tables, result=RiichiResult.CHOMBO).order_by()
    calls = Incident.objects.filter(hand__game_id__in=tables, kind__in=CALLED_IN_ERROR).order_by()
    penalties = Penalty.objects.filter(game_id__in=tables).order_by()
    rows = (
        [
            foul(game, number, offender, True, 0)
            for game, number, offender in chombos.values_list("game_id", "number", "offender")
        ]
        + [
            foul(i.hand.game_id, i.hand.number, i.caller, False, 0, called=i.get_kind_display())
            for i in calls.select_related("hand")
        ]
        + [
            foul(game, number, player, False, value, reason)
            for game, number, player, value, reason in penalties.values_list(
                "game_id", "hand__number", "player", "points", "reason"
            )
        ]
    )
    return sorted(rows, key=lambda f: (f.round, f.table, f.hand is None, f.hand or 0, not f.chombo, not f.called))


def results(event: Event) -> list[list[str]]:
    """The EMA's results file: its 19 columns (``EMA_COLUMNS``) then a row per player in final
    place order, as ``score_event`` writes them for the stored event (``eventlog.describe``:
    ServiceError where the event log cannot describe the event); the header alone before a
    round has finished, and for a family the EMA ranks no event of (sanma, American)."""
    result = eventlog.describe(event).result
    rows = ema_rows(result) if result else []
    return [list(EMA_COLUMNS)] + [[row[column] for column in EMA_COLUMNS] for row in rows]
