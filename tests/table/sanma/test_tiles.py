"""Tile entry at a table of three: the ``mahjong`` package's three-player mode. The picker
offers only sanma's tiles (no 2m–8m, no chi); a 1m indicator makes 9m the dora and a 9m
indicator 1m; each North set aside (``nuki``) is a dora, twice where a West indicator makes the
North a dora (Tenhou three-player rules). Hands worked by hand: fu by EMA Riichi Competition
Rules 2016, §3.4.5–§3.4.7; payments by §3.4.9 and the Tenhou three-player rules' tsumo loss."""

import json
import re

import pytest

from scoring.models import Hand, Ruleset
from scoring.records.gamelogs import game_document
from scoring.rules import PRESETS, RiichiHand, RuleError, TableState, Win, parse_game, settle
from scoring.tiles.entry import payments
from scoring.tiles.gamelog import check_log
from scoring.tiles.notation import HandTiles
from scoring.tiles.scoring import score_hand
from scoring.tiles.tenpai import check_tenpai

from .conftest import HX, post, url

pytestmark = pytest.mark.django_db

TENHOU = PRESETS["tenhou-sanma"]
# 111m 999m (concealed pons of terminals), 234p 567s, a White pair waited on alone, by tsumo:
# menzen tsumo 1 han; fu 20 + 8 + 8 + 2 (dragon pair) + 2 (pair wait) + 2 (tsumo) = 42 -> 50
BASE = {"hand": "111999m234p567s5z", "win": "5z"}

# id, the tiles, riichi, (han, fu, yakuman), the han of the Norths
HANDS = [
    ("no-dora", BASE, False, (1, 50, 0), 0),
    ("two-norths-two-dora", {**BASE, "nuki": 2}, False, (3, 50, 0), 2),
    # a West indicator makes the North the dora: each North set aside is two dora -> 1 + 4 = 5 han
    ("west-indicator-doubles-norths", {**BASE, "nuki": 2, "dora": "3z"}, False, (5, 50, 0), 4),
    # the 1m indicator wraps to 9m at three (2m–8m are out): 999m is three dora
    ("1m-indicator-makes-9m-dora", {**BASE, "dora": "1m"}, False, (4, 50, 0), 0),
    # a 9m indicator makes 1m the dora, as at four: 111m is three dora
    ("9m-indicator-makes-1m-dora", {**BASE, "dora": "9m"}, False, (4, 50, 0), 0),
    # riichi: the ura West indicator makes each North set aside one ura dora more:
    # (an 8s indicator: 9s, none held) riichi + tsumo 2, the North 1, its ura 1 = 4 han 50 fu
    ("ura-west-counts-the-north", {**BASE, "nuki": 1, "dora": "8s", "ura": "3z"}, True, (4, 50, 0), 2),
    # a yakuman counts no dora, Norths or none
    (
        "yakuman-no-dora",
        {"hand": "19m19p19s1234567z", "win": "1m", "nuki": 1},
        False,
        (0, 0, 1),
        0,
    ),
]


@pytest.mark.parametrize("data, riichi, expected, nuki_han", [h[1:] for h in HANDS], ids=[h[0] for h in HANDS])
def test_a_hand_of_three_by_its_tiles(data, riichi, expected, nuki_han):
    """Tenhou three-player rules: nukidora, the 1m↔9m dora wrap; the library's three-player mode."""
    score = score_hand(HandTiles.from_json(data), rules=TENHOU, seat_wind=1, round_wind=0, tsumo=True, riichi=riichi)
    assert (score.han, score.fu, score.yakuman) == expected
    assert score.nuki_han == nuki_han
    assert sum(y.han for y in score.yaku if y.name == "Nukidora") == nuki_han  # named apart from the dora


