"""Who pays what at any count of seats: a self-draw's shares, the noten payments, the end of
the game. The four-player payments (EMA Riichi Competition Rules 2016, §3.4.9) are the start;
a table of three (Tenhou three-player rules) lacks the North seat, whose share of a self-draw
the ``tsumo_payment`` knob settles."""

from ..ruleset import RuleSet
from ..vocabulary import Extension, TsumoPayment
from .facts import round_up

FULL_TABLE = 4  # the seats EMA Riichi Competition Rules 2016, §3.4.9's payments are written for


def _halves(points: int, payers: int) -> int:
    """``points`` split between ``payers``, rounded up to the next 100."""
    return round_up(-(-points // payers))


def tsumo_shares(rules: RuleSet, seats: int, dealer: int, winner: int, base: int) -> dict[int, int]:
    """What each other player pays for a self-draw of basic points ``base``: the dealer 2B, a
    non-dealer B; each 2B to a dealer (EMA Riichi Competition Rules 2016, §3.4.9). At a table
    of three the missing North (never the dealer) would have paid B, or 2B to a dealer (Tenhou
    three-player rules): ``loss`` drops it; ``bisection`` adds half of it, rounded up to 100, to
    each payer's four-player payment; ``full`` has the two payers pay the ron value between
    them, the missing share halved before rounding (non-dealer win: the dealer 5B/2, the other
    3B/2; dealer win: 3B each)."""
    own = {p: base * (2 if dealer in (p, winner) else 1) for p in range(seats) if p != winner}
    missing = (FULL_TABLE - seats) * base * (2 if winner == dealer else 1)
    if not missing or rules.tsumo_payment == TsumoPayment.LOSS:
        return {p: round_up(points) for p, points in own.items()}
    if rules.tsumo_payment == TsumoPayment.BISECTION:
        half = _halves(round_up(missing), len(own))
        return {p: round_up(points) + half for p, points in own.items()}
    return {p: _halves(points * len(own) + missing, len(own)) for p, points in own.items()}


def noten_payments(pool: int, seats: int, tenpai: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Payer, payee and points of the noten payments: the noten players pay ``pool`` in all,
    shared by the tenpai players (3000 at four seats; 2000 in the Tenhou three-player rules);
    as many noten as tenpai players pay in pairs, in seat order; nothing with none or all tenpai."""
    if not 0 < len(tenpai) < seats:
        return []
    noten = [p for p in range(seats) if p not in tenpai]
    ready = sorted(tenpai)
    if len(ready) == len(noten):
        return [(payer, payee, pool // len(ready)) for payer, payee in zip(noten, ready, strict=True)]
    share = pool // (len(noten) * len(ready))
    return [(payer, payee, share) for payer in noten for payee in ready]


def noten_pool_splits(pool: int, seats: int) -> bool:
    """Whether ``pool`` splits into whole hundreds at ``seats`` whoever is tenpai."""
    for count in range(1, seats):
        points = [payment[2] for payment in noten_payments(pool, seats, tuple(range(count)))]
        if sum(points) != pool or any(p % 100 for p in points):
            return False
    return True


def game_over(rules: RuleSet, rotations: int, scores: tuple[int, ...]) -> bool:
    """Whether the game ends after a hand: the deal has passed every seat in each of the
    ruleset's ``rounds`` (East only, or East and South: EMA Riichi Competition Rules 2016, §3.5;
    Tenhou rules, East-only games) and someone has ``finish_points`` (where the ruleset has them);
    else, with an extension, after the first hand of the next wind that leaves someone on them,
    or at its end (Tenhou three-player rules; Tenhou rules, the extension into the next wind)."""
    seats = len(scores)
    if rotations < rules.rounds * seats:
        return False
    if not rules.finish_points or max(scores) >= rules.finish_points:
        return True
    return rules.extension == Extension.NONE or rotations >= (rules.rounds + 1) * seats
