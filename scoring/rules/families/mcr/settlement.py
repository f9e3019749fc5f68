"""Settle one MCR hand (Mahjong Competition Rules, 2006, "Payment" and "False mahjong"; the EMA's
MERS regulations for referee penalties).

A win pays the winner the hand's points plus flowers plus 8 from the discarder and 8 from each
other player, or points plus flowers plus 8 from each of the three on a self-draw; a draw pays
nothing. A false mahjong costs the caller ``false_mahjong_points`` to each other player; the
hand goes on and the caller cannot win it. The session ends after 16 hands."""

from collections.abc import Sequence
from operator import add

from ... import bounds
from ...errors import RuleError, gettext_noop
from ...ruleset import RuleSet, clause
from ...table import Payment, Settlement, TableState, no_penalties
from ...vocabulary import MCRResult, PenaltyTo
from .facts import BASE, HANDS, MAX_FLOWERS, WINDS, MCRHand, MCRWin
from .fans import win_points

RESULTS = tuple(MCRResult)


def settle(rules: RuleSet, table: TableState, hand: MCRHand, *, tournament: bool, names: Sequence[str]) -> Settlement:
    """Settle one MCR hand (a tournament's the same); RuleError names the rule when the facts are impossible."""
    if table.finished:
        raise RuleError(gettext_noop("the game is over; no hand can be recorded after its end"), field="result")
    if hand.result not in RESULTS:
        raise RuleError(
            gettext_noop("unknown result %(result)r; an MCR hand is a win or a draw"),
            field="result",
            result=hand.result,
        )
    seats = len(table.scores)
    payments: list[Payment] = []
    notes: list[str] = []
    callers: set[int] = set()
    for incident in hand.incidents:
        callers.add(incident.caller)
        for player in range(seats):
            if player != incident.caller:
                payments.append(Payment(incident.caller, player, rules.false_mahjong_points, "false mahjong"))
        notes.append(f"false mahjong: {names[incident.caller]} pays {rules.false_mahjong_points} to each other player")
    if hand.result == MCRResult.WIN:
        if hand.win is None:
            raise RuleError(gettext_noop("a win needs its winner"), field="winner")
        _win(rules, hand.win, callers, payments, names, seats)
    elif hand.win is not None:
        raise RuleError(gettext_noop("a draw has no winner"), field="result")
    result_penalties = [0] * seats
    for penalty in hand.penalties:
        if penalty.to != PenaltyTo.RESULT or penalty.points <= 0:
            raise RuleError(
                gettext_noop("an MCR penalty is a positive number of points from the result (%(clause)s)"),
                field="penalties",
                clause=clause(rules, "penalty"),
            )
        result_penalties[penalty.player] += penalty.points
        notes.append(f"penalty {penalty.points} from {names[penalty.player]}'s result")
    deltas = [0] * seats
    for payer, payee, points, _ in payments:
        assert payer is not None and payee is not None  # MCR has no pot: every payment is between players
        deltas[payer] -= points
        deltas[payee] += points
    played = table.hands + 1
    after = TableState(tuple(map(add, table.scores, deltas)), played, 0, 0, played, played >= HANDS)
    lost = tuple(result_penalties) if hand.penalties else no_penalties(seats)
    return Settlement(after, tuple(deltas), tuple(payments), lost, tuple(notes))


def _win(
    rules: RuleSet, win: MCRWin, callers: set[int], payments: list[Payment], names: Sequence[str], seats: int
) -> None:
    """The winner's payments: fan + flowers + 8 from the discarder (or from each on a self-draw), 8 from the others."""
    winner, discarder = win.winner, win.discarder
    rule = clause(rules, "win")
    if winner in callers:
        raise RuleError(
            gettext_noop("%(who)s called a false mahjong this hand and cannot win it (%(clause)s)"),
            field="winner",
            who=names[winner],
            clause=clause(rules, "false_mahjong"),
        )
    if discarder == winner:
        raise RuleError(
            gettext_noop("%(who)s cannot win on his own discard (%(clause)s)"),
            field="discarder",
            who=names[winner],
            clause=rule,
        )
    if win.fan < rules.min_fan:
        raise RuleError(
            gettext_noop("a win needs at least %(least)s points not counting flowers, not %(fan)s (%(clause)s)"),
            field="fan",
            least=rules.min_fan,
            fan=win.fan,
            clause=clause(rules, "minimum"),
        )
    if win.fan > bounds.MAX_FAN:
        raise RuleError(
            gettext_noop(
                "a hand's points are at most %(most)s, the most the records hold (no hand scores more), not %(fan)s"
            ),
            field="fan",
            most=f"{bounds.MAX_FAN:,}",
            fan=win.fan,
        )
    if not 0 <= win.flowers <= MAX_FLOWERS:
        raise RuleError(
            gettext_noop("a hand has 0 to 8 flowers, not %(flowers)s (%(clause)s)"),
            field="flowers",
            flowers=win.flowers,
            clause=rule,
        )
    if win.fans and (total := win_points(win.fans)) != win.fan:
        raise RuleError(
            gettext_noop("the fans named add up to %(total)s points, not the %(fan)s recorded (%(clause)s)"),
            field="fans",
            total=total,
            fan=win.fan,
            clause=rule,
        )
    hand_points = win.fan + win.flowers + BASE
    for player in range(seats):
        if player != winner:
            full = discarder is None or player == discarder
            payments.append(Payment(player, winner, hand_points if full else BASE, "hand" if full else "base"))


def round_label(table: TableState) -> str:
    """The prevailing wind and the hand within it: E1 … N4."""
    hand = min(table.rotations, HANDS - 1)
    return f"{WINDS[hand // 4]}{hand % 4 + 1}"
