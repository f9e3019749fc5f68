"""The write path of events: keyword-only, atomic, verb-first, like
``scoring.records.services``, which starts every game.

A round is drawn (its tables stored, still changeable by a swap or a fresh draw), then
started: every table becomes a game of the event's session with its drawn seats, and every
game gets the round's gong. An event with a three-player ruleset seats the players left
over at three-player tables (``seating.table_sizes``), each such game under that ruleset.
An online night's round takes its tables from online games instead
(``scoring.events.online.services``).
"""

import random
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.events import by_rank, designs, eventlog, seating
from scoring.events.american import services as american
from scoring.events.reads import current_stage, draw_order, past_of, stage_rounds
from scoring.models import (
    ClubSession,
    Event,
    EventPlayer,
    EventRound,
    EventStage,
    EventTable,
    Game,
    Player,
    Ruleset,
    for_seats,
)
from scoring.records import services as records
from scoring.records.services import ServiceError
from scoring.rules import bounds
from scoring.rules.eventlog import Carry


@transaction.atomic
def create_event(
    *,
    name: str,
    date,
    ruleset: Ruleset,
    kind: str = Event.CLUB_NIGHT,
    rounds: int | None = None,
    round_minutes: int = 90,
    players=(),
    seed: int | None = None,
    **options,
) -> Event:
    """A new event with its own session (where its games are recorded) and its player list."""
    event = Event(
        name=name,
        date=date,
        kind=kind,
        ruleset=ruleset,
        rounds=rounds,
        round_minutes=round_minutes,
        seed=seed,
        **options,
    )
    check_rulesets(ruleset=ruleset, three_player_ruleset=options.get("three_player_ruleset"))
    check_days(date=date, last_day=options.get("last_day"))
    prepare_event(event=event)
    event.save()
    EventPlayer.objects.bulk_create(EventPlayer(event=event, player=player) for player in players)
    return event


def check_event_name(*, name: str, date) -> None:
    """ServiceError unless a new event may take ``name`` on ``date``: its session is named
    like it, and the club's session of that name (ignoring case), if any, must be free and
    of the same day."""
    problem = bounds.text_problem(name, bounds.MAX_SESSION_NAME)
    if problem:
        raise ServiceError(_("The name %(name)s %(problem)s.") % {"name": repr(name[:40]), "problem": problem})
    session = ClubSession.objects.filter(name__iexact=name).first()
    if session is None:
        return
    if Event.objects.filter(session=session).exists():
        raise ServiceError(_("An event with this name already exists."))
    if session.date != date:
        raise ServiceError(
            _("The session %(name)s is of %(date)s: give the event a name of its own.")
            % {"name": session.name, "date": date_format(session.date)}
        )


def check_days(*, date, last_day) -> None:
    """ServiceError unless an event's last day (None: a one-day event) is after its first, and
    its days no more than the records hold."""
    if last_day is None:
        return
    if last_day <= date:
        raise ServiceError(_("The last day comes after the first; leave it empty for a one-day event."))
    if (last_day - date).days >= bounds.MAX_EVENT_DAYS:
        raise ServiceError(_("An event has at most %(count)s days.") % {"count": bounds.MAX_EVENT_DAYS})


FOUR_PLAYER, THREE_PLAYER = 4, 3  # an event's tables, and its tables of the rest, when it seats the rest


def check_rulesets(*, ruleset: Ruleset, three_player_ruleset: Ruleset | None) -> None:
    """ServiceError unless an event may seat its rest at tables of ``three_player_ruleset``
    (None: they sit out): its family seats three, and the event's ruleset's four."""
    if three_player_ruleset is None:
        return
    if three_player_ruleset.seats != THREE_PLAYER:
        raise ServiceError(
            _("%(name)s is not a three-player ruleset: its tables seat %(count)s.")
            % {"name": three_player_ruleset.name, "count": three_player_ruleset.seats}
        )
    if ruleset.seats != FOUR_PLAYER:
        raise ServiceError(
            _("Only an event of four-player tables seats its rest at three-player tables; %(name)s seats %(count)s.")
            % {"name": ruleset.name, "count": ruleset.seats}
        )


