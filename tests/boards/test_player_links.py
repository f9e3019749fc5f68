"""Player names link to the player's page wherever a read page shows them."""

import re

import pytest
from django.urls import reverse

from .conftest import MAHJONG, RON, TSUMO, play


@pytest.mark.django_db
def test_every_name_on_a_read_page_is_a_link(client, players, night):
    game = play(players[:4], [RON, TSUMO], session=night)
    play(players[2:6], [MAHJONG], preset="american", session=night)
    links = {p.name: f'<a href="{reverse("scoring:player", args=[p.pk])}">{p.name}</a>' for p in players}
    pages = [
        "/",
        reverse("scoring:games"),
        reverse("scoring:game", args=[game.pk]),
        reverse("scoring:session", args=[night.pk]),
        reverse("scoring:leaderboard"),
        reverse("scoring:american_board"),
        reverse("scoring:player", args=[players[2].pk]),
    ]
    for url in pages:
        main = client.get(url).content.decode().split('id="main"', 1)[1]
        main = re.sub(r"<(title|desc|h1)\b.*?</\1>", "", main, flags=re.S)  # headings, SVG titles
        for name, link in links.items():
            bare = len(re.findall(rf">\s*{name}\s*<", main))
            linked = main.count(link)
            assert bare == linked, (url, name, bare, linked)
