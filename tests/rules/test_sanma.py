"""Three-player riichi (sanma, the Tenhou three-player rules), one hand at a time: ron, the
self-draw under each ``tsumo_payment`` (loss, bisection, full), counters, the noten pool with
0–3 tenpai, riichi sticks, chombo, the game end with its extension, round labels, and the
knobs' checks. Expected values are worked out by hand from the four-player arithmetic (EMA
Riichi Competition Rules 2016, §3.4.9) and the Tenhou three-player rules; players are seats
0–2 (East, South, West of the first hand) and the dealer is ``rotations % 3``."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import PRESETS, RiichiHand, RuleError, TableState, Win, parse_game, round_label, settle
from scoring.rules.riichi import basic_points, fu_values, round_up
from scoring.rules.vocabulary import ChomboMode, TsumoPayment
from tests.hypothesis_budget import examples

TENHOU = PRESETS["tenhou-sanma"]
CLUB = PRESETS["sanma-club"]
FULL = TENHOU.with_overrides({"tsumo_payment": TsumoPayment.FULL})
BISECTION = TENHOU.with_overrides({"tsumo_payment": TsumoPayment.BISECTION})
HONBA_300 = TENHOU.with_overrides({"honba_value": 300})
START = (35000, 35000, 35000)


def table(rotations=0, counters=0, pot=0, scores=START):
    return TableState(tuple(scores), rotations, counters, pot)


def win(*wins, riichi=()):
    return RiichiHand("win", wins=tuple(wins), riichi=tuple(riichi))


def draw(tenpai=(), riichi=()):
    return RiichiHand("draw", tenpai=tuple(tenpai), riichi=tuple(riichi))


def deltas(rules, before, hand):
    return settle(rules, before, hand).deltas


# --- ron and the self-draw under each tsumo payment (EMA 2016 §3.4.9; Tenhou three-player rules) ---

PAYMENT_ROWS = [
    # id, rules, table, hand, deltas
    ("ron-nondealer-3han30", TENHOU, table(), win(Win(1, 2, 3, 30)), (0, 3900, -3900)),  # 4B = 3840 -> 3900
    ("ron-dealer-3han30", TENHOU, table(), win(Win(0, 2, 3, 30)), (5800, 0, -5800)),  # 6B = 5760 -> 5800
    ("ron-same-in-every-mode", FULL, table(), win(Win(1, 0, 5)), (-8000, 8000, 0)),
    # loss: the North's share is not paid (non-dealer mangan 4000 + 2000; dealer 4000 + 4000)
    ("loss-nondealer-mangan", TENHOU, table(), win(Win(1, None, 5)), (-4000, 6000, -2000)),
    ("loss-dealer-mangan", TENHOU, table(), win(Win(0, None, 5)), (8000, -4000, -4000)),
    ("loss-nondealer-1han30", TENHOU, table(), win(Win(2, None, 1, 30)), (-500, -300, 800)),
    ("loss-dealer-1han30", TENHOU, table(), win(Win(0, None, 1, 30)), (1000, -500, -500)),
    # bisection: the North's four-player payment halved, each half rounded up to 100, on each payer
    ("bisection-nondealer-mangan", BISECTION, table(), win(Win(1, None, 5)), (-5000, 8000, -3000)),
    ("bisection-dealer-mangan", BISECTION, table(), win(Win(0, None, 5)), (12000, -6000, -6000)),
    ("bisection-nondealer-1han30", BISECTION, table(), win(Win(2, None, 1, 30)), (-700, -500, 1200)),  # 300 / 2 -> 200
    ("bisection-dealer-1han30", BISECTION, table(), win(Win(0, None, 1, 30)), (1600, -800, -800)),  # 500 / 2 -> 300
    ("sanma-club-is-bisection", CLUB, table(rotations=1), win(Win(2, None, 5)), (-3000, -5000, 8000)),
    # full: the ron value between the two payers, the North's share halved before rounding
    ("full-nondealer-mangan", FULL, table(), win(Win(1, None, 5)), (-5000, 8000, -3000)),
    ("full-dealer-mangan", FULL, table(), win(Win(0, None, 5)), (12000, -6000, -6000)),
    ("full-nondealer-1han30", FULL, table(), win(Win(2, None, 1, 30)), (-600, -400, 1000)),  # 5B/2 600, 3B/2 360
    ("full-dealer-1han30", FULL, table(), win(Win(0, None, 1, 30)), (1600, -800, -800)),  # 3B = 720 -> 800
    ("full-nondealer-4han30", FULL, table(), win(Win(1, None, 4, 30)), (-4800, 7700, -2900)),  # ron 7700
    ("full-yakuman", FULL, table(), win(Win(2, None, yakuman=1)), (-20000, -12000, 32000)),
]


@pytest.mark.parametrize(
    "rules, before, hand, expected", [r[1:] for r in PAYMENT_ROWS], ids=[r[0] for r in PAYMENT_ROWS]
)
def test_payments(rules, before, hand, expected):
    """Tenhou three-player rules: tsumo loss, bisection and full payment of a self-draw at three seats; a ron
    is the four-player ron (EMA Riichi Competition Rules 2016, §3.4.9) in every mode."""
    assert deltas(rules, before, hand) == expected


# --- counters: honba_value on a ron, shared by the two payers of a self-draw (Tenhou three-player rules) ---

COUNTER_ROWS = [
    ("ron-1c", TENHOU, table(counters=1), win(Win(1, 2, 3, 30)), (0, 4100, -4100)),  # 3900 + 200
    ("ron-dealer-2c", TENHOU, table(counters=2), win(Win(0, 2, 3, 30)), (6200, 0, -6200)),  # 5800 + 400
    ("tsumo-loss-2c", TENHOU, table(counters=2), win(Win(1, None, 5)), (-4200, 6400, -2200)),  # 100 a counter each
    ("tsumo-bisection-1c", CLUB, table(counters=1), win(Win(1, None, 5)), (-5100, 8200, -3100)),
    (
        "honba-1000-tsumo",
        TENHOU.with_overrides({"honba_value": 1000}),
        table(counters=1),
        win(Win(2, None, 5)),
        (-4500, -2500, 7000),
    ),
    # 300 a counter (the other values seen): 150 from each of the two payers of a tsumo, 300 on a ron
    ("honba-300-tsumo-2c", HONBA_300, table(counters=2), win(Win(1, None, 5)), (-4300, 6600, -2300)),
    ("honba-300-dealer-tsumo-1c", HONBA_300, table(counters=1), win(Win(0, None, 5)), (8300, -4150, -4150)),
    ("honba-300-ron-2c", HONBA_300, table(counters=2), win(Win(2, 1, 3, 30)), (0, -4500, 4500)),
]


@pytest.mark.parametrize(
    "rules, before, hand, expected", [r[1:] for r in COUNTER_ROWS], ids=[r[0] for r in COUNTER_ROWS]
)
def test_counters(rules, before, hand, expected):
    """Tenhou three-player rules: Tenhou's counter is 200 on a ron, 100 from each of two payers on a tsumo."""
    assert deltas(rules, before, hand) == expected


