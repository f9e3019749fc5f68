"""MCR on the boards: the board, its CSV, the session standings, the player page, the hand log,
the records page and the ratings, on small games worked by hand and recorded through the
services (``record_hand`` with ``MCRHand`` facts).

Payments (Mahjong Competition Rules, "Payment"): a win pays fan + flowers + 8 from the
discarder and 8 from each other player, or fan + flowers + 8 from each on a self-draw; a false
mahjong costs the caller 10 to each other player. Table points (the EMA's MERS regulations,
"Ranking"): 4 / 2 / 1 / 0 by place, tied players sharing the places they span.

The five games of ``club`` (seats: Ann East, Bob South, Cho West, Dee North), worked by hand:

    G1  Ann wins 8 from Cho; Bob wins 8 from Cho   Ann +24  Bob +24  Cho -32  Dee -16
        two tied first share 4 + 2: 3, 3, then Dee 1, Cho 0
    G2  a draw                                     all 0: all four tied, 1.75 each
    G3  Dee: false mahjong (a draw)                Ann, Bob, Cho +10, Dee -30: a third each
        of 4 + 2 + 1 = 7/3 (2.33), Dee 0
    G4  as G3                                      two thirds add up exactly: 14/3 (4.67)
    G5  Dee self-draws 88; Bob penalty 2           Dee +288 (4), Ann -96 and Cho -96 tied
                                                   second (1.5 each), Bob -98 (0)

    table points: Ann 3 + 1.75 + 7/3 + 7/3 + 1.5 = 131/12 = 10.92   score  24 + 10 + 10 - 96 = -52
                  Bob 3 + 1.75 + 7/3 + 7/3 + 0   = 113/12 =  9.42   score  24 + 10 + 10 - 98 = -54
                  Cho 0 + 1.75 + 7/3 + 7/3 + 1.5 =  95/12 =  7.92   score -32 + 10 + 10 - 96 = -108
                  Dee 1 + 1.75 + 0 + 0 + 4       =  27/4  =  6.75   score -16 - 30 - 30 + 288 = 212

Dee has the best score and ranks last: the board ranks by table points first.
"""

import csv
import io
import re
from datetime import date

import pytest
from django.urls import reverse

from scoring.boards import stats
from scoring.honours import reads as records
from scoring.models import ClubSession, PlayerRating, Seat
from scoring.rules import FalseMahjong, MCRHand, MCRWin, Penalty
from tests.builders import make_players

from ..conftest import RON, play

pytestmark = pytest.mark.django_db

ANN, BOB, CHO, DEE = range(4)
DRAW = MCRHand("draw")
FALSE_MAHJONG_DEE = MCRHand("draw", incidents=(FalseMahjong(DEE),))
GAMES = (
    [MCRHand("win", MCRWin(ANN, CHO, 8)), MCRHand("win", MCRWin(BOB, CHO, 8))],
    [DRAW],
    [FALSE_MAHJONG_DEE],
    [FALSE_MAHJONG_DEE],
    [MCRHand("win", MCRWin(DEE, None, 88), penalties=(Penalty(BOB, 2, reason="slow play"),))],
)
# name: table points as shown, total, average, average place, wins, self-draws, feeds, biggest hand
BOARD = {
    "Ann": ("10.92", "−52", "−10.4", "1.20", "1", "0", "0", "8"),
    "Bob": ("9.42", "−54", "−10.8", "1.60", "1", "0", "0", "8"),
    "Cho": ("7.92", "−108", "−21.6", "1.80", "0", "0", "2", "–"),
    "Dee": ("6.75", "+212", "+42.4", "2.60", "1", "1", "0", "88"),
}


@pytest.fixture
def players(db):
    return make_players(("Ann", "Bob", "Cho", "Dee"))


@pytest.fixture
def night(db):
    return ClubSession.objects.create(name="MCR night", date=date(2026, 12, 4))


@pytest.fixture
def club(players, night):
    games = [play(players, hands, preset="mcr", session=night, day=night.date) for hands in GAMES]
    play(players, [RON], day=night.date)  # a riichi game: never on the MCR board
    return games


def cells(html: str) -> list[list[str]]:
    """The text of each body row's cells of the page's first table."""
    body = html.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_table_points_are_stored_exactly_in_48ths(club):
    """Ties share (3, 3, 1, 0; 1.75 ×4; 7/3 ×3) and every game's table points add up to 7."""
    shares = [sorted(Seat.objects.filter(game=game).values_list("table_points", flat=True)) for game in club]
    assert shares == [[0, 48, 144, 144], [84] * 4, [0, 112, 112, 112], [0, 112, 112, 112], [0, 72, 72, 192]]
    assert all(sum(game) == 7 * 48 for game in shares)


def test_the_board_ranks_by_table_points_then_score_with_exact_sums(client, club):
    html = client.get(reverse("scoring:mcr_board")).content.decode()
    rows = cells(html)
    assert [row[1] for row in rows] == ["Ann", "Bob", "Cho", "Dee"]  # Dee's +212 ranks last
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    for row in rows:
        assert row[2] == "5" and tuple(row[3:11]) == BOARD[row[1]], row
    riichi = client.get(reverse("scoring:leaderboard")).content.decode()
    assert [row[2] for row in cells(riichi)] == ["1"] * 4  # the riichi game alone


