"""The hand form's repeating rows (winners, referee penalties, American incidents): how many
there are, and one small helper that names, shows and reads them.

A row's fields are named ``{prefix}{i}-{name}`` (``win0-winner``, ``ref1-points``): the names
the page's scripts and the offline outbox send. Hidden fields count the rows; the buttons that
add a row, or remove one added ("remove:<kind>:<i>"), re-render the form without saving, so they
work without JavaScript too.
"""

import re
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
ROW_PREFIXES = {"winners": "win", "referee": "ref", "challenges": "chal", "errors": "err"}
FIRST_REMOVABLE = {"winners": 1}  # the first winner row is the hand's own: only the added ones go


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


def removed_row(action: str) -> tuple[str, int] | None:
    """The kind and index of the row ``action`` ("remove:<kind>:<i>") removes, None if it removes none."""
    verb, _, rest = action.partition(":")
    kind, _, index = rest.partition(":")
    if verb != "remove" or kind not in ROW_PREFIXES or not index.isdigit():
        return None
    return kind, int(index)


def without_row(data, action: str):
    """A copy of the submitted ``data`` without the row ``action`` removes: the rows after it
    move up one and their count is one less. Unchanged unless ``action`` removes an added row."""
    removed = removed_row(action)
    if removed is None:
        return data
    kind, index = removed
    count = _count(data, f"n_{kind}", max(ROW_LIMITS.get(kind, 0), 3))
    if not FIRST_REMOVABLE.get(kind, 0) <= index < count:
        return data
    kept = data.copy()
    name = re.compile(rf"{ROW_PREFIXES[kind]}(\d+)-(.+)")
    moved = {}
    for key in list(kept):
        match = name.fullmatch(key)
        if match and int(match[1]) >= index:
            values = kept.pop(key)
            if int(match[1]) > index:
                moved[f"{ROW_PREFIXES[kind]}{int(match[1]) - 1}-{match[2]}"] = values
    for key, values in moved.items():
        kept.setlist(key, values)
    kept[f"n_{kind}"] = str(count - 1)
    return kept


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