def prepare_event(*, event: Event) -> None:
    """Give a new (unsaved) event its session, named like it, and a seed if it has none."""
    check_event_name(name=event.name, date=event.date)
    kind = ClubSession.TOURNAMENT if event.is_tournament else ClubSession.CASUAL
    event.session = records.session_named(event.name, date=event.date, kind=kind)
    if event.seed is None:
        event.seed = random.SystemRandom().randrange(2**31)


@transaction.atomic
def check_in(*, event: Event, player: Player, present: bool = True, substitute: bool | None = None) -> EventPlayer:
    """Tick a player off the list (or back off it: leaving between rounds); a player not on
    the list is added."""
    entry, _created = EventPlayer.objects.get_or_create(event=event, player=player)
    entry.present = present
    if substitute is not None:
        entry.substitute = substitute
    entry.save(update_fields=("present", "substitute"))
    versions.bump_event(event.pk)
    return entry


@transaction.atomic
def check_in_everyone(*, event: Event) -> int:
    """Tick everyone on the list who is not here yet off it; how many that was."""
    count = event.entries.filter(present=False).update(present=True)
    versions.bump_event(event.pk)
    return count


def _next_round(event: Event) -> EventRound:
    """The round to draw: the one drawn but not started, or a new one after the last, of the
    stage being played (as many as it has rounds) or of the tournament (as many as it has)."""
    last = event.round_set.order_by("-number").first()
    if last is not None and last.started_at is None:
        return last
    if last is not None and Game.objects.filter(event_table__round=last, status=Game.IN_PROGRESS).exists():
        raise ServiceError(
            _("Round %(number)s is still being played; draw the next round when every table has finished.")
            % {"number": last.number}
        )
    left = american.games_left(event, last) if last is not None else []
    if left:
        table, played = left[0]
        raise ServiceError(
            _(
                "Table %(table)s has played %(played)s of the round's %(count)s games; draw the next round when "
                "every table has played them or the round's time is up."
            )
            % {"table": table, "played": played, "count": event.round_games}
        )
    number = last.number + 1 if last else 1
    stage = current_stage(event)
    if stage is not None and stage_rounds(event, stage).count() >= stage.rounds:
        raise ServiceError(
            _("%(stage)s has %(rounds)s rounds; all of them are drawn. Open the next stage.")
            % {"stage": stage.name, "rounds": stage.rounds}
        )
    if stage is None and event.rounds and number > event.rounds:
        raise ServiceError(
            _("This tournament has %(rounds)s rounds; all of them are drawn.") % {"rounds": event.rounds}
        )
    return EventRound(event=event, number=number, day=event.day_of(timezone.localdate()), stage=stage)


def _seated(event: Event, entries, past: seating.Past) -> list[int]:
    """Who is drawn: the players present, and in a tournament that fills tables with
    substitutes, as many substitutes present as leave no one sitting out (the fewest: a
    multiple of the players a table seats, or with three-player tables, ``past.sizes``)."""
    players = [e.player_id for e in entries if not e.substitute]
    wanted = next(n for n in range(past.seats) if sum(past.sizes(len(players) + n)) == len(players) + n)
    if event.substitutes and wanted:
        subs = [e.player_id for e in entries if e.substitute]
        if len(subs) < wanted:
            raise ServiceError(
                _("%(count)s more substitutes must check in to fill the last table.") % {"count": wanted - len(subs)}
            )
        players += subs[:wanted]
    return players


