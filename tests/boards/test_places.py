"""One place everywhere: by result, penalties included, tied results
sharing the better place (1, 1, 3, 4), the same on the game, table, session, season,
player, leaderboard and home pages, in both families.

The game here: Ines and Jonas end on the same score, Ines loses a 100-point referee
penalty and so ends on Lars's result. By result: Wen 1st, Jonas 2nd, Ines and Lars 3rd.
"""

import re
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from scoring.models import ClubSession, Player, Season
from scoring.rules import AmericanHand, Penalty, RiichiHand, Win

from .conftest import play

WEN, INES, JONAS, LARS = range(4)
# Wen's two mahjongs, both from Lars's discard (50 each): Wen +400, Ines and Jonas −100,
# Lars −200; Ines's penalty of 100 takes her result to −200, Lars's.
AMERICAN_GAME = [
    AmericanHand("mahjong", winner=WEN, discarder=LARS, value=50),
    AmericanHand("mahjong", winner=WEN, discarder=LARS, value=50, penalties=(Penalty(INES, 100, reason="referee"),)),
]
# The same shape in riichi (EMA 2016, 30,000 start and return): Wen (dealer) rons Lars twice,
# 5,800 and 6,100; Ines and Jonas keep 30,000 and share the uma of 2nd and 3rd (0 each); Wen
# ends +26,900 with his uma, Lars −26,900, and Ines's 26,900 referee penalty puts her level.
RIICHI_GAME = [
    RiichiHand("win", wins=(Win(WEN, LARS, 3, 30),)),
    RiichiHand("win", wins=(Win(WEN, LARS, 3, 30),), penalties=(Penalty(INES, 26900, reason="referee"),)),
]
EXPECTED = {"Wen": 1, "Jonas": 2, "Ines": 3, "Lars": 3}


def row_of(html: str, name: str, *, cell: int = 0) -> str:
    """The text of cell ``cell`` of the first innermost table row or list item naming ``name``."""
    for row in re.findall(r"<(?:tr|li)\b(?:(?!<(?:tr|li)\b).)*?</(?:tr|li)>", html, re.S):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[dh]\b.*?</t[dh]>", row, re.S)]
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip()
        if re.search(rf">\s*{name}\s*<", row):
            return cells[cell] if cells else text.split(" ")[0]
    raise AssertionError(f"{name} is not on the page")


@pytest.mark.django_db
@pytest.mark.parametrize("preset, hands", [("american", AMERICAN_GAME), ("ema-2016", RIICHI_GAME)])
def test_every_page_gives_the_same_places(client, preset, hands):
    players = [Player.objects.create(name=name) for name in ("Wen", "Ines", "Jonas", "Lars")]
    session = ClubSession.objects.create(name="Night", date=date(2026, 3, 5))
    season = Season.objects.create(name="Spring", start=date(2026, 3, 1), end=date(2026, 5, 31))
    game = play(players, hands, preset=preset, session=session, day=date(2026, 3, 5))
    stored = {seat.player.name: seat.place for seat in game.seats.select_related("player")}
    assert stored == EXPECTED
    board = "scoring:leaderboard" if preset != "american" else "scoring:american_board"
    pages = {
        "game": client.get(reverse("scoring:game", args=[game.pk])).content.decode(),
        "session": client.get(reverse("scoring:session", args=[session.pk])).content.decode(),
        "season": client.get(reverse("scoring:season", args=[season.pk])).content.decode(),
        "leaderboard": client.get(reverse(board)).content.decode(),
        "home": client.get("/").content.decode(),
    }
    scorer = User.objects.create_user("sam")
    scorer.groups.add(Group.objects.get_or_create(name="scorers")[0])
    client.force_login(scorer)  # the table page's final standings, as the scorer sees them
    pages["table"] = client.get(reverse("scoring:table", args=[game.pk])).content.decode()
    client.logout()
    for page, html in pages.items():
        assert {name: int(row_of(html, name)) for name in EXPECTED} == EXPECTED, page
    session_cards = pages["session"].split('id="games-title"')[1]
    assert {name: int(row_of(session_cards, name)) for name in EXPECTED} == EXPECTED
    for player in players:
        html = client.get(reverse("scoring:player", args=[player.pk])).content.decode()
        recent = html.split('aria-labelledby="recent-title"')[-1]
        own = re.search(r'<tbody>.*?<td class="num">(\d+)</td>', recent, re.S).group(1)
        assert int(own) == EXPECTED[player.name], player.name


@pytest.mark.django_db
def test_the_table_marks_as_leader_who_is_first_as_things_stand(client):
    """The scoreboard's leader is place 1 (penalties included), nobody before the first hand."""
    players = [Player.objects.create(name=name) for name in ("Wen", "Ines", "Jonas", "Lars")]
    scorer = User.objects.create_user("sam")
    scorer.groups.add(Group.objects.get_or_create(name="scorers")[0])
    client.force_login(scorer)

    def leaders(game):
        html = client.get(reverse("scoring:table", args=[game.pk])).content.decode()
        return re.findall(r'class="seat [^"]*\bleader\b.*?class="name"[^>]*>\s*(?:<[^>]+>\s*)*([^<\s]+)', html, re.S)

    game = play(players, [], finish=False)
    assert leaders(game) == []
    # Ines has the top score (a mangan off Jonas) but a 30,000 referee penalty: as things stand
    # (+8 + 15 uma − 30) Wen and Lars (0) share first, Ines is third
    game = play(
        players,
        [RiichiHand("win", wins=(Win(INES, JONAS, 5, 30),), penalties=(Penalty(INES, 30000, reason="referee"),))],
        finish=False,
    )
    assert {seat.player.name: seat.place for seat in game.seats.all()}["Ines"] == 3
    assert sorted(leaders(game)) == ["Lars", "Wen"]
