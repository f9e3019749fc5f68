"""Reading a game log: strict parsing and validation into a ``GameLog``.

An unknown key, a number that is not a JSON integer or a name that is not one of the four
players is an error whose message says where (``hand 7: …``)."""

from collections.abc import Callable
from datetime import date, time
from functools import partial

from .. import bounds
from ..american import AmericanHand, DeadHandChallenge, MahjongInError
from ..errors import RuleError
from ..riichi import RiichiHand, Win
from ..ruleset import PRESETS, RuleSet, clause
from ..table import Penalty
from .document import (
    AMERICAN_HAND_KEYS,
    AMERICAN_KEYS,
    DOCUMENT_KEYS,
    FORMAT,
    INCIDENT_KEYS,
    PENALTY_KEYS,
    RIICHI_HAND_KEYS,
    RIICHI_KEYS,
    TILES_KEYS,
    WIN_KEYS,
    GameLog,
    tiles_text,
)

# Win(...) and RiichiHand(...) from a complete tuple, without NamedTuple.__new__'s keywords
_win = partial(tuple.__new__, Win)


_riichi_hand = partial(tuple.__new__, RiichiHand)


class _Reader:
    """Reads the parts of one document; ``parse_game`` says which hand a message is about."""

    def __init__(self, players: tuple[str, ...], rules: RuleSet):
        self.index = {name: i for i, name in enumerate(players)}  # text keys: only a name is found
        self.players = players
        self.rules = rules
        self.penalty_step = 100 if rules.is_riichi else 1  # American penalties are in the game's own units

    def fail(self, message: str):
        raise RuleError(message)

    def keys(self, obj, allowed: set, what: str, required=()):
        if type(obj) is not dict:
            self.fail(f"{what} must be a JSON object")
        if not obj.keys() <= allowed:
            unknown = obj.keys() - allowed
            self.fail(f"unknown key {_shown(sorted(unknown)[0])} in {what} (allowed: {', '.join(sorted(allowed))})")
        for key in required:
            if key not in obj:
                self.fail(f"{what} needs {key!r}")

    def integer(self, value, what: str, highest: int | None = None) -> int:
        if isinstance(value, bounds.LongNumber):
            self.fail(f"{what} is {value!r}: more than the records hold")
        if type(value) is not int:
            self.fail(f"{what} must be a whole number (a JSON integer), not {_shown(value)}")
        if highest is not None and value > highest:
            self.fail(f"{what} {value} is more than the records hold: the most is {highest:,}")
        return value

    def flag(self, value, what: str) -> bool:
        if type(value) is not bool:
            self.fail(f"{what} must be true or false, not {_shown(value)}")
        return value

    def text(self, value, what: str, limit: int, *, comment: bool = False) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(f"{what} must be text")
        problem = bounds.text_problem(value, limit, comment=comment)
        if problem:
            self.fail(f"{what} {problem}")
        return value

    def player(self, name, what: str) -> int:
        try:
            return self.index[name]
        except (KeyError, TypeError):
            self.fail(f"{what}: unknown player {_shown(name)} (the players are {', '.join(self.players)})")

    def optional_player(self, name, what: str) -> int | None:
        return None if name is None else self.player(name, what)

    def player_list(self, names, what: str) -> tuple[int, ...]:
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

    def penalties(self, items, *, document: bool) -> tuple[Penalty, ...]:
        if items is None:
            return ()
        if not isinstance(items, list):
            self.fail("'penalties' must be a list")
        result = []
        for item in items:
            self.keys(item, PENALTY_KEYS, "a penalty", required=("player", "points"))
            points = self.integer(item["points"], "penalty points", bounds.MAX_POINTS)
            if points <= 0 or points % self.penalty_step:
                unit = "a positive multiple of 100" if self.penalty_step == 100 else "a positive whole number"
                self.fail(f"penalty points must be {unit}, not {points} ({clause(self.rules, 'penalty')})")
            to = item.get("to", "result")
            if to not in ("pot", "result") or (document and to != "result"):
                self.fail(f"a penalty goes to {'the result' if document else 'pot or result'}, not {_shown(to)}")
            reason = self.text(item.get("reason"), "reason", bounds.MAX_REASON) or ""
            result.append(Penalty(self.player(item["player"], "penalty"), points, to, reason))
        return tuple(result)

    def win(self, item) -> Win:
        if type(item) is not dict or not item.keys() <= WIN_KEYS or "winner" not in item:
            self.keys(item, WIN_KEYS, "a win", required=("winner",))
        index = self.index
        try:
            winner = index[item["winner"]]
            discarder = item.get("from")
            if discarder is not None:
                discarder = index[discarder]
            liable = item.get("liable")
            if liable is not None:
                liable = index[liable]
        except (KeyError, TypeError):  # somebody is not one of the players: say who
            self.player(item["winner"], "winner")
            for key in ("from", "liable"):
                self.optional_player(item.get(key), key)
        if "yakuman" in item:
            if "han" in item:
                self.fail("a win has han or yakuman, not both")
            yakuman = self.integer(item["yakuman"], "yakuman", bounds.MAX_YAKUMAN)
            if yakuman < 1:
                self.fail(f"yakuman must be 1 or more, not {yakuman}")
            if "fu" in item:  # ignored with a yakuman, but still a number
                self.integer(item["fu"], "fu", bounds.MAX_FU)
            return _win((winner, discarder, 0, 0, yakuman, liable, self.tiles(item)))
        if "han" not in item:
            self.fail(f"{item['winner']}'s win needs 'han' (and 'fu' below 5 han) or 'yakuman'")
        han = item["han"]
        fu = item.get("fu")
        if (
            type(han) is not int
            or (fu is not None and type(fu) is not int)
            or han > bounds.MAX_HAN
            or (fu is not None and fu > bounds.MAX_FU)
        ):
            self.integer(han, "han", bounds.MAX_HAN)
            self.integer(fu, "fu", bounds.MAX_FU)
        if fu is None and han < 5:
            self.fail(f"{item['winner']}'s win of {han} han needs 'fu': below 5 han a win has han and fu")
        return _win((winner, discarder, han, fu if han < 5 else 0, 0, liable, self.tiles(item)))

    def tiles(self, win: dict) -> str:
        """The win's ``tiles`` object, its shape checked, as canonical JSON text ("" without one)."""
        if "tiles" not in win:
            return ""
        tiles = win["tiles"]
        self.keys(tiles, set(TILES_KEYS), f"{win['winner']}'s tiles", required=("hand",))
        for key, value in tiles.items():
            if type(value) is not TILES_KEYS[key]:
                self.fail(f"{win['winner']}'s tiles: {key!r} must be {TILES_KEYS[key].__name__}, not {value!r}")
        return tiles_text(tiles)

    def riichi_hand(self, item) -> RiichiHand:
        result = item.get("result")
        if type(result) is not str or result not in RIICHI_KEYS:
            self.fail(f"'result' must be one of {', '.join(RIICHI_KEYS)}, not {_shown(result)}")
        if not item.keys() <= RIICHI_HAND_KEYS[result]:
            self.keys(item, RIICHI_HAND_KEYS[result], f"a {result} hand")
        riichi_players = self.player_list(item.get("riichi", []), "riichi")
        penalties = self.penalties(item["penalties"], document=False) if "penalties" in item else ()
        if result == "win":
            wins = item.get("wins")
            if not isinstance(wins, list) or not wins:
                self.fail("a win needs 'wins': a list with one entry per winner")
            wins = tuple([self.win(w) for w in wins])
            return _riichi_hand(("win", wins, riichi_players, (), (), (), "", None, penalties))
        if result == "draw":
            tenpai = self.player_list(item.get("tenpai", []), "tenpai")
            dead = self.player_list(item.get("dead", []), "dead")
            nagashi = self.player_list(item.get("nagashi", []), "nagashi")
            return _riichi_hand(("draw", (), riichi_players, tenpai, dead, nagashi, "", None, penalties))
        if result == "abortive":
            reason = item.get("reason")
            if not isinstance(reason, str):
                self.fail("an abortive draw needs its 'reason'")
            return RiichiHand("abortive", riichi=riichi_players, reason=reason, penalties=penalties)
        if "offender" not in item:
            self.fail("a chombo needs the 'offender'")
        return RiichiHand(
            "chombo", riichi=riichi_players, offender=self.player(item["offender"], "offender"), penalties=penalties
        )

    def incident(self, item):
        kind = item.get("kind") if isinstance(item, dict) else None
        if type(kind) is not str or kind not in INCIDENT_KEYS:
            self.fail(f"an incident's 'kind' must be one of {', '.join(INCIDENT_KEYS)}, not {_shown(kind)}")
        keys = INCIDENT_KEYS[kind]
        if kind == "dead_hand_challenge":
            self.keys(item, keys, "a dead-hand challenge", required=tuple(keys))
            return DeadHandChallenge(
                self.player(item["challenger"], "challenger"),
                self.player(item["challenged"], "challenged"),
                self.flag(item["upheld"], "upheld"),
            )
        self.keys(item, keys, "a mahjong in error", required=("caller",))
        caller = self.player(item["caller"], "caller")
        thrown_in = self.player_list(item.get("thrown_in", []), "thrown_in")
        value = item.get("value")
        if value is None and len(thrown_in) == 2:
            self.fail(
                "a mahjong in error with two players thrown in needs the 'value' of the hand declared: the "
                "caller pays the intact player twice that"
            )
        value = None if value is None else self.integer(value, "value", bounds.MAX_CARD_VALUE)
        return MahjongInError(
            caller, value, thrown_in, self.optional_player(item.get("wall_broken_by"), "wall_broken_by")
        )

    def american_hand(self, item) -> AmericanHand:
        result = item.get("result")
        if type(result) is not str or result not in AMERICAN_KEYS:
            self.fail(f"'result' must be mahjong or wall, not {_shown(result)}")
        self.keys(item, AMERICAN_HAND_KEYS[result], f"a {result} hand")
        incidents = item.get("incidents", [])
        if not isinstance(incidents, list):
            self.fail("'incidents' must be a list")
        common = {
            "incidents": tuple(self.incident(i) for i in incidents),
            "penalties": self.penalties(item.get("penalties"), document=False),
        }
        if result == "wall":
            return AmericanHand("wall", **common)
        if "winner" not in item or "value" not in item:
            self.fail("a mahjong needs 'winner' and 'value'")
        return AmericanHand(
            "mahjong",
            winner=self.player(item["winner"], "winner"),
            discarder=self.optional_player(item.get("from"), "from"),
            value=self.integer(item["value"], "value", bounds.MAX_CARD_VALUE),
            jokerless=self.flag(item.get("jokerless", False), "jokerless"),
            misnamed_discard=self.flag(item.get("misnamed_discard", False), "misnamed_discard"),
            **common,
        )