@transaction.atomic
def draw_round(*, event: Event, method: str = EventRound.RANDOM, step: int = 0, seats: int | None = None) -> EventRound:
    """Draw the next round's tables (or draw the round not yet started again, with ``method``),
    each of ``seats`` players (the event's ruleset's family's count unless given), the rest
    at three-player tables if the event has a three-player ruleset.

    Deterministic: the random generator is seeded with the event's seed, the round's number
    and the method. The event's row stays locked until the end: one draw, swap or start at a
    time (a double tap draws the round once)."""
    event = _locked_event(event.pk)
    round_ = _next_round(event)
    past = past_of(event, before=round_.number, seats=seats)
    stage = round_.stage
    if stage is not None and stage.number > 1:
        players = sorted(p.pk for p in stage_field(event=event, stage=stage))
    else:
        players = _seated(event, list(event.entries.filter(present=True).order_by("player_id")), past)
    if stage is not None and stage.seating != EventStage.DRAW and not stage_rounds(event, stage).exclude(pk=round_.pk):
        method = stage.seating  # the stage's first round, seated as its organiser wants
    if not past.sizes(len(players)):
        fewest = min(past.seats, past.rest_seats or past.seats)
        raise ServiceError(
            for_seats(
                fewest,
                _("At least four players must be checked in to draw a round."),
                _("At least %(count)s players must be checked in to draw a round."),
            )
        )
    rng = random.Random(f"{event.seed}:{round_.number}:{method}")
    if method == EventRound.ROTATION:
        last = event.round_set.filter(number__lt=round_.number).order_by("-number").first()
        rotated = american.rotated_tables(event=event, last=last, players=players)
        draw = seating.Draw(rotated, (), seating.seating_cost(past, rotated))
    elif method == EventRound.RANDOM:
        draw = designs.draw(players, past, rng, seed=event.seed, rounds=event.rounds)
    elif method in (EventRound.RANK, EventRound.SNAKE):
        if len(players) % past.seats:
            raise ServiceError(
                _("%(count)s players do not make tables of %(seats)s: seat them by a draw.")
                % {"count": len(players), "seats": past.seats}
            )
        draw = by_rank.draw_by_rank(draw_order(event, players), past, across=method == EventRound.SNAKE)
    else:
        order = draw_order(event, players)
        draw = (
            seating.draw_swiss(order, past, rng)
            if method == EventRound.SWISS
            else seating.draw_interval(order, past, rng, step)
        )
    round_.method, round_.sitting_out, round_.cost = method, list(draw.sitting_out), draw.cost
    round_.save()
    round_.tables.all().delete()
    EventTable.objects.bulk_create(
        EventTable(round=round_, number=n, players=list(table)) for n, table in enumerate(draw.tables, start=1)
    )
    versions.bump_event(event.pk)
    return round_


def _locked_event(pk: int) -> Event:
    """The event's row, locked until the transaction ends."""
    return Event.objects.select_for_update().get(pk=pk)


def _locked(round_: EventRound) -> EventRound:
    """The round, its event's row locked until the transaction ends (one draw, swap or start
    at a time)."""
    _locked_event(round_.event_id)
    return EventRound.objects.select_related("event__ruleset", "event__three_player_ruleset", "event__session").get(
        pk=round_.pk
    )


def _is_seat(tables, table: int, seat: int) -> bool:
    """Whether the round has a table ``table`` (from 1) with a seat ``seat`` (from 0)."""
    return 1 <= table <= len(tables) and 0 <= seat < len(tables[table - 1].players)


@transaction.atomic
def swap_seats(*, round_: EventRound, first: tuple[int, int], second: tuple[int, int]) -> EventRound:
    """Exchange the players of two seats, each (table number, seat index), before the round starts."""
    round_ = _locked(round_)
    if round_.started_at is not None:
        raise ServiceError(_("This round has started; its seats can no longer change."))
    tables = list(round_.tables.order_by("number"))
    if not all(_is_seat(tables, table, seat) for table, seat in (first, second)):
        raise ServiceError(_("There is no such table or seat in this round."))
    draw = seating.Draw(tuple(tuple(t.players) for t in tables), tuple(round_.sitting_out), round_.cost)
    swapped = seating.swap(
        past_of(round_.event, before=round_.number), draw, (first[0] - 1, first[1]), (second[0] - 1, second[1])
    )
    for table, players in zip(tables, swapped.tables, strict=True):
        table.players = list(players)
        table.save(update_fields=("players",))
    round_.cost = swapped.cost
    round_.save(update_fields=("cost",))
    versions.bump_event(round_.event_id)
    return round_


