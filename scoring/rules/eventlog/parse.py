"""Reading an event log: strict parsing and validation into an ``EventLog``.

Every message says where (``stage 2 round 1 table 3: …``, ``player 4: …``, ``penalty 2: …``;
counted from 1; none for the document as a whole). What needs the standings of a stage (who
plays the next one) is checked when the event is scored (``stages``)."""

import json
import math
import re
from collections.abc import Callable, Iterable
from datetime import date
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from typing import Any, NoReturn

from .. import bounds
from ..errors import RuleError, shown
from ..families import family_of
from ..gamelog import parse_game
from ..riichi import STICK
from ..ruleset import PRESETS, RuleSet
from ..vocabulary import LeftoverRiichi
from .document import (
    DOCUMENT_KEYS,
    FORMAT,
    GAME_TABLE_KEYS,
    PENALTY_KEYS,
    PLAYER_KEYS,
    SCORES_TABLE_KEYS,
    STAGE_KEYS,
    TENTH,
    UNITS,
    Carry,
    Entrant,
    EventLog,
    EventPenalty,
    Stage,
    Table,
)

ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
ALPHA_2 = re.compile(r"[A-Z]{2}")
EMA_NUMBER = re.compile(r"[0-9]{8}")
# what a stage takes from the stage before it
FROM_THE_STAGE_BEFORE = ("cut", "advance_per_table", "carry")

ResolveRuleset = Callable[[str], RuleSet | None]


def fail(where: str, problem: str) -> NoReturn:
    """RuleError: ``problem`` at ``where`` (``stage 1 round 2 table 3``; "" for the document)."""
    raise RuleError(f"{where}: {problem}" if where else problem)


def decode(text: str) -> object:
    """The decoded JSON of an event log's text (a number of more than ``bounds.MAX_DIGITS``
    digits is a ``LongNumber``, which every check refuses); RuleError if it is not JSON."""
    try:
        return bounds.loads(text)
    except json.JSONDecodeError as error:
        raise RuleError(f"not valid JSON: {error}") from None
    except RecursionError:
        raise RuleError("not valid JSON: it is nested too deeply") from None


def parse_event(doc: object, resolve_ruleset: ResolveRuleset | None = None) -> EventLog:
    """Validate a decoded event-log document and return its facts; RuleError says what is wrong
    and where. ``resolve_ruleset`` finds a ruleset stored in the site by its slug."""
    event = _object(doc, DOCUMENT_KEYS, "", "an event log")
    if event.get("format") != FORMAT:
        fail("", f"format must be {FORMAT!r}")
    name = _name(event.get("name"), "", "name", bounds.MAX_SESSION_NAME)
    rules = _ruleset(event.get("ruleset"), resolve_ruleset)
    days = _days(event.get("days"))
    city = _name(event.get("city"), "", "city", bounds.MAX_NAME)
    country = _country(event.get("country"), "")
    mers_weight = _mers_weight(event.get("mers_weight"))
    players = _players(event.get("players"))
    reader = Reader(rules, players, resolve_ruleset)
    stages = reader.stages(event.get("stages"))
    return EventLog(
        name=name,
        rules=rules,
        days=days,
        city=city,
        country=country,
        players=players,
        stages=stages,
        penalties=_penalties(event.get("penalties"), reader.index, {stage.name: n for n, stage in enumerate(stages)}),
        mers_weight=mers_weight,
        comment=_text(event.get("comment"), "", "comment", bounds.MAX_COMMENT, comment=True),
    )


def _object(value: object, allowed: Iterable[str], where: str, what: str) -> dict[str, Any]:
    if type(value) is not dict:
        fail(where, f"{what} is a JSON object")
    for key in value:
        if key not in allowed:
            fail(where, f"unknown key {shown(key)}")
    return value


def _name(value: object, where: str, key: str, limit: int) -> str:
    """A required, non-empty text of at most ``limit`` characters."""
    if not isinstance(value, str) or not value.strip():
        fail(where, f"{key} must be non-empty text")
    return _text(value, where, key, limit) or ""


def _text(value: object, where: str, key: str, limit: int, *, comment: bool = False) -> str | None:
    """An optional text (None when left out)."""
    if value is None:
        return None
    if not isinstance(value, str):
        fail(where, f"{key} must be text")
    problem = bounds.text_problem(value, limit, comment=comment)
    if problem:
        fail(where, f"{key} {problem}")
    return value


