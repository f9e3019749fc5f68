"""Basic points and payments (EMA Riichi Competition Rules 2016, §3.4.9): the 1–4 han × 20–110 fu
table (with and without kiriage), the limits, kazoe and yakuman, and invalid han/fu.

Every expected number below was worked out by hand:
B = fu × 2^(han+2) capped at 2000; ron 4B (dealer 6B); tsumo B from a non-dealer and 2B
from the dealer (dealer wins: 2B from each); each single payment rounded up to 100.
"""

import pytest

from scoring.rules import PRESETS, RiichiHand, RuleError, TableState, Win, settle
from scoring.rules.riichi import basic_points, fu_values

NO_KIRIAGE = PRESETS["ema-2016"]
KIRIAGE = PRESETS["wrc"]
START = TableState((30000, 30000, 30000, 30000))  # E1: the dealer is seat 0

# (han, fu, B, non-dealer ron, dealer ron, tsumo: non-dealer pays, dealer pays)
# "-" rows: 20 fu exists only on tsumo (pinfu), 25 fu and 20 fu need 2+ han.
TABLE = [
    (1, 30, 240, 1000, 1500, 300, 500),
    (1, 40, 320, 1300, 2000, 400, 700),
    (1, 50, 400, 1600, 2400, 400, 800),
    (1, 60, 480, 2000, 2900, 500, 1000),
    (1, 70, 560, 2300, 3400, 600, 1200),
    (1, 80, 640, 2600, 3900, 700, 1300),
    (1, 90, 720, 2900, 4400, 800, 1500),
    (1, 100, 800, 3200, 4800, 800, 1600),
    (1, 110, 880, 3600, 5300, 900, 1800),
    (2, 20, 320, None, None, 400, 700),
    (2, 25, 400, 1600, 2400, 400, 800),
    (2, 30, 480, 2000, 2900, 500, 1000),
    (2, 40, 640, 2600, 3900, 700, 1300),
    (2, 50, 800, 3200, 4800, 800, 1600),
    (2, 60, 960, 3900, 5800, 1000, 2000),
    (2, 70, 1120, 4500, 6800, 1200, 2300),
    (2, 80, 1280, 5200, 7700, 1300, 2600),
    (2, 90, 1440, 5800, 8700, 1500, 2900),
    (2, 100, 1600, 6400, 9600, 1600, 3200),
    (2, 110, 1760, 7100, 10600, 1800, 3600),
    (3, 20, 640, None, None, 700, 1300),
    (3, 25, 800, 3200, 4800, 800, 1600),
    (3, 30, 960, 3900, 5800, 1000, 2000),
    (3, 40, 1280, 5200, 7700, 1300, 2600),
    (3, 50, 1600, 6400, 9600, 1600, 3200),
    (3, 60, 1920, 7700, 11600, 2000, 3900),
    (3, 70, 2000, 8000, 12000, 2000, 4000),  # 2240 capped at mangan
    (3, 80, 2000, 8000, 12000, 2000, 4000),
    (3, 90, 2000, 8000, 12000, 2000, 4000),
    (3, 100, 2000, 8000, 12000, 2000, 4000),
    (3, 110, 2000, 8000, 12000, 2000, 4000),
    (4, 20, 1280, None, None, 1300, 2600),
    (4, 25, 1600, 6400, 9600, 1600, 3200),
    (4, 30, 1920, 7700, 11600, 2000, 3900),
    (4, 40, 2000, 8000, 12000, 2000, 4000),  # 2560 capped
    (4, 50, 2000, 8000, 12000, 2000, 4000),
    (4, 60, 2000, 8000, 12000, 2000, 4000),
    (4, 70, 2000, 8000, 12000, 2000, 4000),
    (4, 80, 2000, 8000, 12000, 2000, 4000),
    (4, 90, 2000, 8000, 12000, 2000, 4000),
    (4, 100, 2000, 8000, 12000, 2000, 4000),
    (4, 110, 2000, 8000, 12000, 2000, 4000),
]
MANGAN_ROW = (2000, 8000, 12000, 2000, 4000)
# With kiriage, B = 1920 (4 han 30 fu, 3 han 60 fu) becomes a mangan
# (EMA Riichi: Rules for Japanese Mahjong 2025, §4.1.3).
KIRIAGE_ROWS = [row[:2] + MANGAN_ROW if row[2] == 1920 else row for row in TABLE]


def _id(row):
    return f"{row[0]}han-{row[1]}fu"


def ron_deltas(rules, han, fu, dealer_wins):
    winner = 0 if dealer_wins else 1
    hand = RiichiHand("win", wins=(Win(winner, 2, han, fu),))
    return settle(rules, START, hand).deltas


def tsumo_deltas(rules, han, fu, dealer_wins):
    winner = 0 if dealer_wins else 1
    return settle(rules, START, RiichiHand("win", wins=(Win(winner, None, han, fu),))).deltas


@pytest.mark.parametrize(("rules", "rows"), [(NO_KIRIAGE, TABLE), (KIRIAGE, KIRIAGE_ROWS)], ids=["plain", "kiriage"])
def test_basic_points_table(rules, rows):
    """Basic points: B = fu × 2^(han+2), capped at 2000; kiriage rounds 1920 up."""
    for han, fu, base, *_ in rows:
        assert basic_points(rules, han, fu) == base, (han, fu)


