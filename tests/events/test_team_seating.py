"""Seating with teams, pure Python, property-based: an event
draw never seats two players of one team at a table when a draw without that exists; a
designed schedule puts whole teams in its groups."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.events import designs
from scoring.events.seating import Past, draw_random
from scoring.events.teammates import (
    TEAM_MEETING,
    meeting_cost,
    teammate_pairs,
    teammate_tables,
    teammates,
    teams_apart_possible,
)
from tests.hypothesis_budget import examples


def by_player(teams) -> dict[int, int]:
    return {player: team for team, players in enumerate(teams) for player in players}


def pairs(past, tables) -> int:
    return sum(teammate_pairs(past, table) for table in tables)


@st.composite
def events(draw):
    """Players 0..n-1, each in one of up to eight teams or in none, the tables' seats and the rest's."""
    count = draw(st.integers(6, 40))
    assignment = draw(st.lists(st.integers(-1, 7), min_size=count, max_size=count))
    rest = draw(st.sampled_from([0, 3]))
    return count, {player: team for player, team in enumerate(assignment) if team >= 0}, rest


@settings(max_examples=examples(40), deadline=None)
@given(event=events(), rounds=st.integers(1, 3), seed=st.integers(0, 10**6), effort=st.sampled_from([0, 100]))
def test_no_teammates_at_a_table_whenever_a_draw_without_exists(event, rounds, seed, effort):
    """The club's team rule: "never seats two players of one team at a table when a draw without that
    exists" — a draw of the seated exists exactly when no team has more of them than there are
    tables (``teams_apart_possible``); and "never worse than the draw without teams" on what
    the draw puts first: the pairs of teammates at a table (the draw that ignores the teams
    counted with them). Whatever the search's effort: at 0 it moves no one."""
    count, teams, rest = event
    past, blind = Past(seats=4, rest_seats=rest, teams=teams), Past(seats=4, rest_seats=rest)
    for number in range(rounds):
        draw = draw_random(range(count), past, random.Random(f"{seed}:{number}"), effort=effort)
        without = draw_random(range(count), blind, random.Random(f"{seed}:{number}"), effort=100)
        seated = [p for table in draw.tables for p in table]
        if teams_apart_possible(past, seated):
            assert teammate_tables(past, draw.tables) == 0
        assert pairs(past, draw.tables) <= pairs(past, without.tables)
        past, blind = past.after(draw), blind.after(without)


@settings(max_examples=examples(10), deadline=None)
@given(q=st.sampled_from([4, 5, 7, 8]), seed=st.integers(0, 10**6))
def test_four_teams_of_q_are_the_designs_groups(q, seed):
    """The club's team rule: "for four teams of q players over q rounds the transversal design's groups
    are exactly the teams: no teammates ever meet, every pair of rivals meets once"."""
    players = random.Random(seed).sample(range(100, 100 + 4 * q), 4 * q)
    teams = tuple(tuple(players[i * q : (i + 1) * q]) for i in range(4))
    past = Past(seats=4, teams=by_player(teams))
    for number in range(q):
        draw = designs.draw(players, past, random.Random(f"{seed}:{number}"), seed=seed, rounds=q)
        past = past.after(draw)
    met = Counter(pair for tables in past.rounds for table in tables for pair in combinations(sorted(table), 2))
    rivals = {tuple(sorted((a, b))) for a, b in combinations(players, 2) if not teammates(past, a, b)}
    assert set(met) == rivals
    assert set(met.values()) == {1}


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_eight_teams_of_four_in_32_players_never_meet_a_teammate(seed):
    """Two teams to a group of the TD(4, 8): eight rounds, no teammates, no repeat pair."""
    players = list(range(32))
    random.Random(seed).shuffle(players)
    past = Past(seats=4, teams=by_player([players[i * 4 : i * 4 + 4] for i in range(8)]))
    for number in range(8):
        draw = designs.draw(players, past, random.Random(f"{seed}:{number}"), seed=seed, rounds=8)
        assert teammate_tables(past, draw.tables) == 0
        past = past.after(draw)
    assert max(past.meetings.values()) == 1


def test_the_fifth_round_of_sixteen_keeps_teammates_apart():
    """AG(2, 4)'s fifth round is its groups: with four teams as the groups, the draw's own
    search seats them apart instead (as far as it can: each then meets a rival again)."""
    teams = tuple(tuple(range(i * 4, i * 4 + 4)) for i in range(4))
    past = Past(seats=4, teams=by_player(teams))
    for number in range(5):
        draw = designs.draw(range(16), past, random.Random(number), seed=7, rounds=5)
        assert teammate_tables(past, draw.tables) == 0
        past = past.after(draw)


def test_too_big_a_team_sits_together_as_little_as_dealt():
    """Five of one team at four tables: one table seats two of them, the fewest."""
    past = Past(seats=4, teams=by_player([range(5)]))
    draw = draw_random(range(16), past, random.Random(1), effort=200)
    assert not teams_apart_possible(past, range(16))
    assert teammate_tables(past, draw.tables) == 1


@pytest.mark.parametrize(
    "a, b, cost",
    [
        (0, 3, 2),  # teams 0 and 1 met twice, teams 0 and 2 never: two beyond the least
        (0, 4, 0),  # teams 0 and 2: the least met pair
        (0, 1, 0),  # teammates: TEAMMATE's, not a meeting of two teams
        (0, 9, 0),  # a player of no team
    ],
)
def test_rivals_cost_their_teams_meetings_beyond_the_least_met_pair(a, b, cost):
    """The club's team rule: "pairings ... balance how often teams meet" (``TEAM_MEETING`` per meeting of
    the two teams beyond the least met pair of teams')."""
    teams = {0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2}
    past = Past((((0, 2), (1, 3), (4, 5)),), seats=2, teams=teams)
    assert meeting_cost(past, a, b) == cost * TEAM_MEETING