def test_the_norths_are_named_apart_from_the_dora_and_ura():
    """Riichi, tsumo, a West indicator and a West ura with one North set aside: the library's
    Dora 2 and Ura Dora 1 are a Nukidora 3 (1 + the dora West + the ura West); 5 han."""
    tiles = HandTiles.from_json({**BASE, "nuki": 1, "dora": "3z", "ura": "3z"})
    score = score_hand(tiles, rules=TENHOU, seat_wind=1, round_wind=0, tsumo=True, riichi=True)
    assert [(y.name, y.han) for y in score.yaku] == [("Menzen Tsumo", 1), ("Riichi", 1), ("Nukidora", 3)]
    assert score.han == 5


REFUSED = [
    ("no-2m-8m", {"hand": "123m999m234p567s5z", "win": "5z"}, "there is no 2m at a table of three"),
    ("no-red-5m", {"hand": "111m0m99m234p567s5z", "win": "5z"}, "there is no 0m at a table of three"),
    ("no-chi", {"hand": "111999m567s5z", "melds": [{"kind": "chi", "tiles": "234p"}], "win": "5z"}, "no chi"),
    ("a-fifth-north", {**BASE, "nuki": 4, "dora": "4z"}, "a fifth 4z"),
    ("more-than-four-norths", {**BASE, "nuki": 5}, "'nuki' is the Norths set aside, 0 to 4"),
]


