"""A three-player game at the table (tenhou-sanma: Tenhou three-player rules): the start form
asks for three players, each outcome is saved through the page at three seats, undo, the
noten-riichi chombo offer, double ron (at most two winners on one discard), nagashi. The
payments are worked by hand from EMA Riichi Competition Rules 2016, §3.4.9 and the Tenhou
three-player rules (35,000 start; Ann deals first)."""

import random
import re

import pytest
from django.urls import reverse

from scoring.models import Game, Hand, Ruleset
from scoring.table.forms.start import StartGameForm

from .conftest import HX, post, scores, url

pytestmark = pytest.mark.django_db

START = 35000


def test_the_start_form_asks_for_three_players(players):
    """A sanma ruleset's family seats three: East, South and West, and no North to fill."""
    ruleset = Ruleset.objects.preset("tenhou-sanma")
    form = StartGameForm({"family": "sanma", "ruleset": ruleset.pk, "east": "Ann", "south": "Bo", "west": "Cho"})
    assert [field.name for field in form.seat_fields()] == ["east", "south", "west"]
    assert form.is_valid(), form.errors
    assert [p.name for p in form.players] == ["Ann", "Bo", "Cho"]
    form = StartGameForm({"family": "sanma", "ruleset": ruleset.pk, "east": "Ann", "south": "Bo"})
    assert not form.is_valid() and form.errors["west"] == ["A game needs 3 players: enter the West player."]


def test_the_start_page_starts_a_game_of_three(client_ann, players):
    ruleset = Ruleset.objects.preset("tenhou-sanma")
    data = {"action": "start", "family": "sanma", "ruleset": ruleset.pk, "east": "Ann", "south": "Bo", "west": "Cho"}
    response = client_ann.post(reverse("scoring:start_game"), data)
    assert response.status_code == 302, response.content.decode()[:300]
    game = Game.objects.get()
    assert game.seat_count == 3
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Bo", "Cho"]
    assert scores(game) == [START] * 3


def positions(html: str) -> dict[str, int]:
    board = html[html.index('id="scoreboard"') : html.index('id="hand-form"')]
    seats = re.findall(r'class="seat pos-(\d)[^"]*">.*?<span class="name">([^<]+)</span>', board, re.S)
    return {name: int(position) for position, name in seats}


def test_the_scoreboard_seats_three_around_the_viewer(client_ann, sanma):
    html = client_ann.get(url("table", sanma)).content.decode()
    assert positions(html) == {"Ann": 0, "Bo": 1, "Cho": 3}
    assert "Dee" not in html
    assert "<dd>E1</dd>" in html


def test_the_outcome_buttons_and_seat_chips_are_three_players(client_ann, sanma):
    html = client_ann.get(url("table", sanma) + "?outcome=ron").content.decode()
    form = html[html.index('id="hand-form"') :]
    for outcome in ("ron", "tsumo", "draw", "abortive", "chombo"):
        assert f"?outcome={outcome}" in html
    assert re.findall(r'name="win0-winner" value="(\d)"', form) == ["0", "1", "2"]
    assert re.findall(r'name="discarder" value="(\d)"', form) == ["0", "1", "2"]


# each outcome saved at three seats: (outcome, fields, deltas, what the hand records)
OUTCOMES = [
    # a non-dealer's ron, 3 han 30 fu: 3,900 (4B = 3,840 rounded up)
    ("ron", {"win0-winner": 1, "discarder": 2, "win0-han": 3, "win0-fu": 30}, (0, 3900, -3900)),
    # the dealer's tsumo, mangan: 4,000 from each of the two others (tsumo loss: no North to pay)
    ("tsumo", {"win0-winner": 0, "win0-han": 5}, (8000, -4000, -4000)),
    # a non-dealer's tsumo, 1 han 30 fu: 500 from the dealer, 300 from the other (tsumo loss)
    ("tsumo", {"win0-winner": 2, "win0-han": 1, "win0-fu": 30}, (-500, -300, 800)),
    # a draw with one tenpai: the noten pool of 2,000, 1,000 from each of the two noten
    ("draw", {"tenpai": [1]}, (-1000, 2000, -1000)),
    # a draw with two tenpai: the one noten pays 1,000 to each
    ("draw", {"tenpai": [0, 2]}, (1000, -2000, 1000)),
    # riichi by Bo, then Bo's ron from Cho, 2 han 30 fu: 2,000, and his own stick back
    ("ron", {"win0-winner": 1, "discarder": 2, "win0-han": 2, "win0-fu": 30, "riichi": [1]}, (0, 2000, -2000)),
    # riichi by Ann at a draw, Ann alone tenpai: 1,000 from each noten player, her stick in the pot
    ("draw", {"tenpai": [0], "riichi": [0]}, (1000, -1000, -1000)),
    # nagashi mangan by Cho at a draw: a non-dealer's mangan tsumo (tsumo loss), 4,000 + 2,000
    ("draw", {"nagashi": [2]}, (-4000, -2000, 6000)),
    # an abortive draw (nine terminals): nobody pays
    ("abortive", {"reason": "nine_terminals"}, (0, 0, 0)),
    # a chombo by Bo: reverse mangan (tenhou-sanma: paid at once), 4,000 to the dealer, 2,000 to Cho
    ("chombo", {"offender": 1, "offence": "invalid_win"}, (4000, -6000, 2000)),
]