def _ruleset(slug: object, resolve_ruleset: ResolveRuleset | None) -> RuleSet:
    rules = PRESETS.get(slug) if isinstance(slug, str) else None
    if rules is None and resolve_ruleset is not None and isinstance(slug, str) and not bounds.character_problem(slug):
        rules = resolve_ruleset(slug)  # a stored ruleset; a slug with NUL is not looked up (PostgreSQL refuses it)
    if rules is None:
        fail("", f"unknown ruleset {shown(slug)}")
    return rules


def _days(items: object) -> tuple[date, ...]:
    if type(items) is not list or not items:
        fail("", "days must list one or more ISO dates")
    days = []
    for item in items:
        try:
            if isinstance(item, str) and ISO_DATE.fullmatch(item):
                days.append(date.fromisoformat(item))
                continue
        except ValueError:
            pass
        fail("days", f"{shown(item)} is not an ISO date")
    if any(later <= earlier for earlier, later in pairwise(days)):
        fail("", "days must be in order, each once")
    return tuple(days)


def _country(value: object, where: str) -> str:
    if not isinstance(value, str) or not ALPHA_2.fullmatch(value):
        fail(where, f"country {shown(value)} is not an ISO 3166 alpha-2 code")
    return value


def _mers_weight(value: object) -> Decimal | None:
    """The EMA's weight of the event, as written (``0.5``, ``1``); None when left out."""
    if value is None:
        return None
    if not _positive_number(value):
        fail("", "mers_weight must be a positive number")
    return Decimal(repr(value))


def _players(items: object) -> tuple[Entrant, ...]:
    if type(items) is not list or not items:
        fail("", "players must list the whole field, one or more players")
    players, names, numbers = [], set(), dict[str, int]()
    for number, item in enumerate(items, 1):
        where = f"player {number}"
        player = _object(item, PLAYER_KEYS, where, "a player")
        name = _name(player.get("name"), where, "name", bounds.MAX_NAME)
        if name.casefold() in names:
            fail(where, f"{name!r} is listed twice")
        names.add(name.casefold())
        ema = player.get("ema")
        if ema is not None:
            if not isinstance(ema, str) or not EMA_NUMBER.fullmatch(ema):
                fail(where, f"ema {shown(ema)} is not an 8-digit EMA number (a string)")
            if ema in numbers:
                fail(where, f"ema {ema!r} is player {numbers[ema]}'s")
            numbers[ema] = number
        players.append(Entrant(name, _country(player.get("country"), where), ema))
    return tuple(players)


