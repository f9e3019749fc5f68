"""Writes to a whole game: start it (and the next one), change its own facts, finish,
abandon, restore, recompute or delete it, and the round's gong."""

from collections.abc import Iterable
from dataclasses import replace
from datetime import date as Date
from datetime import datetime
from random import Random
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.models import AuditEntry, ClubSession, EventTable, Game, Penalty, Player, Ruleset, Seat, different_players
from scoring.records import derived, ratings
from scoring.records.gamelogs import game_document, game_log, penalty_row, seats_in_order
from scoring.rulebook.knobs import has_length
from scoring.rules import Penalty as PenaltyFact
from scoring.rules import finish as finish_table
from scoring.rules import replay, standings, start_table
from scoring.rules.table import no_penalties

from .errors import ServiceError
from .follows import followed
from .names import player_named, session_named
from .storing import (
    Actor,
    _audit,
    _game_facts,
    _locked,
    _new_seats,
    _rederive,
    _save_seats,
    _save_status,
    _set_standings,
    _set_status,
    _stored,
)


@transaction.atomic
def start_game(
    *,
    ruleset: Ruleset,
    players: Iterable[Player],
    session: ClubSession | None = None,
    new_session: str = "",
    session_kind: str | None = None,
    tournament: bool | None = None,
    date: Date | None = None,
    comment: str = "",
    rounds: int | None = None,
    user: Actor = None,
) -> Game:
    """A new game: ``players`` in seat order (East, South, … of the first hand), as many as
    the ruleset's family seats, each a club player or the name of one (a name the club does not
    know adds a player); ``rounds``: its length (East-only 1, hanchan 2) where not the ruleset's.

    No ``session`` and a ``new_session`` name: the session of that name, started today (of
    ``session_kind``) if the club has none. All of it or nothing: a refused game adds no
    player and no session. The ruleset's knobs are copied into the game, so later ruleset
    edits never rewrite it; ``tournament`` defaults from the session's kind.
    """
    players = [player if isinstance(player, Player) else player_named(player) for player in players]
    if session is None and new_session.strip():
        session = session_named(new_session.strip(), date=timezone.localdate(), kind=session_kind or None)
    if len(players) != ruleset.seats or len({p.pk for p in players}) != ruleset.seats:
        raise ServiceError(different_players(ruleset.seats))
    rules = ruleset.to_rules()
    if rounds is not None and rounds != rules.rounds:
        if not has_length(ruleset.family):
            message = _("%(ruleset)s games are not played in rounds: their length cannot be chosen.")
            raise ServiceError(message % {"ruleset": ruleset.name})
        rules = rules.with_overrides({"rounds": rounds})
    if tournament is None:
        tournament = bool(session and session.is_tournament)
    if date is None:
        date = session.date if session else timezone.localdate()
    game = Game.objects.create(
        session=session,
        ruleset=ruleset,
        knobs=rules.knobs(),
        tournament=tournament,
        date=date,
        comment=comment,
        start=timezone.localtime().time().replace(microsecond=0),
        created_by=user if user is not None and user.is_authenticated else None,
    )
    table = start_table(rules)
    seats = _new_seats(game, players)
    _set_standings(seats, table, standings(rules, table, no_penalties(ruleset.seats)))
    Seat.objects.bulk_create(seats)
    game.__dict__.pop("rules", None)
    _audit(game=game, user=user, action=AuditEntry.START, after=_game_facts(game, players))
    versions.bump(game)
    return game


@transaction.atomic
def start_next_game(*, game: Game, rng: Random, user: Actor = None) -> Game:
    """The next game of an ended one: the same players with their seats drawn again by
    ``rng``, the same ruleset, session and tournament flag. Asked twice (a double tap, a retry),
    it gives the game it started the first time."""
    game = _locked(game)
    if game.is_open:
        raise ServiceError(_("This game is still being played: finish it before starting the next one."))
    if EventTable.objects.filter(game=game).exists():
        raise ServiceError(_("This game is a table of an event: the event's next round draws the next tables."))
    players = [seat.player for seat in game.seats.select_related("player").order_by("seat")]
    wanted = {p.pk for p in players}
    started = Game.objects.filter(
        pk__gt=game.pk, session=game.session, ruleset=game.ruleset, status=Game.IN_PROGRESS
    ).prefetch_related("seats")
    for later in started:
        if {seat.player_id for seat in later.seats.all()} == wanted:
            return later
    rng.shuffle(players)
    return start_game(
        ruleset=game.ruleset,
        players=players,
        session=game.session,
        tournament=game.tournament,
        rounds=game.rules.rounds,
        user=user,
    )


def check_game_change(*, game: Game, **flags: bool) -> None:
    """Raise RuleError "hand N: …" if the game's ``tournament``/``finished_by_scorer`` flags
    changed so make a hand impossible; writes nothing."""
    log = game_log(game)
    renamed = {"tournament": "tournament", "finished_by_scorer": "finished"}
    changed: dict[str, Any] = {renamed[name]: value for name, value in flags.items()}  # GameLog's fields
    replay(replace(log, **changed))


