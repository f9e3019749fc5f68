"""The stored event as an event log (event-log-format.md): the engine's ``EventLog`` built from
the database, so that the standings page, ``manage.py export_event`` and ``score_event`` over
the exported file are one function of one document.

The format describes a tournament whose every round seats the whole field at tables of its
ruleset (no one sitting out, no substitute, no table of the rest). Only whole rounds count: a
round is in the log once every table of it has finished (the engine's rule: each player of a
stage sits at one table of each round). A table is written by its final scores, or by its
whole game where a seat has a penalty or a chombo (its results then include them, exactly as
stored)."""

import re
from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from scoring.models import Event, EventRound, EventTable, Game, Player, Seat
from scoring.records.gamelogs import game_log
from scoring.records.services import ServiceError
from scoring.rules.eventlog import Entrant, EventLog, EventResult, Stage, Table, score_event

EMA_NUMBER = re.compile(r"[0-9]{8}")
ALPHA_2 = re.compile(r"[A-Za-z]{2}")
STAGE_NAME = "Rounds"  # the one stage of an event played without stages


@dataclass(frozen=True)
class Described:
    """The stored event as the engine reads it: its log (None before a round has finished), the
    players of its field in the log's order, and each player's seat rows of the counted games."""

    log: EventLog | None
    players: tuple[Player, ...]
    seats: tuple[Seat, ...]

    def scored(self) -> EventResult | None:
        return score_event(self.log) if self.log else None


def describe(event: Event) -> Described:
    """The stored event as an event log; ServiceError saying why where the format cannot
    describe it (a club night, someone sitting out, a substitute, a table of the rest)."""
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
    games = {t.game_id: t for r in rounds for t in r.tables.all() if t.game_id}
    finished = set(Game.objects.filter(pk__in=games, status=Game.FINISHED).values_list("pk", flat=True))
    counted = []
    for round_ in rounds:  # the whole rounds, up to the first one still being played
        if not all(t.game_id in finished for t in round_.tables.all()):
            break
        counted.append(round_)
    return _described(event, counted)


def _described(event: Event, rounds: list[EventRound]) -> Described:
    games = [t.game_id for r in rounds for t in r.tables.all()]
    seats = list(Seat.objects.filter(game_id__in=games).order_by("game_id", "seat"))
    if not seats:
        return Described(None, (), ())
    field = sorted({s.player_id for s in seats})
    for round_ in rounds:
        if sorted(p for t in round_.tables.all() for p in t.players) != field:
            raise ServiceError(
                _("Round %(number)s does not seat the players of the rounds before it: the event log seats everyone.")
                % {"number": round_.number}
            )
    players = Player.objects.in_bulk(field)
    ordered = tuple(sorted((players[p] for p in field), key=lambda p: (p.name.lower(), p.pk)))
    index = {player.pk: number for number, player in enumerate(ordered)}
    by_game: dict[int, list[Seat]] = {}
    for seat in seats:
        by_game.setdefault(seat.game_id, []).append(seat)
    stage_rounds = tuple(tuple(_table(by_game[t.game_id], index) for t in round_.tables.all()) for round_ in rounds)
    log = EventLog(
        name=event.name,
        rules=event.ruleset.to_rules(),
        days=tuple(event.days),
        city=event.city,
        country=event.country,
        players=_entrants(event, ordered),
        stages=(Stage(STAGE_NAME, stage_rounds),),
        mers_weight=event.mers_weight,
    )
    return Described(log, ordered, tuple(seats))


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
