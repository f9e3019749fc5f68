"""Settling one riichi hand: every transfer as a ``Payment`` in a ledger, the deltas their
sum, the table after it."""

from collections.abc import Callable, Sequence
from functools import partial
from operator import add

from ..errors import RuleError, gettext_noop
from ..ruleset import RuleSet, clause
from ..table import POT, SEATS, Payment, Penalty, Settlement, TableState, no_penalties
from ..vocabulary import AbortiveReason, MultiRon, MultiRonSticks, NagashiMode, PaoCounters, PenaltyTo, RiichiResult
from .checks import _check_win
from .facts import MANGAN, RESULTS, STICK, WINDS, RiichiHand, Win, basic_points, round_up
from .payments import game_over, noten_payments, tsumo_shares

# Payment(...), TableState(...) and Settlement(...) from a complete tuple, without the keyword
# handling of NamedTuple.__new__: every hand builds several. Each is typed by the fields of its
# NamedTuple, so that a call is checked as the NamedTuple's own would be.
_payment: Callable[[tuple[int | None, int | None, int, str]], Payment] = partial(tuple.__new__, Payment)


_table: Callable[[tuple[tuple[int, ...], int, int, int, int, bool]], TableState] = partial(tuple.__new__, TableState)


_settlement: Callable[
    [tuple[TableState, tuple[int, ...], tuple[Payment, ...], tuple[int, ...], tuple[str, ...]]], Settlement
] = partial(tuple.__new__, Settlement)


class _Ledger:
    """The account of one hand: its payments, the riichi pot as they leave it, the points
    players lose from their final result, and the notes for the hand log."""

    __slots__ = ("names", "payments", "deltas", "pot", "lost", "notes")

    def __init__(self, names: Sequence[str], pot: int, seats: int) -> None:
        self.names = names
        self.payments: list[Payment] = []
        self.deltas = [0] * seats
        self.pot = pot
        self.lost: list[int] | None = None  # points each player loses from the result, once there are any
        self.notes: list[str] = []

    @property
    def seats(self) -> range:
        """Every player at the table, by index."""
        return range(len(self.deltas))

    def pay(self, payer: int, payee: int, points: int, why: str) -> None:
        """One player pays another; nothing is recorded for 0 points."""
        if points:
            self.payments.append(_payment((payer, payee, points, why)))
            deltas = self.deltas
            deltas[payer] -= points
            deltas[payee] += points

    def into_pot(self, payer: int, points: int, why: str) -> None:
        self.payments.append(_payment((payer, POT, points, why)))
        self.deltas[payer] -= points
        self.pot += points

    def from_pot(self, payee: int, points: int, why: str) -> None:
        if points:
            self.payments.append(_payment((POT, payee, points, why)))
            self.deltas[payee] += points
            self.pot -= points

    def lose(self, player: int, points: int) -> None:
        if self.lost is None:
            self.lost = [0] * len(self.deltas)
        self.lost[player] += points

    def settlement(self, table: TableState, rotations: int, counters: int, rules: RuleSet | None) -> Settlement:
        """The settled hand: deltas and pot from the payments, the table after it; whether the
        game ends by ``rules`` (None: a chombo, which never ends it)."""
        deltas = self.deltas
        scores = tuple(map(add, table.scores, deltas))
        finished = rules is not None and game_over(rules, rotations, scores)
        if rules is not None and rules.bust and min(scores) < 0:
            finished = True
            self.notes.append("bust: a score went below 0, the game ends")
        after = _table((scores, rotations, counters, self.pot, table.hands + 1, finished))
        lost = no_penalties(len(deltas)) if self.lost is None else tuple(self.lost)
        return _settlement((after, tuple(deltas), tuple(self.payments), lost, tuple(self.notes)))


