"""The read-only game page: hand log with every delta, the running-scores
chart (SVG), standings, and the downloadable game log."""

import json

import pytest
from django.urls import reverse

from scoring.records import services
from scoring.records.gamelogs import game_document
from scoring.rules import Penalty, RiichiHand, Win, score_document


def url(name, game):
    return reverse(f"scoring:{name}", args=[game.pk])


@pytest.fixture
def played(game):
    hands = [
        RiichiHand("win", wins=(Win(1, 2, 3, 30),), riichi=(1,)),
        RiichiHand("draw", riichi=(0,), tenpai=(0, 3)),
        RiichiHand("win", wins=(Win(0, 2, 2, 30), Win(3, 2, 0, 0, 1, 1)), riichi=(0,)),
        RiichiHand("chombo", offender=2, penalties=(Penalty(1, 1000, "result", "slow play"),)),
    ]
    for number, facts in enumerate(hands, 1):
        services.record_hand(game=game, facts=facts, expected_number=number, submission_key=str(number))
    return game


def test_game_page_shows_log_chart_and_standings(client, played):
    html = client.get(url("game", played)).content.decode()
    assert "<svg" in html and "<polyline" in html and 'role="img"' in html
    assert html.count("<polyline") == 4
    assert "Bo ron off Cho, 3 han 30 fu; riichi: Bo" in html
    assert "Ann ron off Cho, 2 han 30 fu; Dee ron off Cho, yakuman, Bo liable" in html
    assert "Chombo by Cho" in html
    assert "Cho pays Bo 3,900" in html  # payments in words
    assert "Bo loses 1,000 from the result (slow play)" in html
    assert "Standings as they stand" in html
    assert f'href="/games/{played.pk}/log.json"' in html
    assert "Open the table" not in html  # anonymous


def test_game_page_links_the_table_for_a_recorder(client_ann, played):
    assert "Open the table" in client_ann.get(url("game", played)).content.decode()


def test_download_is_the_game_log(client, played):
    response = client.get(url("game_log", played))
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"] == f'attachment; filename="game-{played.pk}.json"'
    document = json.loads(response.content)
    assert document == game_document(played)
    assert score_document(document)["hands"][0]["deltas"] == {"Ann": 0, "Bo": 3900, "Cho": -3900, "Dee": 0}


def test_games_list(client, played):
    html = client.get(reverse("scoring:games")).content.decode()
    assert f'href="/games/{played.pk}/"' in html
    assert (
        ", ".join(
            f'<a href="/players/{seat.player_id}/">{seat.player.name}</a>' for seat in played.seats.order_by("seat")
        )
        in html
    )


@pytest.mark.parametrize("extra", [0, 5])
def test_game_page_queries_do_not_grow_with_the_game(client, played, extra, django_assert_max_num_queries):
    for n in range(extra):
        services.record_hand(game=played, facts=RiichiHand("draw"), expected_number=5 + n, submission_key=f"x{n}")
    with django_assert_max_num_queries(12):
        assert client.get(url("game", played)).status_code == 200
