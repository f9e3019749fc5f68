"""The game log's format: its name, the keys each part of a document may hold, and the
parsed game (``GameLog``): the facts of a game, nothing derived."""

import json
from dataclasses import dataclass

from ..american import AmericanHand
from ..riichi import RiichiHand
from ..ruleset import RuleSet
from ..table import Penalty

FORMAT = "mahjong-club/game-log@1"


DOCUMENT_KEYS = {
    "format",
    "ruleset",
    "rules",
    "tournament",
    "players",
    "hands",
    "penalties",
    "finished",
    "date",
    "start",
    "session",
    "comment",
    "source",
}


RIICHI_KEYS = {
    "win": {"wins"},
    "draw": {"tenpai", "dead", "nagashi"},
    "abortive": {"reason"},
    "chombo": {"offender"},
}


AMERICAN_KEYS = {"mahjong": {"winner", "from", "value", "jokerless", "misnamed_discard"}, "wall": set()}


COMMON_HAND_KEYS = {"result", "penalties", "comment"}


RIICHI_HAND_KEYS = {result: COMMON_HAND_KEYS | keys | {"riichi"} for result, keys in RIICHI_KEYS.items()}


AMERICAN_HAND_KEYS = {result: COMMON_HAND_KEYS | keys | {"incidents"} for result, keys in AMERICAN_KEYS.items()}


WIN_KEYS = {"winner", "from", "han", "fu", "yakuman", "liable", "tiles"}


# a win's optional tiles: notation strings, melds, conditions, whether han/fu were overridden
TILES_KEYS = {"hand": str, "melds": list, "win": str, "dora": str, "ura": str, "conditions": list, "override": bool}


PENALTY_KEYS = {"player", "points", "to", "reason"}


INCIDENT_KEYS = {
    "dead_hand_challenge": {"kind", "challenger", "challenged", "upheld"},
    "mahjong_in_error": {"kind", "caller", "value", "thrown_in", "wall_broken_by"},
}


def tiles_text(tiles: dict) -> str:
    """A win's ``tiles`` object as the canonical JSON text a ``Win`` carries."""
    return json.dumps(tiles, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class GameLog:
    """A parsed, validated game log: the facts of a game, nothing derived."""

    rules: RuleSet
    players: tuple[str, ...]
    hands: tuple[RiichiHand | AmericanHand, ...]
    tournament: bool = False
    penalties: tuple[Penalty, ...] = ()
    finished: bool = False
    date: str | None = None
    start: str | None = None
    session: str | None = None
    comment: str | None = None
    hand_comments: tuple[str | None, ...] = ()
    source: str | None = None  # the online game this log was read from ("tenhou:2026…"), if any
