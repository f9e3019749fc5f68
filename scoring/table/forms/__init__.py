"""The table's forms: the start-game form (``start``) and the hand form, one per family over a
shared base (``base``, ``riichi``, ``american``), with what a ruleset offers at the table
(``offers``), the fields they are made of (``fields``) and their repeating rows (``rows``)."""

from scoring.rules import RuleSet
from scoring.table.forms.american import AmericanHandForm
from scoring.table.forms.base import HandForm
from scoring.table.forms.riichi import RiichiHandForm


def hand_form(data=None, *, rules: RuleSet, **kwargs) -> HandForm:
    """The hand form of the ruleset's family (the arguments of ``HandForm``)."""
    return (RiichiHandForm if rules.is_riichi else AmericanHandForm)(data, rules=rules, **kwargs)
