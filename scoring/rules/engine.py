"""One entry point for both families: start a table, settle a hand, finish a game."""

from . import american, riichi
from .errors import RuleError, gettext_noop
from .ruleset import RuleSet
from .table import SEATS, Settlement, TableState


def start_table(rules: RuleSet) -> TableState:
    """The table before the first hand: everybody on ``start_points``."""
    return TableState((rules.start_points,) * 4)


def settle(rules: RuleSet, table: TableState, hand, *, tournament: bool = False, names=SEATS) -> Settlement:
    """Settle one hand of either family; RuleError names what is wrong and the rule."""
    if rules.is_riichi:
        if not isinstance(hand, riichi.RiichiHand):
            raise RuleError(
                gettext_noop("%(ruleset)s is a riichi ruleset; this is not a riichi hand"),
                field="result",
                ruleset=rules.name,
            )
        return riichi.settle(rules, table, hand, tournament=tournament, names=names)
    if not isinstance(hand, american.AmericanHand):
        raise RuleError(
            gettext_noop("%(ruleset)s is an American ruleset; this is not an American hand"),
            field="result",
            ruleset=rules.name,
        )
    return american.settle(rules, table, hand, names=names)


def finish(table: TableState) -> TableState:
    """The scorer ends the game (a time limit, or any American game)."""
    return table._replace(finished=True)


def round_label(rules: RuleSet, table: TableState) -> str | None:
    """E1 … S4 for riichi; None for American, which has no rounds."""
    return riichi.round_label(table) if rules.is_riichi else None
