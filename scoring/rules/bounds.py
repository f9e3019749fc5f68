"""The largest numbers and longest texts the club's records hold, in one place.

The game-log parser refuses anything beyond them with a message naming the bound; the
models size their columns from them and the forms refuse the same values, so SQLite and
PostgreSQL accept exactly the same games (the documentation's "Bounds"). Every bound is far
beyond a real game: a mangan-a-hand marathon stays well inside them.
"""

import json
import re
from datetime import date
from typing import Any

MAX_HAN = 100  # a win's han, dora included (kazoe and beyond)
MAX_FU = 200  # a win's fu (110 is the most a hand reaches)
MAX_YAKUMAN = 10  # yakuman stacked in one win
MAX_POINTS = 1_000_000  # any points: a penalty, start/return points, uma, chombo, honba
MAX_CARD_VALUE = 10_000  # an American hand's value on the card
MAX_EXPOSURES = 4  # the groups an American discarder had exposed: a hand of 14 tiles has four beside its pair
MAX_FLOWERS = 8  # an MCR hand's flowers: the eight flower tiles
MAX_FAN = 1000  # an MCR hand's points: far beyond the most a hand scores (a few hundred)
MAX_HANDS = 500  # hands in one game (chombo hands included)
MAX_NAME = 60  # a player's name
MAX_SESSION_NAME = 100  # a club session's name
MAX_REASON = 200  # a penalty's reason
MAX_COMMENT = 500  # a game's or a hand's comment
MAX_SOURCE = 100  # the online game a log was read from ("tenhou:2026113012gm-00a9-0000-1a2b3c4d")
MAX_DIGITS = 20  # a number in a game log (MAX_POINTS has 7); Python itself reads no more than 4,300
MAX_ORDER = 100  # a league stage's or division's place in its season (1 is the first stage, the top division)
MAX_EVENINGS = 1000  # a league stage's evenings a knob counts (best N, to be ranked): nearly three years of nights
MAX_PLAYERS = 10_000  # players a league knob counts (an evening's minimum, the cut, promoted, relegated)
MAX_PERCENT = 100  # a share (of a stage's evenings to be ranked, of its ranked players who go on)
FIRST_DAY = date.min  # the first and last day the records hold (a game log's ISO date: years 1 to 9999)
LAST_DAY = date.max
MAX_EVENT_DAYS = 31  # the days of one event, its first to its last
MAX_MERS_WEIGHT = 5  # an event's MERS weight as the EMA sets it (0.5 … 2 so far)
MAX_ID = 2**63 - 1  # a record's number (a player, team, stage … as a form names it): the databases' 64-bit ids
SUBMISSION_KEY_LENGTH = 60  # a form's submission key
STORED_KEY_LENGTH = SUBMISSION_KEY_LENGTH + 4  # a hand's: the later hands of a chombo series add "-2" … "-4"

# control characters (NUL, escape, C1 …): never in a name or a reason; a comment may have new lines and tabs
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
CONTROL_IN_COMMENT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# a lone surrogate (JSON "\ud800") is no character: it cannot be written as UTF-8 (a database, standard output)
SURROGATE = re.compile(r"[\ud800-\udfff]")


def text_problem(value: str, limit: int, *, comment: bool = False) -> str | None:
    """What is wrong with ``value`` as a text of at most ``limit`` characters, or None."""
    if len(value) > limit:
        return f"is {len(value)} characters long; the most is {limit}"
    return character_problem(value, comment=comment)


def character_problem(value: str, *, comment: bool = False) -> str | None:
    """What is wrong with the characters of ``value`` (of any length), or None."""
    if (CONTROL_IN_COMMENT if comment else CONTROL).search(value):
        return "contains a control character (such as NUL)"
    if SURROGATE.search(value):
        return "is not valid Unicode text (a lone surrogate)"
    return None


class LongNumber:
    """A JSON number of more than ``MAX_DIGITS`` digits, as ``loads`` reads it: not an int, so
    the check of whichever field holds it refuses it, naming the field."""

    __slots__ = ("digits",)

    def __init__(self, digits: int):
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def json_int(text: str) -> int | LongNumber:
    """``json.loads``'s ``parse_int``: a whole number, or a LongNumber past ``MAX_DIGITS`` digits."""
    digits = len(text.lstrip("-"))
    return int(text) if digits <= MAX_DIGITS else LongNumber(digits)


def whole(text: str, most: int = MAX_ID) -> int | None:
    """A form's whole number (decimal digits, no sign) of at most ``most``, or None: a number
    of thousands of digits is None without being read (Python refuses 4,300 digits)."""
    text = text.strip()
    if not text.isdecimal() or len(text) > len(str(most)):
        return None
    number = int(text)
    return number if number <= most else None


def loads(text: str) -> Any:
    """``json.loads`` of a game log, an online log or a hand's tiles: a number of more than
    ``MAX_DIGITS`` digits is a LongNumber (Python refuses one of 4,300 with advice for
    programmers); JSONDecodeError and RecursionError as ``json.loads`` raises them."""
    return json.loads(text, parse_int=json_int)
