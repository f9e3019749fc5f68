"""American tournaments: the rotations between rounds and the event standing, each case citing
the organiser's rule it follows (the rulebook's American tournament points)."""

import pytest

from scoring.rules import RuleError
from scoring.rules.american_events import ROTATIONS, moves, rank_tournament, rotate, winner_of

# (rotation, its organiser's rule, seat, table, tables, the table next round)
MOVES = [
    ("destination", "Destination Mah Jongg: East stays", 0, 2, 5, 2),
    ("destination", "Destination Mah Jongg: South down 1", 1, 2, 5, 1),
    ("destination", "Destination Mah Jongg: West up 2", 2, 2, 5, 4),
    ("destination", "Destination Mah Jongg: North up 1", 3, 2, 5, 3),
    ("mahjcon", "MahjCon: A stays", 0, 3, 5, 3),
    ("mahjcon", "MahjCon: B down 1", 1, 3, 5, 2),
    ("mahjcon", "MahjCon: C down 2", 2, 3, 5, 1),
    ("mahjcon", "MahjCon: D up 1", 3, 3, 5, 4),
    ("four_seasons", "Four Seasons: East stays", 0, 4, 5, 4),
    ("four_seasons", "Four Seasons: West up 2", 2, 4, 5, 1),  # wraps: 6 is table 1
    ("four_seasons", "Four Seasons: North up 1", 3, 4, 5, 5),
    ("four_seasons", "Four Seasons: South down 1", 1, 4, 5, 3),
    ("fixed", "fixed tables: the same table all event", 2, 4, 5, 4),
    ("destination", "Destination Mah Jongg: South down 1 from table 1 is the last table (wrap-around)", 1, 1, 5, 5),
    ("mahjcon", "MahjCon: C down 2 from table 1 wraps to the table before the last", 2, 1, 5, 4),
    ("destination", "Destination Mah Jongg: North up 1 from the last table is table 1", 3, 5, 5, 1),
]


@pytest.mark.parametrize(("rotation", "rule", "seat", "table", "tables", "then"), MOVES, ids=[m[1] for m in MOVES])
def test_each_seat_moves_as_its_organiser_says(rotation, rule, seat, table, tables, then):
    assert moves(rotation, table, seat, tables) == then


@pytest.mark.parametrize("rotation", sorted(ROTATIONS))
@pytest.mark.parametrize("count", [1, 2, 3, 4, 7])
def test_a_rotation_seats_everyone_once_keeping_their_seat(rotation, count):
    """Rotations (Destination, MahjCon, Four Seasons, fixed): every player seated once next
    round, at the seat they had, whatever the number of tables (wrap-around)."""
    seating = tuple(tuple(range(4 * t, 4 * t + 4)) for t in range(count))
    nxt = rotate(rotation, seating)
    assert sorted(p for table in nxt for p in table) == list(range(4 * count))
    assert all(p % 4 == seat for table in nxt for seat, p in enumerate(table))


def test_destination_three_tables_worked():
    """Destination Mah Jongg's rotation (East stays, North up 1, South down 1, West up 2) over
    three tables, worked by hand."""
    seating = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
    assert rotate("destination", seating) == ((1, 6, 7, 12), (5, 10, 11, 4), (9, 2, 3, 8))


def test_fixed_tables_keep_everyone():
    """Fixed tables: the same table all event."""
    seating = ((1, 2, 3, 4), (5, 6, 7, 8))
    assert rotate("fixed", seating) == seating


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: moves("spiral", 1, 0, 4), "there is no rotation"),
        (lambda: moves("mahjcon", 5, 0, 4), "no table 5"),
        (lambda: rotate("mahjcon", ((1, 2, 3),)), "tables of four"),
    ],
    ids=["an unknown rotation", "a table past the last", "a table of three (rotations name four seats)"],
)
def test_a_rotation_refuses_what_it_cannot_move(call, words):
    with pytest.raises(RuleError, match=words):
        call()


# (case, games as (player, result) per seat, the standing as (place, player, total, won, best))
STANDINGS = [
    (
        "total tournament points first (the rulebook: the event ranks by total tournament points)",
        [((1, 50), (2, -25), (3, 0), (4, 0)), ((1, 0), (2, 30), (3, 0), (4, -10))],
        [(1, 1, 50, 1, 50), (2, 2, 5, 1, 30), (3, 3, 0, 0, 0), (4, 4, -10, 0, 0)],
    ),
    (
        "level totals: most games won first (the organisers' tie-break)",
        [((1, 40), (2, 0), (3, 0), (4, 0)), ((2, 25), (1, 0), (3, 0), (4, 0)), ((2, 15), (1, 0), (3, 0), (4, 0))],
        [(1, 2, 40, 2, 25), (2, 1, 40, 1, 40), (3, 3, 0, 0, 0), (3, 4, 0, 0, 0)],
    ),
    (
        "level totals and wins: the highest single game (the organisers' tie-break)",
        [((1, 30), (2, 0), (3, 0), (4, 0)), ((1, 0), (2, 10), (3, 10), (4, 10)), ((2, 20), (1, 0), (3, 0), (4, 0))],
        [(1, 1, 30, 1, 30), (2, 2, 30, 1, 20), (3, 3, 10, 0, 10), (3, 4, 10, 0, 10)],
    ),
    (
        "a wall game has no winner (+10 to every live hand: the rulebook's wall game)",
        [((1, 10), (2, 10), (3, 10), (4, 0))],
        [(1, 1, 10, 0, 10), (1, 2, 10, 0, 10), (1, 3, 10, 0, 10), (4, 4, 0, 0, 0)],
    ),
]


@pytest.mark.parametrize(("case", "games", "expected"), STANDINGS, ids=[s[0] for s in STANDINGS])
def test_the_tournament_standing(case, games, expected):
    lines = rank_tournament(games)
    assert sorted((line.place, line.player, line.total, line.won, line.best) for line in lines) == sorted(expected)
    assert [line.place for line in lines] == sorted(line.place for line in lines)


def test_the_second_tie_break_orders():
    """Level on total, most games won first, then the best game (the organisers' tie-break)."""
    games = [((1, 40), (2, 0), (3, 0), (4, 0)), ((2, 25), (1, 0), (3, 0), (4, 0)), ((2, 15), (1, 0), (3, 0), (4, 0))]
    assert [line.player for line in rank_tournament(games)][:2] == [2, 1]


@pytest.mark.parametrize(
    ("game", "winner"),
    [
        (((1, 35), (2, -10), (3, 0), (4, 0)), 1),
        (((1, 10), (2, 10), (3, 10), (4, 10)), None),
        (((1, 0), (2, 0), (3, 0), (4, 0)), None),
    ],
    ids=["the mahjong's caller wins", "a wall game: every live hand +10, no winner", "nothing scored"],
)
def test_who_won_a_game(game, winner):
    """The rulebook's American tournament points: the winner scores the card value and more;
    a wall game gives every live hand the same +10."""
    assert winner_of(game) == winner
