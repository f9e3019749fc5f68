"""Settle one American (NMJL-style) hand, with the penalties and errors of the American rules.

Scores start at 0, the deal passes every hand, and the game ends when the scorer says so.
"""

from collections.abc import Sequence
from operator import add
from typing import NamedTuple, cast

from .errors import RuleError, gettext_noop
from .ruleset import RuleSet, clause
from .table import SEATS, Payment, Penalty, Settlement, TableState, no_penalties
from .vocabulary import AmericanResult, IncidentKind, PenaltyTo

RESULTS = tuple(AmericanResult)


class DeadHandChallenge(NamedTuple):
    """A player declared another dead: the loser of the challenge pays the card's lowest value."""

    challenger: int
    challenged: int
    upheld: bool


class MahjongInError(NamedTuple):
    """A mahjong called in error, who threw their hands in, and who began to take the wall down."""

    caller: int
    value: int | None  # the claimed hand's card value: needed only when two players threw in
    thrown_in: tuple[int, ...] = ()
    wall_broken_by: int | None = None

    @property
    def ends_hand(self) -> bool:
        return len(self.thrown_in) == 2 or self.wall_broken_by is not None


class AmericanHand(NamedTuple):
    """The facts of one American hand: ``discarder`` None is a self-picked mahjong."""

    result: str
    winner: int | None = None
    discarder: int | None = None
    value: int = 0
    jokerless: bool = False
    misnamed_discard: bool = False
    incidents: tuple[DeadHandChallenge | MahjongInError, ...] = ()
    penalties: tuple[Penalty, ...] = ()


def settle(
    rules: RuleSet, table: TableState, hand: AmericanHand, *, tournament: bool = False, names: Sequence[str] = SEATS
) -> Settlement:
    """Settle one American hand (a tournament's the same); raise RuleError naming the rule when the facts are
    impossible."""
    if table.finished:
        raise RuleError(gettext_noop("the game is over; no hand can be recorded after its end"), field="result")
    if hand.result not in RESULTS:
        raise RuleError(
            gettext_noop("unknown result %(result)r; an American hand is mahjong or wall"),
            field="result",
            result=hand.result,
        )
    payments: list[Payment] = []
    notes: list[str] = []
    seats = len(table.scores)
    result_penalties = [0] * seats
    for penalty in hand.penalties:
        if penalty.to != PenaltyTo.RESULT or penalty.points <= 0:
            raise RuleError(
                gettext_noop("an American penalty is a positive number of points from the result (%(clause)s)"),
                field="penalties",
                clause=clause(rules, "penalty"),
            )
        result_penalties[penalty.player] += penalty.points
        notes.append(f"penalty {penalty.points} from {names[penalty.player]}'s result")
    barred: set[int] = set()  # players whose hand is dead this hand and cannot win
    for incident in hand.incidents:
        barred |= _incident(rules, hand, incident, payments, names, seats)
    if hand.result == AmericanResult.MAHJONG:
        _mahjong(rules, hand, barred, payments, notes, names, seats)
    elif hand.winner is not None or hand.value:
        raise RuleError(gettext_noop("a wall game has no winner and no value"), field="result")
    deltas = [0] * seats
    # no American payment involves the riichi pot: every payer and payee is a player
    for payer, payee, points, _ in cast(list[tuple[int, int, int, str]], payments):
        deltas[payer] -= points
        deltas[payee] += points
    scores = tuple(map(add, table.scores, deltas))
    after = TableState(scores, table.rotations + 1, 0, 0, table.hands + 1, False)
    lost = tuple(result_penalties) if hand.penalties else no_penalties(seats)
    return Settlement(after, tuple(deltas), tuple(payments), lost, tuple(notes))


def _pay(payments: list[Payment], payer: int, payee: int, points: int, why: str) -> None:
    payments.append(Payment(payer, payee, points, why))


TOO_LOW: dict[str, str] = {
    AmericanResult.MAHJONG: gettext_noop(
        "mahjong: a hand on the card is worth at least %(lowest)s, not %(value)s (%(clause)s)"
    ),
    IncidentKind.MAHJONG_IN_ERROR: gettext_noop(
        "mahjong in error: a hand on the card is worth at least %(lowest)s, not %(value)s (%(clause)s)"
    ),
}


def _check_value(rules: RuleSet, value: int, what: str) -> None:
    if value < rules.lowest_hand_value:
        raise RuleError(
            TOO_LOW[what], field="value", lowest=rules.lowest_hand_value, value=value, clause=clause(rules, "american")
        )


