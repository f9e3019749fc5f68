"""A league's rules: a stage's standing from each player's evenings, the cut and the points carried
into the next stage, and promotion and relegation between divisions at the season's end.

Sources: M-League regulations (the top 6 of the regular season carry half their points into the
semifinal, the top 4 of the semifinal half again into the final); the Kawa league (24 hanchan, then
the top 16 with halved scores); NPM's divisions (C3 → C2 → C1 → B → A, the best of each moving up,
the worst down); club attendance rules (attend 8 of 10 weeks, best N nights count, a champion must
have played 75% of the evenings, an evening counts only if 8 members played).

Every family ranks by ``Points``: table points first (MCR's; 0 in the other families), then the
result (riichi's result, MCR's score, American score), all integers.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date as Date
from enum import StrEnum
from typing import NamedTuple

from .errors import RuleError, gettext_noop
from .standings import places, share


class Carry(StrEnum):
    """What a player who makes the cut takes into the next stage."""

    FULL = "full"  # ×1
    HALF = "half"  # ×½ (M-League, the Kawa league)
    RESET = "reset"  # everyone starts again from 0


class Points(NamedTuple):
    """What a standing ranks by: table points (0 outside MCR), then the result."""

    table_points: int = 0
    result: int = 0

    def plus(self, other: "Points") -> "Points":
        return Points(self.table_points + other.table_points, self.result + other.result)


NOTHING = Points()


@dataclass(frozen=True)
class Night:
    """One player's evening: the sum of their games' points that day."""

    player: int
    day: Date
    points: Points
    games: int = 1


@dataclass(frozen=True)
class StageRules:
    """The knobs of a stage: which evenings and results count, who is ranked, who goes on."""

    best_nights: int | None = None  # only the best N evenings of each player count
    min_nights: int = 0  # fewer evenings: not ranked (shown apart)
    min_percent: int = 0  # or: fewer than this share of the stage's evenings
    min_players: int = 0  # an evening with fewer players counts for nobody
    cut: int | None = None  # the top N go on to the next stage
    cut_percent: int | None = None  # or: this share of the ranked players (rounded up)
    carry: Carry = Carry.FULL

    def __post_init__(self) -> None:
        for name in ("best_nights", "cut"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise RuleError(gettext_noop("%(knob)s must be at least 1, or empty"), field=name, knob=name)
        for name in ("min_percent", "cut_percent"):
            value = getattr(self, name)
            if value is not None and not 0 <= value <= 100:
                raise RuleError(gettext_noop("%(knob)s is a share from 0 to 100"), field=name, knob=name)
        if self.cut is not None and self.cut_percent is not None:
            raise RuleError(gettext_noop("a cut is the top N or a share, not both"), field="cut")


@dataclass(frozen=True)
class Line:
    """A player's line of a stage's standing; ``rank`` None when below the attendance minimum."""

    player: int
    carried: Points  # from the stage before
    counted: Points  # this stage's evenings that count
    nights: int  # evenings played that count at all
    counted_nights: int  # of which count in the total (best N)
    rank: int | None

    @property
    def total(self) -> Points:
        return self.carried.plus(self.counted)

    @property
    def ranked(self) -> bool:
        return self.rank is not None


def counted_evenings(nights: Iterable[Night], min_players: int) -> set[Date]:
    """The evenings that count: those at least ``min_players`` players played (club rule: an
    evening counts only if 8 members played)."""
    players: dict[Date, set[int]] = {}
    for night in nights:
        players.setdefault(night.day, set()).add(night.player)
    return {day for day, who in players.items() if len(who) >= min_players}


def best(nights: Sequence[Night], count: int | None) -> list[Night]:
    """A player's best ``count`` evenings (all when None), best first; equal evenings: the earlier."""
    ranked = sorted(nights, key=lambda night: (-night.points.table_points, -night.points.result, night.day))
    return ranked if count is None else ranked[:count]