@pytest.mark.parametrize("outcome, fields, deltas", OUTCOMES, ids=[f"{o[0]}-{i}" for i, o in enumerate(OUTCOMES)])
def test_each_outcome_is_saved_at_three_seats(client_ann, sanma, outcome, fields, deltas):
    response = post(client_ann, sanma, outcome, **fields)
    assert "Hand 1 recorded." in response.content.decode(), response.content.decode()[:2000]
    hand = Hand.objects.get(game=sanma)
    got = tuple(row.delta for row in hand.hand_seats.order_by("seat"))
    assert got == deltas
    assert scores(sanma) == [START + d for d in deltas]


def test_a_double_ron_is_the_most_winners_one_discard_has_at_three(client_ann, sanma):
    """Multiple ron: the two players besides the discarder may both win on one discard; there
    is no third winner at a table of three. Ann (dealer) 2 han 30 fu from Cho: 2,900 (6B =
    2,880); Bo mangan from Cho: 8,000."""
    html = post(client_ann, sanma, "ron", action="add_winner", **{"win0-winner": 0}).content.decode()
    assert 'name="win1-winner"' in html and "+ A third winner" not in html
    assert "+ Another winner on the same discard" not in html
    fields = {"n_winners": 2, "win0-winner": 0, "win1-winner": 1, "discarder": 2}
    fields |= {"win0-han": 2, "win0-fu": 30, "win1-han": "5"}
    assert "Hand 1 recorded." in post(client_ann, sanma, "ron", **fields).content.decode()
    hand = Hand.objects.get(game=sanma)
    assert [(w.winner, w.han) for w in hand.wins.all()] == [(0, 2), (1, 5)]
    assert scores(sanma) == [START + 2900, START + 8000, START - 10900]


def test_a_noten_riichi_at_a_draw_becomes_a_chombo_in_one_tap(client_ann, sanma):
    preview = post(client_ann, sanma, "draw", view="preview", riichi=[1], tenpai=[0]).content.decode()
    assert 'value="chombo:1"' in preview and "Record as chombo by Bo" in preview
    html = post(client_ann, sanma, "draw", riichi=[1], tenpai=[0], action="chombo:1").content.decode()
    assert "Recorded as chombo by Bo." in html
    hand = Hand.objects.get(game=sanma)
    assert (hand.result, hand.offender) == ("chombo", 1)
    assert scores(sanma) == [START + 4000, START - 6000, START + 2000]  # reverse mangan at three


def test_undo_takes_back_the_last_hand_of_three(client_ann, sanma):
    post(client_ann, sanma, "tsumo", **{"win0-winner": 0, "win0-han": 5})
    question = client_ann.get(url("undo", sanma), headers=HX).content.decode()
    assert "Undo hand 1 (E1: Ann tsumo, mangan (5 han))?" in question
    assert "Hand 1 undone." in client_ann.post(url("undo", sanma), {"expected_number": 1}, headers=HX).content.decode()
    assert scores(sanma) == [START] * 3 and not Hand.objects.filter(game=sanma).exists()


def test_the_other_phones_see_the_hand_of_three(client_ann, sanma):
    html = client_ann.get(url("table", sanma)).content.decode()
    version = re.search(r'"If-None-Match": "(\\"[^\\]+\\")"', html).group(1).replace("\\", "")
    post(client_ann, sanma, "ron", **{"win0-winner": 1, "discarder": 2, "win0-han": 3, "win0-fu": 30})
    live = client_ann.get(url("table_live", sanma), headers={**HX, "If-None-Match": version}).content.decode()
    assert "38,900" in live and "31,100" in live and 'hx-swap-oob="true"' in live


def test_the_dealer_passes_east_south_west_and_back(client_ann, sanma):
    """Three seats rotate E→S→W (Tenhou three-player rules): after three non-dealer wins the
    deal is Ann's again, in the South round's first hand."""
    for winner, dealer in ((1, "Bo"), (2, "Cho"), (0, "Ann")):
        previous = {0: 2, 1: 0, 2: 1}[winner]
        fields = {"win0-winner": winner, "discarder": previous, "win0-han": 1, "win0-fu": 30}
        assert "recorded" in post(client_ann, sanma, "ron", **fields).content.decode()
        board = client_ann.get(url("table", sanma)).content.decode()
        assert f'<div class="dealer"><dt>Dealer</dt><dd>{dealer}</dd></div>' in board
    assert "<dd>S1</dd>" in board


def test_the_start_page_shows_and_shuffles_three_seats(client_ann, players):
    """The start page for a sanma ruleset asks for East, South and West; the shuffle deals the
    three names among those three seats and leaves a North typed for a four-player family alone."""
    ruleset = Ruleset.objects.preset("tenhou-sanma")
    data = {"family": "sanma", "ruleset": ruleset.pk, "east": "Ann", "south": "Bo", "west": "Cho", "north": "Dee"}
    form = StartGameForm(data)
    shuffled = form.shuffled(random.Random(3))
    assert sorted(shuffled[seat] for seat in ("east", "south", "west")) == ["Ann", "Bo", "Cho"]
    assert shuffled["north"] == "Dee"
    html = client_ann.post(reverse("scoring:start_game"), {**data, "action": "shuffle"}).content.decode()
    assert 'name="west"' in html and 'name="north"' not in html
