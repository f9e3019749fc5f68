"""Properties of reading the EMA's results file: junk in any cell, or any bytes at all, is a
valid event or a ``BadFile`` naming what is wrong (a message a club member reads, never a 500);
a valid file's places are its rows' places."""

import csv
import io

from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE as ILLEGAL

from scoring.rankings import emafile
from scoring.rules.eventlog import EMA_COLUMNS
from tests.hypothesis_budget import examples
from tests.rankings.test_import import file_rows

ROWS = file_rows()
JUNK = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "0", "-1", "99999999999", "1e9", "NaN", "31.02.2026", "12,5", "=1+1", "Riichi", "MCR"]),
)


def read(rows) -> emafile.FileEvent:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return emafile.read_event(emafile.rows_of(out.getvalue().encode(), "results.csv"))


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, len(ROWS) - 1), st.integers(0, len(EMA_COLUMNS) - 1), JUNK)
def test_junk_in_any_cell_is_read_or_refused_with_a_message(row, column, junk):
    rows = [list(line) for line in ROWS]
    rows[row][column] = junk
    try:
        event = read(rows)
    except emafile.BadFile as error:
        assert str(error) and "\n" not in str(error)
        return
    assert sorted(line.place for line in event.rows) == sorted(
        int(line[EMA_COLUMNS.index("Place")]) for line in rows[1:]
    )
    assert max(line.place for line in event.rows) <= event.field


@settings(max_examples=examples(100), deadline=None)
@given(st.binary(max_size=400), st.sampled_from(["x.csv", "x.xlsx"]))
def test_any_bytes_are_an_event_or_a_bad_file(content, name):
    try:
        emafile.read_event(emafile.rows_of(content, name))
    except emafile.BadFile as error:
        assert str(error)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.lists(JUNK, max_size=len(EMA_COLUMNS) + 3), max_size=5), st.booleans())
def test_rows_of_any_length_are_an_event_or_a_bad_file(rows, spreadsheet):
    """Short rows, long rows, rows of junk under the EMA's header, as CSV or as a spreadsheet."""
    lines = [list(EMA_COLUMNS), *rows]
    if spreadsheet:
        book = Workbook()
        for line in lines:
            book.active.append([ILLEGAL.sub("", cell) for cell in line])
        out = io.BytesIO()
        book.save(out)
        content = out.getvalue()
    else:
        out = io.StringIO()
        csv.writer(out).writerows(lines)
        content = out.getvalue().encode()
    try:
        emafile.read_event(emafile.rows_of(content, "x.xlsx" if spreadsheet else "x.csv"))
    except emafile.BadFile as error:
        assert str(error)
