"""The only write path of the club's records: every function is atomic and takes
keyword-only arguments; every write to a game locks the game row so two scorers serialize,
and writes an audit entry.

Recording a hand settles only that hand from the table state stored with the game, so its
cost does not grow with the game or the database. Editing, deleting or undoing a hand, and
recomputing a game, replay the game's stored facts; an edit that makes a later hand
impossible is refused as a whole with the engine's "hand N: …" message.

Errors: ``ServiceError`` (and its ``Conflict``) carry a message a club member understands;
the engine's ``RuleError`` passes through unchanged.
"""

from dataclasses import replace
from datetime import date as Date
from datetime import time as Time

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.caching import versions
from scoring.models import (
    AuditEntry,
    ClubSession,
    EventTable,
    Game,
    Hand,
    HandSeat,
    Incident,
    Penalty,
    Player,
    Ruleset,
    Seat,
    UndoneSubmission,
    Win,
)
from scoring.records import derived, ratings
from scoring.records.gamelogs import (
    FactRows,
    fact_rows,
    fingerprint,
    game_document,
    game_log,
    hand_document,
    hands_with_facts,
    penalty_row,
    resolve_ruleset,
    seats_in_order,
)
from scoring.rules import (
    PRESETS,
    GameLog,
    RuleError,
    bounds,
    over_after_gong,
    parse_game,
    replay,
    settle,
    standings,
    start_table,
)
from scoring.rules import finish as finish_table

# what record_hand and a replay store on each seat: standings, counts and the game's status
SEAT_FIELDS = (*derived.SEAT_STANDING_FIELDS, *derived.SEAT_COUNT_FIELDS, "finished")


class ServiceError(Exception):
    """A write the club's records refuse; the message is for the scorer or the admin."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class Conflict(ServiceError):
    """Somebody else changed the game first (another scorer, another tab)."""


class Undone(ServiceError):
    """A submission whose hand was recorded and then undone (or deleted): replayed, it records nothing."""

    def __init__(self, undone: UndoneSubmission):
        super().__init__(
            _(
                "Hand %(number)s from this form was recorded and then undone, so it was not recorded "
                "again. Enter the hand anew if it is still missing."
            )
            % {"number": undone.hand_number}
        )


class AlreadyImported(ServiceError):
    """This game log was imported before: importing it again would count the game twice."""

    def __init__(self, game: Game):
        super().__init__(
            _("This game log was already imported as game %(id)s; importing it again would count the game twice.")
            % {"id": game.pk}
        )
        self.game = game


# ---- helpers ------------------------------------------------------------------------------


def _locked(game: Game) -> Game:
    """The game row, locked until the transaction ends (PostgreSQL; SQLite's IMMEDIATE
    transactions already let one writer in at a time)."""
    return Game.objects.select_for_update(of=("self",)).select_related("ruleset", "session").get(pk=game.pk)


def _require_open(game: Game) -> None:
    if game.status == Game.ABANDONED:
        raise ServiceError(_("This game was abandoned; nothing more can be recorded in it."))
    if game.status == Game.FINISHED:
        raise ServiceError(_("This game is over; undo its last hand first to change it."))


def _audit(*, game, user, action, hand_number=None, before=None, after=None) -> None:
    AuditEntry.objects.create(
        game=game,
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        hand_number=hand_number,
        before=before,
        after=after,
    )


def _names(seats) -> tuple[str, ...]:
    return tuple(seat.player.name for seat in seats)


def _status(game: Game, ended: bool) -> str:
    if game.status == Game.ABANDONED:
        return Game.ABANDONED
    return Game.FINISHED if ended else Game.IN_PROGRESS


def _set_status(game: Game, seats, status: str) -> None:
    """The game's status and its copy on the (loaded) seats, ``Seat.finished``; the caller
    saves both. The boards read the copy."""
    game.status = status
    for seat in seats:
        seat.finished = status == Game.FINISHED


def _save_status(game: Game, status: str) -> None:
    """Save a new status of a game whose seats are not loaded (and their copies of it)."""
    game.status = status
    game.save(update_fields=("status",))
    Seat.objects.filter(game=game).update(finished=status == Game.FINISHED)


def _save_fact_rows(rows_by_hand: list[tuple[Hand, FactRows]], game: Game) -> None:
    """Bulk-create the wins, penalties and incidents of saved hands (3 queries at most)."""
    wins, penalties, incidents = [], [], []
    for hand, rows in rows_by_hand:
        for win in rows.wins:
            win.hand = hand
            wins.append(win)
        for penalty in rows.penalties:
            penalty.hand, penalty.game = hand, game
            penalties.append(penalty)
        for incident in rows.incidents:
            incident.hand = hand
            incidents.append(incident)
    derived.set_yaku(((hand, rows.wins) for hand, rows in rows_by_hand), game.rules)
    for model, objs in ((Win, wins), (Penalty, penalties), (Incident, incidents)):
        if objs:
            model.objects.bulk_create(objs)


def _set_standings(seats, table, lines) -> None:
    for seat, values in zip(seats, derived.standing_values(table, lines), strict=True):
        for name, value in values.items():
            setattr(seat, name, value)


def _save_seats(seats, fields) -> None:
    """Four small UPDATEs: cheaper than one bulk_update's CASE over every field."""
    for seat in seats:
        seat.save(update_fields=fields)


