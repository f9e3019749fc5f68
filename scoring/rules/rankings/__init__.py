"""Rankings across events: each player's places at events (``results``), ranking systems as
knobs with their presets and sources (``systems``), and the ranking itself (``rank``), pure and
exact. Every name is re-exported here."""

from .rank import Counted, Ranked, base_rank, last_day, rank_events, ranking_output
from .results import Finish, finishes, mers_weight
from .systems import SOURCES, SYSTEMS, Aggregate, System

__all__ = [
    "SOURCES",
    "SYSTEMS",
    "Aggregate",
    "Counted",
    "Finish",
    "Ranked",
    "System",
    "base_rank",
    "finishes",
    "last_day",
    "mers_weight",
    "rank_events",
    "ranking_output",
]
