"""What a ruleset offers at the table, as its family's table piece says
(``scoring/families/<name>/table``): the outcome buttons and the rows of winners on one
discard."""

from types import ModuleType

from scoring.families import site_family
from scoring.rules import RuleSet


def table_piece(rules: RuleSet) -> ModuleType:
    """The table piece of the ruleset's family: its ``HandForm``, ``outcomes``, ``max_winners``,
    ``next_hand``, ``table_context`` and ``TEMPLATE`` (the table page's family partials)."""
    return site_family(rules, "table")


def outcomes(rules: RuleSet) -> dict:
    """The outcome buttons of the ruleset (key -> label), in the order the page shows them."""
    return table_piece(rules).outcomes(rules)


def max_winners(rules: RuleSet) -> int:
    """How many rows of winners one hand may have."""
    return table_piece(rules).max_winners(rules)
