"""Reading a game log: strict parsing and validation into a ``GameLog``.

An unknown key, a number that is not a JSON integer or a name that is not one of the four
players is an error whose message says where (``hand 7: …``)."""

from collections.abc import Callable, Iterable
from datetime import date, time
from typing import Any, NoReturn

from .. import bounds
from ..errors import RuleError, shown
from ..families import Family, family_of
from ..hands import HandFacts
from ..ruleset import PRESETS, RuleSet, clause
from ..table import SEATS, Penalty
from ..vocabulary import PenaltyTo
from .document import COMMON_HAND_KEYS, DOCUMENT_KEYS, FORMAT, PENALTY_KEYS, GameLog

COUNTS = {3: "three", 4: "four"}  # the players a table seats, in words


class Reader:
    """Reads the parts of one document; ``parse_game`` says which hand a message is about, and
    the family reads its own hands with it (``read_hand``)."""

    def __init__(self, players: tuple[str, ...], rules: RuleSet) -> None:
        self.index = {name: i for i, name in enumerate(players)}  # text keys: only a name is found
        self.players = players
        self.rules = rules
        self.family = family_of(rules)

    def fail(self, message: str) -> NoReturn:
        raise RuleError(message)

    def keys(self, obj: object, allowed: set[str], what: str, required: Iterable[str] = ()) -> None:
        if type(obj) is not dict:
            self.fail(f"{what} must be a JSON object")
        if not obj.keys() <= allowed:
            unknown = obj.keys() - allowed
            self.fail(f"unknown key {shown(sorted(unknown)[0])} in {what} (allowed: {', '.join(sorted(allowed))})")
        for key in required:
            if key not in obj:
                self.fail(f"{what} needs {key!r}")

    def integer(self, value: object, what: str, highest: int | None = None) -> int:
        if isinstance(value, bounds.LongNumber):
            self.fail(f"{what} is {value!r}: more than the records hold")
        if type(value) is not int:
            self.fail(f"{what} must be a whole number (a JSON integer), not {shown(value)}")
        if highest is not None and value > highest:
            self.fail(f"{what} {value} is more than the records hold: the most is {highest:,}")
        return value

    def flag(self, value: object, what: str) -> bool:
        if type(value) is not bool:
            self.fail(f"{what} must be true or false, not {shown(value)}")
        return value

    def text(self, value: object, what: str, limit: int, *, comment: bool = False) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(f"{what} must be text")
        problem = bounds.text_problem(value, limit, comment=comment)
        if problem:
            self.fail(f"{what} {problem}")
        return value

    def player(self, name: Any, what: str) -> int:
        try:
            return self.index[name]
        except (KeyError, TypeError):
            self.fail(f"{what}: unknown player {shown(name)} (the players are {', '.join(self.players)})")

    def optional_player(self, name: Any, what: str) -> int | None:
        return None if name is None else self.player(name, what)

    def player_list(self, names: object, what: str) -> tuple[int, ...]:
        if type(names) is not list:
            self.fail(f"{what} must be a list of player names")
        if not names:
            return ()
        index = self.index
        try:
            seats = tuple([index[name] for name in names])
        except (KeyError, TypeError):
            seats = tuple([self.player(name, what) for name in names])  # fails, naming the stranger
        if len(seats) > 1 and len(set(seats)) != len(seats):
            self.fail(f"{what} names a player twice")
        return seats

    def penalties(self, items: object, *, document: bool) -> tuple[Penalty, ...]:
        if items is None:
            return ()
        if not isinstance(items, list):
            self.fail("'penalties' must be a list")
        result = []
        for item in items:
            self.keys(item, PENALTY_KEYS, "a penalty", required=("player", "points"))
            points = self.integer(item["points"], "penalty points", bounds.MAX_POINTS)
            if points <= 0 or points % self.family.PENALTY_STEP:
                step = self.family.PENALTY_STEP
                unit = f"a positive multiple of {step}" if step > 1 else "a positive whole number"
                self.fail(f"penalty points must be {unit}, not {points} ({clause(self.rules, 'penalty')})")
            to = item.get("to", PenaltyTo.RESULT)
            if to not in tuple(PenaltyTo) or (document and to != PenaltyTo.RESULT):
                self.fail(f"a penalty goes to {'the result' if document else 'pot or result'}, not {shown(to)}")
            reason = self.text(item.get("reason"), "reason", bounds.MAX_REASON) or ""
            result.append(Penalty(self.player(item["player"], "penalty"), points, to, reason))
        return tuple(result)

    def hand(self, item: dict[str, Any]) -> HandFacts:
        """One hand of the game's family: its result and keys checked here, the rest by the family."""
        family = self.family
        result = item.get("result")
        if not isinstance(result, str) or result not in family.HAND_KEYS:
            self.fail(f"'result' must be {_either(list(family.HAND_KEYS))}, not {shown(result)}")
        allowed = COMMON_HAND_KEYS | family.HAND_KEYS[result]
        if not item.keys() <= allowed:
            self.keys(item, allowed, f"a {result} hand")
        penalties = self.penalties(item["penalties"], document=False) if "penalties" in item else ()
        return family.read_hand(self, item, penalties)