def _hand_seat_rows(hand: Hand, seats, values: list[dict]) -> list[HandSeat]:
    return [HandSeat(hand=hand, seat=seat, **row) for seat, row in zip(seats, values, strict=True)]


def _over_after_gong(game: Game, rules) -> bool:
    """Whether the round's gong has ended the game with the hand just saved (the engine's
    ``time_up`` policy over the hands recorded since the gong)."""
    if game.gong_at is None or timezone.now() < game.gong_at:
        return False
    results = game.hands_after_gong().order_by("number")
    return over_after_gong(rules, tuple(results.values_list("result", flat=True)))


# ---- starting a game ----------------------------------------------------------------------


@transaction.atomic
def start_game(
    *,
    ruleset: Ruleset,
    players,
    session: ClubSession | None = None,
    tournament: bool | None = None,
    date=None,
    comment: str = "",
    user=None,
) -> Game:
    """A new game: ``players`` in seat order East, South, West, North of the first hand.

    The ruleset's knobs are copied into the game, so later ruleset edits never rewrite it;
    ``tournament`` defaults from the session's kind.
    """
    players = list(players)
    if len(players) != 4 or len({p.pk for p in players}) != 4:
        raise ServiceError(_("A game needs four different players."))
    rules = ruleset.to_rules()
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
    seats = [Seat(game=game, player=player, seat=index, family=ruleset.family) for index, player in enumerate(players)]
    _set_standings(seats, table, standings(rules, table, (0, 0, 0, 0)))
    Seat.objects.bulk_create(seats)
    game.__dict__.pop("rules", None)
    _audit(game=game, user=user, action=AuditEntry.START, after=_game_facts(game, players))
    versions.bump(game)
    return game


