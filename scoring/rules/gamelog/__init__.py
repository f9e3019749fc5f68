"""The JSON game log: parse and validate, replay, score, write back.

``document`` is the format (its keys and the parsed ``GameLog``), ``parse`` reads and
validates a document, ``write`` writes one back, ``replay`` plays a game through and scores
it. Every name is re-exported here.
"""

from .document import (
    AMERICAN_HAND_KEYS,
    AMERICAN_KEYS,
    COMMON_HAND_KEYS,
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
from .parse import parse_game
from .replay import Replay, replay, score_document
from .write import to_document

__all__ = [
    "AMERICAN_HAND_KEYS",
    "AMERICAN_KEYS",
    "COMMON_HAND_KEYS",
    "DOCUMENT_KEYS",
    "FORMAT",
    "INCIDENT_KEYS",
    "PENALTY_KEYS",
    "RIICHI_HAND_KEYS",
    "RIICHI_KEYS",
    "TILES_KEYS",
    "WIN_KEYS",
    "GameLog",
    "Replay",
    "parse_game",
    "replay",
    "score_document",
    "tiles_text",
    "to_document",
]
