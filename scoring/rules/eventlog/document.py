"""The event log's format (the event-log format): its name, the keys each part may hold, what a
family's table counts in, and the parsed event (``EventLog``): the facts of an event, nothing
derived."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from ..gamelog import GameLog
from ..ruleset import RuleSet
from ..vocabulary import FamilyName, Value

FORMAT = "mahjong-club/event-log@1"

DOCUMENT_KEYS = (
    "format",
    "name",
    "ruleset",
    "days",
    "city",
    "country",
    "mers_weight",
    "players",
    "stages",
    "penalties",
    "comment",
)
PLAYER_KEYS = ("name", "ema", "country")
STAGE_KEYS = ("name", "cut", "advance_per_table", "carry", "rounds")
SCORES_TABLE_KEYS = ("players", "scores")
GAME_TABLE_KEYS = ("game",)
PENALTY_KEYS = ("player", "points", "stage", "reason")

TENTH = Fraction(1, 10)  # a penalty and a halved carry are whole tenths of a result unit


class Carry(Value):
    """A stage's ``carry``: what a player brings from the previous stage's total."""

    FULL = "full"
    HALF = "half"  # half, rounded to 0.1 result unit, half away from zero
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Units:
    """What a family's table counts in: its name in a message (``a riichi table``), the step of
    its table scores, the points in one result unit (riichi and sanma: results in thousands) and
    the EMA's name of its rules ("" where the EMA ranks none of its events)."""

    article: str
    word: str
    score_step: int
    result_unit: int
    ema_rules: str


UNITS: dict[str, Units] = {
    FamilyName.RIICHI: Units("a", "riichi", 100, 1000, "Riichi"),
    FamilyName.SANMA: Units("a", "sanma", 100, 1000, ""),
    FamilyName.MCR: Units("an", "MCR", 1, 1, "MCR"),  # a result is the table's table points
    FamilyName.AMERICAN: Units("an", "American", 1, 1, ""),
}


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of the field: the name tables and penalties name him by, his country (ISO 3166
    alpha-2) and his EMA number, if he has one."""

    name: str
    country: str
    ema: str | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its players (indexes into the field) in seat order, East first, and
    either the game's final table scores in the same order or the whole game."""

    players: tuple[int, ...]
    scores: tuple[int, ...] | None = None
    game: GameLog | None = None


@dataclass(frozen=True, slots=True)
class Stage:
    """A stage: who plays it (the first ``cut`` of the previous stage, the best
    ``advance_per_table`` of each table of its last round, or everyone), what they carry, its rounds."""

    name: str
    rounds: tuple[tuple[Table, ...], ...]
    cut: int | None = None
    advance_per_table: int | None = None
    carry: Carry = Carry.FULL


@dataclass(frozen=True, slots=True)
class EventPenalty:
    """Points in result units the referee takes off a player's total of a stage."""

    player: int
    points: Fraction
    stage: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class EventLog:
    """A parsed, validated event log: the facts of an event, nothing derived."""

    name: str
    rules: RuleSet
    days: tuple[date, ...]
    city: str
    country: str
    players: tuple[Entrant, ...]
    stages: tuple[Stage, ...]
    penalties: tuple[EventPenalty, ...] = ()
    mers_weight: Decimal | None = None
    comment: str | None = None

    @property
    def units(self) -> Units:
        return UNITS[self.rules.family]
