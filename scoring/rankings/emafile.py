"""The EMA's results file of an event held elsewhere, read: its CSV or .xlsx (the 19 columns the
site's own results file writes, ``scoring.rules.eventlog.EMA_COLUMNS``) into the event and its
players' places. A file that does not read gives ``BadFile`` naming the column and row."""

import csv
import io
import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _

from scoring.records.services import ServiceError
from scoring.rules import bounds
from scoring.rules.eventlog.document import UNITS
from scoring.rules.rankings import mers_weight

REQUIRED = (
    "Tournament name",
    "Number of participants",
    "Place",
    "Player's first name",
    "Player's last name",
    "EMA number",
    "Country",
    "Date",
    "rules",
)
MAX_BYTES = 2 * 1024 * 1024  # a results file of thousands of players is far less
MAX_ROWS = 5000
EMA_NUMBER = re.compile(r"[0-9]{8}")
FAMILY_OF = {units.ema_rules.lower(): family for family, units in UNITS.items() if units.ema_rules}
FAMILY_OF["rcr"] = FAMILY_OF["riichi"]  # the EMA's name of its Riichi Competition Rules


class BadFile(ServiceError):
    """The file is not an EMA results file the site can read; the message says where."""


@dataclass(frozen=True)
class FileRow:
    place: int
    first: str
    last: str
    ema: str
    country: str

    @property
    def name(self) -> str:
        """The player's name as the club writes it: first name, then the last name (the file's
        capitals made a name's)."""
        last = self.last.title() if self.last.isupper() else self.last
        return " ".join(part for part in (self.first, last) if part)


@dataclass(frozen=True)
class FileEvent:
    name: str
    family: str
    rules: str
    first_day: date
    last_day: date
    city: str
    country: str
    mers_weight: Decimal
    field: int
    rows: tuple[FileRow, ...]


def rows_of(content: bytes, file_name: str) -> list[dict[str, str]]:
    """The file's rows as dicts of text by column: a spreadsheet (.xlsx) or a CSV (comma or
    semicolon, UTF-8 with or without its mark)."""
    if len(content) > MAX_BYTES:
        raise BadFile(_("The file is over 2 MB: an EMA results file is far smaller."))
    if file_name.lower().endswith(".xlsx"):
        return _sheet_rows(content)
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadFile(_("The file is not text in UTF-8, nor a spreadsheet (.xlsx).")) from None
    dialect: type[csv.Dialect] = csv.excel
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0] if text else "", delimiters=",;\t")
    except csv.Error:
        pass
    try:  # a cell past the header's columns (a list under None) is left out
        return [
            {k.strip(): (v or "").strip() for k, v in row.items() if isinstance(k, str) and not isinstance(v, list)}
            for row in csv.DictReader(io.StringIO(text), dialect=dialect)
        ]
    except csv.Error as error:
        raise BadFile(_("The file does not read as CSV: %(error)s.") % {"error": error}) from None


def _sheet_rows(content: bytes) -> list[dict[str, str]]:
    from openpyxl import load_workbook  # type: ignore[import-untyped]  # no stubs

    try:
        sheet = load_workbook(io.BytesIO(content), read_only=True, data_only=True).worksheets[0]
    except Exception:  # openpyxl raises many kinds on a file that is not a workbook
        raise BadFile(_("The file is not a spreadsheet openpyxl can read (.xlsx).")) from None
    lines = sheet.iter_rows(values_only=True)
    header = [str(cell or "").strip() for cell in next(lines, ())]
    return [
        {name: _cell(line[index]) if index < len(line) else "" for index, name in enumerate(header)}
        for line in lines
        if any(cell not in (None, "") for cell in line)
    ]


def _cell(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime):
        return value.strftime("%d.%m.%Y")
    return "" if value is None else str(value).strip()


def _shown(text: str) -> str:
    """A cell as a message quotes it: on one line, at most 40 characters."""
    return " ".join(text.split())[:40]


def _day(text: str, column: str, row: int) -> date:
    for style in ("%d.%m.%Y", "%Y-%m-%d", "%d/%m/%Y"):
        try:
            return datetime.strptime(text.strip(), style).date()
        except ValueError:
            continue
    raise BadFile(
        _("Row %(row)s, column “%(column)s”: “%(text)s” is not a date (DD.MM.YYYY, as the EMA writes it).")
        % {"row": row, "column": column, "text": _shown(text)}
    )


