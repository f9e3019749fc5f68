"""The hand form's repeating rows (winners, referee penalties, American incidents): how many
there are, and one small helper that names, shows and reads them.

A row's fields are named ``{prefix}{i}-{name}`` (``win0-winner``, ``ref1-points``): the names
the page's scripts and the offline outbox send. Hidden fields count the rows; the buttons that
add a row re-render the form without saving, so they work without JavaScript too.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django import forms

from scoring.rules import RuleSet
from scoring.table.forms.offers import max_winners


@dataclass
class Rows:
    """How many repeating rows the form has."""

    winners: int = 1
    referee: int = 0
    challenges: int = 0
    errors: int = 0


ROW_ACTIONS = {
    "add_winner": "winners",
    "add_referee": "referee",
    "add_challenge": "challenges",
    "add_error": "errors",
}
ROW_LIMITS = {"referee": 4, "challenges": 4, "errors": 2}


def _count(data, name: str, limit: int, default: int = 0) -> int:
    try:
        value = int(data.get(name, default))
    except (TypeError, ValueError):
        return default
    return max(0, min(value, limit))


def rows_from(data, rules: RuleSet, action: str = "") -> Rows:
    """The rows the submitted form counts, one more of a kind if ``action`` adds one."""
    rows = Rows(
        winners=max(1, _count(data, "n_winners", max_winners(rules), 1)),
        referee=_count(data, "n_referee", ROW_LIMITS["referee"]),
        challenges=_count(data, "n_challenges", ROW_LIMITS["challenges"]),
        errors=_count(data, "n_errors", ROW_LIMITS["errors"]),
    )
    name = ROW_ACTIONS.get(action)
    if name:
        limit = max_winners(rules) if name == "winners" else ROW_LIMITS[name]
        setattr(rows, name, min(getattr(rows, name) + 1, limit))
    return rows


class RowSet:
    """``count`` rows of one kind in ``form``: the fields ``build(i)`` gives row ``i``, named
    ``{prefix}{i}-{name}``."""

    def __init__(self, form: forms.Form, prefix: str, count: int, build: Callable[[int], dict]):
        self.form, self.prefix, self.count = form, prefix, count
        self.names: tuple[str, ...] = ()
        for i in range(count):
            fields = build(i)
            self.names = tuple(fields)
            for name, field in fields.items():
                form.fields[self.name(i, name)] = field

    def name(self, i: int, field: str) -> str:
        return f"{self.prefix}{i}-{field}"

    def first(self, field: str) -> str | None:
        """The name of ``field`` in the first row, None without rows."""
        return self.name(0, field) if self.count else None

    def bound(self) -> list[dict]:
        """Per row: its index and its bound fields by name, for the template."""
        return [{"index": i, **{n: self.form[self.name(i, n)] for n in self.names}} for i in range(self.count)]

    def values(self, data) -> list[dict]:
        """Per row: its cleaned values by name (a field without a value: None)."""
        return [{n: data.get(self.name(i, n)) for n in self.names} for i in range(self.count)]
