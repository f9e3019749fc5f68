"""A hand fixed in the admin keeps its win's tiles (they are facts of the win)."""

import json

import pytest
from django.urls import reverse

from scoring.models import Hand
from scoring.records import services
from tests.records.test_admin import hand_post

pytestmark = pytest.mark.django_db
PINFU = {"hand": "23m456789p23455s", "win": "4m"}


def test_an_admin_edit_keeps_the_tiles(admin_client):
    game = services.import_document(doc={
        "format": "mahjong-club/game-log@1", "ruleset": "ema-2016", "players": ["Ann", "Bea", "Cid", "Dee"],
        "hands": [{"result": "win", "wins": [{"winner": "Bea", "from": "Ann", "han": 1, "fu": 30, "tiles": PINFU}],
                   "riichi": []}]})
    hand = Hand.objects.get(game=game, number=1)
    wins = [{"winner": "1", "discarder": "0", "han": "1", "fu": "30", "tiles": json.dumps(PINFU)}]
    response = admin_client.post(reverse("admin:scoring_hand_change", args=[hand.pk]),
                                 hand_post(hand, wins=wins, result="win", comment="checked"))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert [w.tiles for w in Hand.objects.get(game=game, number=1).wins.all()] == [PINFU]
