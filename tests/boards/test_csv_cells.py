"""CSV downloads a spreadsheet opens safely: a cell starting like a formula
is made inert with a leading apostrophe; signed numbers in the figure columns stay numbers."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.boards.csv_cells import inert
from scoring.models import Player
from tests.boards.conftest import MAHJONG, RON, TSUMO, WALL, play


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://evil.example","click")', '\'=HYPERLINK("http://evil.example","click")'),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("-12.3", "-12.3"),  # a riichi result in thousands
        ("+25", "+25"),  # an American score
        ("-1,200", "-1,200"),
        ("0.0", "0.0"),
        ("Ann", "Ann"),
        ("Ann = Bob", "Ann = Bob"),
        (3, "3"),
    ],
)
def test_a_cell_is_inert(cell, written):
    assert inert(cell) == written


@pytest.mark.parametrize(
    ("board", "preset", "hands"),
    [
        ("scoring:leaderboard_csv", "ema-2016", [RON, TSUMO]),
        ("scoring:american_board_csv", "american", [MAHJONG, WALL]),
    ],
)
def test_a_formula_name_is_inert_and_results_stay_numbers(client, db, board, preset, hands):
    names = ['=HYPERLINK("http://evil.example","win")', "@SUM(1+1)", "-Dee", "Eve"]
    play([Player.objects.create(name=name) for name in names], hands, preset=preset)
    rows = list(csv.reader(io.StringIO(client.get(reverse(board)).content.decode())))
    by_name = {row[1]: row for row in rows[1:]}
    assert set(by_name) == {"'" + name for name in names[:3]} | {"Eve"}
    totals = [row[3] for row in rows[1:]]
    assert any(total.startswith("-") for total in totals)  # a loser's result, unprefixed
    assert abs(sum(float(total) for total in totals)) < 1  # numbers, and the results sum to zero
