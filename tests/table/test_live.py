"""Live for everyone at the table: the table page and the game page poll
with the version they show; an unchanged game answers 304, a changed one its regions out of
band, never the hand form being filled in on that phone."""

import re

import pytest
from django.urls import reverse

from .test_table_views import HX, ron, url

pytestmark = pytest.mark.django_db


def shown_version(html):
    return re.search(r'"If-None-Match": "(\\"[^\\]+\\")"', html).group(1).replace("\\", "")


@pytest.mark.parametrize(
    "page_name, live, queries",
    [
        # the version is the game's tokens, one query (scoring.caching.versions)
        ("table", "table_live", 7),  # the session, the login, the game, its seats and players, may record
        ("game", "game_live", 1),  # public results: nothing but the version
    ],
)
def test_an_unchanged_game_costs_a_304_and_a_saved_hand_the_new_regions(
    client_ann, game, page_name, live, queries, django_assert_num_queries
):
    version = shown_version(client_ann.get(url(page_name, game)).content.decode())
    headers = {**HX, "If-None-Match": version}
    with django_assert_num_queries(queries):
        assert client_ann.get(url(live, game), headers=headers).status_code == 304
    ron(client_ann, game)
    response = client_ann.get(url(live, game), headers=headers)
    html = response.content.decode()
    assert response.status_code == 200
    assert "33,900" in html and 'hx-swap-oob="true"' in html
    assert shown_version(html) != version and response["ETag"] == shown_version(html)
    assert client_ann.get(url(live, game), headers={**HX, "If-None-Match": response["ETag"]}).status_code == 304


def test_a_form_being_filled_in_is_left_alone(client_ann, game):
    version = shown_version(client_ann.get(url("table", game)).content.decode())
    ron(client_ann, game)
    headers = {**HX, "If-None-Match": version}
    idle = client_ann.get(url("table_live", game), headers=headers).content.decode()
    busy = client_ann.get(url("table_live", game) + "?outcome=tsumo", headers=headers).content.decode()
    assert 'id="hand-form"' in idle and "Hand 2: what happened?" in idle
    assert 'id="hand-form"' not in busy and 'id="scoreboard"' in busy and 'id="hand-log"' in busy
    assert "changed on another phone" in busy and "changed on another phone" not in idle


def test_a_finished_game_page_stops_polling(client_ann, game):
    client_ann.post(url("finish", game), headers=HX)
    assert "every 3s" not in client_ann.get(url("game", game)).content.decode()
    assert reverse("scoring:game_live", args=[game.pk]) not in client_ann.get(url("game", game)).content.decode()