@transaction.atomic
def finish_game(*, game: Game, user: Actor = None) -> Game:
    """The scorer ends the game (time limit; always for American): leftover sticks and
    final standings are settled as the ruleset says."""
    game = _locked(game)
    if game.status != Game.IN_PROGRESS:
        raise ServiceError(_("Only a game in progress can be finished."))
    seats = seats_in_order(game)
    table = finish_table(game.table(seat.table_score for seat in seats))
    rules = game.rules
    _set_standings(seats, table, standings(rules, table, tuple(seat.penalties for seat in seats)))
    _set_status(game, seats, Game.FINISHED)
    _save_seats(seats, (*derived.SEAT_STANDING_FIELDS, "finished"))
    game.finished_by_scorer = True
    game.ended = True
    game.save(update_fields=("finished_by_scorer", "ended", "status"))
    ratings.game_finished(game)
    followed(game)
    _audit(game=game, user=user, action=AuditEntry.FINISH, after={"finished": True})
    versions.bump(game)
    return game


@transaction.atomic
def abandon_game(*, game: Game, user: Actor = None) -> Game:
    """The game will not be played on: it stays in the records but counts for nothing. A
    finished game counts: it is not abandoned (undo its last hand first)."""
    game = _locked(game)
    if game.status == Game.ABANDONED:
        return game
    if game.status == Game.FINISHED:
        raise ServiceError(_("A finished game cannot be abandoned: undo the last hand first."))
    before = game.status
    _save_status(game, Game.ABANDONED)
    ratings.game_changed(game)
    _audit(game=game, user=user, action=AuditEntry.ABANDON, before={"status": before}, after={"status": game.status})
    versions.bump(game)
    return game


@transaction.atomic
def set_gong(*, game: Game, at: datetime | None, user: Actor = None) -> Game:
    """When the round's gong sounds for ``game`` (an event's round): the hands after it are
    played as the ruleset's ``time_up`` says."""
    game = _locked(game)
    before = game.gong_at
    game.gong_at = at
    game.save(update_fields=("gong_at",))
    _audit(
        game=game,
        user=user,
        action=AuditEntry.CHANGE,
        before={"gong_at": before and before.isoformat()},
        after={"gong_at": at and at.isoformat()},
    )
    versions.bump(game)
    return game


@transaction.atomic
def restore_game(*, game: Game, user: Actor = None) -> Game:
    """Undo an abandonment: the game is in progress or finished again, as its table says."""
    game = _locked(game)
    if game.status != Game.ABANDONED:
        return game
    _save_status(game, Game.FINISHED if game.ended else Game.IN_PROGRESS)
    ratings.game_changed(game)
    _audit(
        game=game, user=user, action=AuditEntry.CHANGE, before={"status": Game.ABANDONED}, after={"status": game.status}
    )
    versions.bump(game)
    return game


@transaction.atomic
def delete_game(*, game: Game, user: Actor = None) -> None:
    """Delete a game and everything derived from it. Ratings from it on are recomputed as if
    it had never been played; the audit log keeps its game log, which re-imports."""
    game = _locked(game)
    log = game_document(game)
    if game.status == Game.FINISHED:  # it counts for nothing from now on: re-rate after it
        _save_status(game, Game.ABANDONED)
        ratings.game_changed(game)
        followed(game)
    versions.bump(game)
    game_id = game.pk
    game.delete()
    _audit(game=None, user=user, action=AuditEntry.DELETE_GAME, before={"game": game_id, "log": log})


@transaction.atomic
def recompute_game(*, game: Game, user: Actor = None) -> Game:
    """Replay the stored facts and store every derived number again (after an engine fix)."""
    game = _locked(game)
    seats, hands, log = _stored(game)
    _rederive(game, seats, hands, log)
    _audit(game=game, user=user, action=AuditEntry.RECOMPUTE)
    versions.bump(game)
    return game


@transaction.atomic
def change_game(
    *, game: Game, user: Actor = None, penalties: Iterable[PenaltyFact] | None = None, **facts: Any
) -> Game:
    """Change a game's own facts (session, date, comment, tournament, the scorer's finish,
    game penalties as engine ``Penalty`` records) and re-derive the whole game; refused with
    the engine's message if a hand becomes impossible."""
    allowed = {"session", "date", "start", "comment", "tournament", "finished_by_scorer"}
    unknown = set(facts) - allowed
    if unknown:
        raise TypeError(f"change_game() got unexpected facts: {', '.join(sorted(unknown))}")
    game = _locked(game)
    seats, hands, _log = _stored(game)
    before = _game_facts(game, [s.player for s in seats])
    day = ratings.game_day(game)
    for name, value in facts.items():
        setattr(game, name, value)
    if penalties is not None:
        Penalty.objects.filter(game=game, hand=None).delete()
        Penalty.objects.bulk_create([penalty_row(p, game=game) for p in penalties])
    _rederive(game, seats, hands, game_log(game, hands=hands, seats=seats))
    if ratings.game_day(game) != day:  # moved: what the stage of its former day carried too
        followed(game, day=day)
    _audit(
        game=game,
        user=user,
        action=AuditEntry.CHANGE,
        before=before,
        after=_game_facts(game, [s.player for s in seats]),
    )
    versions.bump(game)
    return game
