"""The club's records: facts of every hand, and the numbers the rule engine derives from them.

Facts (who won, from whom, han/fu or card value, riichi, tenpai, penalties …) are the
record; derived columns (deltas, scores, dealer, counters, pot, standings, per-game counts)
exist so that pages and leaderboards are plain queries, never a replay at read time.
Nothing here writes: ``scoring.records.services`` is the only write path.

One module per kind of record; every name is re-exported here, so ``from scoring.models
import Game`` (and the migrations) keep working.
"""

from scoring.caching.models import PageVersion  # the page cache's version tokens, beside the records they version

from .audit import AuditEntry
from .events import Event, EventPlayer, EventRound, EventStage, EventTable, EventTableGame
from .fields import FAMILIES, SEAT_CHOICES, no_control, seat_field, seat_list_field
from .games import Game, GameQuerySet, Seat, seat_game_day
from .hands import Hand, HandSeat, Incident, Penalty, UndoneSubmission, Win
from .leagues import Division, Stage, StageEntry
from .players import ClubSession, OnlineName, Player, Season
from .rankings import ImportedEvent, ImportedResult
from .ratings import PlayerRating, RatingChange
from .rulesets import Ruleset, RulesetQuerySet
from .seats import different_players, for_seats, seat_count, seat_index, table_seats
from .submissions import StaffSubmission
from .teams import Team, TeamCompetition, TeamMember, TeamPenalty

__all__ = [
    "FAMILIES",
    "SEAT_CHOICES",
    "AuditEntry",
    "ClubSession",
    "Division",
    "Event",
    "EventPlayer",
    "EventRound",
    "EventStage",
    "EventTable",
    "EventTableGame",
    "Game",
    "GameQuerySet",
    "Hand",
    "ImportedEvent",
    "ImportedResult",
    "HandSeat",
    "Incident",
    "OnlineName",
    "PageVersion",
    "Penalty",
    "Player",
    "PlayerRating",
    "RatingChange",
    "Ruleset",
    "RulesetQuerySet",
    "Season",
    "Seat",
    "Team",
    "TeamCompetition",
    "TeamMember",
    "TeamPenalty",
    "StaffSubmission",
    "Stage",
    "StageEntry",
    "UndoneSubmission",
    "Win",
    "different_players",
    "for_seats",
    "no_control",
    "seat_count",
    "seat_field",
    "seat_index",
    "seat_list_field",
    "seat_game_day",
    "table_seats",
]
