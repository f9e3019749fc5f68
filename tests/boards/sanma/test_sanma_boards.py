"""Sanma on the boards, kept apart from four-player riichi: its board and CSV over three places,
the player page's sanma figures beside the riichi ones, session and season standings with three
places, the records page's sanma entries, its own ratings, and the statistics and rules pages'
sanma sections; on small games worked by hand and recorded through the services.

Payments (Tenhou three-player rules under ``tenhou-sanma``: 35,000 start, 40,000 return, uma
+20,000 / 0 / −20,000 (as its logs show), tsumo loss, a noten pool of 2,000; a ron as at four seats, EMA Riichi
Competition Rules 2016 §3.4.9). Seats: Ann East, Bob South, Cho West; the result is the final
score − 40,000 + uma, and the 3 × 5,000 oka to first place.

    S1  Bob riichi, rons Cho 3 han 30 fu: 3,900    Bob 38,900  Ann 35,000  Cho 31,100
        (his own stick back)                       Bob +33,900  Ann −5,000  Cho −28,900
    S2  Ann (dealer) tsumo mangan, tsumo loss:     Ann 42,000  Cho 33,000  Bob 30,000
        4,000 from each of two; then a draw,       Ann +37,000  Cho −7,000  Bob −30,000
        Cho alone tenpai: 1,000 from each of two
    S3  Bob rons Ann a yakuman: 32,000             Bob 67,000  Cho 35,000  Ann 3,000
                                                   Bob +62,000  Cho −5,000  Ann −57,000

    totals: Bob +65,900 (places 1, 3, 1), Ann −25,000 (2, 1, 3), Cho −40,900 (3, 2, 2); sum 0.
    hands 4 each; Bob 2 wins (3,900 + 32,000: average 17,950), 1 riichi; Ann 1 win, a tsumo
    (8,000), 1 deal-in (32,000); Cho 1 deal-in, tenpai at 1 draw.

One four-player game (``ema-2016``, Ann, Bob, Cho, Dee) in the same session: Bob riichi, rons
Cho 3 han 30 fu: Bob +18,900, Ann and Dee 0 (tied second, sharing +5,000 / −5,000), Cho −18,900.
"""

import csv
import io
import re
from datetime import date

import pytest
from django.urls import reverse
from openskill.models import PlackettLuce

from scoring.honours import reads as records
from scoring.models import ClubSession, PlayerRating, Season
from scoring.rulebook import knobs
from scoring.rules import PRESETS, RiichiHand, Win
from scoring.rules.vocabulary import FamilyName
from tests.builders import make_players

from ..conftest import RON, play
from ..mcr.test_mcr_boards import cells

pytestmark = pytest.mark.django_db

SANMA, RIICHI = FamilyName.SANMA, FamilyName.RIICHI
ANN, BOB, CHO = range(3)
GAMES = (
    [RiichiHand("win", wins=(Win(BOB, CHO, 3, 30),), riichi=(BOB,))],
    [RiichiHand("win", wins=(Win(ANN, None, 5),)), RiichiHand("draw", tenpai=(CHO,))],
    [RiichiHand("win", wins=(Win(BOB, ANN, yakuman=1),))],
)
PLACES = {"Ann": [2, 1, 3], "Bob": [1, 3, 1], "Cho": [3, 2, 2]}
# name: games, total, average, average place, 1st %, 2nd %, 3rd %, win %, deal-in %, riichi %,
# tsumo share %, average win, chombo
BOARD = {
    "Bob": ("3", "+65.9", "+22.0", "1.67", "66.7", "0.0", "33.3", "50.0", "0.0", "25.0", "0.0", "17,950", "0"),
    "Ann": ("3", "−25.0", "−8.3", "2.00", "33.3", "33.3", "33.3", "25.0", "25.0", "0.0", "100.0", "8,000", "0"),
    "Cho": ("3", "−40.9", "−13.6", "2.33", "0.0", "66.7", "33.3", "0.0", "25.0", "0.0", "–", "–", "0"),
}


@pytest.fixture
def players(db):
    return make_players(("Ann", "Bob", "Cho", "Dee"))


@pytest.fixture
def night(db):
    return ClubSession.objects.create(name="Sanma night", date=date(2026, 12, 4))


