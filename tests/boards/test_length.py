"""The boards per length (Tenhou rules, East-only games (tonpuusen)): East-only and hanchan results are comparable
only per length, so the riichi and sanma boards show hanchan games unless asked, say which
length they show, filter by it, and name it in their CSV."""

import csv
import io

import pytest
from django.urls import reverse

from .conftest import RON, TSUMO, play
from .test_views import BOARD, cells

pytestmark = pytest.mark.django_db


@pytest.fixture
def lengths(players):
    """Ann, Bob, Cho, Dee play a hanchan; Cho, Dee, Eve, Fay an East-only game."""
    play(players[:4], [RON, TSUMO])
    play(players[2:], [TSUMO], rounds=1)
    return players


def names(html):
    return {row[1] for row in cells(html)}


def test_the_board_shows_hanchan_games_unless_asked(client, lengths):
    html = client.get(BOARD).content.decode()
    assert names(html) == {"Ann", "Bob", "Cho", "Dee"}
    assert "Hanchan games" in html
    assert "filtered" not in html  # the board's own length is not a filter the reader set
    html = client.get(BOARD, {"length": ""}).content.decode()  # the filter's first choice: hanchan
    assert names(html) == {"Ann", "Bob", "Cho", "Dee"}
    assert '<option value="" selected>Hanchan</option>' in html


def test_the_board_of_east_only_games(client, lengths):
    html = client.get(BOARD, {"length": 1}).content.decode()
    assert names(html) == {"Cho", "Dee", "Eve", "Fay"}
    assert "East-only games" in html
    assert '<option value="1" selected>East-only</option>' in html
    response = client.get(reverse("scoring:leaderboard_csv"), {"length": 1})
    assert "leaderboard-riichi-east-only-" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert {row[1] for row in rows[1:]} == {"Cho", "Dee", "Eve", "Fay"}


def test_a_length_the_board_does_not_know_says_so(client, lengths):
    html = client.get(BOARD, {"length": 3}).content.decode()
    assert "Check the filters" in html


def test_the_american_board_has_no_length(client, lengths):
    html = client.get(reverse("scoring:american_board")).content.decode()
    assert 'name="length"' not in html and "Hanchan" not in html


def test_a_game_stored_before_the_length_was_a_knob_is_a_hanchan(client, players):
    """Games stored before the ``rounds`` knob have knobs without it: hanchan, as every preset was."""
    game = play(players[:4], [RON])
    game.knobs.pop("rounds")
    game.save(update_fields=["knobs"])
    assert game.length == "Hanchan"
    assert names(client.get(BOARD).content.decode()) == {"Ann", "Bob", "Cho", "Dee"}
    assert "No finished games" in cells(client.get(BOARD, {"length": 1}).content.decode())[0][0]
