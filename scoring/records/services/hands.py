"""Writes to a game's recorded hands: edit, undo or delete one, and the check a form runs before
a delete (recording one is ``recording``)."""

from collections.abc import Callable
from dataclasses import replace
from typing import cast

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.models import AuditEntry, Game, Hand, Incident, Penalty, UndoneSubmission, Win
from scoring.records.gamelogs import FactRows, fact_rows, game_log, hand_document
from scoring.rules import GameLog, HandFacts, Replay, RuleError, replay

from .errors import Conflict, ServiceError
from .storing import (
    Actor,
    _audit,
    _locked,
    _names,
    _rederive,
    _save_fact_rows,
    _stored,
)


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
    *,
    game: Game,
    number: int,
    facts: HandFacts,
    comment: str | None = None,
    check: Callable[[GameLog, Replay], object] | None = None,
    user: Actor = None,
) -> Hand:
    """Replace the facts of hand ``number`` and re-derive it and every later hand, from one
    replay of the game.

    If the new facts make this or a later hand impossible, or ``check`` refuses the new log
    and its replay (the tiles' han and fu, ``scoring.tiles``), RuleError "hand N: …" and
    nothing changes. ``comment`` None keeps the hand's comment.
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
    played = replay(new_log)
    if check:
        check(new_log, played)
    _rederive(game, seats, hands, new_log, start=number, played=played)
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