@pytest.fixture
def club(players, night):
    sanma = [play(players[:3], hands, preset="tenhou-sanma", session=night, day=night.date) for hands in GAMES]
    riichi = play(players, [RON], session=night, day=night.date)
    return sanma, riichi


def figures(html: str, family: str) -> dict[str, str]:
    """The player page's figures of one family's section."""
    section = re.search(rf'<section class="card family" aria-labelledby="family-{family}">.*?</section>', html, re.S)
    assert section, family
    return dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", section.group(0)))


def test_the_games_end_as_worked_by_hand(club):
    """Tenhou three-player rules: tsumo loss, the noten pool, uma and oka over three places."""
    sanma, riichi = club
    results = [sorted(game.seats.values_list("player__name", "score", "result", "place")) for game in sanma]
    assert results == [
        [("Ann", 35000, -5000, 2), ("Bob", 38900, 33900, 1), ("Cho", 31100, -28900, 3)],
        [("Ann", 42000, 37000, 1), ("Bob", 30000, -30000, 3), ("Cho", 33000, -7000, 2)],
        [("Ann", 3000, -57000, 3), ("Bob", 67000, 62000, 1), ("Cho", 35000, -5000, 2)],
    ]
    assert all(sum(seat.result for seat in game.seats.all()) == 0 for game in sanma)
    assert sorted(riichi.seats.values_list("player__name", "result")) == [
        ("Ann", 0),
        ("Bob", 18900),
        ("Cho", -18900),
        ("Dee", 0),
    ]


def test_the_sanma_board_has_three_places_and_the_figures_worked_by_hand(client, club):
    html = client.get(reverse("scoring:sanma_board")).content.decode()
    head = re.sub(r"<[^>]+>", " ", html.split("<thead", 1)[1].split("</thead>", 1)[0])
    assert "3rd %" in head and "4th %" not in head
    rows = cells(html)
    assert [(row[0], row[1]) for row in rows] == [("1", "Bob"), ("2", "Ann"), ("3", "Cho")]
    for row in rows:
        assert tuple(row[2:15]) == BOARD[row[1]], row
        rating = PlayerRating.objects.get(player__name=row[1], family=SANMA).ordinal
        assert row[15] == f"{rating:.2f}"


def test_the_riichi_board_counts_the_four_player_game_alone(client, club):
    rows = cells(client.get(reverse("scoring:leaderboard")).content.decode())
    assert {row[1]: (row[2], row[3]) for row in rows} == {
        "Bob": ("1", "+18.9"),
        "Ann": ("1", "0.0"),
        "Dee": ("1", "0.0"),
        "Cho": ("1", "−18.9"),
    }


def test_the_csv_holds_the_sanma_board_with_plain_numbers(client, club):
    rows = list(csv.reader(io.StringIO(client.get(reverse("scoring:sanma_board_csv")).content.decode())))
    assert rows[0][:9] == ["#", "Player", "Games", "Total result (k)", "Average result (k)", "Average place"] + [
        "1st %",
        "2nd %",
        "3rd %",
    ]
    assert "4th %" not in rows[0]
    assert [row[:7] for row in rows[1:]] == [
        ["1", "Bob", "3", "+65.9", "+22.0", "1.67", "66.7"],
        ["2", "Ann", "3", "-25.0", "-8.3", "2.00", "33.3"],
        ["3", "Cho", "3", "-40.9", "-13.6", "2.33", "0.0"],
    ]


def test_the_player_page_has_the_sanma_figures_apart_from_the_riichi_ones(client, club, players):
    html = client.get(reverse("scoring:player", args=[players[ANN].pk])).content.decode()
    sanma, riichi = figures(html, SANMA), figures(html, RIICHI)
    assert (sanma["Games"], sanma["Total result (k)"], sanma["Average place"]) == ("3", "−25.0", "2.00")
    assert (sanma["1st places"], sanma["3rd places"]) == ("1 (33.3 %)", "1 (33.3 %)") and "4th places" not in sanma
    assert (sanma["Hands"], sanma["Wins"], sanma["Tsumo share %"], sanma["Average win"]) == ("4", "1", "100.0", "8,000")
    assert (sanma["Deal-ins"], sanma["Average deal-in"]) == ("1", "32,000")
    assert (sanma["Best game"], sanma["Worst game"]) == ("+37.0", "−57.0")
    assert (riichi["Games"], riichi["Total result (k)"], riichi["Hands"], riichi["Wins"]) == ("1", "0.0", "1", "0")
    assert riichi["4th places"] == "0 (0.0 %)"
    assert html.index('id="family-riichi"') < html.index('id="family-sanma"')  # the families' order
    cho = figures(client.get(reverse("scoring:player", args=[players[CHO].pk])).content.decode(), SANMA)
    assert cho["Tenpai at exhaustive draws"] == "1" and cho["Tsumo share %"] == "–"