def _players(names) -> tuple[str, ...]:
    if not isinstance(names, list) or len(names) != 4:
        raise RuleError("'players' must list exactly four names, East, South, West, North of the first hand")
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise RuleError("every player needs a name (non-empty text)")
    for name in names:
        problem = bounds.text_problem(name, bounds.MAX_NAME)
        if problem:
            raise RuleError(f"the player's name {_shown(name)} {problem}")
    if len({n.casefold() for n in names}) != 4:
        raise RuleError("the four players must have different names (regardless of case)")
    return tuple(names)


def parse_game(doc, resolve_ruleset: Callable[[str], RuleSet | None] | None = None) -> GameLog:
    """Validate a decoded game-log document and return its facts; RuleError says what is wrong."""
    if not isinstance(doc, dict):
        raise RuleError("a game log is a JSON object")
    for key in doc:
        if key not in DOCUMENT_KEYS:
            raise RuleError(f"unknown key {_shown(key)} in the document (allowed: {', '.join(sorted(DOCUMENT_KEYS))})")
    if doc.get("format") != FORMAT:
        raise RuleError(f"'format' must be {FORMAT!r}")
    slug = doc.get("ruleset")
    rules = PRESETS.get(slug) if isinstance(slug, str) else None
    if rules is None and resolve_ruleset is not None and isinstance(slug, str) and not bounds.character_problem(slug):
        rules = resolve_ruleset(slug)  # a stored ruleset; a slug with NUL is not looked up (PostgreSQL refuses it)
    if rules is None:
        raise RuleError(f"unknown ruleset {_shown(slug)}; the presets are {', '.join(PRESETS)}")
    if "rules" in doc:
        rules = rules.with_overrides(doc["rules"])
    players = _players(doc.get("players"))
    reader = _Reader(players, rules)
    hands_in = doc.get("hands")
    if not isinstance(hands_in, list):
        raise RuleError("'hands' must be a list")
    if len(hands_in) > bounds.MAX_HANDS:
        raise RuleError(f"a game has at most {bounds.MAX_HANDS} hands; this log has {len(hands_in):,}").in_hand(
            bounds.MAX_HANDS + 1
        )
    read_hand = reader.riichi_hand if rules.is_riichi else reader.american_hand
    hands, comments = [], []
    for number, item in enumerate(hands_in, 1):
        try:
            if type(item) is not dict:
                reader.fail("a hand must be a JSON object")
            hands.append(read_hand(item))
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


def _date(value) -> str | None:
    if value is None:
        return None
    try:
        if isinstance(value, str) and len(value) == 10:
            return date.fromisoformat(value).isoformat()
    except ValueError:
        pass
    raise RuleError(f"'date' must be an ISO date like \"2026-11-29\", not {_shown(value)}")


def _start(value) -> str | None:
    """The time of day the game started, "19:30" or "19:30:05" (seconds are kept)."""
    if value is None:
        return None
    try:
        if isinstance(value, str) and len(value) in (5, 8):
            return time.fromisoformat(value).isoformat()
    except ValueError:
        pass
    raise RuleError(f'\'start\' must be a time of day like "19:30" or "19:30:05", not {_shown(value)}')


def _shown(value) -> str:
    """``value`` as JSON-ish text for a message, cut short: a hostile log cannot flood the line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