def settle(
    rules: RuleSet, table: TableState, hand: RiichiHand, *, tournament: bool = False, names: Sequence[str] = SEATS
) -> Settlement:
    """Settle one riichi hand; raise RuleError naming the rule when the facts are impossible."""
    if table.finished:
        raise RuleError(
            gettext_noop("the game is over (%(clause)s); no hand can be recorded after its end"),
            field="result",
            clause=clause(rules, "game_end"),
        )
    ledger = _Ledger(names, table.pot, len(table.scores))
    if hand.penalties:
        _penalties(rules, hand.penalties, ledger)
    result = hand.result
    if result == RiichiResult.CHOMBO:
        return _chombo(rules, table, hand, tournament, ledger)
    for player in hand.riichi:
        ledger.into_pot(player, STICK, "riichi stick")
    if result == RiichiResult.WIN:
        rotations, counters = _win(rules, table, hand, ledger)
    elif result == RiichiResult.DRAW:
        rotations, counters = _draw(rules, table, hand, ledger)
    elif result == RiichiResult.ABORTIVE:
        rotations, counters = _abortive(rules, table, hand)
    else:
        raise RuleError(
            gettext_noop("unknown result %(result)r; a riichi hand is one of %(results)s"),
            field="result",
            result=result,
            results=", ".join(RESULTS),
        )
    return ledger.settlement(table, rotations, counters, rules)


def _penalties(rules: RuleSet, penalties: tuple[Penalty, ...], ledger: _Ledger) -> None:
    """Penalties of the hand, into the pot or off the final result."""
    names = ledger.names
    for penalty in penalties:
        if penalty.points <= 0 or penalty.points % 100:
            raise RuleError(
                gettext_noop("a penalty must be a positive multiple of 100 points, not %(points)s (%(clause)s)"),
                field="penalties",
                points=penalty.points,
                clause=clause(rules, "penalty"),
            )
        if penalty.to == PenaltyTo.POT:
            ledger.into_pot(penalty.player, penalty.points, "penalty")
            ledger.notes.append(f"penalty {penalty.points} from {names[penalty.player]} to the pot")
        elif penalty.to == PenaltyTo.RESULT:
            ledger.lose(penalty.player, penalty.points)
            ledger.notes.append(f"penalty {penalty.points} from {names[penalty.player]}'s result")
        else:
            raise RuleError(
                gettext_noop("a penalty goes to 'pot' or 'result', not %(to)r (%(clause)s)"),
                field="penalties",
                to=penalty.to,
                clause=clause(rules, "penalty"),
            )


def _chombo(rules: RuleSet, table: TableState, hand: RiichiHand, tournament: bool, ledger: _Ledger) -> Settlement:
    """Chombo (EMA Riichi Competition Rules 2016, §3.4.6): a replay; reverse mangan or a deduction from the result.
    It never ends the game, not even by bust."""
    offender = hand.offender
    if offender is None:
        raise RuleError(
            gettext_noop("a chombo needs the offender (%(clause)s)"), field="offender", clause=clause(rules, "chombo")
        )
    if hand.wins:
        raise RuleError(
            gettext_noop("a win declared together with a chombo voids the chombo (%(clause)s): record the win"),
            field="result",
            clause=clause(rules, "chombo"),
        )
    name = ledger.names[offender]
    if rules.chombo_is_deduction(tournament):
        ledger.lose(offender, rules.chombo_points)
        ledger.notes.insert(0, f"chombo by {name}: {rules.chombo_points} from the result after uma")
    else:
        for player, points in tsumo_shares(rules, len(ledger.deltas), table.dealer, offender, MANGAN).items():
            ledger.pay(offender, player, points, "chombo")
        ledger.notes.insert(0, f"chombo by {name}: reverse mangan")
    ledger.notes.insert(1, "hand replayed: riichi sticks returned, counters and dealer unchanged")
    return ledger.settlement(table, table.rotations, table.counters, None)


def _win(rules: RuleSet, table: TableState, hand: RiichiHand, ledger: _Ledger) -> tuple[int, int]:
    """Pay the winner(s) and the pot, move counters and dealer (EMA 2016 §3.4.9-3.4.11)."""
    wins = hand.wins
    counters = table.counters
    dealer = table.dealer
    if len(wins) == 1:
        win = wins[0]
        _check_win(rules, table, win, ledger.names)
        _pay_win(rules, win, dealer, counters, ledger)
        ledger.from_pot(win.winner, ledger.pot, "riichi sticks")
        dealer_won = win.winner == dealer
    else:
        dealer_won = _multiple_ron(rules, table, hand, ledger)
    if dealer_won and rules.dealer_repeats:
        return table.rotations, counters + 1
    return table.rotations + 1, 0  # without dealer repeats the deal passes, the counters too


