"""Riichi at the table: the hand form (``form``), what a ruleset offers there (``offers``: the
outcome buttons, the winner rows, the han and fu choices, the cost of a chombo), the preview's
sentence about the next hand, and the table page's riichi partials (``TEMPLATE``: the round,
the counters and riichi sticks, the outcome fields, a winner row's fu and liability).

The table part asks ``site_family(rules, "table")`` for these names and never asks
which family it is.
"""

from typing import Any

from django.utils.translation import ngettext

from scoring.rulebook.messages import citation
from scoring.rulebook.numbers import points
from scoring.rules import RuleSet, Settlement, TableState, clause, round_label

from .form import RiichiHandForm
from .offers import chombo_cost, max_winners, outcomes

HandForm = RiichiHandForm
TEMPLATE = "scoring/families/riichi/table.html"

__all__ = ["TEMPLATE", "HandForm", "max_winners", "next_hand", "outcomes", "points_lines", "table_context"]


def next_hand(rules: RuleSet, after: TableState, names: tuple[str, ...]) -> str:
    """What comes after the previewed hand: the round, the dealer, the counters and the pot."""
    return ngettext(
        "Next: %(round)s, %(dealer)s deals, %(counters)s counter, %(pot)s in the riichi pot.",
        "Next: %(round)s, %(dealer)s deals, %(counters)s counters, %(pot)s in the riichi pot.",
        after.counters,
    ) % {
        "round": round_label(rules, after),
        "dealer": names[after.dealer],
        "counters": after.counters,
        "pot": points(after.pot),
    }


def points_lines(rules: RuleSet, facts: Any, settlement: Settlement, names: tuple[str, ...]) -> None:
    """A riichi hand moves points between the players: the preview says who pays whom."""
    return None


def table_context(rules: RuleSet, *, tournament: bool) -> dict[str, Any]:
    """What the riichi partials show beside the form: the chombo rule and what it costs."""
    return {"chombo_clause": citation(clause(rules, "chombo")), "chombo_cost": chombo_cost(rules, tournament)}
