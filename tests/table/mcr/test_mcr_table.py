"""MCR at the table through the client: each outcome saved (a win by points, by ticked fans,
by tiles; a draw; a false mahjong; a referee penalty), the preview's numbers and next
dealer, the undo, the fan count of the tiles and tile entry said to be off without
PyMahjongGB."""

import html
import io
import json

import pytest
from django.core.management import call_command

from scoring.families.mcr.table import form as mcr_form
from scoring.models import Hand, Incident, Win
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE

from ..test_table_views import HX, fresh_form, url
from .test_mcr_form import CHICKEN

pytestmark = pytest.mark.django_db
needs_library = pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}")


def post(client, game, outcome, view="record_hand", **values):
    data = {**fresh_form(client, game, outcome), "action": "save", **values}
    return client.post(url(view, game), data, headers=HX).content.decode()


def scores(game):
    return [seat.score for seat in game.seats.order_by("seat")]


def test_the_form_offers_a_win_and_a_draw_with_steps_fans_and_tiles(client_ann, mcr):
    html = client_ann.get(url("table", mcr) + "?outcome=win").content.decode()
    assert 'class="outcome outcome-win"' in html and 'class="outcome outcome-draw"' in html
    assert html.count('class="step"') == 4  # − and + beside the points and the flowers
    assert 'class="fan-search"' in html and 'value="Pure Double Chow"' in html
    assert "A win needs at least 8 points not counting flowers" in html
    assert ('class="tiles-picker"' in html) == AVAILABLE
    assert "+ False mahjong" in html and "+ Referee penalty" in html


def test_tile_entry_says_plainly_why_it_is_off(client_ann, mcr, monkeypatch):
    monkeypatch.setattr(mcr_form, "AVAILABLE", False)
    html = client_ann.get(url("table", mcr) + "?outcome=win").content.decode()
    assert "tiles-picker" not in html
    assert "the fan calculator (PyMahjongGB) is not installed" in html
    assert 'class="fan-search"' in html  # the rest works


def test_a_win_by_its_total_is_saved_and_paid(client_ann, mcr):
    html = post(client_ann, mcr, "win", winner=0, discarder=1, fan=10, flowers=2)
    assert "Hand 1 recorded." in html
    win = Win.objects.get(hand__game=mcr)
    assert (win.winner, win.discarder, win.fan, win.flowers, win.fans) == (0, 1, 10, 2, [])
    mcr.refresh_from_db()
    assert scores(mcr) == [20 + 8 + 8, -20, -8, -8]


def test_a_win_by_ticked_fans_is_saved_with_them(client_ann, mcr):
    fans = ["Mixed Triple Chow", "Short Straight", "Short Straight"]
    html = post(client_ann, mcr, "win", winner=2, fan=10, fans=fans)
    assert "Hand 1 recorded." in html
    assert Win.objects.get(hand__game=mcr).fans == fans
    assert scores(mcr) == [-18, -18, 54, -18]


def test_a_draw_with_a_false_mahjong_and_a_penalty(client_ann, mcr):
    html = post(
        client_ann, mcr, "draw", n_errors=1, **{"err0-caller": 1, "n_referee": 1, "ref0-player": 3, "ref0-points": 10}
    )
    assert "Hand 1 recorded." in html
    assert Incident.objects.get(hand__game=mcr).caller == 1
    assert scores(mcr) == [10, -30, 10, 10]
    assert Hand.objects.get(game=mcr).penalties.get().points == 10


def test_a_refused_win_keeps_the_form_with_the_rule(client_ann, mcr):
    html = post(client_ann, mcr, "win", winner=0, discarder=1, fan=6)
    assert "6 is not enough" in html and "the 8-point minimum" in html
    assert not Hand.objects.filter(game=mcr).exists()


REFUSED = [
    # what the table stored while only the game log checked it
    pytest.param({"fan": 1001}, "A hand's points are at most 1,000", id="1,001 points"),
    pytest.param({"fan": 9999}, "A hand's points are at most 1,000", id="9,999 points"),
    pytest.param({"fan": "9" * 5000}, "Enter the hand's points", id="5,000 digits"),
    pytest.param(
        {"fan": 176, "fans": ["Big Four Winds"] * 2}, "a hand counts Big Four Winds once", id="Big Four Winds twice"
    ),
    pytest.param({"fan": 72, "fans": ["Chicken Hand"] * 9}, "a hand counts Chicken Hand once", id="chicken hand x9"),
    pytest.param(
        {"fan": 968, "fans": ["Thirteen Orphans"] * 11}, "a hand counts Thirteen Orphans once", id="13 orphans x11"
    ),
    pytest.param(
        {"fan": 8, "fans": ["Two Concealed Kongs", "Flower Tiles", "Flower Tiles"]},
        "Flower Tiles is never one of a win's fans: give the flowers as flowers",
        id="two flowers ticked to reach 8",
    ),
]