def _either(choices: list[str]) -> str:
    """ "win or draw"; "one of win, draw, chombo" """
    return " or ".join(choices) if len(choices) == 2 else f"one of {', '.join(choices)}"


def _players(names: object, family: Family) -> tuple[str, ...]:
    seats = family.SEATS
    count = COUNTS.get(seats, str(seats))
    if not isinstance(names, list) or len(names) != seats:
        raise RuleError(f"'players' must list exactly {count} names, {', '.join(SEATS[:seats])} of the first hand")
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise RuleError("every player needs a name (non-empty text)")
    for name in names:
        problem = bounds.text_problem(name, bounds.MAX_NAME)
        if problem:
            raise RuleError(f"the player's name {shown(name)} {problem}")
    if len({n.casefold() for n in names}) != seats:
        raise RuleError(f"the {count} players must have different names (regardless of case)")
    return tuple(names)


def parse_game(doc: object, resolve_ruleset: Callable[[str], RuleSet | None] | None = None) -> GameLog:
    """Validate a decoded game-log document and return its facts; RuleError says what is wrong."""
    if not isinstance(doc, dict):
        raise RuleError("a game log is a JSON object")
    for key in doc:
        if key not in DOCUMENT_KEYS:
            raise RuleError(f"unknown key {shown(key)} in the document (allowed: {', '.join(sorted(DOCUMENT_KEYS))})")
    if doc.get("format") != FORMAT:
        raise RuleError(f"'format' must be {FORMAT!r}")
    slug = doc.get("ruleset")
    rules = PRESETS.get(slug) if isinstance(slug, str) else None
    if rules is None and resolve_ruleset is not None and isinstance(slug, str) and not bounds.character_problem(slug):
        rules = resolve_ruleset(slug)  # a stored ruleset; a slug with NUL is not looked up (PostgreSQL refuses it)
    if rules is None:
        raise RuleError(f"unknown ruleset {shown(slug)}; the presets are {', '.join(PRESETS)}")
    if "rules" in doc:
        rules = rules.with_overrides(doc["rules"])
    players = _players(doc.get("players"), family_of(rules))
    reader = Reader(players, rules)
    hands_in = doc.get("hands")
    if not isinstance(hands_in, list):
        raise RuleError("'hands' must be a list")
    if len(hands_in) > bounds.MAX_HANDS:
        raise RuleError(f"a game has at most {bounds.MAX_HANDS} hands; this log has {len(hands_in):,}").in_hand(
            bounds.MAX_HANDS + 1
        )
    hands, comments = [], []
    for number, item in enumerate(hands_in, 1):
        try:
            if type(item) is not dict:
                reader.fail("a hand must be a JSON object")
            hands.append(reader.hand(item))
            comments.append(reader.text(item.get("comment"), "comment", bounds.MAX_COMMENT, comment=True))
        except RuleError as error:
            raise error.in_hand(number) from None
    return GameLog(
        rules=rules,
        players=players,
        hands=tuple(hands),
        tournament=reader.flag(doc.get("tournament", False), "tournament"),
        penalties=reader.penalties(doc.get("penalties"), document=True),
        finished=reader.flag(doc.get("finished", False), "finished"),
        date=_date(doc.get("date")),
        start=_start(doc.get("start")),
        session=reader.text(doc.get("session"), "session", bounds.MAX_SESSION_NAME),
        comment=reader.text(doc.get("comment"), "comment", bounds.MAX_COMMENT, comment=True),
        hand_comments=tuple(comments),
        source=reader.text(doc.get("source"), "source", bounds.MAX_SOURCE),
    )


def _date(value: object) -> str | None:
    if value is None:
        return None
    try:
        if isinstance(value, str) and len(value) == 10:
            return date.fromisoformat(value).isoformat()
    except ValueError:
        pass
    raise RuleError(f"'date' must be an ISO date like \"2026-11-29\", not {shown(value)}")


def _start(value: object) -> str | None:
    """The time of day the game started, "19:30" or "19:30:05" (seconds are kept)."""
    if value is None:
        return None
    try:
        if isinstance(value, str) and len(value) in (5, 8):
            return time.fromisoformat(value).isoformat()
    except ValueError:
        pass
    raise RuleError(f'\'start\' must be a time of day like "19:30" or "19:30:05", not {shown(value)}')
