"""Numbers and dates in one style on every read page: thousands grouped,
the real minus sign "−" (never a hyphen before a figure), dates as the language writes them
(never 2026-03-05 or 03/05/2026)."""

import re
from datetime import date
from html import unescape

import pytest
from django.urls import reverse

from scoring.models import Season

from .conftest import CHOMBO, MAHJONG, RON, TSUMO, WALL, play

HYPHEN_MINUS = re.compile(r"(?<![\w\-–])-\d")
UNGROUPED = re.compile(r"(?<![\d,.])(?!20\d\d\b)\d{4,}(?![\d,])")
OTHER_DATES = re.compile(r"\b\d{4}-\d\d-\d\d\b|\b\d\d?/\d\d?/\d{2,4}\b")


def text(html: str) -> str:
    body = html.split('id="main"', 1)[1]
    body = re.sub(r"<(script|style)\b.*?</\1>", "", body, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.django_db
def test_every_read_page_writes_numbers_and_dates_one_way(client, players, night):
    Season.objects.create(name="Spring", start=date(2026, 3, 1), end=date(2026, 5, 31))
    game = play(players[:4], [RON, TSUMO, CHOMBO], session=night, day=night.date)
    play(players[:4], [MAHJONG, WALL], preset="american", session=night, day=night.date)
    urls = [
        "/",
        reverse("scoring:games"),
        reverse("scoring:game", args=[game.pk]),
        reverse("scoring:leaderboard"),
        reverse("scoring:american_board"),
        reverse("scoring:session", args=[night.pk]),
        reverse("scoring:season", args=[Season.objects.get().pk]),
        *[reverse("scoring:player", args=[p.pk]) for p in players[:4]],
    ]
    for url in urls:
        page = text(client.get(url).content.decode())
        assert not HYPHEN_MINUS.findall(page), (
            url,
            [page[m.start() - 60 : m.end() + 20] for m in HYPHEN_MINUS.finditer(page)],
        )
        assert not UNGROUPED.findall(page), (url, UNGROUPED.findall(page))
        assert not OTHER_DATES.findall(page), (url, OTHER_DATES.findall(page))