def standings(html: str, label: str) -> list[list[str]]:
    """The rows of the standings table under the family's heading."""
    return cells(html.split(f"<h3>{label}</h3>", 1)[1])


def test_session_standings_have_a_three_place_sanma_table(client, club, night):
    html = client.get(reverse("scoring:session", args=[night.pk])).content.decode()
    head = re.sub(r"<[^>]+>|\s+", " ", html.split("<h3>Sanma (three-player riichi)</h3>", 1)[1].split("</thead>", 1)[0])
    assert " 3rd " in head and " 4th " not in head
    assert standings(html, "Sanma (three-player riichi)") == [
        ["1", "Bob", "3", "+65.9", "1.67", "2", "0", "1"],
        ["2", "Ann", "3", "−25.0", "2.00", "1", "1", "1"],
        ["3", "Cho", "3", "−40.9", "2.33", "0", "2", "1"],
    ]
    riichi = standings(html, "Riichi")
    assert [row[:4] for row in riichi] == [["1", "Bob", "1", "+18.9"], ["2", "Ann", "1", "0.0"]] + [
        ["2", "Dee", "1", "0.0"],
        ["4", "Cho", "1", "−18.9"],
    ]
    assert "totals in thousands of points for riichi and sanma" in html


def test_season_standings_keep_sanma_apart(client, club):
    season = Season.objects.create(name="Winter", start=date(2026, 12, 1), end=date(2026, 12, 31))
    html = client.get(reverse("scoring:season", args=[season.pk])).content.decode()
    assert [row[:4] for row in standings(html, "Sanma (three-player riichi)")] == [
        ["1", "Bob", "3", "+65.9"],
        ["2", "Ann", "3", "−25.0"],
        ["3", "Cho", "3", "−40.9"],
    ]


def test_the_records_keep_sanma_hands_and_results_apart(club, night):
    """Bob's sanma yakuman is on the sanma wall, not the riichi one; each family's biggest
    hands and best results are its own games'."""
    sanma, riichi = club
    assert [(w["name"], w["game"], w["yakuman"]) for w in records.yakuman_wall(SANMA)] == [("Bob", sanma[2].pk, 1)]
    assert records.yakuman_wall(RIICHI) == []
    assert [(w["name"], w["yakuman"], w["han"], w["fu"]) for w in records.biggest_hands(SANMA)] == [
        ("Bob", 1, 0, 0),
        ("Ann", 0, 5, 0),
        ("Bob", 0, 3, 30),
    ]
    assert [(w["name"], w["game"]) for w in records.biggest_hands(RIICHI)] == [("Bob", riichi.pk)]
    assert [(r["name"], r["result"]) for r in records.best_game_results(SANMA)] == [("Bob", 62000)]
    assert [(r["name"], r["result"]) for r in records.best_game_results(RIICHI)] == [("Bob", 18900)]
    assert [(r["player__name"], r["total"]) for r in records.best_session_results(SANMA)] == [("Bob", 65900)]
    assert [(r["player__name"], r["total"]) for r in records.best_session_results(RIICHI)] == [("Bob", 18900)]
    most_wins = records.most_wins_in_one_game(SANMA)
    assert [(r["name"], r["wins"]) for r in most_wins] == [("Bob", 1), ("Ann", 1), ("Bob", 1)]


