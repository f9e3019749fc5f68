"""A game page read while another phone undoes or records a hand (PostgreSQL, where each
statement otherwise sees its own moment): the page shows the hand wholly or not at all."""

import threading

import pytest
from django.db import connection, connections

from scoring.boards import handlog
from scoring.models import Game, Player, Ruleset
from scoring.records import services
from scoring.rules import RiichiHand, Win

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="READ COMMITTED between statements: PostgreSQL"),
]

DRAW = RiichiHand("draw", tenpai=(0, 1, 2, 3))


@pytest.fixture
def game():
    players = [Player.objects.create(name=name) for name in ("Ann", "Bo", "Cho", "Dee")]
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players)
    services.record_hand(game=game, facts=DRAW, expected_number=1, submission_key="k1")
    services.record_hand(
        game=game, facts=RiichiHand("win", wins=(Win(1, 2, 3, 30),)), expected_number=2, submission_key="k2"
    )
    return game


def meanwhile(monkeypatch, write):
    """Run ``write`` in another connection right after the page has read the hands."""
    real = handlog.hands_with_facts

    def hands_then_write(game):
        hands = list(real(game))

        def other_phone():
            try:
                write(Game.objects.get(pk=game.pk))
            finally:
                connections.close_all()

        thread = threading.Thread(target=other_phone)
        thread.start()
        thread.join()
        return hands

    monkeypatch.setattr(handlog, "hands_with_facts", hands_then_write)


@pytest.mark.parametrize("path", ["/games/{}/", "/games/{}/live/", "/games/{}/table/"])
def test_a_hand_undone_while_the_page_reads_is_still_wholly_shown(admin_client, game, monkeypatch, path):
    meanwhile(monkeypatch, lambda g: services.undo_last_hand(game=g))
    response = admin_client.get(path.format(game.pk))
    assert response.status_code == 200
    assert "Bo ron off Cho, 3 han 30 fu" in response.content.decode() and "34,200" in response.content.decode()


def test_a_hand_recorded_while_the_page_reads_is_not_half_shown(admin_client, game, monkeypatch):
    meanwhile(monkeypatch, lambda g: services.record_hand(game=g, facts=DRAW, expected_number=3, submission_key="k3"))
    response = admin_client.get(f"/games/{game.pk}/live/")
    assert response.status_code == 200
