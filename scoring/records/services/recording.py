"""Recording a hand: the one write of a hand or a chombo series, under the game's lock and once
per submission key, as the table submits it (``submit_hand``: what became of it, by name) or as
the services' callers record it (``record_hand``, ``record_chombo_series``: its refusals raised).
Settles only the new hand, from the table state stored with the game; the ruleset is parsed once
for the whole write."""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.caching import versions
from scoring.models import AuditEntry, Game, Hand, HandSeat, UndoneSubmission
from scoring.records import derived, ratings
from scoring.records.gamelogs import fact_rows, hand_document, seats_in_order
from scoring.rulebook.messages import rule_message
from scoring.rules import HandFacts, RuleError, bounds, settle, standings
from scoring.rules import finish as finish_table

from .errors import Conflict, ServiceError, Undone
from .follows import followed
from .storing import (
    SEAT_FIELDS,
    Actor,
    _audit,
    _hand_seat_rows,
    _locked,
    _names,
    _over_after_gong,
    _require_open,
    _save_fact_rows,
    _save_seats,
    _set_standings,
    _set_status,
    _status,
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


def record_hand(
    *,
    game: Game,
    facts: HandFacts,
    expected_number: int,
    submission_key: str,
    comment: str = "",
    before_gong: bool = False,
    user: Actor = None,
) -> Hand:
    """Record the next hand of ``game`` and return it: the table's protocol (``submit_hand``),
    its refusals raised.

    ``expected_number`` is the number of the hand the scorer was recording; if another
    scorer got there first, Conflict. ``submission_key`` makes the call idempotent: the same
    key again returns the hand first recorded with it, whatever the repeat carries; a key
    whose hand was undone raises Undone. Settles only this hand, from the table state stored
    with the game. ``before_gong``: recorded after the round's gong, the hand had ended before
    it, so it is not the hand in progress at the gong (the ruleset's ``time_up``).
    """
    _outcome, hands = _write(
        game=game,
        submission_key=submission_key,
        expected_number=expected_number,
        series=(facts,),
        comment=comment,
        before_gong=before_gong,
        user=user,
    )
    return hands[0]


def record_chombo_series(
    *,
    game: Game,
    hands: Sequence[HandFacts],
    expected_number: int,
    submission_key: str,
    comment: str = "",
    user: Actor = None,
) -> list[Hand]:
    """Record the chombo hands that replace a draw with riichi declarers noten at it, one per
    offender in seat order: all of them or none (the table's protocol, ``submit_hand``, its
    refusals raised). The first hand takes ``submission_key``, the later ones add "-2" … to it,
    so the same submission again returns the hands first recorded."""
    _outcome, recorded = _write(
        game=game,
        submission_key=submission_key,
        expected_number=expected_number,
        series=tuple(hands),
        comment=comment,
        before_gong=False,
        user=user,
    )
    return list(recorded)


def _series_key(submission_key: str, n: int) -> str:
    """The submission key of the ``n``-th hand (from 0) of a chombo series."""
    return f"{submission_key}-{n + 1}" if submission_key and n else submission_key


class Outcome(StrEnum):
    """What became of a hand submitted from the table (``submit_hand``)."""

    RECORDED = "recorded"
    ALREADY_RECORDED = "already_recorded"  # a double tap, a replay whose answer was lost
    CONFLICT = "conflict"  # another phone recorded the hand of that number first
    UNDONE = "undone"  # its hand was recorded and then undone: not recorded again
    REFUSED = "refused"  # nothing recorded: the submission holds no hand, or the rules refuse it


@dataclass(frozen=True)
class Submission:
    """``submit_hand``'s answer: the outcome, the game as it stands after it, the hands recorded
    (or first recorded from this submission) and a message for the scorer ("" when a refused
    submission held no hand: the form says why)."""

    outcome: Outcome
    game: Game
    hands: tuple[Hand, ...] = ()
    message: str = ""


class _Conflict(Conflict):
    """A hand number other than the next one: ``record_hand`` raises it as it is, ``submit_hand``
    answers CONFLICT in the table's words."""

    def __init__(self, game: Game, expected_number: int):
        super().__init__(
            _(
                "Hand %(expected)s was already recorded by someone else: this game is now at hand %(number)s. "
                "Check the hand log before recording again."
            )
            % {"expected": expected_number, "number": game.next_hand_number}
        )
        self.game = game
        self.expected_number = expected_number


class _NoHand(ServiceError):
    """A submission holding no hand (a form with errors): the form says why."""

    def __init__(self, game: Game):
        super().__init__("")
        self.game = game


def submit_hand(
    *,
    game: Game,
    submission_key: str,
    expected_number: int | None,
    facts: HandFacts | None = None,
    chombo_series: Sequence[HandFacts] = (),  # riichi hands: a chombo and the hands it repeats
    comment: str = "",
    before_gong: bool = False,
    user: Actor = None,
) -> Submission:
    """Decide, under the game's lock and in one transaction, what becomes of a hand submitted
    from the table, and return it as a ``Submission``.

    In this order: a submission seen before is ALREADY_RECORDED (the hand first recorded from
    it) or UNDONE (that hand was undone since); a hand number other than the next one is a
    CONFLICT (``expected_number`` None: the scorer saw no number, no check); a submission key
    no form sends, a submission holding no hand (``facts`` None and no ``chombo_series``: a
    form with errors) or one the rules refuse is REFUSED, with nothing recorded; else the hand
    (or the chombo series, all of it or none) is RECORDED.
    """
    try:
        outcome, hands = _write(
            game=game,
            submission_key=submission_key,
            expected_number=expected_number,
            series=tuple(chombo_series) or ((facts,) if facts is not None else ()),
            comment=comment,
            before_gong=before_gong,
            user=user,
        )
    except Undone as undone:
        return Submission(Outcome.UNDONE, game, message=undone.message)
    except _Conflict as conflict:
        message = _(
            "Someone else recorded hand %(number)s first. Check the scoreboard and the hand log, "
            "then save again if this hand is still missing."
        ) % {"number": conflict.expected_number}
        return Submission(Outcome.CONFLICT, conflict.game, message=message)
    except _NoHand as empty:
        return Submission(Outcome.REFUSED, empty.game)
    except (ServiceError, RuleError) as error:  # the transaction rolled back: nothing was recorded
        return Submission(Outcome.REFUSED, game, message=rule_message(error))
    game = hands[0].game
    if outcome == Outcome.ALREADY_RECORDED:
        return Submission(outcome, game, hands, _("That hand was already recorded."))
    if chombo_series:
        names = _names(seats_in_order(game))
        offenders = []
        for hand in hands:
            assert hand.offender is not None  # every hand of a chombo series is stored with its offender
            offenders.append(names[hand.offender])
        message = _("Recorded as chombo by %(names)s.") % {"names": ", ".join(offenders)}
    else:
        message = _("Hand %(number)s recorded.") % {"number": hands[0].number}
    if game.status == Game.FINISHED:
        message = _("%(alert)s The game is over: here are the final standings.") % {"alert": message}
    return Submission(outcome, game, hands, message)


@transaction.atomic
def _write(
    *,
    game: Game,
    submission_key: str,
    expected_number: int | None,
    series: tuple[HandFacts, ...],
    comment: str,
    before_gong: bool,
    user: Actor,
) -> tuple[Outcome, tuple[Hand, ...]]:
    """The one write of a hand (or a chombo series), under the game's lock: RECORDED or
    ALREADY_RECORDED with the hands, else raised: Undone, a conflict, a key no form sends, no
    hand, or what the rules refuse (``submit_hand`` says the order). Each hand of the series is
    stored with the locked row, whose ruleset is parsed once for the whole write."""
    game = _locked(game)
    earlier = recorded_submission(game=game, submission_key=submission_key)  # raises Undone
    if earlier is not None:
        earlier.game = game
        return Outcome.ALREADY_RECORDED, _repeated(game, earlier, submission_key, len(series))
    if expected_number is not None and expected_number != game.next_hand_number:
        raise _Conflict(game, expected_number)
    _check_key(submission_key)
    if not series:
        raise _NoHand(game)
    hands = []
    for n, facts in enumerate(series):
        _require_next(game)
        key = _series_key(submission_key, n)
        hands.append(_store(game, facts, submission_key=key, comment=comment, before_gong=before_gong, user=user))
    return Outcome.RECORDED, tuple(hands)


def _repeated(game: Game, earlier: Hand, submission_key: str, count: int) -> tuple[Hand, ...]:
    """The hands first recorded from a submission seen before: its first one, and the rest of its
    chombo series (their keys add "-2" … to it)."""
    if count <= 1:
        return (earlier,)
    keys = [_series_key(submission_key, n) for n in range(1, count)]
    rest = Hand.objects.filter(game=game, submission_key__in=keys).order_by("number")
    return (earlier, *rest)


def _require_next(game: Game) -> None:
    """The game takes another hand: it is open and not at the most hands a game may have."""
    _require_open(game)
    if game.next_hand_number > bounds.MAX_HANDS:
        raise ServiceError(
            _("A game has at most %(most)s hands: finish this one and start another.") % {"most": bounds.MAX_HANDS}
        )


def _store(
    game: Game,
    facts: HandFacts,
    *,
    submission_key: str,
    comment: str,
    before_gong: bool,
    user: Actor,
) -> Hand:
    """Settle ``facts`` as the next hand of the locked ``game`` and store the hand, its rows,
    the seats' standings and counts and the game's table state (``game`` is updated too)."""
    number = game.next_hand_number
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
    seat_values = derived.hand_seat_values(rules, facts, before, settlement)
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
        followed(game)
    _audit(
        game=game,
        user=user,
        action=AuditEntry.RECORD,
        hand_number=number,
        after=hand_document(rules, _names(seats), facts, comment),
    )
    # a hand in a game that goes on moves only the running scores, unless it holds a foul (a
    # chombo, a penalty, an incident): an event's standings list those
    foul = hand.result == Hand.Result.CHOMBO or bool(rows.penalties or rows.incidents)
    versions.bump(game, scores_only=game.status == Game.IN_PROGRESS and not foul)
    return hand