@pytest.mark.parametrize("value", [200, 300, 1000, 100])
def test_every_counter_value_in_hundreds_halves_between_two_payers(value):
    """Tenhou three-player rules, the other counter values seen (300; 1,000): any multiple of 100 halves
    into the two payers' shares of a tsumo; only the codec's hundreds refuse a value."""
    assert TENHOU.with_overrides({"honba_value": value}).honba_value == value
    with pytest.raises(RuleError, match="honba_value must be a multiple of 100"):
        TENHOU.with_overrides({"honba_value": value + 50})


def test_a_counter_value_three_payers_cannot_share_is_refused_at_four():
    """EMA Riichi Competition Rules 2016, §3.4.9: at four seats each of three payers pays a third: 200 is refused."""
    with pytest.raises(RuleError, match="honba_value must be a multiple of 300"):
        PRESETS["tenhou"].with_overrides({"honba_value": 200})


# --- the noten pool (Tenhou three-player rules: 2,000 shared by the tenpai players) ---

NOTEN_ROWS = [
    # id, tenpai, deltas, dealer after (rotations)
    ("none-tenpai", (), (0, 0, 0), 1),
    ("one-tenpai", (1,), (-1000, 2000, -1000), 1),
    ("dealer-tenpai-alone", (0,), (2000, -1000, -1000), 0),
    ("two-tenpai", (0, 2), (1000, -2000, 1000), 0),
    ("all-tenpai", (0, 1, 2), (0, 0, 0), 0),
]


@pytest.mark.parametrize("tenpai, expected, rotations", [r[1:] for r in NOTEN_ROWS], ids=[r[0] for r in NOTEN_ROWS])
def test_noten_pool(tenpai, expected, rotations):
    """Tenhou three-player rules: one tenpai gets 1000 from each noten; two tenpai get 1000 each from the noten;
    the counter goes up and the dealer stays if tenpai (EMA Riichi Competition Rules 2016, §3.4.11)."""
    settlement = settle(TENHOU, table(), draw(tenpai))
    assert settlement.deltas == expected
    assert (settlement.table.rotations, settlement.table.counters) == (rotations, 1)


