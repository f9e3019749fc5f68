"""The output of ``score_event`` (the event-log format, "Output"): each stage's standing, the final
ranking and the rows of the EMA's results file, numbers rounded to 0.001 only here; and an
``EventLog`` written back as its document (``event_document``)."""

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..families import ranks_by_table_points
from ..gamelog import to_document
from ..ruleset import RuleSet
from ..standings import share
from .document import FORMAT, Carry, EventLog, Table
from .parse import parse_event
from .stages import CheckGame, EventResult, Line, score_event

# the columns of the EMA's results file, in order (mahjong-portal's "export to EMA")
EMA_COLUMNS = (
    "Tournament name",
    "Number of participants",
    "Place",
    "Player's first name",
    "Player's last name",
    "EMA number",
    "Table points",
    "Score",
    "EMA member",
    "Country",
    "Date",
    "Countrycourt",
    "city",
    "mers",
    "shortname",
    "rules",
    "period",
    "NbDays",
    "Extra",
)


def thousandths(value: Fraction) -> int:
    """``value`` in whole thousandths, half away from zero (MCR's 7/3 → 2333)."""
    exact = value * 1000
    return share(exact.numerator, exact.denominator)


def number(value: Fraction) -> int | float:
    """A number in result units as the output writes it: to 0.001, whole ones as integers."""
    exact = thousandths(value)
    return exact // 1000 if exact % 1000 == 0 else exact / 1000  # the float nearest the decimal: written as it


def decimal_text(value: Fraction | int) -> str:
    """A number in its shortest decimal form to 0.001: ``-46.1``, ``25``, ``2.333``."""
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(thousandths(Fraction(value))), 1000)
    return f"{sign}{whole}" + (f".{rest:03d}".rstrip("0") if rest else "")


def score_event_document(
    doc: object, resolve_ruleset: Callable[[str], RuleSet | None] | None = None, check_game: CheckGame | None = None
) -> dict[str, Any]:
    """The output of ``score_event`` for a decoded event log (``decode`` reads the text)."""
    return event_output(score_event(parse_event(doc, resolve_ruleset), check_game))


def event_output(result: EventResult) -> dict[str, Any]:
    event = result.event
    names = [player.name for player in event.players]

    def line(item: Line) -> dict[str, Any]:
        return {
            "player": names[item.player],
            "rank": item.rank,
            "carried": number(item.carried),
            "results": [number(value) for value in item.results],
            "penalties": number(item.penalties),
            "total": number(item.total),
        }

    return {
        "name": event.name,
        "ruleset": event.rules.slug,
        "stages": [
            {"name": stage.name, "standings": [line(item) for item in lines]}
            for stage, lines in zip(event.stages, result.stages, strict=True)
        ],
        "final": [
            {
                "player": names[placing.player],
                "place": placing.place,
                "total": number(placing.total),
                "stage": event.stages[placing.stage].name,
            }
            for placing in result.final
        ],
        "ema": ema_rows(result),
    }


def ema_rows(result: EventResult) -> list[dict[str, str]]:
    """The rows of the EMA's results file, one per player in final order, every cell a string;
    none where the EMA ranks no event of the family (sanma, American)."""
    event = result.event
    rules = event.units.ema_rules
    if not rules:
        return []
    by_table_points = ranks_by_table_points(event.rules)
    year = str(event.days[-1].year)
    raw: dict[int, int] = {}
    for lines in result.stages:
        for item in lines:
            raw[item.player] = raw.get(item.player, 0) + item.raw
    common = {
        "Tournament name": event.name if event.name.endswith(year) else f"{event.name} {year}",
        "Number of participants": str(len(event.players)),
        "Date": _ema_date(event.days[-1]),
        "Countrycourt": event.country,
        "city": event.city,
        "mers": "" if event.mers_weight is None else _shortest(event.mers_weight),
        "shortname": "",
        "rules": rules,
        "period": "-".join(_ema_date(day) for day in sorted({event.days[0], event.days[-1]})),
        "NbDays": str(len(event.days)),
        "Extra": "NO",
    }
    rows = []
    for placing in result.final:
        player = event.players[placing.player]
        first, _, last = player.name.strip().rpartition(" ")
        total = decimal_text(placing.total)
        row = {
            **common,
            "Place": str(placing.place),
            "Player's first name": first.strip(),
            "Player's last name": last.upper(),
            "EMA number": player.ema or "",
            "Table points": total if by_table_points else "1",
            "Score": decimal_text(raw[placing.player]) if by_table_points else total,
            "EMA member": "YES" if player.ema else "",
            "Country": player.country,
        }
        rows.append({column: row[column] for column in EMA_COLUMNS})
    return rows


def _ema_date(day: date) -> str:
    return day.strftime("%d.%m.%Y")


def _shortest(value: Decimal) -> str:
    """A decimal in its shortest form: ``1``, ``0.5``, ``10``."""
    return format(value.normalize(), "f")


def event_document(event: EventLog) -> dict[str, Any]:
    """The event log of ``event``: ``parse_event(event_document(event))`` gives back the same facts."""
    names = [player.name for player in event.players]
    doc: dict[str, Any] = {
        "format": FORMAT,
        "name": event.name,
        "ruleset": event.rules.slug,
        "days": [day.isoformat() for day in event.days],
        "city": event.city,
        "country": event.country,
    }
    if event.mers_weight is not None:
        doc["mers_weight"] = _json_number(event.mers_weight)
    doc["players"] = [
        {"name": player.name, **({"ema": player.ema} if player.ema else {}), "country": player.country}
        for player in event.players
    ]
    doc["stages"] = []
    for number, stage in enumerate(event.stages):
        item: dict[str, Any] = {"name": stage.name}
        if stage.cut is not None:
            item["cut"] = stage.cut
        if stage.advance_per_table is not None:
            item["advance_per_table"] = stage.advance_per_table
        if number and stage.carry != Carry.FULL:
            item["carry"] = str(stage.carry)
        item["rounds"] = [[_table_document(event, table, names) for table in tables] for tables in stage.rounds]
        doc["stages"].append(item)
    if event.penalties:
        doc["penalties"] = [
            {
                "player": names[penalty.player],
                "points": _json_number(penalty.points),
                "stage": event.stages[penalty.stage].name,
                **({"reason": penalty.reason} if penalty.reason else {}),
            }
            for penalty in event.penalties
        ]
    if event.comment is not None:
        doc["comment"] = event.comment
    return doc


def _table_document(event: EventLog, table: Table, names: list[str]) -> dict[str, Any]:
    """A table by its scores, or its whole game; a game under a ruleset stored in the site names
    it by the event's slug, as the event log wants (its knobs are that ruleset's)."""
    if table.game is None:
        return {"players": [names[player] for player in table.players], "scores": list(table.scores or ())}
    game = to_document(table.game)
    if event.rules.slug != game["ruleset"]:
        game["ruleset"] = event.rules.slug
        game.pop("rules", None)
    return {"game": game}


def _json_number(value: Fraction | Decimal) -> int | float:
    """A number of tenths (a penalty, a MERS weight) as JSON writes it: ``2``, ``0.5``."""
    return number(Fraction(value))
