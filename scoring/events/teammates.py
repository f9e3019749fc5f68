"""Teams at the seating draws (``scoring.events.seating``; ``Past.teams``): what teammates at
a table and rival teams meeting again cost, how many pairs and tables of teammates a
seating has, whether the round's players can sit with no two teammates at a table, and a
seating that does it."""

from collections import Counter
from itertools import combinations

from scoring.events.past import (  # noqa: F401 (the teams' costs, defined with the past they read)
    TEAM_MEETING,
    TEAMMATE,
    Draw,
    Past,
    meeting_cost,
    team_meetings,
    teammates,
    teams_cost,
)


def teammate_pairs(past: Past, table) -> int:
    """How many pairs of teammates sit at the table."""
    return sum(teammates(past, a, b) for a, b in combinations(table, 2)) if past.teams else 0


def teammate_tables(past: Past, tables) -> int:
    """How many of the tables seat two players of one team."""
    return sum(1 for table in tables if teammate_pairs(past, table))


def teams_apart_possible(past: Past, seated) -> bool:
    """Whether ``seated`` fit at their round's tables with no two teammates at one: no team
    has more of them than there are tables (``teams_dealt`` then finds such a seating)."""
    per_team = Counter(past.teams[p] for p in seated if p in past.teams)
    return max(per_team.values(), default=0) <= len(past.sizes(len(seated)))


def draw_preference(past: Past, draw: Draw) -> tuple[int, bool, int]:
    """What makes one draw of a round better than another, first to last: fewer pairs of
    teammates at a table, everyone at a least played wind, the cost."""
    pairs = sum(teammate_pairs(past, table) for table in draw.tables)
    return pairs, tables_wind_cost(past, draw.tables) > 0, draw.cost


def tables_wind_cost(past: Past, tables) -> int:
    return sum(past.wind_cost(player, wind, len(table)) for table in tables for wind, player in enumerate(table))


def teams_dealt(past: Past, seated, rng, sizes: tuple[int, ...]) -> list[list[int]]:
    """Tables with no two teammates when no team has more players than there are tables: the
    players team by team (the largest team first, each in a random order, then the players of
    no team) dealt a seat at a time across the tables, the smaller tables (always the last)
    dealt their last seat fewer. A team's run of at most as many players as tables never
    comes back to a table it holds; a larger team's comes back evenly, so the fewest pairs
    of teammates sit together."""
    order = [p for team in team_groups(past, rng.sample(seated, len(seated))) for p in team]
    seats = [(table, wind) for wind in range(max(sizes)) for table, size in enumerate(sizes) if wind < size]
    tables: list[list[int]] = [[] for _size in sizes]
    for (table, _wind), player in zip(seats, order, strict=True):
        tables[table].append(player)
    return tables


def team_groups(past: Past, players) -> list[list[int]]:
    """``players`` by team (each player of no team alone), the largest team first, each in
    the order given."""
    teams: dict[int, list[int]] = {}
    for player in players:
        teams.setdefault(past.teams.get(player, -1 - player), []).append(player)
    return sorted(teams.values(), key=lambda team: -len(team))