@pytest.mark.parametrize(("values", "message"), REFUSED)
@pytest.mark.parametrize("view", ["record_hand", "preview"])
def test_a_refused_win_is_a_form_error_and_nothing_is_stored(client_ann, mcr, view, values, message):
    data = {**fresh_form(client_ann, mcr, "win"), "action": "save", "winner": 0, "discarder": 1, **values}
    response = client_ann.post(url(view, mcr), data, headers=HX)
    assert response.status_code == 200
    assert message in html.unescape(response.content.decode())
    assert not Hand.objects.filter(game=mcr).exists()


def test_a_game_recorded_at_the_table_exports_a_log_score_game_accepts(client_ann, mcr, tmp_path):
    """What the table stores, its game log holds: 1,000 points and four pungs of terminals."""
    assert "Hand 1 recorded." in post(client_ann, mcr, "win", winner=0, discarder=1, fan=1000)
    fans = ["Pung of Terminals or Honors"] * 4 + ["All Pungs", "Double Pung", "Double Pung"]
    assert "Hand 2 recorded." in post(client_ann, mcr, "win", winner=2, fan=14, flowers=1, fans=fans)
    log = tmp_path / "log.json"
    log.write_bytes(client_ann.get(url("game_log", mcr)).content)
    out = io.StringIO()
    call_command("score_game", str(log), stdout=out)
    scored = json.loads(out.getvalue())
    assert [hand["deltas"] for hand in scored["hands"]] == [
        {name: delta for name, delta in zip(scored["players"], deltas, strict=True)}
        for deltas in ((1024, -1008, -8, -8), (-23, -23, 69, -23))
    ]
    assert list(scored["hands"][-1]["scores"].values()) == scores(mcr)


def test_the_preview_shows_the_payments_and_the_next_dealer(client_ann, mcr):
    html = post(client_ann, mcr, "win", view="preview", winner=3, discarder=0, fan=8, flowers=1)
    assert "+33" in html and "−17" in html and html.count("−8") == 2 * 2  # the bar's line, the list
    assert "Next: E2, Bo deals." in html


def test_the_fourth_hand_announces_the_seat_change(client_ann, mcr):
    for _ in range(3):
        post(client_ann, mcr, "draw")
    html = post(client_ann, mcr, "draw", view="preview")
    assert "Next: S1, Bo deals. South round: East and South change seats, so do West and North." in html


def test_undo_takes_the_win_back(client_ann, mcr):
    post(client_ann, mcr, "win", winner=0, fan=8)
    client_ann.post(url("undo", mcr), {"expected_number": 1}, headers=HX)
    assert not Hand.objects.filter(game=mcr).exists()
    mcr.refresh_from_db()
    assert scores(mcr) == [0, 0, 0, 0] and mcr.hand_count == 0


@needs_library
def test_a_win_by_its_tiles_is_saved_with_their_fans(client_ann, mcr):
    html = post(client_ann, mcr, "win", winner=2, discarder=0, fan=8, flowers=0, tiles=CHICKEN)
    assert "Hand 1 recorded." in html
    win = Win.objects.get(hand__game=mcr)
    assert win.fans == ["Chicken Hand"] and win.tiles["win"] == "8s"


@needs_library
def test_the_picker_counts_the_fans_of_the_tiles_with_the_games_winds(client_ann, mcr):
    data = {"tiles": CHICKEN, "winner": 2, "discarder": 0, "flowers": 2}
    html = client_ann.post(url("score_fans", mcr), data).content.decode()
    assert "Chicken Hand" in html and 'data-fan="8"' in html and "2 flowers" in html
    east = client_ann.post(url("score_fans", mcr), {**data, "winner": 0, "discarder": 1}).content.decode()
    assert "Seat Wind" not in east and "Under the 8-point minimum" not in html  # a pair is no wind fan
    refused = client_ann.post(url("score_fans", mcr), {**data, "tiles": "{"}).content.decode()
    assert "could not be read" in refused
