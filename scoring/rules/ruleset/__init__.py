"""RuleSet: every rule knob in one frozen dataclass, and the club's presets with their sources.

A preset is a ``RuleSet``; a club's own ruleset is a preset with some knobs overridden
(``with_overrides``), remembering the preset it derives from (``based_on``), so that the
engine can still quote the right rulebook clause.

``codec`` holds the ``RuleSet`` and its JSON form; ``presets/`` one block per preset (its
knobs, rulebook, sources, clauses and summary: a new preset is one module there);
``citations`` what a message or the rules page quotes. Every name is re-exported here.
"""

from .block import CLUB_RULE, Preset
from .citations import CLUBS_CHOICE, LAST_HAND_AT_GONG, TOPICS, clause, knob_clause, source_of
from .codec import (
    ABORTIVE_REASONS,
    AMERICAN,
    CHOMBO_MODES,
    KNOBS,
    LEFTOVER_MODES,
    MULTI_RON_MODES,
    PAO_HANDS,
    RENHOU_MODES,
    RIICHI,
    TIME_UP_MODES,
    RuleSet,
)
from .presets import (
    BLOCKS,
    BOOKS,
    CLAUSES,
    LOBBIES,
    NEWEST_PRESET,
    PRESETS,
    REGULATIONS,
    SOURCES,
    SUMMARIES,
    get_preset,
)

__all__ = [
    "ABORTIVE_REASONS",
    "AMERICAN",
    "BLOCKS",
    "BOOKS",
    "CHOMBO_MODES",
    "CLAUSES",
    "CLUBS_CHOICE",
    "CLUB_RULE",
    "KNOBS",
    "LAST_HAND_AT_GONG",
    "LEFTOVER_MODES",
    "MULTI_RON_MODES",
    "NEWEST_PRESET",
    "PAO_HANDS",
    "LOBBIES",
    "PRESETS",
    "REGULATIONS",
    "RENHOU_MODES",
    "RIICHI",
    "SOURCES",
    "SUMMARIES",
    "TIME_UP_MODES",
    "TOPICS",
    "Preset",
    "RuleSet",
    "clause",
    "get_preset",
    "knob_clause",
    "source_of",
]
