"""Every number the club reads, in one style (``number``, ``points``), and written plainly for
machines inside ``plain_numbers()`` (the CSV downloads)."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.formats import number_format

MINUS = "\u2212"  # a real minus sign, not a hyphen


_PLAIN = ContextVar("plain_numbers", default=False)


@contextmanager
def plain_numbers() -> Iterator[None]:
    """Numbers written for machines inside this block (the CSV downloads): no grouping, "."
    for decimals and an ASCII minus, so that a spreadsheet reads them as numbers."""
    token = _PLAIN.set(True)
    try:
        yield
    finally:
        _PLAIN.reset(token)


def number[N: (float, Decimal, Fraction)](value: N, *, decimals: int = 0, signed: bool = False) -> str:
    """Every number the club reads, in one style: thousands grouped and the decimal mark as
    the active language writes them, a real minus sign, "+" on gains when ``signed``; a value
    that rounds to zero has no sign. 12195 -> "12,195"; -10.94 (1 decimal) -> "−10.9".
    Inside ``plain_numbers()``: "12195", "-10.9"."""
    magnitude = round(abs(value), decimals)
    plain = _PLAIN.get()
    grouped: Any = magnitude  # number_format is typed for a Decimal or a float; a Fraction reads as its str
    text = f"{magnitude:.{decimals}f}" if plain else number_format(grouped, decimal_pos=decimals, force_grouping=True)
    if not magnitude:
        return text
    if value < 0:
        return ("-" if plain else MINUS) + text
    return "+" + text if signed else text


def points(value: int, *, signed: bool = False) -> str:
    """30000 -> "30,000"; signed: +15,000 / −5,000."""
    return number(value, signed=signed)