def test_the_csv_holds_the_board_with_plain_numbers(client, club):
    rows = list(csv.reader(io.StringIO(client.get(reverse("scoring:mcr_board_csv")).content.decode())))
    assert rows[0][:6] == ["#", "Player", "Games", "Table points", "Total score", "Average score"]
    assert rows[0][7:11] == ["Wins", "Self-draws", "Feeds", "Biggest hand"]
    assert [row[:6] for row in rows[1:]] == [
        ["1", "Ann", "5", "10.92", "-52", "-10.4"],
        ["2", "Bob", "5", "9.42", "-54", "-10.8"],
        ["3", "Cho", "5", "7.92", "-108", "-21.6"],
        ["4", "Dee", "5", "6.75", "+212", "+42.4"],
    ]
    assert [row[10] for row in rows[1:]] == ["8", "8", "", "88"]


def test_a_thousand_table_points_and_more_read_grouped_and_exact():
    from scoring.families.mcr.reads import table_points

    assert [table_points(units) for units in (0, 336, 112, 516, 48 * 1000 + 16)] == [
        "0",
        "7",
        "2.33",
        "10.75",
        "1,000.33",
    ]


def test_session_standings_rank_by_table_points_then_score(client, players):
    """Ann wins 8 from Bob (Ann 4; Cho and Dee tied second 1.5; Bob 0), then Cho wins 10 from
    Dee (Cho 4; Ann and Bob 1.5; Dee 0): Ann and Cho both 5.5, Cho's +26 above Ann's +24; Bob
    and Dee both 1.5, Bob's −24 above Dee's −26."""
    night = ClubSession.objects.create(name="Tuesday", date=date(2026, 12, 8))
    play(players, [MCRHand("win", MCRWin(ANN, BOB, 8))], preset="mcr", session=night)
    play(
        players,
        [MCRHand("win", MCRWin(CHO, DEE, 10, fans=("Mixed Straight", "Concealed Hand")))],
        preset="mcr",
        session=night,
    )
    rows = cells(
        client.get(reverse("scoring:session", args=[night.pk])).content.decode().split("standings-title", 1)[1]
    )
    assert [row[:5] for row in rows] == [
        ["1", "Cho", "2", "5.50", "+26"],
        ["2", "Ann", "2", "5.50", "+24"],
        ["3", "Bob", "2", "1.50", "−24"],
        ["4", "Dee", "2", "1.50", "−26"],
    ]


def test_the_player_page_has_the_mcr_figures_and_fans(client, players):
    cho = players[CHO]
    fans = ("Mixed Straight", "Concealed Hand")
    play(
        players,
        [MCRHand("win", MCRWin(CHO, DEE, 10, fans=fans)), MCRHand("win", MCRWin(CHO, None, 16, 2))],
        preset="mcr",
    )
    play(
        players,
        [MCRHand("win", MCRWin(CHO, ANN, 12, fans=("Mixed Straight", "All Chows", "Concealed Hand")))],
        preset="mcr",
    )
    html = client.get(reverse("scoring:player", args=[cho.pk])).content.decode()
    figures = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", html))
    assert figures["Table points"] == "8"  # first in both games
    # table points rank MCR players (the EMA's MCR regulations, "Ranking"): right after the games
    assert list(figures)[:3] == ["Games", "Table points", "Total score"]
    assert (figures["Wins"], figures["Self-draws"], figures["Feeds"]) == ("3", "1", "0")
    assert figures["Win %"] == "100.0" and figures["Feed %"] == "0.0"
    assert figures["Average points a win"] == "12.7"  # (10 + 16 + 12) / 3
    assert figures["Biggest hand"] == "16"
    assert figures["Fans most made"] == "Mixed Straight ×2, Concealed Hand ×2, All Chows ×1"
    dee = client.get(reverse("scoring:player", args=[players[DEE].pk])).content.decode()
    assert "<dt>Fans most made</dt><dd>–</dd>" in dee and "<dt>Biggest hand</dt><dd>–</dd>" in dee


def test_the_hand_log_reads_mcr_hands_in_mcr_words(client, players):
    game = play(
        players,
        [
            MCRHand("win", MCRWin(BOB, CHO, 10, 2, fans=("Mixed Straight", "Concealed Hand"))),
            MCRHand("win", MCRWin(ANN, None, 8, 1), incidents=(FalseMahjong(DEE),)),
            DRAW,
        ],
        preset="mcr",
    )
    html = client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert "Bob wins 10 points from Cho (+2 flowers): Mixed Straight, Concealed Hand" in html
    assert "Ann self-draws 8 points (+1 flower); Dee: false mahjong, pays 10 to each" in html
    assert "Dee pays Ann 10 (false mahjong)</li><li>Dee pays Bob 10 (false mahjong)" in html  # apart from the win
    assert "Dee pays Ann 17</li>" in html
    assert ">Draw<" in html


def test_the_records_page_lists_the_biggest_mcr_hands(client, club):
    biggest = records.biggest_by_fan("mcr", count=2)
    assert [(row["name"], row["fan"]) for row in biggest] == [("Dee", 88), ("Ann", 8), ("Bob", 8)]  # a tie kept
    html = client.get(reverse("scoring:records")).content.decode()
    assert "Biggest hands by points (fan)" in html and "Dee, game" in html and "88 points" in html
    assert records.counted_by("biggest_fan") == ["mcr"] and "mcr" not in records.counted_by("biggest_hands")


def test_mcr_games_rate_apart(club):
    rated = dict(PlayerRating.objects.filter(player__name="Ann").values_list("family", "games"))
    assert rated == {"mcr": 5, "riichi": 1}
    board = {row["name"]: row for row in stats.counted_seats("mcr").board("mcr")}
    assert board["Ann"]["rating"] == PlayerRating.objects.get(player__name="Ann", family="mcr").ordinal
