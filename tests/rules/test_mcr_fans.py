"""The MCR fan catalogue: the Green Book's 81 fans (Mahjong Competition Rules 2006, §8), in its
order and points, and ``points_of`` adding a win's fans."""

import pytest

from scoring.rules.errors import RuleError
from scoring.rules.families.mcr.fans import BY_NAME, FANS, FLOWER_TILES, GROUPS, points_of

# §8: how many fans each points value has, high to low (80 patterns and the flowers)
GREEN_BOOK_GROUPS = [
    (88, 7),
    (64, 6),
    (48, 2),
    (32, 3),
    (24, 9),
    (16, 6),
    (12, 5),
    (8, 9),
    (6, 7),
    (4, 4),
    (2, 10),
    (1, 13),
]


@pytest.mark.parametrize(("points", "count"), GREEN_BOOK_GROUPS)
def test_each_group_has_the_green_books_number_of_fans(points, count):
    assert sum(fan.points == points for fan in FANS) == count


@pytest.mark.parametrize(
    ("number", "name", "points"),
    [
        (1, "Big Four Winds", 88),
        (7, "Thirteen Orphans", 88),
        (8, "All Terminals", 64),
        (13, "Pure Terminal Chows", 64),
        (14, "Quadruple Chow", 48),
        (16, "Four Pure Shifted Chows", 32),
        (19, "Seven Pairs", 24),
        (28, "Pure Straight", 16),
        (31, "All Fives", 16),
        (34, "Lesser Honors and Knitted Tiles", 12),
        (39, "Mixed Straight", 8),
        (43, "Chicken Hand", 8),
        (48, "All Pungs", 6),
        (53, "Two Concealed Kongs", 6),
        (54, "Two Dragon Pungs", 6),
        (55, "Outside Hand", 4),
        (56, "Fully Concealed Hand", 4),
        (59, "Dragon Pung", 2),
        (62, "Concealed Hand", 2),
        (68, "All Simples", 2),
        (69, "Pure Double Chow", 1),
        (80, "Self-Drawn", 1),
        (81, "Flower Tiles", 1),
    ],
)
def test_fans_in_green_book_order(number, name, points):
    assert FANS[number - 1] == (number, name, points)
    assert BY_NAME[name].number == number


def test_81_fans_numbered_in_order_high_to_low():
    assert [fan.number for fan in FANS] == list(range(1, 82))
    assert [fan.points for fan in FANS] == sorted((fan.points for fan in FANS), reverse=True)
    assert len(BY_NAME) == 81
    assert GROUPS == tuple(points for points, _ in GREEN_BOOK_GROUPS)
    assert FLOWER_TILES == "Flower Tiles"


@pytest.mark.parametrize(
    ("names", "points"),
    [
        ([], 0),
        (["Mixed Straight"], 8),
        (["Pure Double Chow", "Pure Double Chow"], 2),  # a fan counted twice is listed twice
        (["Seven Pairs", "Tile Hog", "All Simples"], 28),
        (["Chicken Hand", "Flower Tiles", "Flower Tiles"], 10),
    ],
)
def test_points_of_a_wins_fans(names, points):
    assert points_of(names) == points


@pytest.mark.parametrize("name", ["Chicken", "mixed straight", "Pinfu", 8, None])
def test_an_unknown_fan_names_the_green_book(name):
    with pytest.raises(RuleError, match=r"is not a fan of the Mahjong Competition Rules \(Green Book, 2006\)") as error:
        points_of(["Mixed Straight", name])
    assert error.value.field == "fans"
