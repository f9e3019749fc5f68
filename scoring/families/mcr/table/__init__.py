"""MCR at the table: the hand form (``form``: a win by its points, its ticked fans or its tiles,
or a draw; false mahjongs and referee penalties), the outcome buttons, the preview's sentence
about the next hand (the next dealer, and the Green Book's seat change every 4 hands), the
table page's MCR partials (``TEMPLATE``) and the picker's fan count (``views``).

The table part asks ``site_family(rules, "table")`` for these names and never asks
which family it is.
"""

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.messages import citation
from scoring.rules import RuleSet, Settlement, TableState, clause, dealer, round_label
from scoring.rules.families.mcr.facts import HANDS, HANDS_PER_WIND
from scoring.rules.vocabulary import MCRResult

from .form import MCRHandForm

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

HandForm = MCRHandForm
TEMPLATE = "scoring/families/mcr/table.html"
OUTCOMES: "dict[str, StrOrPromise]" = {MCRResult.WIN: _("Win"), MCRResult.DRAW: _("Draw")}
# what the players do as a wind's round begins (the Green Book's seat rotation, ``facts.SEATING``)
SEAT_CHANGES = (
    "",
    _("South round: East and South change seats, so do West and North."),
    _("West round: East moves to West, West to South, South to North and North to East."),
    _("North round: East and South change seats, so do West and North."),
)

__all__ = ["TEMPLATE", "HandForm", "max_winners", "next_hand", "outcomes", "points_lines", "table_context"]


def outcomes(rules: RuleSet) -> "dict[str, StrOrPromise]":
    """A win or a draw, under every MCR ruleset."""
    return dict(OUTCOMES)


def max_winners(rules: RuleSet) -> int:
    """One winner: MCR has no multiple win."""
    return 1


def next_hand(rules: RuleSet, after: TableState, names: tuple[str, ...]) -> str:
    """What comes after the previewed hand: the round, who deals, and the seat change when a wind begins."""
    sentence = gettext("Next: %(round)s, %(dealer)s deals.") % {
        "round": round_label(rules, after),
        "dealer": names[dealer(rules, after)],
    }
    wind, first = divmod(after.hands, HANDS_PER_WIND)
    if first == 0 and 0 < wind < len(SEAT_CHANGES):
        sentence = f"{sentence} {SEAT_CHANGES[wind]}"
    return sentence


def points_lines(rules: RuleSet, facts: Any, settlement: Settlement, names: tuple[str, ...]) -> None:
    """An MCR hand moves points between the players: the preview says who pays whom."""
    return None


def table_context(rules: RuleSet, *, tournament: bool) -> dict[str, Any]:
    """The rules the MCR partials quote: the minimum, a false mahjong, a referee penalty."""
    return {
        "session_hands": HANDS,
        "minimum_rule": gettext("A win needs at least %(least)s points not counting flowers (%(clause)s).")
        % {"least": rules.min_fan, "clause": citation(clause(rules, "minimum"))},
        "false_mahjong_rule": gettext(
            "A false mahjong: the caller pays %(points)s to each other player, play goes on and the caller "
            "cannot win the hand (%(clause)s)."
        )
        % {"points": rules.false_mahjong_points, "clause": citation(clause(rules, "false_mahjong"))},
        "penalty_rule": gettext("A referee penalty: points off the player's result (%(clause)s).")
        % {"clause": citation(clause(rules, "penalty"))},
    }