@transaction.atomic
def start_round(*, round_: EventRound, user=None) -> EventRound:
    """Start every table's game with its drawn seats; the gong sounds ``round_minutes`` later."""
    round_ = _locked(round_)
    if round_.started_at is not None:
        raise ServiceError(_("This round has already started."))
    event = round_.event
    seated = [p for table in round_.tables.all() for p in table.players]
    gone = Player.objects.filter(pk__in=seated).exclude(entries__event=event, entries__present=True)
    if gone:
        raise ServiceError(
            _("%(names)s left after the draw: draw this round again.")
            % {"names": ", ".join(p.name for p in gone.order_by("name"))}
        )
    now = timezone.now()
    round_.started_at, round_.ends_at = now, now + timedelta(minutes=event.round_minutes)
    players = Player.objects.in_bulk(seated)
    for table in round_.tables.order_by("number"):
        game = records.start_game(
            ruleset=event.ruleset_for(len(table.players)),
            players=[players[p] for p in table.players],
            session=event.session,
            tournament=event.is_tournament,
            date=round_.day,
            user=user,
            comment=_("%(event)s, round %(round)s, table %(table)s")
            % {"event": event.name, "round": round_.number, "table": table.number},
        )
        table.game = records.set_gong(game=game, at=round_.ends_at, user=user)
        table.save(update_fields=("game",))
    round_.save(update_fields=("started_at", "ends_at"))
    versions.bump_event(event.pk)
    return round_


def stage_field(*, event: Event, stage: EventStage) -> list[Player]:
    """Who plays ``stage`` (from the second), best first by the stage before it, as
    ``score_event`` decides it (``eventlog.going_on``); ServiceError while it cannot be told."""
    described, lines, field = eventlog.going_on(event, stage)
    return [described.players[line.player] for line in lines if line.player in field]


def check_stage(*, number: int, entry: str, count: int | None, carry: str) -> None:
    """ServiceError unless a stage's rule is one the event log has: the first stage is played by
    everyone and brings nothing in; a cut and the best of each table need their N, everyone none."""
    if number == 1 and (entry != EventStage.EVERYONE or carry != Carry.FULL):
        raise ServiceError(_("The first stage is played by everyone and brings nothing from a stage before."))
    if (entry == EventStage.EVERYONE) != (count is None):
        raise ServiceError(_("A cut and the best of each table need their N; a stage of everyone has none."))


@transaction.atomic
def open_next_stage(*, event: Event) -> EventStage:
    """Close the stage being played and open the next: once every round of it has been played,
    and who goes on can be told (no tie on the line). The event's row stays locked until the end."""
    event = _locked_event(event.pk)
    stage = current_stage(event)
    following = event.stages.filter(number=stage.number + 1).first() if stage else None
    if stage is None or following is None:
        raise ServiceError(_("This event has no stage after this one."))
    rounds = list(stage_rounds(event, stage))
    playing = Game.objects.filter(event_table__round__in=rounds).exclude(status=Game.FINISHED).exists()
    if len(rounds) < stage.rounds or playing or any(r.started_at is None for r in rounds):
        raise ServiceError(
            _("%(stage)s has %(rounds)s rounds: open the next stage once every table of them has finished.")
            % {"stage": stage.name, "rounds": stage.rounds}
        )
    stage_field(event=event, stage=following)
    following.opened_at = timezone.now()
    following.save(update_fields=("opened_at",))
    versions.bump_event(event.pk)
    return following