def test_a_noten_pool_that_does_not_split_is_refused():
    """Tenhou three-player rules: each noten payment is whole hundreds (1,000 splits; 1,500 does not)."""
    assert TENHOU.with_overrides({"noten_pool": 1000}).noten_pool == 1000
    with pytest.raises(RuleError, match="noten_pool must split"):
        TENHOU.with_overrides({"noten_pool": 1500})


# --- riichi sticks and chombo ---


def test_riichi_sticks_go_to_the_winner():
    """EMA Riichi Competition Rules 2016, §3.3.14, at three seats: the declarer pays 1000 into
    the pot; the winner takes it and the sticks before."""
    settlement = settle(TENHOU, table(pot=1000), win(Win(2, 0, 1, 30), riichi=(1, 2)))
    assert settlement.deltas == (-1000, -1000, 3000)  # 1000 ron + 3000 pot - own stick
    assert settlement.table.pot == 0


def test_sticks_stay_after_a_draw():
    settlement = settle(TENHOU, table(), draw((1,), riichi=(1,)))
    assert settlement.deltas == (-1000, 1000, -1000)
    assert settlement.table.pot == 1000


CHOMBO_ROWS = [
    # id, rules, offender, deltas
    ("reverse-mangan-loss-nondealer", TENHOU, 1, (4000, -6000, 2000)),
    ("reverse-mangan-loss-dealer", TENHOU, 0, (-8000, 4000, 4000)),
    ("reverse-mangan-bisection-nondealer", CLUB, 2, (5000, 3000, -8000)),
    ("reverse-mangan-bisection-dealer", CLUB, 0, (-12000, 6000, 6000)),
    ("deduction", TENHOU.with_overrides({"chombo": ChomboMode.DEDUCTION}), 1, (0, 0, 0)),
]


@pytest.mark.parametrize("rules, offender, expected", [r[1:] for r in CHOMBO_ROWS], ids=[r[0] for r in CHOMBO_ROWS])
def test_chombo(rules, offender, expected):
    """EMA Riichi Competition Rules 2016, §3.4.6 (chombo), at three seats: a reverse mangan is
    paid as a mangan self-draw of the offender in reverse, under the ruleset's tsumo payment
    (Tenhou three-player rules); a replay: sticks back, no counter."""
    settlement = settle(rules, table(counters=1), RiichiHand("chombo", offender=offender, riichi=(2,)))
    assert settlement.deltas == expected
    assert (settlement.table.rotations, settlement.table.counters, settlement.table.pot) == (0, 1, 0)
    assert sum(settlement.result_penalties) == (rules.chombo_points if rules.chombo == ChomboMode.DEDUCTION else 0)


def test_no_abortive_draw_that_needs_a_fourth_player():
    """Tenhou three-player rules: no four-winds or four-riichi abortive draw at three seats."""
    with pytest.raises(RuleError, match="a table of three has no abortive draw 'four_winds'"):
        TENHOU.with_overrides({"abortive_draws": ["four_winds"]})
    assert settle(TENHOU, table(), RiichiHand("abortive", reason="nine_terminals")).deltas == (0, 0, 0)


# --- the game end: South 3 with a 40,000 top, else a West extension (Tenhou three-player rules) ---

S3 = 5  # rotations: the dealer of South 3 is seat 2
END_ROWS = [
    # id, rules, table, hand, finished, rotations after
    ("south-3-top-40000", TENHOU, table(S3, scores=(39000, 36000, 30000)), win(Win(0, 1, 3, 30)), True, 6),
    ("south-3-no-top-goes-west", TENHOU, table(S3, scores=(38000, 37000, 30000)), win(Win(0, 2, 1, 30)), False, 6),
    ("south-3-dealer-repeats", TENHOU, table(S3, scores=(30000, 30000, 45000)), win(Win(2, 0, 1, 30)), False, 5),
    ("west-hand-reaching-40000", TENHOU, table(6, scores=(38000, 37000, 30000)), win(Win(0, 2, 3, 30)), True, 6),
    ("west-hand-without-top", TENHOU, table(6, scores=(36000, 37000, 32000)), draw((0,)), False, 6),
    ("west-3-ends-anyway", TENHOU, table(8, scores=(38000, 37000, 30000)), draw(()), True, 9),
    (
        "no-extension",
        TENHOU.with_overrides({"extension": "none"}),
        table(S3, scores=(38000, 37000, 30000)),
        draw(()),
        True,
        6,
    ),
    (
        "no-finish-points",
        TENHOU.with_overrides({"finish_points": 0}),
        table(S3, scores=(38000, 37000, 30000)),
        draw(()),
        True,
        6,
    ),
    ("bust", TENHOU, table(1, scores=(1000, 35000, 69000)), win(Win(2, 0, 3, 30)), True, 2),
]


