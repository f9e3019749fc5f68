"""The flow of an evening at the table: "Next game" in one tap, the
payments of a one-tap chombo before it is recorded, no abandoning a finished game."""

import random
from datetime import date

import pytest

from scoring.models import ClubSession, Game
from scoring.records import services

from .conftest import start
from .test_table_views import HX, fresh_form, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(players):
    session = ClubSession.objects.create(name="Club night", date=date(2026, 12, 1))
    game = start(players, "american", session=session)
    services.finish_game(game=game)
    return game


def test_next_game_is_one_tap_with_the_same_four_in_new_seats(client_ann, finished):
    page = client_ann.get(url("table", finished)).content.decode()
    assert url("next_game", finished) in page and "Abandon game" not in page
    response = client_ann.post(url("next_game", finished))
    following = Game.objects.exclude(pk=finished.pk).get()
    assert response.status_code == 302 and response["Location"] == url("table", following)
    assert (following.ruleset, following.session, following.status) == (
        finished.ruleset,
        finished.session,
        Game.IN_PROGRESS,
    )
    assert {s.player_id for s in following.seats.all()} == {s.player_id for s in finished.seats.all()}
    # a double tap (or htmx) lands on the same new game
    again = client_ann.post(url("next_game", finished), headers=HX)
    assert again["HX-Redirect"] == url("table", following) and Game.objects.count() == 2


def test_the_next_games_seats_are_drawn_again(players):
    game = start(players)
    services.finish_game(game=game)
    following = services.start_next_game(game=game, rng=random.Random(3))
    drawn = ["Ann", "Bo", "Cho", "Dee"]
    random.Random(3).shuffle(drawn)
    assert [s.player.name for s in following.seats.order_by("seat")] == drawn != ["Ann", "Bo", "Cho", "Dee"]


def test_no_next_game_while_playing_and_no_abandoning_a_finished_game(client_ann, game, finished):
    with pytest.raises(services.ServiceError, match="still being played"):
        services.start_next_game(game=game, rng=random.Random(1))
    html = client_ann.post(url("abandon", finished), headers=HX).content.decode()
    assert "undo the last hand first" in html
    assert Game.objects.get(pk=finished.pk).status == Game.FINISHED


def test_the_one_tap_chombo_shows_its_payments(client_ann, game):
    data = {**fresh_form(client_ann, game, "draw"), "riichi": [1], "tenpai": [0]}
    html = client_ann.post(url("preview", game), data, headers=HX).content.decode()
    offer = html.index("Record as chombo by Bo")
    payments = html.index("Who pays whom", offer)
    assert "Bo pays Ann 4,000" in html[payments:] and "−8,000" in html[payments:]