def _mahjong(
    rules: RuleSet,
    hand: AmericanHand,
    barred: set[int],
    payments: list[Payment],
    notes: list[str],
    names: Sequence[str],
    seats: int,
) -> None:
    """Mahjong: discarder 2×, others 1×; self-pick 2× each; jokerless doubles."""
    winner, discarder, value = hand.winner, hand.discarder, hand.value
    if winner is None:
        raise RuleError(gettext_noop("a mahjong needs a winner"), field="winner")
    if winner in barred:
        raise RuleError(
            gettext_noop("%(who)s has a dead hand this hand and cannot win (%(clause)s)"),
            field="winner",
            who=names[winner],
            clause=clause(rules, "mahjong_in_error"),
        )
    if discarder == winner:
        raise RuleError(
            gettext_noop("%(who)s cannot win on his own discard (%(clause)s)"),
            field="discarder",
            who=names[winner],
            clause=clause(rules, "american"),
        )
    _check_value(rules, value, AmericanResult.MAHJONG)
    factor = 2 if hand.jokerless else 1
    if hand.misnamed_discard:
        if discarder is None:
            raise RuleError(
                gettext_noop("a misnamed discard needs the discarder (%(clause)s)"),
                field="discarder",
                clause=clause(rules, "misnamed_discard"),
            )
        _pay(payments, discarder, winner, 4 * factor * value, "misnamed discard: the discarder alone pays")
        notes.append(f"misnamed discard: the discarder alone pays {4 * factor}x")
        return
    for player in range(seats):
        if player != winner:
            times = 2 if discarder is None or player == discarder else 1
            _pay(payments, player, winner, times * factor * value, "hand value")


def _incident(
    rules: RuleSet,
    hand: AmericanHand,
    incident: DeadHandChallenge | MahjongInError,
    payments: list[Payment],
    names: Sequence[str],
    seats: int,
) -> set[int]:
    """Settle one incident; return the players it leaves with a dead hand."""
    lowest = rules.lowest_hand_value
    if isinstance(incident, DeadHandChallenge):
        challenger, challenged = incident.challenger, incident.challenged
        if challenger == challenged:
            raise RuleError(gettext_noop("%(who)s cannot challenge himself"), field="incidents", who=names[challenger])
        if incident.upheld:
            _pay(payments, challenged, challenger, lowest, "dead-hand challenge upheld")
            return {challenged}
        _pay(payments, challenger, challenged, lowest, "dead-hand challenge refused")
        return set()
    caller, thrown_in, breaker = incident.caller, incident.thrown_in, incident.wall_broken_by
    rule = clause(rules, "mahjong_in_error")
    if incident.value is not None or len(thrown_in) == 2:  # the value is needed only then
        _check_value(rules, incident.value or 0, IncidentKind.MAHJONG_IN_ERROR)
    if caller in thrown_in or len(set(thrown_in)) != len(thrown_in) or len(thrown_in) > 2:
        raise RuleError(
            gettext_noop(
                "mahjong in error: at most two players other than the caller can throw their hands in (%(clause)s)"
            ),
            clause=rule,
            field="incidents",
        )
    if len(thrown_in) == 2 and breaker is not None:
        raise RuleError(
            gettext_noop("mahjong in error: two hands thrown in and a broken wall cannot happen together (%(clause)s)"),
            clause=rule,
            field="incidents",
        )
    if breaker == caller:
        raise RuleError(
            gettext_noop("mahjong in error: the caller is not the one who took the wall down (%(clause)s)"),
            field="incidents",
            clause=rule,
        )
    if incident.ends_hand and hand.result != AmericanResult.WALL:
        raise RuleError(
            gettext_noop("mahjong in error: this error ends the hand, so record the hand as a wall game (%(clause)s)"),
            clause=rule,
            field="incidents",
        )
    if len(thrown_in) == 2:
        (intact,) = set(range(seats)) - {caller, *thrown_in}
        assert incident.value is not None  # _check_value refused a missing value above (lowest_hand_value >= 1)
        _pay(payments, caller, intact, 2 * incident.value, "mahjong in error")
    elif breaker is not None:
        for player in range(seats):
            if player not in (caller, breaker) and player not in thrown_in:
                _pay(payments, breaker, player, lowest, "took down the wall")
    return {caller, *thrown_in}
