"""The game page links its session's standings; the import page says where the files come from."""

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.models import ClubSession

from .conftest import TSUMO, play

pytestmark = pytest.mark.django_db


def test_the_game_page_links_its_sessions_standings(client, players):
    night = ClubSession.objects.create(name="Friday night", date=date(2026, 12, 4))
    game = play(players[:4], [TSUMO], session=night)
    html = client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert (
        f'<a href="{reverse("scoring:session", args=[night.pk])}" title="This session\'s standings">Friday night</a>'
        in html
    )


def test_the_import_page_says_where_to_get_a_tenhou_log_and_a_mahjong_soul_one(client):
    client.force_login(User.objects.create_user("staff", password="pw-staff-123", is_staff=True))
    html = client.get(reverse("scoring:import_online")).content.decode()
    assert "https://tenhou.net/0/log/?" in html
    assert "tensoul" in html
