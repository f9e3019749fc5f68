"""The cells of the CSV downloads (the boards' and the events' results), made safe to open in a
spreadsheet."""

import re

NUMBER = re.compile(r"[+-]?\d[\d,]*(\.\d+)?")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def inert(cell) -> str:
    """A cell a spreadsheet will not run: text starting like a formula (a player named
    ``=HYPERLINK(...)``) gets a leading apostrophe; a number such as ``-12.5`` stays a number."""
    text = str(cell)
    if text.startswith(FORMULA_START) and not NUMBER.fullmatch(text):
        return "'" + text
    return text