def _multiple_ron(rules: RuleSet, table: TableState, hand: RiichiHand, ledger: _Ledger) -> bool:
    """Several winners on one discard, where the ruleset allows it:
    each is paid; a riichi winner takes back his own stick and the rest of the pot goes to the
    winner first in turn order after the discarder (EMA 2016 §3.3.14); where
    ``multi_ron_sticks`` is ``first`` (Tenhou and Mahjong Soul rules) that winner takes every
    stick and alone is paid the counters. Whether the dealer won."""
    names = ledger.names
    wins = hand.wins
    if not wins:
        raise RuleError(gettext_noop("a win needs a winner"), field="wins")
    winners = [w.winner for w in wins]
    discarder = wins[0].discarder
    twice = [w for i, w in enumerate(winners) if w in winners[:i]]
    if twice:
        raise RuleError(
            gettext_noop("%(who)s is listed as a winner twice (%(clause)s)"),
            field="wins",
            who=names[twice[0]],
            clause=clause(rules, "multi_ron"),
        )
    if discarder is None or any(w.discarder is None for w in wins):
        raise RuleError(
            gettext_noop("a self-draw (tsumo) must be the only win of the hand (%(clause)s)"),
            field="wins",
            clause=clause(rules, "multi_ron"),
        )
    if any(w.discarder != discarder for w in wins):
        raise RuleError(
            gettext_noop("several winners must all win on the same discard (one 'from' for all; %(clause)s)"),
            field="wins",
            clause=clause(rules, "multi_ron"),
        )
    if len(wins) >= 3 and AbortiveReason.TRIPLE_RON in rules.abortive_draws:
        raise RuleError(
            gettext_noop(
                "three players won on one discard: under %(ruleset)s that is an abortive draw — record the "
                "hand as an abortive draw (triple ron; %(clause)s)"
            ),
            field="wins",
            ruleset=rules.name,
            clause=clause(rules, "abortive"),
        )
    first = min(winners, key=lambda w: (w - discarder) % len(ledger.deltas))
    if rules.multi_ron == MultiRon.HEAD_BUMP:
        raise RuleError(
            gettext_noop(
                "%(ruleset)s plays head bump: only %(who)s, first in turn order after %(discarder)s, wins "
                "this discard (%(clause)s); record that win alone"
            ),
            field="wins",
            ruleset=rules.name,
            who=names[first],
            discarder=names[discarder],
            clause=clause(rules, "multi_ron"),
        )
    for win in wins:
        _check_win(rules, table, win, names)
        if win.liable is not None and win.liable in winners:
            raise RuleError(
                gettext_noop("%(who)s won this hand too and cannot be liable (%(clause)s)"),
                field="liable",
                who=names[win.liable],
                clause=clause(rules, "liability"),
            )
    to_first = rules.multi_ron_sticks == MultiRonSticks.FIRST
    for win in wins:
        counters = 0 if to_first and win.winner != first else table.counters
        _pay_win(rules, win, table.dealer, counters, ledger)
    for winner in winners:
        if not to_first and winner != first and winner in hand.riichi:
            ledger.from_pot(winner, STICK, "own riichi stick back")
    ledger.from_pot(first, ledger.pot, "riichi sticks")
    return table.dealer in winners


def _pay_win(rules: RuleSet, win: Win, dealer: int, counters: int, ledger: _Ledger) -> None:
    """The payments for one win, counters and liability included ."""
    winner, discarder, han, fu, yakuman, liable, _tiles = win
    if liable is not None and liable != discarder:
        names, notes = ledger.names, ledger.notes
        ron_value = round_up(basic_points(rules, 0, 0, yakuman) * (6 if winner == dealer else 4))
        if discarder is None:
            ledger.pay(liable, winner, ron_value, "liability: the whole hand")
            ledger.pay(liable, winner, rules.honba_value * counters, "counters")
            notes.append(f"{names[liable]} is liable and pays the whole hand")
        else:
            half = ron_value // 2
            ledger.pay(discarder, winner, ron_value - half, "hand value (half)")
            ledger.pay(liable, winner, half, "liability: half the hand")
            counters_payer = liable if rules.pao_counters == PaoCounters.LIABLE_PAYS else discarder
            ledger.pay(counters_payer, winner, rules.honba_value * counters, "counters")
            notes.append(f"{names[liable]} is liable and pays half the hand; {names[counters_payer]} pays the counters")
        return
    base = basic_points(rules, han, fu, yakuman)
    if discarder is not None:
        ledger.pay(discarder, winner, round_up(base * (6 if winner == dealer else 4)), "hand value")
        if counters:
            ledger.pay(discarder, winner, rules.honba_value * counters, "counters")
        return
    per_counter = _per_payer(rules, ledger) * counters
    for player, points in tsumo_shares(rules, len(ledger.deltas), dealer, winner, base).items():
        ledger.pay(player, winner, points, "hand value")
        if counters:
            ledger.pay(player, winner, per_counter, "counters")