@pytest.mark.parametrize(
    "rules, before, hand, finished, rotations", [r[1:] for r in END_ROWS], ids=[r[0] for r in END_ROWS]
)
def test_game_end(rules, before, hand, finished, rotations):
    """Tenhou three-player rules: after South 3 the game ends if someone has finish_points; else it goes into
    West, which ends after the first hand leaving someone on them, or after West 3; bust as the riichi rules have it."""
    after = settle(rules, before, hand).table
    assert (after.finished, after.rotations) == (finished, rotations)


def test_round_labels():
    """Three deals a round: E1–E3, S1–S3, W1–W3."""
    labels = [round_label(TENHOU, table(r)) for r in range(9)]
    assert labels == ["E1", "E2", "E3", "S1", "S2", "S3", "W1", "W2", "W3"]


# --- the game log: three players, Norths set aside in a win's tiles ---


def log(ruleset, tiles):
    return {
        "format": "mahjong-club/game-log@1",
        "ruleset": ruleset,
        "players": ["Ann", "Bob", "Cho", "Dee"][: 4 if ruleset == "ema-2016" else 3],
        "hands": [{"result": "win", "wins": [{"winner": "Ann", "han": 5, "tiles": tiles}]}],
    }


def test_three_players_and_nuki():
    """The game log's sanma hands: three players; ``nuki`` in a win's tiles where Norths are set aside."""
    game = parse_game(log("tenhou-sanma", {"hand": "123p", "nuki": 2}))
    assert len(game.players) == 3 and '"nuki":2' in game.hands[0].wins[0].tiles
    with pytest.raises(RuleError, match="'players' must list exactly three names"):
        parse_game({**log("tenhou-sanma", {"hand": "1p"}), "players": ["Ann", "Bob", "Cho", "Dee"]})
    with pytest.raises(RuleError, match="unknown key 'nuki'"):
        parse_game(log("ema-2016", {"hand": "123p", "nuki": 1}))
    with pytest.raises(RuleError, match="'nuki' is the Norths set aside, 0 to 4"):
        parse_game(log("tenhou-sanma", {"hand": "123p", "nuki": 5}))


# --- properties of the self-draw at three and four seats ---

HAN_FU = st.integers(1, 13).flatmap(lambda han: st.tuples(st.just(han), st.sampled_from(fu_values(han, True) or [0])))
MODES = st.sampled_from(tuple(TsumoPayment))


@settings(max_examples=examples(200), deadline=None, derandomize=True)
@given(han_fu=HAN_FU, mode=MODES, winner=st.integers(0, 2), counters=st.integers(0, 6))
def test_self_draw_properties(han_fu, mode, winner, counters):
    """Every self-draw sums to zero; loss pays the four-player payments less the North's, full
    pays a non-dealer the ron value exactly (Tenhou three-player rules); at four seats every
    mode is the four-player payment."""
    han, fu = han_fu
    rules = TENHOU.with_overrides({"tsumo_payment": mode})
    settlement = settle(rules, table(counters=counters), win(Win(winner, None, han, fu)))
    assert sum(settlement.deltas) == 0
    base = basic_points(rules, han, fu)
    gained = settlement.deltas[winner] - 200 * counters
    ron = round_up(base * (6 if winner == 0 else 4))
    if mode == TsumoPayment.LOSS:
        assert gained == (2 * round_up(2 * base) if winner == 0 else round_up(2 * base) + round_up(base))
    elif mode == TsumoPayment.FULL and winner != 0:
        assert gained == ron
    else:
        assert ron <= gained <= ron + 200
    four = PRESETS["ema-2016"].with_overrides({"tsumo_payment": mode, "kazoe": True})
    at_four = settle(four, TableState((30000,) * 4), win(Win(winner, None, han, fu))).deltas
    assert (
        at_four
        == settle(
            PRESETS["ema-2016"].with_overrides({"kazoe": True}),
            TableState((30000,) * 4),
            win(Win(winner, None, han, fu)),
        ).deltas
    )
