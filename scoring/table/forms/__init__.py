"""The table's forms: the start-game form (``start``) and the shared base of every family's
hand form (``base``; the forms themselves are each family's table piece,
``scoring/families/<name>/table``), with what a ruleset offers at the table (``offers``), the
fields they are made of (``fields``) and their repeating rows (``rows``)."""

from scoring.rules import RuleSet
from scoring.table.forms.base import HandForm
from scoring.table.forms.offers import table_piece


def hand_form(data=None, *, rules: RuleSet, **kwargs) -> HandForm:
    """The hand form of the ruleset's family (the arguments of ``HandForm``)."""
    return table_piece(rules).HandForm(data, rules=rules, **kwargs)