def test_the_records_page_lists_each_family_under_its_name(client, club):
    sanma, riichi = club
    html = client.get(reverse("scoring:records")).content.decode()
    wall = html.split('id="yakuman-title"', 1)[1].split("</section>", 1)[0]
    riichi_wall, sanma_wall = wall.split("<h3>Sanma (three-player riichi)</h3>")
    assert "<h3>Riichi</h3>" in riichi_wall and "No yakuman yet." in riichi_wall
    assert f'href="/games/{sanma[2].pk}/#hand-1"' in sanma_wall
    results = html.split('id="results-title"', 1)[1].split("</section>", 1)[0]
    riichi_best, sanma_best = results.split("<h3>Sanma (three-player riichi)</h3>")
    assert "+18,900" in riichi_best and "+62,000" not in riichi_best
    assert "+62,000" in sanma_best and "+65,900" in sanma_best


def test_sanma_games_rate_apart_from_riichi(club):
    """One rating per family (OpenSkill Plackett–Luce, in play order): the sanma ratings are those
    of the three sanma games alone, ranked by place; the riichi game rates riichi only."""
    rows = PlayerRating.objects.values_list("player__name", "family", "games")
    rated = {(name, family): games for name, family, games in rows}
    assert rated == {(name, SANMA): 3 for name in PLACES} | {(name, RIICHI): 1 for name in ("Ann", "Bob", "Cho", "Dee")}
    model = PlackettLuce()
    ratings = {name: model.rating() for name in PLACES}
    for game in range(3):
        names = list(PLACES)
        after = model.rate([[ratings[name]] for name in names], ranks=[PLACES[name][game] for name in names])
        ratings = {name: team[0] for name, team in zip(names, after, strict=True)}
    for name, rating in ratings.items():
        stored = PlayerRating.objects.get(player__name=name, family=SANMA)
        assert stored.ordinal == pytest.approx(rating.mu - 3 * rating.sigma)


def test_the_statistics_page_has_a_sanma_section(client):
    html = client.get(reverse("scoring:statistics_help")).content.decode()
    section = html.split('id="sanma"', 1)[1].split("</section>", 1)[0]
    assert "Kept apart from four-player riichi" in section and "1st % to 3rd % add up to 100 %" in section
    assert 'href="#sanma"' in html and "one rating per family (riichi, sanma, American, MCR)" in html


SANMA_KNOBS = [
    # slug, knob, the value as read, its source (Tenhou three-player rules; the club's reading)
    ("tenhou-sanma", "tsumo_payment", "tsumo loss: the North's share is not paid", "rules: tsumo loss"),
    ("sanma-club", "tsumo_payment", "bisection: the North's share split between the two payers", "no tsumo loss"),
    ("tenhou-sanma", "north", "set aside as a dora (nukidora)", "a North is set aside as a dora"),
    ("tenhou-sanma", "noten_pool", "2,000", "a pool of 2,000 shared by the tenpai players"),
    ("tenhou-sanma", "finish_points", "40,000", "South 3 with a 40,000 top"),
    ("tenhou-sanma", "extension", "play into the next wind until someone has the points to finish", "West extension"),
    ("tenhou-sanma", "honba_value", "200", "100 from each of two payers on a tsumo"),
    ("tenhou-sanma", "uma", "+20,000 / 0 / −20,000", "as the results of its logs show: +20/0/−20"),
    ("sanma-club", "uma", "+20,000 / 0 / −20,000", "as the Tenhou three-player rules"),
    ("tenhou-sanma", "multi_ron", "allowed (double ron)", "Tenhou three-player rules"),
    ("tenhou-sanma", "abortive_draws", "nine terminals, four kongs", "no four winds or four riichi at three seats"),
]


@pytest.mark.parametrize("slug, knob, shown, source", SANMA_KNOBS, ids=[f"{r[0]}-{r[1]}" for r in SANMA_KNOBS])
def test_the_rules_page_reads_each_sanma_knob_with_its_source(client, slug, knob, shown, source):
    """The Tenhou three-player rules as the rules page reads them: each knob's value and source."""
    row = knobs.knob_row(PRESETS[slug], knob)
    assert row.value == shown and source in row.source
    html = client.get(reverse("scoring:rules")).content.decode()
    section = re.search(rf'<section class="preset card" id="{slug}".*?</section>', html, re.S).group(0)
    assert f'href="#knob-{knob}">' in section and shown.replace("'", "&#x27;") in section


def test_a_four_player_multiple_ron_still_reads_as_double_and_triple_ron():
    assert knobs.knob_row(PRESETS["ema-2016"], "multi_ron").value == "allowed (double and triple ron)"
