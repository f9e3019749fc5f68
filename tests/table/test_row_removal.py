"""Removing a row the scorer added to the hand form: the rows after it move up one,
their count is one less; the first winner row and rows not there stay."""

import pytest
from django.http import QueryDict

from scoring.table.forms.rows import removed_row, without_row

# (the submitted fields, the action, the fields after it)
ROWS = [
    (
        "n_errors=2&err0-caller=1&err1-caller=2&err1-value=50",
        "remove:errors:0",
        "n_errors=1&err0-caller=2&err0-value=50",
    ),
    ("n_errors=2&err0-caller=1&err1-caller=2", "remove:errors:1", "n_errors=1&err0-caller=1"),
    (
        "n_winners=3&win0-winner=1&win1-winner=3&win2-winner=0&win2-han=5",
        "remove:winners:1",
        "n_winners=2&win0-winner=1&win1-winner=0&win1-han=5",
    ),
    ("n_winners=1&win0-winner=1", "remove:winners:0", "n_winners=1&win0-winner=1"),  # the hand's own winner stays
    ("n_referee=1&ref0-player=2", "remove:referee:1", "n_referee=1&ref0-player=2"),  # no such row
    ("n_referee=1&ref0-player=2", "remove:nonsense:0", "n_referee=1&ref0-player=2"),
    ("n_challenges=1&chal0-challenger=2&err0-caller=1", "remove:challenges:0", "n_challenges=0&err0-caller=1"),
]


@pytest.mark.parametrize("submitted, action, after", ROWS)
def test_a_removed_row_takes_its_fields_and_the_rows_after_it_move_up(submitted, action, after):
    kept = without_row(QueryDict(submitted), action)
    assert dict(kept.lists()) == dict(QueryDict(after).lists())


@pytest.mark.parametrize("action", ["save", "add_error", "remove:errors", "remove:errors:x", "remove::1"])
def test_other_actions_remove_nothing(action):
    assert removed_row(action) is None
