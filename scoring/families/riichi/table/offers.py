"""What a riichi ruleset offers at the table: the outcome buttons, the rows of winners, the han
and fu choices, what a chombo costs (the rulebook's Basic points, Multiple ron and Chombo)."""

from typing import TYPE_CHECKING

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.numbers import points
from scoring.rules import RuleSet
from scoring.rules.families import family_of
from scoring.rules.vocabulary import AbortiveReason, MultiRon, RiichiResult

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

OUTCOMES = {
    "ron": _("Ron"),
    "tsumo": _("Tsumo"),
    RiichiResult.DRAW: _("Draw"),
    RiichiResult.ABORTIVE: _("Abortive draw"),
    RiichiResult.CHOMBO: _("Chombo"),
}


def outcomes(rules: RuleSet) -> "dict[str, StrOrPromise]":
    """The outcome buttons of the ruleset: abortive draw only where it has abortive draws."""
    return {key: label for key, label in OUTCOMES.items() if key != RiichiResult.ABORTIVE or rules.abortive_draws}


def max_winners(rules: RuleSet) -> int:
    """Rows of winners on one discard: 1 with head bump; 2 where a triple ron is an abortive
    draw; else 3 (Multiple ron); never more than the players besides the discarder (two at a
    table of three)."""
    if rules.multi_ron != MultiRon.ALLOW:
        return 1
    most = 2 if AbortiveReason.TRIPLE_RON in rules.abortive_draws else 3
    return min(most, family_of(rules).SEATS - 1)


# ---- han and fu ---------------------------------------------------------------------------

DEFAULT_FU = 30  # the most common fu, valid for every han and both kinds of win
MULTIPLES = {2: _("Double yakuman"), 3: _("Triple yakuman")}


def han_choices(rules: RuleSet) -> list[tuple[str, str]]:
    """1–4 han, the limits, yakuman up to ``max_yakuman`` (Basic points)."""
    choices = [(str(h), gettext("%(han)s han") % {"han": h}) for h in range(1, 5)]
    choices += [
        ("5", gettext("Mangan (5)")),
        ("6", gettext("Haneman (6–7)")),
        ("8", gettext("Baiman (8–10)")),
        ("11", gettext("Sanbaiman (11–12)") if rules.kazoe else gettext("Sanbaiman (11+)")),
    ]
    if rules.kazoe:
        choices.append(("13", gettext("Kazoe yakuman (13+)")))
    choices.append(("y1", gettext("Yakuman")))
    for n in range(2, rules.max_yakuman + 1):
        choices.append((f"y{n}", str(MULTIPLES[n]) if n in MULTIPLES else gettext("%(n)s× yakuman") % {"n": n}))
    return choices


def split_han(value: str) -> tuple[int, int]:
    """A han choice -> (han, yakuman)."""
    if value.startswith("y"):
        return 0, int(value[1:])
    return int(value), 0


# ---- the cost of a chombo -----------------------------------------------------------------


def chombo_cost(rules: RuleSet, tournament: bool) -> str:
    """What a chombo costs under this ruleset, in words."""
    if rules.chombo_is_deduction(tournament):
        return gettext("%(points)s points from the offender's result, after uma; the hand is replayed.") % {
            "points": points(rules.chombo_points)
        }
    return gettext(
        "Reverse mangan, paid at once: a non-dealer pays the dealer 4,000 and the others 2,000 each; "
        "the dealer pays 4,000 to each. The hand is replayed."
    )