@pytest.mark.parametrize("kiriage", [False, True], ids=["plain", "kiriage"])
@pytest.mark.parametrize("row", TABLE, ids=_id)
def test_ron(row, kiriage):
    """EMA Riichi Competition Rules 2016, §3.4.9: ron — the discarder pays 4B (dealer winner: 6B), rounded up to 100."""
    rules = KIRIAGE if kiriage else NO_KIRIAGE
    han, fu, _, nd_ron, d_ron, *_ = KIRIAGE_ROWS[TABLE.index(row)] if kiriage else row
    if nd_ron is None:
        with pytest.raises(RuleError, match="20 fu is only possible on a self-draw"):
            ron_deltas(rules, han, fu, False)
        return
    assert ron_deltas(rules, han, fu, False) == (0, nd_ron, -nd_ron, 0)
    assert ron_deltas(rules, han, fu, True) == (d_ron, 0, -d_ron, 0)


@pytest.mark.parametrize("kiriage", [False, True], ids=["plain", "kiriage"])
@pytest.mark.parametrize("row", TABLE, ids=_id)
def test_tsumo(row, kiriage):
    """EMA Riichi Competition Rules 2016, §3.4.9: tsumo — dealer pays 2B, others B; a dealer's tsumo: 2B from each."""
    rules = KIRIAGE if kiriage else NO_KIRIAGE
    han, fu, _, _, _, others, dealer = KIRIAGE_ROWS[TABLE.index(row)] if kiriage else row
    assert tsumo_deltas(rules, han, fu, False) == (-dealer, 2 * others + dealer, -others, -others)
    assert tsumo_deltas(rules, han, fu, True) == (3 * dealer, -dealer, -dealer, -dealer)


@pytest.mark.parametrize(
    ("preset", "han", "fu", "ron", "dealer_ron"),
    [
        ("ema-2016", 4, 30, 7700, 11600),
        ("ema-2016", 3, 60, 7700, 11600),
        ("wrc", 4, 30, 8000, 12000),
        ("wrc", 3, 60, 8000, 12000),
        ("mleague", 4, 30, 8000, 12000),
        ("mleague", 3, 60, 8000, 12000),
        ("reach", 4, 30, 7700, 11600),
        ("jpml-a", 3, 60, 7700, 11600),
        ("ema-2008", 4, 30, 7700, 11600),
        ("wrc", 3, 50, 6400, 9600),  # kiriage touches only B = 1920
        ("wrc", 2, 110, 7100, 10600),
    ],
    ids=lambda v: str(v),
)
def test_kiriage_per_preset(preset, han, fu, ron, dealer_ron):
    """Kiriage in wrc and mleague, not in ema-2016, ema-2008, reach or jpml-a."""
    rules = PRESETS[preset]
    assert ron_deltas(rules, han, fu, False)[1] == ron
    assert ron_deltas(rules, han, fu, True)[0] == dealer_ron


LIMITS = [
    # han, B without kazoe, B with kazoe, non-dealer ron (no kazoe), (kazoe)
    (5, 2000, 2000, 8000, 8000),
    (6, 3000, 3000, 12000, 12000),
    (7, 3000, 3000, 12000, 12000),
    (8, 4000, 4000, 16000, 16000),
    (9, 4000, 4000, 16000, 16000),
    (10, 4000, 4000, 16000, 16000),
    (11, 6000, 6000, 24000, 24000),
    (12, 6000, 6000, 24000, 24000),
    (13, 6000, 8000, 24000, 32000),
    (14, 6000, 8000, 24000, 32000),
    (20, 6000, 8000, 24000, 32000),
]


@pytest.mark.parametrize("row", LIMITS, ids=lambda r: f"{r[0]}han")
def test_limits_and_kazoe(row):
    """Basic points: mangan, haneman, baiman, sanbaiman; 13+ han kazoe 8000 or 6000."""
    han, plain, kazoe, ron, kazoe_ron = row
    assert basic_points(PRESETS["ema-2016"], han, 0) == plain
    assert basic_points(PRESETS["ema-2008"], han, 0) == kazoe
    assert ron_deltas(PRESETS["ema-2016"], han, 0, False)[1] == ron
    assert ron_deltas(PRESETS["reach"], han, 0, False)[1] == kazoe_ron


@pytest.mark.parametrize(
    ("han", "others", "dealer", "dealer_each"),
    [(5, 2000, 4000, 4000), (6, 3000, 6000, 6000), (8, 4000, 8000, 8000), (11, 6000, 12000, 12000)],
    ids=["mangan", "haneman", "baiman", "sanbaiman"],
)
def test_limit_tsumo(han, others, dealer, dealer_each):
    """EMA Riichi Competition Rules 2016, §3.4.9: limit hands on tsumo (B and 2B, no rounding needed)."""
    rules = PRESETS["ema-2016"]
    assert tsumo_deltas(rules, han, 0, False) == (-dealer, 2 * others + dealer, -others, -others)
    assert tsumo_deltas(rules, han, 0, True) == (3 * dealer_each, -dealer_each, -dealer_each, -dealer_each)


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("ema-2016", 24000),
        ("ema-2008", 32000),
        ("wrc", 24000),
        ("reach", 32000),
        ("mleague", 24000),
        ("jpml-a", 24000),
        ("ema-2025", 24000),
    ],
)
def test_kazoe_per_preset(preset, expected):
    """13 han is a yakuman (8000) only where kazoe is on; M-League rules: no kazoe yakuman, a sanbaiman."""
    assert ron_deltas(PRESETS[preset], 13, 0, False)[1] == expected