@transaction.atomic
def start_next_game(*, game: Game, rng, user=None) -> Game:
    """The next game of an ended one: the same four with their seats drawn again by
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
        ruleset=game.ruleset, players=players, session=game.session, tournament=game.tournament, user=user
    )


def _game_facts(game: Game, players) -> dict:
    return {
        "ruleset": game.ruleset.slug,
        "players": [p.name for p in players],
        "tournament": game.tournament,
        "session": game.session.name if game.session_id else None,
        "date": game.date.isoformat() if game.date else None,
        "start": game.start.isoformat() if game.start else None,
        "comment": game.comment,
        "finished": game.finished_by_scorer,
        "status": game.status,
    }


# ---- recording a hand ---------------------------------------------------------------------


KEY_TOO_LONG = gettext_lazy(
    "This form is damaged (its submission key is too long): reload the table page and enter the hand again."
)
KEY_NOT_VALID = gettext_lazy(
    "This form is damaged (its submission key is not valid): reload the table page and enter the hand again."
)


def _check_key(submission_key: str) -> None:
    """A submission key no form sends (longer than the bound, a control character: PostgreSQL
    refuses a NUL in any query) is refused before it is looked up."""
    if len(submission_key) > bounds.SUBMISSION_KEY_LENGTH:
        raise ServiceError(str(KEY_TOO_LONG))
    if bounds.character_problem(submission_key):
        raise ServiceError(str(KEY_NOT_VALID))


def recorded_submission(*, game: Game, submission_key: str) -> Hand | None:
    """The hand already recorded from this submission (a double tap, a replay whose answer was
    lost), or None; Undone if it was recorded and then undone. A key no form sends was never
    stored: None, without a query."""
    if not submission_key or len(submission_key) > bounds.STORED_KEY_LENGTH or bounds.character_problem(submission_key):
        return None
    earlier = Hand.objects.filter(game=game, submission_key=submission_key).first()
    if earlier is not None:
        return earlier
    undone = UndoneSubmission.objects.filter(game=game, submission_key=submission_key).first()
    if undone is not None:
        raise Undone(undone)
    return None


@transaction.atomic
def record_hand(
    *,
    game: Game,
    facts,
    expected_number: int,
    submission_key: str,
    comment: str = "",
    before_gong: bool = False,
    user=None,
) -> Hand:
    """Record the next hand of ``game`` and return it.

    ``expected_number`` is the number of the hand the scorer was recording; if another
    scorer got there first, Conflict. ``submission_key`` makes the call idempotent: the same
    key again returns the hand first recorded with it, whatever the repeat carries; a key
    whose hand was undone raises Undone. Settles only this hand, from the table state stored
    with the game. ``before_gong``: recorded after the round's gong, the hand had ended before
    it, so it is not the hand in progress at the gong (the ruleset's ``time_up``).
    """
    _check_key(submission_key)
    return _record(
        game=game,
        facts=facts,
        expected_number=expected_number,
        submission_key=submission_key,
        comment=comment,
        before_gong=before_gong,
        user=user,
    )


@transaction.atomic
def record_chombo_series(
    *, game: Game, hands, expected_number: int, submission_key: str, comment: str = "", user=None
) -> list[Hand]:
    """Record the chombo hands that replace a draw with riichi declarers noten at it, one per
    offender in seat order: all of them or none. The first hand takes ``submission_key``, the
    later ones add "-2" … to it, so the same submission again returns the hands first recorded."""
    _check_key(submission_key)
    return [
        _record(
            game=game,
            facts=facts,
            expected_number=expected_number + n,
            submission_key=f"{submission_key}-{n + 1}" if submission_key and n else submission_key,
            comment=comment,
            user=user,
        )
        for n, facts in enumerate(hands)
    ]


def _record(
    *, game: Game, facts, expected_number: int, submission_key: str, comment: str, user, before_gong: bool = False
) -> Hand:
    """``record_hand`` within the caller's transaction, the key already checked."""
    game = _locked(game)
    earlier = recorded_submission(game=game, submission_key=submission_key)
    if earlier is not None:
        return earlier
    _require_open(game)
    number = game.hand_count + 1
    if number > bounds.MAX_HANDS:
        raise ServiceError(
            _("A game has at most %(most)s hands: finish this one and start another.") % {"most": bounds.MAX_HANDS}
        )
    if expected_number != number:
        raise Conflict(
            _(
                "Hand %(expected)s was already recorded by someone else: this game is now at hand %(number)s. "
                "Check the hand log before recording again."
            )
            % {"expected": expected_number, "number": number}
        )
    seats = seats_in_order(game)
    rules = game.rules
    before = game.table(seat.table_score for seat in seats)
    settlement = settle(rules, before, facts, tournament=game.tournament, names=_names(seats))

    rows = fact_rows(facts)
    hand = Hand(
        game=game,
        number=number,
        submission_key=submission_key,
        comment=comment,
        before_gong=before_gong,
        **rows.columns,
        **derived.hand_values(rules, before, settlement),
    )
    hand.save()
    _save_fact_rows([(hand, rows)], game)
    seat_values = derived.hand_seat_values(facts, before, settlement)
    HandSeat.objects.bulk_create(_hand_seat_rows(hand, seats, seat_values))

    after = settlement.table
    if not after.finished and _over_after_gong(game, rules):  # the round's gong
        after = finish_table(after)
        game.finished_by_scorer = True
    penalties = tuple(seat.penalties + extra for seat, extra in zip(seats, settlement.result_penalties, strict=True))
    for seat, row in zip(seats, seat_values, strict=True):
        counts = {name: getattr(seat, name) for name in derived.SEAT_COUNT_FIELDS}
        derived.add_counts(counts, row)
        for name, value in counts.items():
            setattr(seat, name, value)
    _set_standings(seats, after, standings(rules, after, penalties))
    _set_status(game, seats, _status(game, after.finished))
    _save_seats(seats, SEAT_FIELDS)

    for name, value in derived.game_values(after).items():
        setattr(game, name, value)
    game.save(update_fields=(*derived.GAME_FIELDS, "status", "finished_by_scorer"))
    if game.status == Game.FINISHED:
        ratings.game_finished(game)
    _audit(
        game=game,
        user=user,
        action=AuditEntry.RECORD,
        hand_number=number,
        after=hand_document(rules, _names(seats), facts, comment),
    )
    versions.bump(game, scores_only=game.status == Game.IN_PROGRESS)
    return hand


# ---- replaying stored facts ---------------------------------------------------------------


def _rederive(game: Game, seats, hands: list[Hand], log: GameLog, *, start: int = 1) -> None:
    """Replay ``log`` (the game's facts, one per hand of ``hands``, numbered 1…) and store
    every derived number from hand ``start`` on, the seats' standings and counts and the
    game's table state. RuleError "hand N: …" if a hand is impossible; nothing is stored then
    because the caller's transaction rolls back."""
    played = replay(log)
    rules = log.rules
    counts = [derived.zero_counts() for _seat in seats]
    new_rows = []
    steps = zip(hands, log.hands, played.tables, played.settlements, strict=True)
    for index, (hand, facts, before, settlement) in enumerate(steps):
        values = derived.hand_seat_values(facts, before, settlement)
        for seat_counts, row in zip(counts, values, strict=True):
            derived.add_counts(seat_counts, row)
        if index + 1 >= start:
            for name, value in derived.hand_values(rules, before, settlement).items():
                setattr(hand, name, value)
            new_rows += _hand_seat_rows(hand, seats, values)
    rewritten = hands[start - 1 :]
    if rewritten and rewritten[0].pk is None:  # a game being imported
        Hand.objects.bulk_create(rewritten)
    elif rewritten:
        HandSeat.objects.filter(hand__in=rewritten).delete()
        Hand.objects.bulk_update(rewritten, derived.HAND_FIELDS)
        Win.objects.bulk_update(derived.set_yaku(((h, h.wins.all()) for h in rewritten), rules), ["yaku"])
    HandSeat.objects.bulk_create(new_rows)
    for seat, seat_counts in zip(seats, counts, strict=True):
        for name, value in seat_counts.items():
            setattr(seat, name, value)
    _set_standings(seats, played.table, played.standings)
    _set_status(game, seats, _status(game, played.table.finished))
    _save_seats(seats, SEAT_FIELDS)
    for name, value in derived.game_values(played.table).items():
        setattr(game, name, value)
    game.save()
    ratings.game_changed(game)  # rates it, or re-rates from it on, if it counts or counted


def _stored(game: Game):
    """The game's seats, hands (with facts) and log, as stored."""
    seats = seats_in_order(game)
    hands = list(hands_with_facts(game))
    return seats, hands, game_log(game, hands=hands, seats=seats)


def _hand(hands: list[Hand], number: int) -> Hand:
    if not 1 <= number <= len(hands):
        raise ServiceError(_("This game has no hand %(number)s.") % {"number": number})
    return hands[number - 1]


def _replace_fact_rows(hand: Hand, rows: FactRows, game: Game) -> None:
    Win.objects.filter(hand=hand).delete()
    Penalty.objects.filter(hand=hand).delete()
    Incident.objects.filter(hand=hand).delete()
    _save_fact_rows([(hand, rows)], game)


@transaction.atomic
def edit_hand(*, game: Game, number: int, facts, comment: str | None = None, user=None) -> Hand:
    """Replace the facts of hand ``number`` and re-derive it and every later hand.

    If the new facts make this or a later hand impossible, RuleError "hand N: …" and nothing
    changes. ``comment`` None keeps the hand's comment.
    """
    game = _locked(game)
    if game.status == Game.ABANDONED:
        raise ServiceError(_("This game was abandoned; restore it before changing its hands."))
    seats, hands, log = _stored(game)
    hand = _hand(hands, number)
    old_facts = log.hands[number - 1]
    old_comment = hand.comment
    comment = old_comment if comment is None else comment
    new_log = replace(
        log,
        hands=log.hands[: number - 1] + (facts,) + log.hands[number:],
        hand_comments=log.hand_comments[: number - 1] + (comment or None,) + log.hand_comments[number:],
    )
    _rederive(game, seats, hands, new_log, start=number)
    rows = fact_rows(facts)
    for name, value in rows.columns.items():
        setattr(hand, name, value)
    hand.comment = comment
    hand.save(update_fields=(*rows.columns, "comment"))
    _replace_fact_rows(hand, rows, game)
    names = _names(seats)
    _audit(
        game=game,
        user=user,
        action=AuditEntry.EDIT,
        hand_number=number,
        before=hand_document(log.rules, names, old_facts, old_comment),
        after=hand_document(log.rules, names, facts, comment),
    )
    versions.bump(game)
    return hand


def check_hand_edit(*, game: Game, number: int, facts, check=None) -> None:
    """Raise RuleError "hand N: …" if replacing hand ``number`` with ``facts`` makes a hand
    impossible, or if ``check`` refuses the new log (the tiles' han and fu, ``scoring.tiles``):
    a form's validation before ``edit_hand``; writes nothing."""
    log = game_log(game)
    log = replace(log, hands=log.hands[: number - 1] + (facts,) + log.hands[number:])
    replay(log)
    if check:
        check(log)


def check_hand_delete(*, game: Game, number: int) -> None:
    """Raise RuleError "hand N: …" (stored numbering) if deleting hand ``number`` makes a
    later hand impossible; writes nothing."""
    log = game_log(game)
    if not 1 <= number <= len(log.hands):
        raise ServiceError(_("This game has no hand %(number)s.") % {"number": number})
    try:
        replay(replace(log, hands=log.hands[: number - 1] + log.hands[number:]))
    except RuleError as error:
        raise _renumbered(error, number) from None


def check_game_change(*, game: Game, **flags) -> None:
    """Raise RuleError "hand N: …" if the game's ``tournament``/``finished_by_scorer`` flags
    changed so make a hand impossible; writes nothing."""
    log = game_log(game)
    renamed = {"tournament": "tournament", "finished_by_scorer": "finished"}
    replay(replace(log, **{renamed[name]: value for name, value in flags.items()}))


def _remove_hand(game: Game, number: int, user, action: str, *, reopen: bool) -> None:
    """Delete hand ``number``, renumber the later ones and re-derive from there; ``reopen``
    also takes back the scorer's finish (undo)."""
    seats, hands, log = _stored(game)
    hand = _hand(hands, number)
    remaining = hands[: number - 1] + hands[number:]
    new_log = replace(
        log,
        hands=log.hands[: number - 1] + log.hands[number:],
        hand_comments=log.hand_comments[: number - 1] + log.hand_comments[number:],
        finished=log.finished and not reopen,
    )
    game.finished_by_scorer = new_log.finished
    if hand.submission_key:  # remembered, so that a replay of the same form does not record it again
        UndoneSubmission.objects.get_or_create(
            game=game, submission_key=hand.submission_key, defaults={"hand_number": number}
        )
    hand.delete()
    later = [h for h in remaining if h.number > number]
    if later:
        # two steps, so that the (game, number) constraint never sees one number twice
        Hand.objects.filter(pk__in=[h.pk for h in later]).update(number=F("number") + 10000)
        Hand.objects.filter(pk__in=[h.pk for h in later]).update(number=F("number") - 10001)
        for h in later:
            h.number -= 1
    try:
        _rederive(game, seats, remaining, new_log, start=number)
    except RuleError as error:
        raise _renumbered(error, number) from None
    _audit(
        game=game,
        user=user,
        action=action,
        hand_number=number,
        before=hand_document(log.rules, _names(seats), log.hands[number - 1], hand.comment),
    )


def _renumbered(error: RuleError, removed: int) -> RuleError:
    """A replay error of the log without hand ``removed``, naming the hand by its stored number."""
    if error.hand is not None and error.hand >= removed:
        return error.params["problem"].in_hand(error.hand + 1)
    return error


@transaction.atomic
def undo_last_hand(*, game: Game, expected_number: int | None = None, user=None) -> None:
    """Remove the last hand (the scorer's "fix the last hand"); a finished game is open again.

    ``expected_number``: the hand the scorer means to undo; Conflict if the game moved on.
    """
    game = _locked(game)
    if game.status == Game.ABANDONED:
        raise ServiceError(_("This game was abandoned; nothing can be undone in it."))
    if game.hand_count == 0:
        raise ServiceError(_("This game has no hand to undo."))
    if expected_number is not None and expected_number != game.hand_count:
        raise Conflict(
            _(
                "The last hand is now hand %(number)s, not hand %(expected)s: someone else changed this game. "
                "Check the hand log."
            )
            % {"number": game.hand_count, "expected": expected_number}
        )
    _remove_hand(game, game.hand_count, user, AuditEntry.UNDO, reopen=True)
    versions.bump(game)


@transaction.atomic
def delete_hand(*, game: Game, number: int, user=None) -> None:
    """Delete hand ``number`` and re-derive the later hands (refused if one becomes impossible)."""
    game = _locked(game)
    if game.status == Game.ABANDONED:
        raise ServiceError(_("This game was abandoned; restore it before changing its hands."))
    _remove_hand(game, number, user, AuditEntry.DELETE, reopen=False)
    versions.bump(game)


# ---- the end of a game --------------------------------------------------------------------


@transaction.atomic
def finish_game(*, game: Game, user=None) -> Game:
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
    _audit(game=game, user=user, action=AuditEntry.FINISH, after={"finished": True})
    versions.bump(game)
    return game


@transaction.atomic
def abandon_game(*, game: Game, user=None) -> Game:
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
def set_gong(*, game: Game, at, user=None) -> Game:
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
def restore_game(*, game: Game, user=None) -> Game:
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
def delete_game(*, game: Game, user=None) -> None:
    """Delete a game and everything derived from it. Ratings from it on are recomputed as if
    it had never been played; the audit log keeps its game log, which re-imports."""
    game = _locked(game)
    log = game_document(game)
    if game.status == Game.FINISHED:  # it counts for nothing from now on: re-rate after it
        _save_status(game, Game.ABANDONED)
        ratings.game_changed(game)
    versions.bump(game)
    game_id = game.pk
    game.delete()
    _audit(game=None, user=user, action=AuditEntry.DELETE_GAME, before={"game": game_id, "log": log})


@transaction.atomic
def recompute_game(*, game: Game, user=None) -> Game:
    """Replay the stored facts and store every derived number again (after an engine fix)."""
    game = _locked(game)
    seats, hands, log = _stored(game)
    _rederive(game, seats, hands, log)
    _audit(game=game, user=user, action=AuditEntry.RECOMPUTE)
    versions.bump(game)
    return game


@transaction.atomic
def change_game(*, game: Game, user=None, penalties=None, **facts) -> Game:
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
    for name, value in facts.items():
        setattr(game, name, value)
    if penalties is not None:
        Penalty.objects.filter(game=game, hand=None).delete()
        Penalty.objects.bulk_create([penalty_row(p, game=game) for p in penalties])
    _rederive(game, seats, hands, game_log(game, hands=hands, seats=seats))
    _audit(
        game=game,
        user=user,
        action=AuditEntry.CHANGE,
        before=before,
        after=_game_facts(game, [s.player for s in seats]),
    )
    versions.bump(game)
    return game


# ---- rulesets, players, sessions ----------------------------------------------------------


@transaction.atomic
def copy_ruleset(*, ruleset: Ruleset) -> Ruleset:
    """A club copy of ``ruleset`` (slug ``…-copy``, ``…-copy-2`` …) to change knobs on; it
    remembers the preset it derives from."""
    slug, number = f"{ruleset.slug}-copy", 2
    while Ruleset.objects.filter(slug=slug).exists():
        slug, number = f"{ruleset.slug}-copy-{number}", number + 1
    versions.bump_club()
    return Ruleset.objects.create(
        slug=slug,
        name=_("%(name)s (copy)") % {"name": ruleset.name},
        family=ruleset.family,
        based_on=ruleset.based_on,
        knobs=ruleset.knobs,
        description=ruleset.description,
    )


def _named(model, name: str, limit: int, **defaults):
    """The row of ``model`` with that name (ignoring case), created if there is none. Two
    callers creating the same new name at once get the same row: the loser of the race
    finds the winner's once the unique index lets it in."""
    problem = bounds.text_problem(name, limit)
    if problem:
        raise ServiceError(_("The name %(name)s %(problem)s.") % {"name": repr(name[:40]), "problem": problem})
    found = model.objects.filter(name__iexact=name).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return model.objects.create(name=name, **defaults)
    except IntegrityError:
        return model.objects.get(name__iexact=name)


def player_named(name: str) -> Player:
    """The player of that name (ignoring case), created if the club has none."""
    return _named(Player, name, bounds.MAX_NAME)


def session_named(name: str, *, date=None, kind: str | None = None) -> ClubSession:
    """The session of that name (ignoring case), created (dated ``date``, of ``kind``) if the
    club has none."""
    return _named(
        ClubSession, name, bounds.MAX_SESSION_NAME, date=date or timezone.localdate(), kind=kind or ClubSession.CASUAL
    )


# ---- importing game logs ------------------------------------------------------------------


@transaction.atomic
def import_game(
    *, log: GameLog, ruleset: Ruleset, session: ClubSession | None = None, session_name: str | None = None, user=None
) -> Game:
    """Store a parsed game log (players created by name); RuleError "hand N: …" if a hand is
    impossible, AlreadyImported if the same log was imported before, and then nothing is
    stored. ``session`` or ``session_name`` (created if missing) replace the log's session."""
    imported_from = fingerprint(log)
    earlier = Game.objects.filter(imported_from=imported_from).first()
    if earlier is None and log.source:  # the same online game, read under other rules or names
        earlier = Game.objects.filter(source=log.source).first()
    if earlier is not None:
        raise AlreadyImported(earlier)
    if session is None and session_name:
        session = session_named(session_name)
    if session is None and log.session:
        session = session_named(log.session, date=Date.fromisoformat(log.date) if log.date else None)
    try:
        with transaction.atomic():  # the same log imported at the same moment: the fingerprint is unique
            game = Game.objects.create(
                session=session,
                ruleset=ruleset,
                knobs=log.rules.knobs(),
                tournament=log.tournament,
                date=Date.fromisoformat(log.date) if log.date else None,
                start=Time.fromisoformat(log.start) if log.start else None,
                comment=log.comment or "",
                finished_by_scorer=log.finished,
                imported_from=imported_from,
                source=log.source or "",
                created_by=user if user is not None and user.is_authenticated else None,
            )
    except IntegrityError:
        same = Q(imported_from=imported_from) | (Q(source=log.source) if log.source else Q())
        raise AlreadyImported(Game.objects.filter(same).first()) from None
    players = [player_named(name) for name in log.players]
    seats = Seat.objects.bulk_create(
        [Seat(game=game, player=p, seat=i, family=ruleset.family) for i, p in enumerate(players)]
    )
    rows = [fact_rows(facts) for facts in log.hands]
    comments = log.hand_comments or (None,) * len(rows)
    hands = [
        Hand(game=game, number=number, comment=comment or "", **r.columns)
        for number, (r, comment) in enumerate(zip(rows, comments, strict=True), 1)
    ]
    game.__dict__.pop("rules", None)
    _rederive(game, seats, hands, replace(log, rules=game.rules))
    _save_fact_rows(list(zip(hands, rows, strict=True)), game)
    Penalty.objects.bulk_create([penalty_row(p, game=game) for p in log.penalties])
    _audit(game=game, user=user, action=AuditEntry.IMPORT, after={"hands": len(hands), **_game_facts(game, players)})
    versions.bump(game)
    return game


@transaction.atomic
def import_document(
    *, doc, session: ClubSession | None = None, session_name: str | None = None, user=None, check=None
) -> Game:
    """Validate a decoded game-log document and store it (``import_game``); RuleError says
    what is wrong. ``session``, or the session called ``session_name`` (created with the
    game, not without it), overrides the session the log names; ``check`` is run on the
    parsed log before anything is stored (the tiles' han and fu, ``scoring.tiles``)."""
    log = parse_game(doc, resolve_ruleset)
    if check:
        check(log)
    slug = doc["ruleset"]
    ruleset = Ruleset.objects.preset(slug) if slug in PRESETS else Ruleset.objects.get(slug=slug)
    return import_game(log=log, ruleset=ruleset, session=session, session_name=session_name, user=user)
