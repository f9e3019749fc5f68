"""The end of a game (EMA Riichi Competition Rules 2016, §3.5–3.6.1): leftover sticks, places, oka, uma, penalties.

The family says what a place is worth (``table_points``: uma, oka, return points); the rest is
the same for every family and every count of seats."""

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from operator import add, itemgetter
from typing import Any, NamedTuple, Protocol

from .families import family_of
from .ruleset import RuleSet
from .table import TableState
from .vocabulary import LeftoverRiichi, ResultRounding, UmaTies


class Standing(NamedTuple):
    """One player's line of the final table; ``penalties`` includes chombo deductions;
    ``table_points`` where the family ranks by them (MCR), else None."""

    player: int
    score: int
    place: int
    uma: int
    oka: int
    penalties: int
    result: int
    table_points: Fraction | None = None


# Standing(...) from a complete tuple, for speed; typed by its fields, so a call is checked like Standing(...)
_standing: Callable[[tuple[int, int, int, int, int, int, int, Fraction | None]], Standing] = partial(
    tuple.__new__, Standing
)
_place_then_seat = itemgetter(2, 0)


def share(total: int, count: int) -> int:
    """``total / count`` rounded to the nearest point, half away from zero (the club's rule)."""
    quotient, remainder = divmod(abs(total), count)
    rounded = quotient + (1 if 2 * remainder >= count else 0)
    return rounded if total >= 0 else -rounded


def leftover_shares(rules: RuleSet, scores: tuple[int, ...], pot: int) -> tuple[int, ...]:
    """What each player gets of the pot left at the end: to first place (split, each share
    rounded down to 100, the rest lost; where ``uma_ties`` is ``seat_order``, all of it to the
    tied player nearer the first dealer: Tenhou and Mahjong Soul rules) where ``leftover_riichi``
    is ``winner``, else nothing."""
    if rules.leftover_riichi != LeftoverRiichi.WINNER or not pot:
        return (0,) * len(scores)
    top = max(scores)
    firsts = [p for p, score in enumerate(scores) if score == top]
    if rules.uma_ties == UmaTies.SEAT_ORDER:
        firsts = firsts[:1]
    each = pot // len(firsts) // 100 * 100
    return tuple([each if p in firsts else 0 for p in range(len(scores))])


class Ranked(Protocol):
    """What ``places`` ranks: a score, or a key that compares (table points, then score)."""

    def __lt__(self, other: Any, /) -> bool: ...


def places(scores: Sequence[Ranked]) -> tuple[int, ...]:
    """Place of each player, highest first (a score, or a key such as table points then score);
    tied players share the place and the next is skipped (1, 1, 3, 4)."""
    ranked = sorted(scores, reverse=True)
    return tuple([1 + ranked.index(score) for score in scores])


def places_by(rules: RuleSet, scores: Sequence[int]) -> tuple[int, ...]:
    """``places``, where ``uma_ties`` is ``seat_order`` with no ties: of tied players the one
    nearer the first dealer (seat order of the first hand) takes the better place (Tenhou and
    Mahjong Soul rules)."""
    if rules.uma_ties == UmaTies.SEAT_ORDER:
        return places([(score, -player) for player, score in enumerate(scores)])
    return places(scores)


def thousands(points: int) -> int:
    """``points`` to whole thousands, 500 rounded away from zero (Tenhou's results until 2021, as
    its logs show)."""
    whole, rest = divmod(abs(points), 1000)
    rounded = 1000 * (whole + (rest >= 500))
    return rounded if points >= 0 else -rounded


def measured(rules: RuleSet, scores: Sequence[int], return_points: int, top: int) -> list[int]:
    """Each player's points from the return: exactly, or (``result_rounding`` ``thousands``)
    from his score in whole thousands, the ``top`` player taking what rounding leaves so that
    they sum as exactly (Tenhou's results until 2021, as its logs show)."""
    exact = [score - return_points for score in scores]
    if rules.result_rounding == ResultRounding.EXACT:
        return exact
    rounded = [thousands(score) - return_points for score in scores]
    rounded[top] += sum(exact) - sum(rounded)
    return rounded


def standings(rules: RuleSet, table: TableState, result_penalties: tuple[int, ...]) -> tuple[Standing, ...]:
    """The final table of a game (or the current one of an unfinished game, sticks still on
    the table), in place order, ties in seat order.

    Uma and oka go by table score (EMA Riichi Competition Rules 2016, §3.6.1); the place shown
    everywhere is by result, penalties included, tied results sharing the better place (1, 1, 3,
    4), in every family (the club's rule), unless ``uma_ties`` breaks ties by seat order."""
    scores = table.scores
    if table.finished and table.pot:
        scores = tuple(map(add, scores, leftover_shares(rules, scores, table.pot)))
    place = places_by(rules, scores)
    family = family_of(rules)
    uma, oka, return_points = family.table_points(rules, scores)
    points = measured(rules, scores, return_points, place.index(1))
    lines, results = [], []
    for player in range(len(scores)):
        first = place[player]
        tied = place.count(first)
        oka_total = oka if first == 1 else 0
        if tied == 1:
            oka_share, uma_share = oka_total, uma[first - 1]
        else:  # tied players share the uma (and oka) of the places they span
            oka_share = share(oka_total, tied)
            uma_share = share(sum(uma[first - 1 : first - 1 + tied]) + oka_total, tied) - oka_share
        penalties = result_penalties[player]
        results.append(points[player] + oka_share + uma_share - penalties)
        lines.append((player, scores[player], uma_share, oka_share, penalties))
    by_result = places_by(rules, results)
    ranking = family.ranking_points(rules, by_result) or (None,) * len(scores)
    standings = [
        _standing((player, score, by_result[player], uma_share, oka_share, penalties, results[player], ranking[player]))
        for player, score, uma_share, oka_share, penalties in lines
    ]
    standings.sort(key=_place_then_seat)
    return tuple(standings)
