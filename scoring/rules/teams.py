"""A team's score in a team competition, over any set of games (the club's team rules).

A team scores the sum of its players' results in the competition, or, with ``best`` K, of
each round's best K results of its players (a round where fewer played counts them all);
team penalties come off the team's score, never off a game. Where the family ranks by table
points, a result's table points count with it, and the teams rank by them first (the
individual standings' order); the best K are the best by that same order.

In a league a round is an evening: a player's evening (the sum of their games that day) is
one result, and an evening the stage does not count counts for no team (``evening_results``).

Plain numbers: a player and a team are whatever the caller keys them by (ids).
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .league import Night, counted_evenings
from .standings import places
from .table_points import UNIT


@dataclass(frozen=True)
class Result:
    """One player's result of one game: its round (any key that groups games, e.g. an event's
    round number or a league's night), the points, and the table points where they rank."""

    round: int
    player: int
    points: int
    table_points: Fraction = Fraction(0)


@dataclass(frozen=True)
class Contribution:
    """What a player brought their team: the results that counted (and all they played)."""

    player: int
    points: int
    table_points: Fraction
    counted: int
    played: int


@dataclass(frozen=True)
class TeamScore:
    """A team's line on the team board: its place, its score (penalties taken off), the
    penalties, and each player's contribution (best first)."""

    place: int
    team: int
    points: int
    table_points: Fraction
    penalties: int
    contributions: tuple[Contribution, ...]


def team_scores(
    results: Iterable[Result],
    teams: Mapping[int, Iterable[int]],
    *,
    best: int | None = None,
    penalties: Mapping[int, int] | None = None,
    by_table_points: bool = False,
) -> list[TeamScore]:
    """Every team of ``teams`` (team -> its players) scored over ``results`` (a result of a
    player of no team counts for none), best first; ``penalties``: points taken off a team."""
    team_of = {player: team for team, players in teams.items() for player in players}

    def key(result: Result) -> tuple[Fraction | int, ...]:
        return (result.table_points, result.points) if by_table_points else (result.points,)

    listed = [result for result in results if result.player in team_of]
    by_round: dict[tuple[int, int], list[int]] = defaultdict(list)  # (team, round) -> its results' indices
    shares: dict[int, list[int]] = defaultdict(list)  # player -> their results' indices
    for n, result in enumerate(listed):
        by_round[team_of[result.player], result.round].append(n)
        shares[result.player].append(n)
    counted = {n for ns in by_round.values() for n in sorted(ns, key=lambda n: key(listed[n]), reverse=True)[:best]}
    lines = []
    for team, players in teams.items():
        contributions = sorted(
            (
                _contribution(player, [listed[n] for n in shares[player] if n in counted], len(shares[player]))
                for player in players
            ),
            key=lambda c: ((c.table_points, c.points) if by_table_points else (c.points,), -c.player),
            reverse=True,
        )
        taken = (penalties or {}).get(team, 0)
        points = sum(c.points for c in contributions) - taken
        lines.append((team, points, sum((c.table_points for c in contributions), Fraction(0)), taken, contributions))
    ranked = places([(tp, points) if by_table_points else (points,) for _team, points, tp, _taken, _c in lines])
    scores = [
        TeamScore(place, team, points, tp, taken, tuple(contributions))
        for place, (team, points, tp, taken, contributions) in zip(ranked, lines, strict=True)
    ]
    return sorted(scores, key=lambda score: score.place)


def _contribution(player: int, kept: list[Result], played: int) -> Contribution:
    return Contribution(
        player,
        sum(result.points for result in kept),
        sum((result.table_points for result in kept), Fraction(0)),
        len(kept),
        played,
    )


def evening_results(nights: Iterable[Night], min_players: int = 0) -> list[Result]:
    """A league stage's evenings as results: each player's evening is one result of that
    evening's round; an evening with fewer than ``min_players`` players counts for nobody."""
    nights = list(nights)
    counted = counted_evenings(nights, min_players)
    return [
        Result(night.day.toordinal(), night.player, night.points.result, Fraction(night.points.table_points, UNIT))
        for night in nights
        if night.day in counted
    ]