@pytest.mark.parametrize("data, message", [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_tiles_a_table_of_three_has_not_are_refused(data, message):
    """Tenhou three-player rules: 108 tiles (no 2m–8m), no chi, four Norths."""
    with pytest.raises(RuleError) as error:
        score_hand(HandTiles.from_json(data), rules=TENHOU, seat_wind=1, round_wind=0, tsumo=True, riichi=False)
    assert message in str(error.value)


def test_no_north_is_set_aside_where_it_is_a_wind():
    rules = TENHOU.with_overrides({"north": "wind"})
    with pytest.raises(RuleError, match="this ruleset sets no North aside"):
        score_hand(
            HandTiles.from_json({**BASE, "nuki": 1}), rules=rules, seat_wind=1, round_wind=0, tsumo=True, riichi=False
        )


def test_a_four_player_hand_keeps_its_1m_indicator_as_2m():
    """At four the 1m indicator makes 2m the dora: the wrap is three-player only."""
    tiles = HandTiles.from_json({"hand": "111999m234p567s1z", "win": "1z", "dora": "1m"})
    score = score_hand(tiles, rules=PRESETS["ema-2016"], seat_wind=1, round_wind=0, tsumo=True, riichi=False)
    assert [y.name for y in score.yaku] == ["Menzen Tsumo"]


def test_a_tenpai_check_at_three_waits_only_on_sanmas_tiles():
    """111m 9m9m: waiting on 9m only (2m–8m are not in the wall), by the three-player shanten."""
    check = check_tenpai(HandTiles.from_json({"hand": "111m99m234p567s55z"}), TENHOU)
    assert check.tenpai and [str(t) for t in check.waits] == ["9m", "5z"]


# ---- the picker and the form -----------------------------------------------------------------


def test_the_picker_offers_three_players_tiles_and_no_chi(client_ann, sanma, game):
    html = client_ann.get(url("table", sanma) + "?outcome=tsumo").content.decode()
    picker = re.search(r'<details class="tiles-picker"[^>]*>', html).group(0)
    assert 'data-three="1"' in picker and 'data-nuki="win0-norths"' in picker
    assert 'data-mode="chi"' not in html and 'data-mode="pon"' in html
    four = client_ann.get(url("table", game) + "?outcome=tsumo").content.decode()
    assert 'data-three="0"' in four and 'data-mode="chi"' in four and "data-nuki" not in four


def test_the_picker_scores_the_norths_apart_from_the_han_chip(client_ann, sanma):
    """The chip shows the han without the Norths (the row taps them); the total and the payment
    count them: 1 + 4 = 5 han, a non-dealer's mangan tsumo 2,000/4,000."""
    tiles = json.dumps({**BASE, "nuki": 2, "dora": "3z"})
    html = client_ann.post(
        url("score_tiles", sanma), {"tiles": tiles, "winner": 1, "outcome": "tsumo", "index": 0}, headers=HX
    ).content.decode()
    assert 'data-choice="1"' in html and "5 han" in html and "tsumo 2,000/4,000" in html


def test_a_tsumo_by_tiles_with_norths_is_recorded_with_them(client_ann, sanma):
    """Bo's tiles, 2 Norths tapped: the win records 3 han 50 fu and the tiles' nuki; a
    non-dealer's 3 han 50 fu tsumo: B = 50 × 2^5 = 1,600, Ann 3,200, Cho 1,600 (tsumo loss)."""
    fields = {"win0-winner": 1, "win0-han": "1", "win0-norths": 2, "win0-fu": 50, "win0-tiles": json.dumps(BASE)}
    html = post(client_ann, sanma, "tsumo", **fields).content.decode()
    assert "Hand 1 recorded." in html, html[:2000]
    win = Hand.objects.get(game=sanma).wins.get()
    assert (win.han, win.fu) == (3, 50)
    assert win.tiles["nuki"] == 2
    document = game_document(sanma)
    assert document["hands"][0]["wins"][0]["tiles"]["nuki"] == 2
    check_log(parse_game(document))  # the game log's tiles give what it records


def test_a_sanma_game_logs_tiles_are_checked_in_three_player_mode():
    """The log's ruleset (its family seats three), not the hand's type, picks the mode: 999m
    under a 1m indicator are three dora only at three."""
    hand = {
        "result": "win",
        "riichi": [],
        "wins": [{"winner": "Bo", "han": 1, "fu": 50, "tiles": {**BASE, "dora": "1m"}}],
    }
    log = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "tenhou-sanma",
        "players": ["Ann", "Bo", "Cho"],
        "hands": [hand],
    }
    with pytest.raises(RuleError, match="Bo's tiles give 4 han 50 fu under Tenhou sanma, the log says 1 han 50 fu"):
        check_log(parse_game(log))
    hand["wins"][0]["han"] = 4
    check_log(parse_game(log))


def test_the_game_page_shows_the_norths_set_aside(client_ann, sanma):
    fields = {"win0-winner": 1, "win0-han": "1", "win0-norths": 2, "win0-tiles": json.dumps(BASE)}
    post(client_ann, sanma, "tsumo", **fields)
    page = client_ann.get(url("game", sanma)).content.decode()
    assert "Norths set aside" in page and page.count("tiles/4z.svg") >= 2


def test_ruleset_rows_exist(sanma):
    assert Ruleset.objects.get(slug="tenhou-sanma").family == "sanma"


def test_a_four_player_form_sends_no_norths_and_refuses_a_nuki_in_the_tiles(client_ann, game):
    """At four (no Norths set aside) the tiles' own ``nuki`` is checked, and refused."""
    fields = {"win0-winner": 1, "win0-han": "1", "win0-fu": 30, "win0-tiles": json.dumps({**BASE, "nuki": 1})}
    html = post(client_ann, game, "tsumo", **fields).content.decode()
    assert "this ruleset sets no North aside" in html and not Hand.objects.filter(game=game).exists()


# ---- the picker's payment line: the family's own settlement -----------------------------------

# 111m 999m 234p 567s, White pair by tsumo: 1 han 50 fu (B = 400); with 4 Norths and a West indicator,
# 9 han: baiman (B = 4,000)
ONE_HAN_50 = BASE
BAIMAN = {**BASE, "nuki": 4, "dora": "3z"}
LINE_ROWS = [
    # id, tsumo_payment, tiles, dealer, tsumo, the line
    # loss: the North's share is not paid (non-dealer: Cho B, Ann 2B; dealer: 2B each)
    ("loss-non-dealer", "loss", ONE_HAN_50, False, True, "tsumo 400/800"),
    ("loss-dealer", "loss", ONE_HAN_50, True, True, "tsumo 800 all"),
    ("loss-baiman", "loss", BAIMAN, False, True, "tsumo 4000/8000"),
    # bisection: the North's B (2B to a dealer) halved, rounded up to 100, on each payer
    ("bisection-non-dealer", "bisection", ONE_HAN_50, False, True, "tsumo 600/1000"),
    ("bisection-dealer", "bisection", ONE_HAN_50, True, True, "tsumo 1200 all"),
    ("bisection-baiman", "bisection", BAIMAN, False, True, "tsumo 6000/10000"),
    # none (full): the ron value between the two payers, the North's share halved before rounding
    ("none-non-dealer", "full", ONE_HAN_50, False, True, "tsumo 600/1000"),
    ("none-dealer", "full", ONE_HAN_50, True, True, "tsumo 1200 all"),
    ("none-baiman", "full", BAIMAN, False, True, "tsumo 6000/10000"),
    # a ron pays the same in every mode: 4B, 6B to a dealer
    ("ron-non-dealer", "bisection", ONE_HAN_50, False, False, "ron 1600"),
    ("ron-dealer", "full", ONE_HAN_50, True, False, "ron 2400"),
]


@pytest.mark.parametrize("mode, data, dealer, tsumo, line", [r[1:] for r in LINE_ROWS], ids=[r[0] for r in LINE_ROWS])
def test_the_payment_line_is_the_sanma_settlements(mode, data, dealer, tsumo, line):
    """Tenhou three-player rules: the self-draw under each ``tsumo_payment`` (tsumo loss, bisection,
    none), as the settlement pays it; EMA Riichi Competition Rules 2016, §3.4.9 for a ron."""
    rules = TENHOU.with_overrides({"tsumo_payment": mode})
    score = score_hand(HandTiles.from_json(data), rules=rules, seat_wind=0, round_wind=0, tsumo=True, riichi=False)
    assert payments(rules, score, dealer=dealer, tsumo=tsumo) == line
    if tsumo:  # what the settlement pays the winner of a hand
        winner = 0 if dealer else 1
        hand = RiichiHand("win", wins=(Win(winner, None, score.han, score.fu if score.han < 5 else 0),))
        paid = settle(rules, TableState((35000, 35000, 35000)), hand).deltas[winner]
        shares = [int(p) for p in re.findall(r"\d+", line)]
        assert paid == (2 * shares[0] if dealer else sum(shares))


def test_a_four_player_line_keeps_three_payers():
    """EMA Riichi Competition Rules 2016, §3.4.9: at four seats a non-dealer's 1 han 50 fu tsumo is 400/800."""
    rules = PRESETS["ema-2016"]
    score = score_hand(
        HandTiles.from_json({"hand": "111999m234p567s5z", "win": "5z"}),
        rules=rules,
        seat_wind=1,
        round_wind=0,
        tsumo=True,
        riichi=False,
    )
    assert payments(rules, score, dealer=False, tsumo=True) == "tsumo 400/800"
    assert payments(rules, score, dealer=True, tsumo=True) == "tsumo 800 all"


def test_the_picker_shows_the_club_sanmas_bisection(client_ann, club_sanma):
    """The club's three-player rules (bisection): Bo's 9 han tsumo is 6,000 from Cho and 10,000 from Ann,
    not Tenhou's 4,000/8,000."""
    html = client_ann.post(
        url("score_tiles", club_sanma),
        {"tiles": json.dumps(BAIMAN), "winner": 1, "outcome": "tsumo", "index": 0},
        headers=HX,
    ).content.decode()
    assert "tsumo 6,000/10,000" in html and "4000/8000" not in html


# ---- rinshan on a North's replacement draw ----------------------------------------------------

RINSHAN_ROWS = [
    # id, the tiles, riichi, seat wind, round wind, the yaku, han
    (
        # Tenhou log 2025020508gm-00b9-0000-79ddbd9d, East 1: South's third North set aside, the replacement 4s
        # completes 99m 123p 678p 123s 56s: riichi, rinshan, tsumo, pinfu, three Norths, an ura dora (1s: 2s);
        # Tenhou's baiman 4,000/8,000
        "real-riichi-pinfu",
        {"hand": "99m123678p12356s", "win": "4s", "nuki": 3, "dora": "4p", "ura": "1s", "conditions": ["after_kan"]},
        True,
        1,
        0,
        [("Riichi", 1), ("Menzen Tsumo", 1), ("Rinshan Kaihou", 1), ("Pinfu", 1), ("Ura Dora", 1), ("Nukidora", 3)],
        8,
    ),
    (
        # Tenhou log 2025040519gm-00b9-0000-5f46d99c, South 1: West's North set aside, the replacement 6p
        # completes 4p 0p 777p 666s 77s 111z: rinshan, tsumo, three concealed pons, the North, a red five;
        # Tenhou's haneman 3,000/6,000
        "real-three-concealed-pons",
        {"hand": "40777p66677s111z", "win": "6p", "nuki": 1, "dora": "2z", "conditions": ["after_kan"]},
        False,
        2,
        1,
        [("Menzen Tsumo", 1), ("Rinshan Kaihou", 1), ("San Ankou", 2), ("Aka Dora", 1), ("Nukidora", 1)],
        6,
    ),
]


@pytest.mark.parametrize(
    "data, riichi, seat, round_wind, yaku, han", [r[1:] for r in RINSHAN_ROWS], ids=[r[0] for r in RINSHAN_ROWS]
)
def test_a_win_on_a_norths_replacement_draw_is_rinshan(data, riichi, seat, round_wind, yaku, han):
    """Tenhou three-player rules: a North set aside gives a replacement draw, and a win on it is rinshan
    (as Tenhou scored these real wins)."""
    score = score_hand(
        HandTiles.from_json(data), rules=TENHOU, seat_wind=seat, round_wind=round_wind, tsumo=True, riichi=riichi
    )
    assert sorted((y.name, y.han) for y in score.yaku) == sorted(yaku)
    assert score.han == han


RINSHAN_REFUSED = [
    # no kan and no North set aside: there was no replacement draw
    ("no-north", TENHOU, {**BASE, "conditions": ["after_kan"]}, "needs a kan among the melds or a North set aside"),
    # where a North is a wind (no nukidora), only a kan gives a replacement draw
    (
        "north-a-wind",
        TENHOU.with_overrides({"north": "wind"}),
        {**BASE, "conditions": ["after_kan"]},
        "a win after a kan needs a kan among the melds",
    ),
]


@pytest.mark.parametrize("rules, data, message", [r[1:] for r in RINSHAN_REFUSED], ids=[r[0] for r in RINSHAN_REFUSED])
def test_rinshan_without_a_replacement_draw_is_refused(rules, data, message):
    """Tenhou three-player rules: the replacement draw comes of a kan or a North set aside."""
    with pytest.raises(RuleError, match=message):
        score_hand(HandTiles.from_json(data), rules=rules, seat_wind=1, round_wind=0, tsumo=True, riichi=False)


def test_the_picker_names_the_north_beside_the_kan_and_records_the_rinshan(client_ann, sanma):
    """At a table of three the box reads "After a kan or a North"; Bo's 3 han 50 fu by tiles with a North
    set aside and rinshan is recorded: menzen tsumo, rinshan, the North (B = 1,600)."""
    html = client_ann.get(url("table", sanma) + "?outcome=tsumo").content.decode()
    assert "After a kan or a North" in html
    tiles = json.dumps({**BASE, "conditions": ["after_kan"]})
    fields = {"win0-winner": 1, "win0-han": "2", "win0-norths": 1, "win0-fu": 50, "win0-tiles": tiles}
    page = post(client_ann, sanma, "tsumo", **fields).content.decode()
    assert "Hand 1 recorded." in page, page[:2000]
    win = Hand.objects.get(game=sanma).wins.get()
    assert (win.han, win.fu, win.tiles["nuki"], win.tiles["conditions"]) == (3, 50, 1, ["after_kan"])
