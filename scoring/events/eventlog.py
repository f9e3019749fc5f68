"""The stored event as an event log (the event-log format): the engine's ``EventLog`` built from
the database, so that the standings page, ``manage.py export_event`` and ``score_event`` over
the exported file are one function of one document.

The format describes a tournament whose every round seats the whole field of its stage at tables
of its ruleset (no one sitting out, no substitute, no table of the rest); its stages are its
``EventStage`` rows (none: one stage of every round). Only whole rounds count: a round is in the
log once every table of it has finished (the engine's rule: each player of a stage sits at one
table of each round), and a stage once it has one. A table is written by its final scores, or by its
whole game where a seat has a penalty or a chombo (its results then include them, exactly as
stored)."""

import re
from dataclasses import dataclass, replace
from itertools import takewhile

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from scoring.models import Event, EventRound, EventStage, EventTable, Game, Player, Seat
from scoring.records.gamelogs import game_log
from scoring.records.services import ServiceError
from scoring.rules import RuleError
from scoring.rules.eventlog import Carry, Entrant, EventLog, EventResult, Line, Stage, Table, score_event
from scoring.rules.eventlog.stages import entrants

EMA_NUMBER = re.compile(r"[0-9]{8}")
ALPHA_2 = re.compile(r"[A-Za-z]{2}")
STAGE_NAME = "Rounds"  # the one stage of an event played without stages


class Refused(ServiceError):
    """The engine refuses the stored event (``score_event``'s message): a tie on a cut line, or a
    late correction that changed who made a cut after the next stage was seated."""


@dataclass(frozen=True)
class Described:
    """The stored event as the engine reads it: its log (None before a round has finished) and
    what ``score_event`` gives for it, the players of its field in the log's order, and the seat
    rows of the counted games."""

    log: EventLog | None
    result: EventResult | None
    players: tuple[Player, ...]
    seats: tuple[Seat, ...]


def describe(event: Event) -> Described:
    """The stored event as an event log, scored; ServiceError saying why where the format cannot
    describe it (a club night, someone sitting out, a substitute, a table of the rest) or the
    engine refuses it (a late correction that changed who made a cut, a tie on a cut line)."""
    if not event.is_tournament:
        raise ServiceError(_("Only a tournament is written as an event log: a club night's rounds change their field."))
    tables = Prefetch("tables", queryset=EventTable.objects.order_by("number"))
    rounds = list(event.round_set.filter(started_at__isnull=False).prefetch_related(tables).order_by("number"))
    for round_ in rounds:
        if round_.sitting_out or any(len(t.players) != event.seats for t in round_.tables.all()):
            raise ServiceError(
                _("Round %(number)s has players sitting out or a table of the rest: the event log seats everyone.")
                % {"number": round_.number}
            )
    substitutes = set(event.entries.filter(substitute=True).order_by().values_list("player_id", flat=True))
    if substitutes & {p for r in rounds for t in r.tables.all() for p in t.players}:
        raise ServiceError(_("A substitute played: the event log has no substitutes."))
    games = {t.game_id for r in rounds for t in r.tables.all() if t.game_id}
    finished = set(Game.objects.filter(pk__in=games, status=Game.FINISHED).values_list("pk", flat=True))
    stages: list[tuple[EventStage | None, list[EventRound]]] = []
    for row, stage_rounds in _by_stage(event, rounds):
        whole = list(takewhile(lambda r: all(t.game_id in finished for t in r.tables.all()), stage_rounds))
        if whole:
            stages.append((row, whole))
        if len(whole) < len(stage_rounds) or not whole:
            break  # a stage still being played: the later ones have no round yet
    return _described(event, stages)


def _by_stage(event: Event, rounds: list[EventRound]) -> list[tuple[EventStage | None, list[EventRound]]]:
    """The event's stages in order (one stage without a row where it has none), each with its
    rounds; a round of no stage is the first stage's."""
    rows = list(event.stages.order_by("number"))
    if not rows:
        return [(None, rounds)]
    return [(row, [r for r in rounds if (r.stage_id or rows[0].pk) == row.pk]) for row in rows]


