"""The rule engine: pure Python, never imports Django.

Facts of a hand + the table before it -> the payments, deltas and the table after it;
the end of a game -> standings; a JSON game log -> a replay.
"""

from .american import AmericanHand, DeadHandChallenge, MahjongInError
from .engine import dealer, finish, round_label, seat_winds, seating, settle, start_table
from .errors import RuleError
from .families.mcr.facts import FalseMahjong, MCRHand, MCRWin
from .gamelog import GameLog, Replay, parse_game, replay, score_document, to_document
from .hands import HandFacts
from .randomgame import random_game
from .riichi import RiichiHand, Win
from .ruleset import KNOBS, PRESETS, RuleSet, clause, get_preset, source_of
from .standings import Standing, standings
from .table import POT, SEATS, Payment, Penalty, Settlement, TableState
from .timer import over_after_gong
from .vocabulary import (
    AbortiveReason,
    AmericanResult,
    ChomboMode,
    FamilyName,
    IncidentKind,
    LeftoverRiichi,
    MCRResult,
    MultiRon,
    PaoHand,
    PenaltyTo,
    Renhou,
    RiichiResult,
    TimeUp,
    UmaTies,
)

__all__ = [
    "AbortiveReason",
    "AmericanResult",
    "ChomboMode",
    "FamilyName",
    "IncidentKind",
    "LeftoverRiichi",
    "MCRResult",
    "MultiRon",
    "PaoHand",
    "PenaltyTo",
    "Renhou",
    "RiichiResult",
    "TimeUp",
    "UmaTies",
    "KNOBS",
    "POT",
    "PRESETS",
    "SEATS",
    "AmericanHand",
    "DeadHandChallenge",
    "FalseMahjong",
    "HandFacts",
    "MCRHand",
    "MCRWin",
    "GameLog",
    "MahjongInError",
    "Payment",
    "Penalty",
    "Replay",
    "RiichiHand",
    "RuleError",
    "RuleSet",
    "Settlement",
    "Standing",
    "TableState",
    "Win",
    "clause",
    "dealer",
    "finish",
    "get_preset",
    "over_after_gong",
    "parse_game",
    "random_game",
    "replay",
    "round_label",
    "score_document",
    "seat_winds",
    "seating",
    "settle",
    "source_of",
    "standings",
    "start_table",
    "to_document",
]
