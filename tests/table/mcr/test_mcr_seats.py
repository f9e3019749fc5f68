"""The table page seen from a player's chair after the Green Book's seat changes ("Changing
seats": after the East round East and South change places, so do West and North): the players
around the viewer are those in the chairs this hand, each with their seat wind, and "Turn to"
goes to whoever sits on the viewer's right (next to play)."""

import re

import pytest

from ..test_table_views import url
from .test_mcr_table import post

pytestmark = pytest.mark.django_db

SEAT = re.compile(
    r'<li class="seat pos-(\d)[^"]*">\s*(?:<span class="wind"><abbr title="(\w+)"[^>]*>\w</abbr>.*?</span></span>)?'
    r'\s*<span class="name">(\w+)</span>',
    re.S,
)


def around(html: str) -> dict[str, tuple[str, str]]:
    """Where each player sits as the viewer sees the table (me, right, across, left) and their wind."""
    places = ("me", "right", "across", "left")
    return {name: (places[int(position)], wind) for position, wind, name in SEAT.findall(html)}


def test_the_first_hand_seats_everyone_in_the_chairs_drawn(client_ann, mcr):
    html = client_ann.get(url("table", mcr)).content.decode()
    assert around(html) == {
        "Ann": ("me", "East"),
        "Bo": ("right", "South"),
        "Cho": ("across", "West"),
        "Dee": ("left", "North"),
    }
    assert "Turn to Bo" in html


def test_after_hand_4_the_chairs_are_the_south_rounds(client_ann, mcr):
    """S1: Bo in the East chair deals, Ann South; Dee (now West) on Ann's right, Cho (North) across."""
    for _ in range(4):
        post(client_ann, mcr, "draw")
    html = client_ann.get(url("table", mcr)).content.decode()
    assert around(html) == {
        "Ann": ("me", "South"),
        "Dee": ("right", "West"),
        "Cho": ("across", "North"),
        "Bo": ("left", "East"),
    }
    assert "Turn to Dee" in html
    seen_from_bo = client_ann.get(url("table", mcr) + "?seat=1").content.decode()
    assert around(seen_from_bo)["Ann"] == ("right", "South") and "Turn to Ann" in seen_from_bo


def test_after_hand_9_the_winds_follow_the_deal_in_the_west_rounds_chairs(client_ann, mcr):
    """W2: chairs Cho, Dee, Bo, Ann (East to North); Dee deals from the South chair."""
    for _ in range(9):
        post(client_ann, mcr, "draw")
    html = client_ann.get(url("table", mcr)).content.decode()
    assert around(html) == {
        "Ann": ("me", "West"),
        "Cho": ("right", "North"),
        "Dee": ("across", "East"),
        "Bo": ("left", "South"),
    }


HAND_WINDS = re.compile(
    r'<span class="hand-wind"><abbr title="(\w+)"[^>]*>\w</abbr>.*?</span></span> <a [^>]*>(\w+)</a>', re.S
)


def test_the_game_page_gives_each_hand_its_seat_winds(client_ann, mcr):
    """Each hand card names each player's seat wind that hand: E4 (Dee deals from the North
    chair), then S1 after the seat change (Bo deals from the East chair, Ann sits South)."""
    for _ in range(5):
        post(client_ann, mcr, "draw")
    html = client_ann.get(f"/games/{mcr.pk}/").content.decode()
    cards = re.findall(r'<li class="hand-card" id="hand-(\d+)">(.*?)</li>', html, re.S)
    winds = {int(number): dict((name, wind) for wind, name in HAND_WINDS.findall(card)) for number, card in cards}
    assert winds[1] == {"Ann": "East", "Bo": "South", "Cho": "West", "Dee": "North"}
    assert winds[4] == {"Ann": "South", "Bo": "West", "Cho": "North", "Dee": "East"}
    assert winds[5] == {"Ann": "South", "Bo": "East", "Cho": "North", "Dee": "West"}