def engine_stage(row: EventStage | None, rounds: tuple[tuple[Table, ...], ...] = ()) -> Stage:
    """A stage of the site as the engine's ``Stage`` (None: the one stage of an event without stages)."""
    if row is None:
        return Stage(STAGE_NAME, rounds)
    cut = row.count if row.entry == EventStage.CUT else None
    per_table = row.count if row.entry == EventStage.PER_TABLE else None
    return Stage(row.name, rounds, cut, per_table, Carry(row.carry))


def _described(event: Event, stages: list[tuple[EventStage | None, list[EventRound]]]) -> Described:
    games = [t.game_id for _row, rounds in stages for r in rounds for t in r.tables.all()]
    seats = list(Seat.objects.filter(game_id__in=games).order_by("game_id", "seat"))
    if not seats:
        return Described(None, None, (), ())
    field = sorted(p for t in stages[0][1][0].tables.all() for p in t.players)
    for _row, rounds in stages:
        seated = sorted(p for t in rounds[0].tables.all() for p in t.players)
        for round_ in rounds:
            if sorted(p for t in round_.tables.all() for p in t.players) != seated:
                raise ServiceError(
                    _("Round %(number)s does not seat the players of its stage's first round: the event log seats all.")
                    % {"number": round_.number}
                )
    players = Player.objects.in_bulk(field)
    ordered = tuple(sorted((players[p] for p in field), key=lambda p: (p.name.lower(), p.pk)))
    index = {player.pk: number for number, player in enumerate(ordered)}
    by_game: dict[int, list[Seat]] = {}
    for seat in seats:
        by_game.setdefault(seat.game_id, []).append(seat)
    log = EventLog(
        name=event.name,
        rules=event.ruleset.to_rules(),
        days=tuple(event.days),
        city=event.city,
        country=event.country,
        players=_entrants(event, ordered),
        stages=tuple(
            engine_stage(row, tuple(tuple(_table(by_game[t.game_id], index) for t in r.tables.all()) for r in rounds))
            for row, rounds in stages
        ),
        mers_weight=event.mers_weight,
    )
    try:
        result = score_event(log)
    except RuleError as error:
        raise Refused(str(error)) from None
    return Described(log, result, ordered, tuple(seats))


def going_on(event: Event, stage: EventStage) -> tuple[Described, tuple[Line, ...], frozenset[int]]:
    """Who plays ``stage`` (its number from 2): the stored event described, the standing of the
    stage before it (played through), and the log's numbers of its players who go on, as
    ``score_event`` decides it; ServiceError while that stage is not played through, or where the
    engine refuses (a tie on the line: the organisers decide it)."""
    described = describe(event)
    before = stage.number - 1
    if described.result is None or len(described.result.stages) < before:
        raise ServiceError(_("The stage before %(name)s has not been played yet.") % {"name": stage.name})
    log, lines = described.log, described.result.stages[before - 1]
    assert log is not None  # a result is of a log
    probe = replace(log, stages=(*log.stages[:before], engine_stage(stage)))
    try:
        field = entrants(probe, stage.number, lines)
    except RuleError as error:
        raise Refused(str(error)) from None
    return described, lines, frozenset(field)


def _table(seats: list[Seat], index: dict[int, int]) -> Table:
    """A finished game as a table of the log: its final scores, or the whole game where a seat
    has a penalty or a chombo (the scores alone would not give its results)."""
    players = tuple(index[s.player_id] for s in seats)
    if any(s.penalties or s.chombo for s in seats):
        return Table(players, game=game_log(Game.objects.select_related("ruleset", "session").get(pk=seats[0].game_id)))
    return Table(players, scores=tuple(s.score for s in seats))


def _entrants(event: Event, players: tuple[Player, ...]) -> tuple[Entrant, ...]:
    """The field as the log names it (the club's names are distinct ignoring case, as the log's):
    the country the player's two letters, else the event's; the EMA number if it is one (8 digits)."""
    return tuple(
        Entrant(
            p.name,
            p.country.upper() if ALPHA_2.fullmatch(p.country) else event.country,
            p.ema_number if EMA_NUMBER.fullmatch(p.ema_number) else None,
        )
        for p in players
    )