class Reader:
    """Reads the stages of one event: its ruleset and its field, by the names tables give."""

    def __init__(self, rules: RuleSet, players: tuple[Entrant, ...], resolve_ruleset: ResolveRuleset | None) -> None:
        self.rules = rules
        self.family = family_of(rules)
        self.units = UNITS[self.family.NAME]
        self.names = tuple(player.name for player in players)
        self.index = {name: number for number, name in enumerate(self.names)}
        self.resolve_ruleset = resolve_ruleset

    def stages(self, items: object) -> tuple[Stage, ...]:
        if type(items) is not list or not items:
            fail("", "stages must list one or more stages")
        stages: list[Stage] = []
        for number, item in enumerate(items, 1):
            where = f"stage {number}"
            stage = _object(item, STAGE_KEYS, where, "a stage")
            name = _name(stage.get("name"), where, "name", bounds.MAX_NAME)
            if any(earlier.name == name for earlier in stages):
                fail(where, f"stage name {name!r} is used twice")
            if number == 1 and any(key in stage for key in FROM_THE_STAGE_BEFORE):
                fail(where, "cut, advance_per_table and carry need a previous stage")
            if "cut" in stage and "advance_per_table" in stage:
                fail(where, "cut and advance_per_table exclude each other")
            cut = _positive(stage.get("cut"), where, "cut")
            advance = _positive(stage.get("advance_per_table"), where, "advance_per_table")
            seats = self.family.SEATS
            if advance is not None and advance > seats:
                fail(where, f"advance_per_table {advance} is more than the {seats} players of a table")
            carry = stage.get("carry", Carry.FULL)
            if carry not in tuple(Carry):
                fail(where, f"carry {shown(carry)} is not one of {', '.join(Carry)}")
            stages.append(Stage(name, self.rounds(stage.get("rounds"), where), cut, advance, Carry(carry)))
        return tuple(stages)

    def rounds(self, items: object, where: str) -> tuple[tuple[Table, ...], ...]:
        """A stage's rounds; nobody sits twice in one round."""
        if type(items) is not list or not items:
            fail(where, "rounds must list one or more rounds")
        rounds = []
        for number, tables in enumerate(items, 1):
            at = f"{where} round {number}"
            if type(tables) is not list or not tables:
                fail(at, "a round is a list of one or more tables")
            seated: set[int] = set()
            read = []
            for table_number, item in enumerate(tables, 1):
                table = self.table(item, f"{at} table {table_number}")
                for player in table.players:
                    if player in seated:
                        fail(f"{at} table {table_number}", f"{self.names[player]} plays twice in this round")
                    seated.add(player)
                read.append(table)
            rounds.append(tuple(read))
        return tuple(rounds)

    def table(self, item: object, where: str) -> Table:
        table = _object(item, SCORES_TABLE_KEYS + GAME_TABLE_KEYS, where, "a table")
        if "game" in table:
            if table.keys() & set(SCORES_TABLE_KEYS):
                fail(where, "a table has either players and scores or game, never both")
            return self.game_table(table["game"], where)
        units, seats = self.units, self.family.SEATS
        names = table.get("players")
        if type(names) is not list or len(names) != seats:
            fail(where, f"{units.article} {units.word} table seats {seats} players")
        players = self.seats(names, where)
        scores = table.get("scores")
        if type(scores) is not list or len(scores) != seats:
            fail(where, f"scores must list {seats} final scores, one per player")
        for score in scores:
            if type(score) is not int:
                fail(where, f"score {shown(score)} is not an integer")
            if abs(score) > bounds.MAX_POINTS:
                fail(where, f"score {score} is more than the records hold: the most is {bounds.MAX_POINTS:,}")
            if score % units.score_step:
                fail(where, f"{units.word} scores are multiples of {units.score_step}")
        _check_sum(sum(scores), seats * self.rules.start_points, self.rules, where)
        return Table(players, tuple(scores))

    def seats(self, names: list[Any], where: str) -> tuple[int, ...]:
        """The field's numbers of a table's players, in seat order."""
        players = []
        for name in names:
            try:
                players.append(self.index[name])
            except (KeyError, TypeError):
                fail(where, f"unknown player {shown(name)}")
        return tuple(players)

    def game_table(self, doc: object, where: str) -> Table:
        """A table recorded as a whole game log, checked as ``score_game`` checks it; its ruleset
        must be the event's, knob for knob."""
        rules = self.rules
        if isinstance(doc, dict) and doc.get("ruleset") != rules.slug:
            fail(where, f"the game's ruleset {shown(doc.get('ruleset'))} is not the event's {rules.slug!r}")
        try:
            game = parse_game(doc, self.resolve_ruleset)
        except RuleError as error:
            fail(where, str(error))
        if game.rules != rules:
            fail(where, f"the game's rules change knobs of the event's ruleset {rules.slug!r}")
        return Table(self.seats(list(game.players), where), game=game)


def _positive(value: object, where: str, key: str) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 1:
        fail(where, f"{key} must be a positive integer")
    return value


def _check_sum(total: int, expected: int, rules: RuleSet, where: str) -> None:
    """A table's scores sum to its seats × start points, or less by whole riichi sticks where
    ``leftover_riichi`` is ``lost`` (sticks left on the table at the end)."""
    if total == expected:
        return
    if rules.leftover_riichi == LeftoverRiichi.LOST and expected > 0:
        if total < expected and (expected - total) % STICK == 0:
            return
        fail(where, f"scores sum to {total}, not {expected} or less by whole riichi sticks ({STICK} each)")
    fail(where, f"scores sum to {total}, not {expected}")


def _penalties(items: object, index: dict[str, int], stages: dict[str, int]) -> tuple[EventPenalty, ...]:
    if items is None:
        return ()
    if type(items) is not list:
        fail("", "penalties must be a list")
    penalties = []
    for number, item in enumerate(items, 1):
        where = f"penalty {number}"
        penalty = _object(item, PENALTY_KEYS, where, "a penalty")
        player = penalty.get("player")
        if not isinstance(player, str) or player not in index:
            fail(where, f"unknown player {shown(player)}")
        points = _tenths(penalty.get("points"), where)
        stage = penalty.get("stage")
        if not isinstance(stage, str) or stage not in stages:
            fail(where, f"unknown stage {shown(stage)}")
        reason = _text(penalty.get("reason"), where, "reason", bounds.MAX_REASON) or ""
        penalties.append(EventPenalty(index[player], points, stages[stage], reason))
    return tuple(penalties)


def _tenths(value: object, where: str) -> Fraction:
    """A penalty's points: a positive JSON number, a whole number of tenths as written (``0.3``)."""
    if _positive_number(value):
        points = Fraction(Decimal(repr(value)))
        if (points / TENTH).denominator == 1:
            return points
    fail(where, "points must be a positive multiple of 0.1")


def _positive_number(value: object) -> bool:
    """A positive JSON number (an integer or a decimal; ``true`` is none, nor a number too long to read)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) and value > 0
