"""The game log's format: its name, the keys each part of a document may hold (a hand's own
keys are its family's: ``rules.families.<name>.gamelog``), and the parsed game (``GameLog``):
the facts of a game, nothing derived."""

from dataclasses import dataclass

from ..hands import HandFacts
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


COMMON_HAND_KEYS = {"result", "penalties", "comment"}  # every hand's; the family adds its own (HAND_KEYS)


PENALTY_KEYS = {"player", "points", "to", "reason"}


@dataclass(frozen=True, slots=True)
class GameLog:
    """A parsed, validated game log: the facts of a game, nothing derived."""

    rules: RuleSet
    players: tuple[str, ...]
    hands: tuple[HandFacts, ...]
    tournament: bool = False
    penalties: tuple[Penalty, ...] = ()
    finished: bool = False
    date: str | None = None
    start: str | None = None
    session: str | None = None
    comment: str | None = None
    hand_comments: tuple[str | None, ...] = ()
    source: str | None = None  # the online game this log was read from ("tenhou:2026…"), if any