def _draw(rules: RuleSet, table: TableState, hand: RiichiHand, ledger: _Ledger) -> tuple[int, int]:
    """Exhaustive draw: noten payments or nagashi, counters +1, dealer stays if tenpai (or, where
    ``nagashi_mode`` is ``mangan_tsumo``, if he scored nagashi; under ``mangan_at_draw``, Tenhou and Mahjong Soul
    rules, the nagashi is paid without counters)."""
    names = ledger.names
    if hand.wins or hand.offender is not None:
        raise RuleError(gettext_noop("an exhaustive draw has no winner and no offender"), field="result")
    tenpai, dead = hand.tenpai, hand.dead
    for player in dead:
        if player in tenpai:
            raise RuleError(
                gettext_noop("%(who)s has a dead hand and cannot be tenpai (%(clause)s)"),
                field="tenpai",
                who=names[player],
                clause=clause(rules, "dead_hand"),
            )
    offenders = [p for p in ledger.seats if p in hand.riichi and p not in tenpai and p not in dead]
    if offenders:
        template = (
            gettext_noop(
                "%(who)s declared riichi but is not tenpai at the exhaustive draw; under %(clause)s that is "
                "chombo — record the hand as chombo by %(who)s"
            )
            if len(offenders) == 1
            else gettext_noop(
                "%(who)s declared riichi but is not tenpai at the exhaustive draw; under %(clause)s that is "
                "chombo — record the hand as chombo by %(who)s; record one chombo hand per offender, in "
                "seat order"
            )
        )
        raise RuleError(template, field="tenpai", who=names[offenders[0]], clause=clause(rules, "noten_riichi"))
    dealer = table.dealer
    if hand.nagashi:
        if not rules.nagashi:
            raise RuleError(
                gettext_noop("%(ruleset)s has no nagashi mangan (%(clause)s)"),
                field="nagashi",
                ruleset=rules.name,
                clause=clause(rules, "nagashi"),
            )
        as_tsumo = rules.nagashi_mode == NagashiMode.MANGAN_TSUMO
        per_counter = _per_payer(rules, ledger) * table.counters if as_tsumo else 0
        for player in hand.nagashi:
            for payer, points in tsumo_shares(rules, len(ledger.deltas), dealer, player, MANGAN).items():
                ledger.pay(payer, player, points, "nagashi")
                ledger.pay(payer, player, per_counter, "counters")
            ledger.notes.append(f"nagashi mangan by {names[player]}")
        stays = (as_tsumo and dealer in hand.nagashi) or dealer in tenpai
    else:
        for payer, payee, points in noten_payments(rules.noten_pool, len(ledger.deltas), tenpai):
            ledger.pay(payer, payee, points, "noten payment")
        stays = dealer in tenpai
    stays = stays and rules.dealer_repeats  # without dealer repeats the deal passes, a counter added
    return table.rotations + (0 if stays else 1), table.counters + 1


def _per_payer(rules: RuleSet, ledger: _Ledger) -> int:
    """One counter's worth from each payer of a self-draw: ``honba_value`` shared by the payers
    (a third of 300 at four seats; half of 200 at three, Tenhou three-player rules)."""
    return rules.honba_value // (len(ledger.deltas) - 1)


def _abortive(rules: RuleSet, table: TableState, hand: RiichiHand) -> tuple[int, int]:
    """Abortive draw: sticks stay, counter and dealer per the ruleset ."""
    if hand.reason not in rules.abortive_draws:
        raise RuleError(
            gettext_noop("%(ruleset)s has no abortive draw %(reason)r (its abortive draws: %(allowed)s; %(clause)s)"),
            field="reason",
            ruleset=rules.name,
            reason=hand.reason,
            allowed=", ".join(rules.abortive_draws) or "none",
            clause=clause(rules, "abortive"),
        )
    rotations = table.rotations + (0 if rules.abortive_dealer_stays else 1)
    return rotations, table.counters + (1 if rules.abortive_counter else 0)


def round_label(table: TableState) -> str:
    """E1 … E4, S1 … S4 from the dealer passes so far."""
    seats = len(table.scores)
    return WINDS[table.rotations // seats % len(WINDS)] + str(table.rotations % seats + 1)
