"""Ranking players across events (``rank_events``): a pure function of their finishes and a
system, exact in fractions; ``ranking_output`` writes it as ``manage.py rank_events`` prints it."""

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from ..eventlog.stages import shared_ranks
from ..eventlog.write import number
from ..standings import share
from .results import Finish
from .systems import Aggregate, System


@dataclass(frozen=True, slots=True)
class Counted:
    """A finish as a ranking weighs it: the day it counts on (the event's last day, or each day
    where the system counts days), its points and its weight (the event's, times its age's share)."""

    finish: Finish
    day: date
    points: int
    weight: Fraction


@dataclass(frozen=True, slots=True)
class Ranked:
    """A player's line of a ranking: his rank, ranking points, the results that make them
    (``counted``) and those in the window that do not (``dropped``), best first."""

    player: str
    name: str
    rank: int
    points: Fraction
    counted: tuple[Counted, ...]
    dropped: tuple[Counted, ...]


def base_rank(place: int, field: int) -> int:
    """The MERS base rank: 1000 × (field − place) / (field − 1), to a whole point (half up); a
    field of one wins 1000."""
    if field == 1:
        return 1000
    return share(1000 * (field - place), field - 1)


def place_points(system: System, place: int, field: int) -> int:
    """What a place gives: the system's table of points, else the MERS base rank."""
    if not system.place_points:
        return base_rank(place, field)
    return system.place_points[place - 1] if place <= len(system.place_points) else 0


def age_share(system: System, day: date, on: date) -> Fraction | None:
    """The share of its weight a result of ``day`` keeps on ``on`` (None: it no longer counts)."""
    if not system.ages:
        return Fraction(1)
    old = (on - day).days
    return next((part for most, part in system.ages if old <= most), None)


def ranking_start(system: System, on: date) -> date | None:
    """The latest reset on or before ``on``: the season's start or a reset day (None: none)."""
    starts = [reset for reset in system.resets if reset <= on]
    if system.season_start is not None:
        month, day = system.season_start
        start = date(on.year, month, day)
        starts.append(start if start <= on else date(on.year - 1, month, day))
    return max(starts, default=None)


def counted(system: System, finishes: Iterable[Finish], on: date) -> list[Counted]:
    """The results that count on ``on``: of the system's events, none after ``on`` nor before
    the latest reset, none older than its ages allow; each weighed."""
    start = ranking_start(system, on)
    found = []
    for finish in finishes:
        if finish.family not in system.families or (system.rulesets and finish.ruleset not in system.rulesets):
            continue
        if finish.field < system.min_field:
            continue
        points = place_points(system, finish.place, finish.field)
        weight = finish.weight if system.weighted else Fraction(1)
        for day in finish.days if system.per_day else finish.days[-1:]:
            part = age_share(system, day, on)
            if day <= on and (start is None or day >= start) and part is not None:
                found.append(Counted(finish, day, points, weight * part))
    return found


def part_a_count(system: System, results: int) -> int:
    """How many results part A averages: the best ``best_floor``, then ``best_share`` of the
    others, rounded up."""
    assert system.best_share is not None
    rest = max(results - system.best_floor, 0)
    return min(results, system.best_floor) + math.ceil(system.best_share * rest)


def average(best: Sequence[Counted], least: int) -> Fraction:
    """The weighted average of ``best``, made up to ``least`` results with 0s of weight 1."""
    missing = max(least - len(best), 0)
    weights = sum((item.weight for item in best), Fraction(missing))
    return sum((item.points * item.weight for item in best), Fraction(0)) / weights


def player_points(system: System, best: Sequence[Counted]) -> tuple[Fraction, int]:
    """A player's ranking points from his results best first, and how many of them count."""
    if system.aggregate == Aggregate.TOTAL:
        take = len(best) if system.best_n is None else system.best_n
        return sum((item.points * item.weight for item in best[:take]), Fraction(0)), min(take, len(best))
    parts: list[Fraction] = []
    take = 0
    if system.best_share is not None:
        count = part_a_count(system, len(best))
        parts.append(average(best[:count], system.best_floor if system.pad else 0))
        take = count
    if system.best_n is not None:
        parts.append(average(best[: system.best_n], system.best_n if system.pad else 0))
        take = max(take, min(system.best_n, len(best)))
    return sum(parts, Fraction(0)) / len(parts), take


def last_day(finishes: Iterable[Finish]) -> date:
    """The last day of any of ``finishes``: the day a ranking is made on unless one is given."""
    return max((finish.days[-1] for finish in finishes), default=date.min)


def rank_events(system: System, finishes: Iterable[Finish], on: date) -> tuple[Ranked, ...]:
    """Every player with at least ``min_results`` results counting on ``on``, best first: by
    points, level players sharing a rank (1, 2, 2, 4), then by name."""
    by_player: dict[str, list[Counted]] = defaultdict(list)
    for item in counted(system, finishes, on):
        by_player[item.finish.player].append(item)
    lines = []
    for player, results in by_player.items():
        if len(results) < system.min_results:
            continue
        results.sort(key=lambda item: (-item.points, -item.day.toordinal(), item.finish.event))
        points, take = player_points(system, results)
        name = max(results, key=lambda item: item.day).finish.name
        lines.append((points, name, player, tuple(results[:take]), tuple(results[take:])))
    lines.sort(key=lambda line: (-line[0], line[1], line[2]))
    ranks = shared_ranks(line[0] for line in lines)
    return tuple(
        Ranked(player, name, rank, points, best, dropped)
        for rank, (points, name, player, best, dropped) in zip(ranks, lines, strict=True)
    )


def ranking_output(system: System, ranking: Sequence[Ranked], on: date) -> dict[str, Any]:
    """The ranking as ``rank_events`` prints it: numbers to 0.001, days in ISO form."""

    def result(item: Counted) -> dict[str, Any]:
        finish = item.finish
        return {
            "event": finish.event,
            "day": item.day.isoformat(),
            "place": finish.place,
            "field": finish.field,
            "points": item.points,
            "weight": number(item.weight),
        }

    return {
        "system": system.slug,
        "on": on.isoformat(),
        "players": [
            {
                "rank": line.rank,
                "player": line.name,
                "id": line.player,
                "points": number(line.points),
                "counted": [result(item) for item in line.counted],
                "dropped": [result(item) for item in line.dropped],
            }
            for line in ranking
        ],
    }
