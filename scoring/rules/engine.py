"""One entry point for every family: start a table, settle a hand, finish a game.

The family of a ruleset (``families``) does the work; nothing here asks which one it is."""

from collections.abc import Sequence

from .errors import RuleError
from .families import family_of
from .ruleset import RuleSet
from .table import SEATS, Settlement, TableState


def start_table(rules: RuleSet) -> TableState:
    """The table before the first hand: each of the family's seats on ``start_points``."""
    return TableState((rules.start_points,) * family_of(rules).SEATS)


def settle(
    rules: RuleSet, table: TableState, hand: object, *, tournament: bool = False, names: Sequence[str] = SEATS
) -> Settlement:
    """Settle one hand; RuleError names what is wrong and the rule."""
    family = family_of(rules)
    if not isinstance(hand, family.Hand):
        raise RuleError(family.NOT_ITS_HAND, field="result", ruleset=rules.name)
    return family.settle(rules, table, hand, tournament=tournament, names=names)


def finish(table: TableState) -> TableState:
    """The scorer ends the game (a time limit, or any American game)."""
    return table._replace(finished=True)


def dealer(rules: RuleSet, table: TableState) -> int:
    """Who deals the hand played at ``table``: the family says (MCR's seats change every 4 hands)."""
    return family_of(rules).dealer(table)


def seating(rules: RuleSet, table: TableState) -> tuple[int, ...]:
    """The players in the chairs in the order of play (East's chair first) during the hand
    played at ``table``: the family says (MCR's players change chairs every 4 hands)."""
    return family_of(rules).seating(table)


def seat_winds(rules: RuleSet, table: TableState) -> tuple[int, ...]:
    """Each player's seat wind (0 East, 1 South …) during the hand played at ``table``: how
    many chairs after the dealer's, in the order of play, the player sits."""
    chairs = seating(rules, table)
    dealer_chair = chairs.index(dealer(rules, table))
    return tuple((chairs.index(player) - dealer_chair) % len(chairs) for player in range(len(chairs)))


def round_label(rules: RuleSet, table: TableState) -> str | None:
    """E1 … S4 where the family plays rounds; None where it has none (American)."""
    return family_of(rules).round_label(table)
