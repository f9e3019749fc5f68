"""A hand fixed in the admin keeps its win's tiles (they are facts of the win), and its han and
fu must still be what the tiles give, unless the tiles say the scorer overrode them."""

import json

import pytest
from django.urls import reverse

from scoring.models import Hand
from scoring.records import services
from tests.records.test_admin import hand_post

pytestmark = pytest.mark.django_db
PINFU = {"hand": "23m456789p23455s", "win": "4m"}


def imported():
    return services.import_document(
        doc={
            "format": "mahjong-club/game-log@1",
            "ruleset": "ema-2016",
            "players": ["Ann", "Bea", "Cid", "Dee"],
            "hands": [
                {
                    "result": "win",
                    "wins": [{"winner": "Bea", "from": "Ann", "han": 1, "fu": 30, "tiles": PINFU}],
                    "riichi": [],
                }
            ],
        }
    )


def edit(admin_client, game, han, tiles):
    hand = Hand.objects.get(game=game, number=1)
    wins = [{"winner": "1", "discarder": "0", "han": str(han), "fu": "30", "tiles": json.dumps(tiles)}]
    return admin_client.post(
        reverse("admin:scoring_hand_change", args=[hand.pk]),
        hand_post(hand, wins=wins, result="win", comment="checked"),
    )


def test_an_admin_edit_keeps_the_tiles(admin_client):
    game = imported()
    response = edit(admin_client, game, 1, PINFU)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert [w.tiles for w in Hand.objects.get(game=game, number=1).wins.all()] == [PINFU]


def test_an_admin_edit_of_the_han_is_checked_against_the_tiles(admin_client):
    """Else the game would export a log that its own import refuses."""
    game = imported()
    response = edit(admin_client, game, 3, PINFU)
    assert response.status_code == 200
    assert "tiles give 1 han 30 fu under EMA 2016, the log says 3 han 30 fu" in response.content.decode()
    assert Hand.objects.get(game=game, number=1).wins.get().han == 1
    response = edit(admin_client, game, 3, {**PINFU, "override": True})
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=1).wins.get().han == 3
