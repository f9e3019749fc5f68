"""What a ruleset offers at the table, as its family's table piece says
(``scoring/families/<name>/table``): the outcome buttons and the rows of winners on one
discard."""

from typing import Any, Protocol

from scoring.families import site_family
from scoring.rules import RuleSet, Settlement, TableState


class TablePiece(Protocol):
    """What the table part asks of a family's ``table`` piece (``SiteFamily.table``)."""

    @property
    def TEMPLATE(self) -> str: ...  # the table page's family partials

    @property
    def HandForm(self) -> type[Any]: ...  # over table.forms.base.HandForm (which imports this module)

    def outcomes(self, rules: RuleSet) -> dict[Any, Any]: ...

    def max_winners(self, rules: RuleSet) -> int: ...

    def next_hand(self, rules: RuleSet, after: TableState, names: tuple[str, ...]) -> str: ...

    def points_lines(
        self, rules: RuleSet, facts: Any, settlement: Settlement, names: tuple[str, ...]
    ) -> list[str] | None: ...

    def table_context(self, rules: RuleSet, *, tournament: bool) -> dict[str, Any]: ...


def table_piece(rules: RuleSet) -> TablePiece:
    """The table piece of the ruleset's family: its ``HandForm``, ``outcomes``, ``max_winners``,
    ``next_hand``, ``table_context`` and ``TEMPLATE`` (the table page's family partials)."""
    piece: TablePiece = site_family(rules, "table")
    return piece


def outcomes(rules: RuleSet) -> dict[Any, Any]:
    """The outcome buttons of the ruleset (key -> label), in the order the page shows them."""
    return table_piece(rules).outcomes(rules)


def max_winners(rules: RuleSet) -> int:
    """How many rows of winners one hand may have."""
    return table_piece(rules).max_winners(rules)
