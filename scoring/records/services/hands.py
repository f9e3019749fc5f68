"""Writes to a game's hands: record one (once per submission), edit, undo or delete one,
and the checks a form runs before an edit or a delete."""

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import cast

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.caching import versions
from scoring.models import AuditEntry, Game, Hand, HandSeat, Incident, Penalty, UndoneSubmission, Win
from scoring.records import derived, ratings
from scoring.records.gamelogs import FactRows, fact_rows, game_log, hand_document, seats_in_order
from scoring.rules import AmericanHand, GameLog, RiichiHand, RuleError, bounds, replay, settle, standings
from scoring.rules import finish as finish_table

from .errors import Conflict, ServiceError, Undone
from .storing import (
    SEAT_FIELDS,
    Actor,
    _audit,
    _hand_seat_rows,
    _locked,
    _names,
    _over_after_gong,
    _rederive,
    _require_open,
    _save_fact_rows,
    _save_seats,
    _set_standings,
    _set_status,
    _status,
    _stored,
)

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
    facts: RiichiHand | AmericanHand,
    expected_number: int,
    submission_key: str,
    comment: str = "",
    before_gong: bool = False,
    user: Actor = None,
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
    *,
    game: Game,
    hands: Sequence[RiichiHand | AmericanHand],
    expected_number: int,
    submission_key: str,
    comment: str = "",
    user: Actor = None,
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
    *,
    game: Game,
    facts: RiichiHand | AmericanHand,
    expected_number: int,
    submission_key: str,
    comment: str,
    user: Actor,
    before_gong: bool = False,
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
def edit_hand(
    *, game: Game, number: int, facts: RiichiHand | AmericanHand, comment: str | None = None, user: Actor = None
) -> Hand:
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


def check_hand_edit(
    *,
    game: Game,
    number: int,
    facts: RiichiHand | AmericanHand,
    check: Callable[[GameLog], object] | None = None,
) -> None:
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


def _remove_hand(game: Game, number: int, user: Actor, action: str, *, reopen: bool) -> None:
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
        return cast(RuleError, error.params["problem"]).in_hand(error.hand + 1)  # what in_hand wrapped
    return error


@transaction.atomic
def undo_last_hand(*, game: Game, expected_number: int | None = None, user: Actor = None) -> None:
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
def delete_hand(*, game: Game, number: int, user: Actor = None) -> None:
    """Delete hand ``number`` and re-derive the later hands (refused if one becomes impossible)."""
    game = _locked(game)
    if game.status == Game.ABANDONED:
        raise ServiceError(_("This game was abandoned; restore it before changing its hands."))
    _remove_hand(game, number, user, AuditEntry.DELETE, reopen=False)
    versions.bump(game)
