"""Settle one American (NMJL-style) hand, with the penalties and errors of the American rules.

Scores start at 0, the deal passes every hand, and the game ends when the scorer says so. Under
tournament points (the ``american_scoring`` knob, the US tournament rules) nobody pays anybody: each hand is a
tournament "game" and each player scores its tournament points, the hand's delta.
"""

from collections.abc import Sequence
from operator import add
from typing import NamedTuple, cast

from .bounds import MAX_EXPOSURES
from .errors import RuleError, gettext_noop
from .ruleset import RuleSet, clause
from .table import SEATS, Payment, Penalty, Settlement, TableState, no_penalties
from .vocabulary import AmericanResult, AmericanScoring, IncidentKind, PenaltyTo

RESULTS = tuple(AmericanResult)
# The core every US tournament organiser agrees on (Destination Mah Jongg, MahjCon,
# Four Seasons, themahjonggtournament.com): the winner's bonuses and a live hand's points at a wall game.
SELF_PICKED_BONUS = 10
JOKERLESS_BONUS = 20
WALL_GAME_POINTS = 10


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
    exposures: int | None = None  # the discarder's groups exposed (tournament points: their loss)
    dead: tuple[int, ...] = ()  # players whose hands were dead (tournament points: 0 for the game)


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
    _check_exposures(rules, hand)
    barred: set[int] = set(hand.dead)  # players whose hand is dead this hand and cannot win
    points = rules.american_scoring == AmericanScoring.TOURNAMENT_POINTS
    for incident in hand.incidents:  # under tournament points an incident only leaves hands dead
        barred |= _incident(rules, hand, incident, [] if points else payments, names, seats)
    if hand.result == AmericanResult.MAHJONG:
        _mahjong(rules, hand, barred, payments, notes, names, seats, settle_up=not points)
    elif hand.winner is not None or hand.value:
        raise RuleError(gettext_noop("a wall game has no winner and no value"), field="result")
    if points:
        deltas = tournament_points(rules, hand, barred, seats)
        scored = ", ".join(f"{names[p]} {d:+d}" for p, d in enumerate(deltas) if d)
        notes.append(f"tournament points: {scored or 'none'}")
    else:
        deltas = [0] * seats
        # no American payment involves the riichi pot: every payer and payee is a player
        for payer, payee, amount, _ in cast(list[tuple[int, int, int, str]], payments):
            deltas[payer] -= amount
            deltas[payee] += amount
    scores = tuple(map(add, table.scores, deltas))
    after = TableState(scores, table.rotations + 1, 0, 0, table.hands + 1, False)
    lost = tuple(result_penalties) if hand.penalties else no_penalties(seats)
    return Settlement(after, tuple(deltas), tuple(payments), lost, tuple(notes))


def tournament_points(rules: RuleSet, hand: AmericanHand, dead: set[int], seats: int) -> list[int]:
    """Each player's tournament points for one game (the US tournament rules, the common core of the organisers'
    rules): the winner scores the card value, +10 self-picked, +20 jokerless; at a wall game every
    live hand scores +10; the discarder of the winning tile loses ``discarder_loss`` by their
    exposures; a dead hand scores 0, and so does everyone else. The facts are checked already."""
    if hand.result == AmericanResult.WALL:
        return [0 if player in dead else WALL_GAME_POINTS for player in range(seats)]
    points = [0] * seats
    assert hand.winner is not None  # _mahjong refused a mahjong without its winner
    points[hand.winner] = hand.value + SELF_PICKED_BONUS * (hand.discarder is None) + JOKERLESS_BONUS * hand.jokerless
    if hand.discarder is not None and hand.discarder not in dead:
        points[hand.discarder] = -discarder_loss(rules, hand.exposures or 0)
    return points


def discarder_loss(rules: RuleSet, exposures: int) -> int:
    """What the discarder of the winning tile loses with ``exposures`` groups exposed (the
    ``discarder_loss`` knob: 0, 1, 2, 3 or more)."""
    return rules.discarder_loss[min(exposures, len(rules.discarder_loss) - 1)]


def _check_exposures(rules: RuleSet, hand: AmericanHand) -> None:
    """The discarder's exposures: 0 to 4, stated for a mahjong by discard, and only for one; under
    tournament points a loss by exposures needs them."""
    rule = clause(rules, "exposures")
    if hand.exposures is None:
        if (
            rules.american_scoring == AmericanScoring.TOURNAMENT_POINTS
            and hand.result == AmericanResult.MAHJONG
            and hand.discarder is not None
            and any(rules.discarder_loss)
        ):
            raise RuleError(
                gettext_noop(
                    "tournament points: a mahjong by discard needs how many groups the discarder had exposed, "
                    "0 to 4: the discarder's loss goes by them (%(clause)s)"
                ),
                field="exposures",
                clause=rule,
            )
        return
    if hand.result != AmericanResult.MAHJONG or hand.discarder is None:
        raise RuleError(
            gettext_noop("exposures are the discarder's: only a mahjong by discard has them (%(clause)s)"),
            field="exposures",
            clause=rule,
        )
    if not 0 <= hand.exposures <= MAX_EXPOSURES:
        raise RuleError(
            gettext_noop("the discarder had 0 to 4 groups exposed, not %(exposures)s (%(clause)s)"),
            field="exposures",
            exposures=hand.exposures,
            clause=rule,
        )


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
    *,
    settle_up: bool = True,
) -> None:
    """Mahjong: discarder 2×, others 1×; self-pick 2× each; jokerless doubles (nobody pays under
    tournament points: the facts are checked alike)."""
    winner, discarder, value = hand.winner, hand.discarder, hand.value
    if winner is None:
        raise RuleError(gettext_noop("a mahjong needs a winner"), field="winner")
    if winner in barred:
        raise RuleError(
            gettext_noop("%(who)s has a dead hand this hand and cannot win (%(clause)s)"),
            field="winner",
            who=names[winner],
            clause=clause(rules, "dead_hand") if winner in hand.dead else clause(rules, "mahjong_in_error"),
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
        if not settle_up:  # the misnamer's penalty is the organiser's: a penalty of the hand
            notes.append("misnamed discard: the organiser's penalty, if any, is a penalty of the hand")
            return
        _pay(payments, discarder, winner, 4 * factor * value, "misnamed discard: the discarder alone pays")
        notes.append(f"misnamed discard: the discarder alone pays {4 * factor}x")
        return
    for player in range(seats if settle_up else 0):
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
