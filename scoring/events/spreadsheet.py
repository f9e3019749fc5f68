"""The EMA's results file as a spreadsheet (.xlsx, written by openpyxl): the same 19 columns and
rows as the CSV (``reads.results``), the counts and points as numbers, every other cell as text
(an EMA number keeps its leading zero; a name starting with "=" stays a name, never a formula)."""

import io
from decimal import Decimal

from openpyxl import Workbook

# the columns whose cells are numbers in the EMA's file (the others are text)
NUMBERS = frozenset({"Number of participants", "Place", "Table points", "Score", "mers", "NbDays"})


def results_workbook(rows: list[list[str]]) -> bytes:
    """The .xlsx file of ``rows`` (the header first)."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its sheet
    sheet.title = "Results"
    header, *lines = rows
    sheet.append(header)
    numeric = [column in NUMBERS for column in header]
    for line in lines:
        sheet.append([_number(cell) if number and cell else cell for cell, number in zip(line, numeric, strict=True)])
    for row in sheet.iter_rows():
        for cell in row:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text as written, whatever it starts with
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _number(text: str) -> int | float:
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)