def attendance_minimum(rules: StageRules, evenings: int) -> int:
    """The evenings a player must have played to be ranked: ``min_nights``, or ``min_percent`` of
    the stage's evenings rounded up (75% of 10 evenings: 8), whichever is more."""
    return max(rules.min_nights, -(-rules.min_percent * evenings // 100))


def carried(points: Points, carry: Carry) -> Points:
    """What a total is worth in the next stage. Half of an odd total is rounded to the nearest
    point, half away from zero (the club's rule, as for shared uma): 1235 → 618, −1235 → −618."""
    if carry == Carry.FULL:
        return points
    if carry == Carry.HALF:
        return Points(share(points.table_points, 2), share(points.result, 2))
    return NOTHING


def stage_standing(
    nights: Iterable[Night],
    rules: StageRules,
    *,
    entrants: Mapping[int, Points] | None = None,
) -> tuple[Line, ...]:
    """The standing of a stage: ranked players by total (carried + counted evenings), tied totals
    sharing a place (1, 1, 3), then the players below the attendance minimum, unranked.

    ``entrants``: who is in this stage and what they carry in (a later stage, a division); None
    for everyone who played. Equal totals are listed by more evenings counted, then player id.
    """
    nights = list(nights)
    evenings = counted_evenings(nights, rules.min_players)
    minimum = attendance_minimum(rules, len(evenings))
    mine: dict[int, list[Night]] = {player: [] for player in entrants or ()}
    for night in nights:
        if night.day in evenings and (entrants is None or night.player in entrants):
            mine.setdefault(night.player, []).append(night)
    rows = []
    for player, played in mine.items():
        counting = best(played, rules.best_nights)
        counted = NOTHING
        for night in counting:
            counted = counted.plus(night.points)
        rows.append((player, (entrants or {}).get(player, NOTHING), counted, len(played), len(counting)))
    rows.sort(key=lambda row: (-row[1].plus(row[2]).table_points, -row[1].plus(row[2]).result, -row[4], row[0]))
    ranked = [row for row in rows if row[3] >= minimum]
    apart = [row for row in rows if row[3] < minimum]
    rank = places([row[1].plus(row[2]) for row in ranked])
    return tuple(Line(*row, rank=place) for row, place in zip(ranked, rank, strict=True)) + tuple(
        Line(*row, rank=None) for row in apart
    )


def advancing(lines: Sequence[Line], rules: StageRules) -> int:
    """How many lines of the standing go on (the cut line is drawn under them): the ranked players
    placed in the top ``cut`` (players tied on the line all go on), or the top ``cut_percent`` of
    the ranked rounded up; every ranked player without a cut. Unranked players never go on."""
    ranked = [line for line in lines if line.ranked]
    if rules.cut is not None:
        top = rules.cut
    elif rules.cut_percent is not None:
        top = -(-rules.cut_percent * len(ranked) // 100)
    else:
        return len(ranked)
    return sum(1 for line in ranked if line.rank is not None and line.rank <= top)


def next_stage(lines: Sequence[Line], rules: StageRules) -> dict[int, Points]:
    """The entrants of the next stage and what each carries in: those above the cut line."""
    return {line.player: carried(line.total, rules.carry) for line in lines[: advancing(lines, rules)]}


def season_order(stages: Sequence[Sequence[Line]]) -> tuple[Line, ...]:
    """The order at the season's end from the standings of its stages (first to last), as M-League
    ranks its teams: the final stage's ranked players, then those cut before it by the standing of
    the stage they were last ranked in (a later stage first). A player never ranked is left out."""
    seen: set[int] = set()
    order = []
    for lines in reversed(stages):
        for line in lines:
            if line.ranked and line.player not in seen:
                seen.add(line.player)
                order.append(line)
    return tuple(order)


@dataclass(frozen=True)
class Division:
    """A division's final standing, top division first in the list given to ``next_divisions``."""

    lines: tuple[Line, ...]
    promote: int = 0
    relegate: int = 0


class Moves(NamedTuple):
    """Who goes up and who goes down from a division."""

    promoted: tuple[int, ...]
    relegated: tuple[int, ...]


def moves(divisions: Sequence[Division]) -> list[Moves]:
    """Each division's promoted (its best ``promote`` ranked players) and relegated (its worst
    ``relegate`` ranked), as NPM moves players between C3, C2, C1, B and A at the season's end.
    Nobody goes up from the top division or down from the bottom one; players below the attendance
    minimum are not ranked, so they stay; a tie on the line goes by the standing's order."""
    found = []
    for index, division in enumerate(divisions):
        ranked = [line.player for line in division.lines if line.ranked]
        up = ranked[: division.promote] if index > 0 else []
        down_count = division.relegate if index < len(divisions) - 1 else 0
        down = [player for player in ranked[len(ranked) - down_count :] if player not in up] if down_count else []
        found.append(Moves(tuple(up), tuple(down)))
    return found


def next_divisions(divisions: Sequence[Division], members: Sequence[Collection[int]]) -> list[list[int]]:
    """Next season's members of each division: this season's ``members``, the promoted moved one
    division up, the relegated one down."""
    found: list[list[int]] = [[] for _ in divisions]
    move = moves(divisions)
    for index, people in enumerate(members):
        for player in people:
            if player in move[index].promoted:
                found[index - 1].append(player)
            elif player in move[index].relegated:
                found[index + 1].append(player)
            else:
                found[index].append(player)
    return found