@pytest.mark.parametrize(
    ("preset", "yakuman", "ron", "dealer_ron", "tsumo_each", "dealer_pays"),
    [
        ("ema-2016", 1, 32000, 48000, 8000, 16000),
        ("ema-2008", 2, 64000, 96000, 16000, 32000),
        ("wrc", 6, 192000, 288000, 48000, 96000),
    ],
    ids=["single", "double", "sextuple"],
)
def test_yakuman(preset, yakuman, ron, dealer_ron, tsumo_each, dealer_pays):
    """Basic points: `yakuman: n` is 8000 × n, up to max_yakuman."""
    rules = PRESETS[preset]
    assert basic_points(rules, 0, 0, yakuman) == 8000 * yakuman
    assert settle(rules, START, RiichiHand("win", wins=(Win(1, 2, yakuman=yakuman),))).deltas == (0, ron, -ron, 0)
    assert settle(rules, START, RiichiHand("win", wins=(Win(0, 2, yakuman=yakuman),))).deltas[0] == dealer_ron
    tsumo = settle(rules, START, RiichiHand("win", wins=(Win(1, None, yakuman=yakuman),))).deltas
    assert tsumo == (-dealer_pays, dealer_pays + 2 * tsumo_each, -tsumo_each, -tsumo_each)


@pytest.mark.parametrize(
    ("preset", "yakuman"),
    [("ema-2016", 2), ("ema-2008", 3), ("wrc", 7), ("reach", 2), ("mleague", 7), ("jpml-a", 2), ("ema-2025", 2)],
)
def test_too_many_yakuman(preset, yakuman):
    """Basic points: `n > max_yakuman` is an error."""
    with pytest.raises(RuleError, match=r"at most \d.*, han and fu\)"):
        settle(PRESETS[preset], START, RiichiHand("win", wins=(Win(1, 2, yakuman=yakuman),)))


@pytest.mark.parametrize("fu", [0, 35, 120, 999, 15], ids=lambda f: f"{f}fu")
def test_fu_ignored_from_5_han(fu):
    """Basic points: from 5 han on a given fu is ignored whatever its value."""
    rules = PRESETS["ema-2016"]
    assert settle(rules, START, RiichiHand("win", wins=(Win(1, 2, 5, fu),))).deltas == (0, 8000, -8000, 0)


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "match"),
    [
        (0, 30, False, "at least 1 han"),
        (-1, 30, True, "at least 1 han"),
        (1, 35, False, "35 fu does not exist"),
        (2, 120, True, "120 fu does not exist"),
        (3, 15, False, "15 fu does not exist"),
        (2, 0, False, "0 fu does not exist"),
        (1, 20, True, "1 han 20 fu does not exist"),
        (1, 25, True, "1 han 25 fu does not exist"),
        (1, 25, False, "1 han 25 fu does not exist"),
        (2, 20, False, "20 fu is only possible on a self-draw"),
        (4, 20, False, "20 fu is only possible on a self-draw"),
    ],
    ids=[
        "0han",
        "negative-han",
        "35fu",
        "120fu",
        "15fu",
        "0fu",
        "1han20fu",
        "1han25fu-tsumo",
        "1han25fu-ron",
        "20fu-ron",
        "4han20fu-ron",
    ],
)
def test_invalid_han_fu(han, fu, tsumo, match):
    """Basic points: valid fu below 5 han, 20 fu tsumo only, 25 fu needs 2 han, han ≥ 1."""
    win = Win(1, None if tsumo else 2, han, fu)
    with pytest.raises(RuleError, match=match) as caught:
        settle(PRESETS["ema-2016"], START, RiichiHand("win", wins=(win,)))
    assert "EMA Riichi Competition Rules 2016, han and fu)" in caught.value.message


@pytest.mark.parametrize("tsumo", [False, True], ids=["ron", "tsumo"])
@pytest.mark.parametrize("han", [1, 2, 3, 4])
def test_fu_values_are_exactly_the_fu_the_engine_accepts(han, tsumo):
    """Basic points: the fu the table offers (``fu_values``) are the ones
    ``settle`` accepts, for every han below 5 and either kind of win."""
    accepted = []
    for fu in range(0, 121, 5):
        win = Win(1, None if tsumo else 2, han, fu)
        try:
            settle(NO_KIRIAGE, START, RiichiHand("win", wins=(win,)))
        except RuleError:
            continue
        accepted.append(fu)
    assert fu_values(han, tsumo) == accepted
    assert fu_values(5, tsumo) == []