def _whole(text: str, column: str, row: int) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) <= bounds.MAX_PLAYERS:
        raise BadFile(
            _("Row %(row)s, column “%(column)s”: “%(text)s” is not a whole number of 1 or more.")
            % {"row": row, "column": column, "text": _shown(text)}
        )
    return int(text)


def read_event(rows: list[dict[str, str]]) -> FileEvent:
    """The event of an EMA results file's rows; BadFile naming the column and row of what is wrong."""
    if not rows:
        raise BadFile(_("The file has no player's row."))
    if len(rows) > MAX_ROWS:
        raise BadFile(_("The file has over 5,000 rows: no event has so many players."))
    missing = [column for column in REQUIRED if column not in rows[0]]
    if missing:
        raise BadFile(
            _("The file lacks the EMA results file's columns: %(columns)s.") % {"columns": ", ".join(missing)}
        )
    first = rows[0]
    name = first["Tournament name"].strip()
    if not name or len(name) > 200:
        raise BadFile(_("Row 2, column “Tournament name”: empty or over 200 characters."))
    family = FAMILY_OF.get(first["rules"].strip().lower())
    if family is None:
        raise BadFile(
            _("Row 2, column “rules”: “%(rules)s” is not a ruleset the EMA ranks (Riichi, MCR).")
            % {"rules": _shown(first["rules"])}
        )
    field = _whole(first["Number of participants"], "Number of participants", 2)
    last_day = _day(first["Date"], "Date", 2)
    period = first.get("period", "").strip()
    first_day = _day(period.split("-")[0], "period", 2) if period else last_day
    if first_day > last_day:
        first_day, last_day = last_day, first_day
    if (last_day - first_day).days >= bounds.MAX_EVENT_DAYS:
        raise BadFile(_("Row 2, column “period”: an event of over 31 days."))
    parsed, places, seen = [], set(), set()
    for number, row in enumerate(rows, start=2):
        if row["Tournament name"].strip() != name:
            raise BadFile(_("Row %(row)s names another tournament: a file holds one event.") % {"row": number})
        place = _whole(row["Place"], "Place", number)
        ema = row["EMA number"].strip()
        if ema and not EMA_NUMBER.fullmatch(ema):
            raise BadFile(
                _("Row %(row)s, column “EMA number”: “%(text)s” is not an EMA number (8 digits).")
                % {"row": number, "text": _shown(ema)}
            )
        item = FileRow(
            place, row["Player's first name"].strip(), row["Player's last name"].strip(), ema, row["Country"].strip()
        )
        if not item.name or len(item.name) > bounds.MAX_NAME:
            raise BadFile(_("Row %(row)s: the player's name is empty or too long.") % {"row": number})
        who = ema or item.name.lower()
        if who in seen:
            raise BadFile(_("Row %(row)s: %(name)s is in the file twice.") % {"row": number, "name": _shown(item.name)})
        seen.add(who)
        places.add(place)
        parsed.append(item)
    if len(parsed) > field or max(places) > field:
        raise BadFile(
            _("The file has %(rows)s players or a place beyond its %(field)s participants.")
            % {"rows": len(parsed), "field": field}
        )
    weight = _weight(first.get("mers", ""), first_day, last_day, field, parsed)
    country = first.get("Countrycourt", "").strip().upper()
    return FileEvent(
        name=name,
        family=family,
        rules=first["rules"].strip(),
        first_day=first_day,
        last_day=last_day,
        city=first.get("city", "").strip()[: bounds.MAX_NAME],
        country=country if re.fullmatch(r"[A-Z]{2}", country) else "",
        mers_weight=weight,
        field=field,
        rows=tuple(parsed),
    )


def _weight(text: str, first_day: date, last_day: date, field: int, rows: list[FileRow]) -> Decimal:
    """The file's MERS weight, else the EMA's weight of its days, field and countries."""
    if text.strip():
        try:
            weight = Decimal(text.strip().replace(",", "."))
        except InvalidOperation:
            weight = Decimal(-1)
        if (
            not weight.is_finite()
            or not Decimal("0.1") <= weight <= bounds.MAX_MERS_WEIGHT
            or weight != round(weight, 1)
        ):
            raise BadFile(
                _("Row 2, column “mers”: “%(text)s” is not a MERS weight (0.5, 1, 1.5, 2).") % {"text": _shown(text)}
            )
        return weight
    days = (last_day - first_day).days + 1
    exact = mers_weight(days=days, players=field, countries=len({row.country for row in rows if row.country}))
    return Decimal(exact.numerator) / Decimal(exact.denominator)
