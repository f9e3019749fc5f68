"""The Norths set aside (nukidora, Tenhou three-player rules): one tap per win, 0–4, where the
ruleset's ``north`` is nukidora. Each North is a dora: the engine's ``Win`` has no count of
its own, so the win records its han with the Norths (the game log's ``han``), and the preview
pays them. Payments worked by hand from EMA Riichi Competition Rules 2016, §3.4.9 (basic points
fu × 2^(han+2), rounded up to 100 per payment) and the Tenhou three-player rules' tsumo loss;
``sanma-club``'s bisection splits the missing North's payment between the two payers, each
half rounded up to 100."""

import re

import pytest

from scoring.models import Hand

from .conftest import post, scores, start

pytestmark = pytest.mark.django_db

START = 35000


def test_each_winner_row_taps_the_norths_0_to_4(client_ann, sanma):
    html = client_ann.get(f"/games/{sanma.pk}/table/?outcome=ron").content.decode()
    assert re.findall(r'name="win0-norths" value="(\d)"', html) == ["0", "1", "2", "3", "4"]
    assert re.search(r'name="win0-norths" value="0"[^>]*checked', html)  # none, untapped
    assert "Norths set aside" in html


def test_no_norths_where_a_north_is_a_wind(client_ann, players):
    game = start(players, north="wind")
    html = client_ann.get(f"/games/{game.pk}/table/?outcome=tsumo").content.decode()
    assert "norths" not in html


def test_no_norths_at_a_table_of_four(client_ann, game):
    assert "norths" not in client_ann.get(f"/games/{game.pk}/table/?outcome=tsumo").content.decode()


# (preset, winner, han tapped, Norths, fu, the han recorded, the deltas Ann Bo Cho; Ann deals)
ROWS = [
    # tsumo loss (tenhou-sanma): Bo 3 han 30 fu + 1 North = 4 han 30 fu, B = 30 × 2^6 = 1,920:
    # Ann (dealer) 2B = 3,840 -> 3,900, Cho B -> 2,000; the missing North's 2,000 is not paid
    ("tenhou-sanma", 1, "3", 1, 30, 4, (-3900, 5900, -2000)),
    # 3 han + 2 Norths = 5 han, mangan: 4,000 + 2,000 (no fu)
    ("tenhou-sanma", 1, "3", 2, 30, 5, (-4000, 6000, -2000)),
    # the dealer's 2 han 40 fu + 2 Norths = 4 han 40 fu: B = 2,560 -> mangan 2,000 (the cap), 2B each
    ("tenhou-sanma", 0, "2", 2, 40, 4, (8000, -4000, -4000)),
    # 1 han 30 fu, no North: B = 240; Ann 500, Cho 300
    ("tenhou-sanma", 1, "1", 0, 30, 1, (-500, 800, -300)),
    # bisection (sanma-club): 3 han 30 fu + 1 North = 4 han 30 fu: the North's 2,000 halved,
    # 1,000 each: Ann 3,900 + 1,000, Cho 2,000 + 1,000
    ("sanma-club", 1, "3", 1, 30, 4, (-4900, 7900, -3000)),
    # bisection, 3 han + 2 Norths = mangan: the North's 2,000 halved: Ann 5,000, Cho 3,000
    ("sanma-club", 1, "3", 2, 30, 5, (-5000, 8000, -3000)),
    # bisection, 1 han 30 fu + 1 North = 2 han 30 fu: B = 480; the North's 500 halved, 250 ->
    # 300 each: Ann 1,000 + 300, Cho 500 + 300
    ("sanma-club", 1, "1", 1, 30, 2, (-1300, 2100, -800)),
    # a yakuman counts no dora: the Norths change nothing (tsumo loss: 16,000 + 8,000)
    ("tenhou-sanma", 1, "y1", 3, 30, 0, (-16000, 24000, -8000)),
]


@pytest.mark.parametrize("slug, winner, han, norths, fu, recorded, deltas", ROWS)
def test_the_norths_count_in_the_preview_and_the_recorded_han(
    client_ann, players, slug, winner, han, norths, fu, recorded, deltas
):
    game = start(players, slug)
    fields = {"win0-winner": winner, "win0-han": han, "win0-norths": norths, "win0-fu": fu}
    preview = post(client_ann, game, "tsumo", view="preview", **fields).content.decode()
    names = ("Ann", "Bo", "Cho")
    lines = re.search(r'<ul class="pay-lines">(.*?)</ul>', preview).group(1)
    paid = [f"{names[seat]} pays {names[winner]} {-delta:,}" for seat, delta in enumerate(deltas) if delta < 0]
    assert re.findall(r"<li>([^<]+)</li>", lines) == paid
    assert "Hand 1 recorded." in post(client_ann, game, "tsumo", **fields).content.decode()
    win = Hand.objects.get(game=game).wins.get()
    assert win.han == recorded
    assert scores(game) == [START + d for d in deltas]


def test_the_row_says_the_han_with_the_norths(client_ann, sanma):
    fields = {"win0-winner": 1, "win0-han": "3", "win0-norths": 2, "win0-shape": ""}
    html = post(client_ann, sanma, "tsumo", view="preview", **fields).content.decode()
    assert "5 han with the 2 Norths set aside." in html
    assert 'name="win0-fu"' not in html  # a mangan has no fu
    fields = {**fields, "win0-norths": 1}
    assert (
        "4 han with the North set aside." in post(client_ann, sanma, "tsumo", view="preview", **fields).content.decode()
    )
