"""The JSON game log: parse and validate, replay, score, write back.

``document`` is the format (its keys and the parsed ``GameLog``; each family reads and
writes its own hands: ``rules.families.<name>.gamelog``), ``parse`` reads and
validates a document, ``write`` writes one back, ``replay`` plays a game through and scores
it. Every name is re-exported here.
"""

from ..families.riichi.gamelog import tiles_text
from .document import COMMON_HAND_KEYS, DOCUMENT_KEYS, FORMAT, PENALTY_KEYS, GameLog
from .parse import parse_game
from .replay import Replay, replay, score_document
from .write import to_document

__all__ = [
    "COMMON_HAND_KEYS",
    "DOCUMENT_KEYS",
    "FORMAT",
    "PENALTY_KEYS",
    "GameLog",
    "Replay",
    "parse_game",
    "replay",
    "score_document",
    "tiles_text",
    "to_document",
]
