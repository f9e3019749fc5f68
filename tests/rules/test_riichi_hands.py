"""One riichi hand at a time, under each preset's rules: counters, the riichi pot and multiple
ron, liability, chombo in every mode, exhaustive and abortive draws, nagashi, penalties,
and the dealer and counters after every kind of hand. Expected values are worked out by
hand from the rulebooks' clauses; players are seats 0–3 and the dealer is ``rotations % 4``."""

import pytest

from scoring.rules import PRESETS, Penalty, RiichiHand, RuleError, TableState, Win, settle

EMA16 = PRESETS["ema-2016"]
EMA08 = PRESETS["ema-2008"]
REACH = PRESETS["reach"]


def table(rotations=0, counters=0, pot=0, scores=(30000, 30000, 30000, 30000)):
    return TableState(tuple(scores), rotations, counters, pot)


def ron(winner, discarder, han=0, fu=0, yakuman=0, liable=None):
    return Win(winner, discarder, han, fu, yakuman, liable)


def tsumo(winner, han=0, fu=0, yakuman=0, liable=None):
    return Win(winner, None, han, fu, yakuman, liable)


def win(*wins, riichi=(), penalties=()):
    return RiichiHand("win", wins=tuple(wins), riichi=tuple(riichi), penalties=tuple(penalties))


def draw(tenpai=(), riichi=(), dead=(), nagashi=(), penalties=()):
    return RiichiHand(
        "draw",
        riichi=tuple(riichi),
        tenpai=tuple(tenpai),
        dead=tuple(dead),
        nagashi=tuple(nagashi),
        penalties=tuple(penalties),
    )


def chombo(offender, riichi=(), penalties=()):
    return RiichiHand("chombo", riichi=tuple(riichi), offender=offender, penalties=tuple(penalties))


def abortive(reason, riichi=()):
    return RiichiHand("abortive", riichi=tuple(riichi), reason=reason)


def balanced(before, settlement):
    """Every point a hand moves comes from a player or the pot."""
    return sum(settlement.deltas) + (settlement.table.pot - before.pot) == 0


# --- counters (EMA Riichi Competition Rules 2016, §3.4.10) -----------------------------------------------------------

COUNTER_ROWS = [
    # id, rules, table, hand, deltas
    ("ron-nondealer-2c", EMA16, table(counters=2), win(ron(1, 2, 3, 30)), (0, 4500, -4500, 0)),  # 3900 + 600
    ("ron-dealer-1c", EMA16, table(counters=1), win(ron(0, 3, 3, 30)), (6100, 0, 0, -6100)),  # 5800 + 300
    ("tsumo-nondealer-3c", EMA16, table(counters=3), win(tsumo(1, 3, 30)), (-2300, 4900, -1300, -1300)),
    ("tsumo-dealer-2c", EMA16, table(counters=2), win(tsumo(0, 3, 30)), (6600, -2200, -2200, -2200)),
    ("no-change-to-han-fu", EMA16, table(counters=5), win(ron(1, 2, 4, 30)), (0, 9200, -9200, 0)),  # 7700 + 1500
    ("mangan-tsumo-4c", EMA16, table(counters=4), win(tsumo(2, 5)), (-4400, -2400, 9200, -2400)),
    (
        "double-ron-both-get-counters",
        EMA16,
        table(counters=1),
        win(ron(1, 0, 1, 30), ron(3, 0, 2, 30)),
        (-3600, 1300, 0, 2300),
    ),
    (
        "honba-value-1500-ron",
        EMA16.with_overrides({"honba_value": 1500}),
        table(counters=2),
        win(ron(1, 2, 1, 30)),
        (0, 4000, -4000, 0),
    ),
    (
        "honba-value-1500-tsumo",
        EMA16.with_overrides({"honba_value": 1500}),
        table(counters=2),
        win(tsumo(1, 1, 30)),
        (-1500, 4100, -1300, -1300),
    ),  # 500+1000 / 300+1000
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "deltas"), [r[1:] for r in COUNTER_ROWS], ids=[r[0] for r in COUNTER_ROWS]
)
def test_counters(rules, before, hand, deltas):
    """EMA Riichi Competition Rules 2016, §3.4.10: 300 × counters on a ron, 100 × counters from
    each payer of a tsumo."""
    settlement = settle(rules, before, hand)
    assert settlement.deltas == deltas
    assert balanced(before, settlement)


# --- the riichi pot (riichi, multiple ron; EMA 2016 §3.3.14) ---------------------

POT_ROWS = [
    # id, rules, table, hand, deltas, pot after
    (
        "winner-takes-carried-and-new",
        EMA16,
        table(pot=2000),
        win(ron(1, 2, 3, 30), riichi=(1, 3)),
        (0, 3900 - 1000 + 4000, -3900, -1000),
        0,
    ),
    (
        "tsumo-winner-takes-pot",
        EMA16,
        table(pot=1000),
        win(tsumo(2, 1, 30), riichi=(0,)),
        (-500 - 1000, -300, 1100 + 2000, -300),
        0,
    ),
    ("draw-pot-stays", EMA16, table(pot=1000), draw(tenpai=(0,), riichi=(0,)), (2000, -1000, -1000, -1000), 2000),
    (
        "riichi-at-negative-score",
        EMA16,
        table(scores=(60500, 30000, -500, 30000)),
        draw(tenpai=(2,), riichi=(2,)),
        (-1000, -1000, 2000, -1000),
        1000,
    ),
    # multiple ron: winners 3 and 1 off the dealer 0; 1 is first after 0; 3 takes back his stick
    (
        "double-ron-first-after-discarder",
        EMA16,
        table(pot=1000),
        win(ron(3, 0, 1, 30), ron(1, 0, 2, 30), riichi=(1, 2, 3)),
        (-3000, 2000 - 1000 + 3000, -1000, 1000 - 1000 + 1000),
        0,
    ),
    # discarder 2: turn order 3, 0, 1 -> 0 first; 1 (riichi) takes his own stick back
    (
        "double-ron-wraps-around",
        EMA16,
        table(pot=2000),
        win(ron(1, 2, 1, 30), ron(0, 2, 1, 30), riichi=(1,)),
        (1500 + 2000, 1000 - 1000 + 1000, -2500, 0),
        0,
    ),
    # the first winner did not declare riichi: he gets the rest, the riichi winner his own stick
    (
        "double-ron-first-without-riichi",
        EMA08,
        table(rotations=1, pot=0),
        win(ron(3, 1, 1, 30), ron(0, 1, 1, 30), riichi=(0, 2)),
        (1000 - 1000 + 1000, -2000, -1000, 1000 + 1000),
        0,
    ),
    (
        "triple-ron",
        EMA16,
        table(pot=1000),
        win(ron(0, 3, 1, 30), ron(1, 3, 1, 30), ron(2, 3, 1, 30), riichi=(2,)),
        (1500 + 1000, 1000, 1000 - 1000 + 1000, -3500),
        0,
    ),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "deltas", "pot"), [r[1:] for r in POT_ROWS], ids=[r[0] for r in POT_ROWS]
)
def test_riichi_pot(rules, before, hand, deltas, pot):
    """EMA Riichi Competition Rules 2016, §3.4.9 and §3.3.14: the winner collects the pot; with several winners each
    riichi winner takes back his own stick and the rest goes to the first after the discarder."""
    settlement = settle(rules, before, hand)
    assert settlement.deltas == deltas
    assert settlement.table.pot == pot
    assert balanced(before, settlement)


# --- multiple ron modes ----------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["wrc", "mleague", "jpml-a"])
def test_head_bump_rejects_a_second_winner(preset):
    """Multiple ron, head bump: only the claimant first after the discarder wins."""
    hand = win(ron(3, 1, 1, 30), ron(2, 1, 2, 30))  # discarder 1: 2 comes before 3
    with pytest.raises(RuleError, match=r"head bump: only West, first in turn order after South.*, multiple ron\)"):
        settle(PRESETS[preset], table(), hand)


@pytest.mark.parametrize("preset", ["ema-2016", "ema-2008", "reach"])
def test_allow_pays_each_winner_in_full(preset):
    """Multiple ron allowed: the discarder pays each winner his full value plus counters."""
    settlement = settle(PRESETS[preset], table(counters=1), win(ron(1, 0, 3, 30), ron(2, 0, 2, 25)))
    assert settlement.deltas == (-(4200 + 1900), 4200, 1900, 0)


@pytest.mark.parametrize(
    ("preset", "error"), [("reach", True), ("jpml-a", True), ("ema-2016", False), ("ema-2008", False)]
)
def test_triple_ron(preset, error):
    """Where triple_ron is an abortive draw, three ron winners is an error."""
    hand = win(ron(0, 3, 1, 30), ron(1, 3, 1, 30), ron(2, 3, 1, 30))
    if error:
        with pytest.raises(RuleError, match="record the hand as an abortive draw"):
            settle(PRESETS[preset], table(), hand)
    else:
        assert settle(PRESETS[preset], table(), hand).deltas == (1500, 1000, 1000, -3500)


@pytest.mark.parametrize(
    ("hand", "match"),
    [
        (win(tsumo(1, 1, 30), tsumo(2, 1, 30)), "self-draw .* must be the only win"),
        (win(ron(1, 0, 1, 30), tsumo(2, 1, 30)), "self-draw .* must be the only win"),
        (win(ron(1, 0, 1, 30), ron(2, 3, 1, 30)), "same discard"),
        (win(ron(1, 0, 1, 30), ron(1, 0, 1, 30)), "South is listed as a winner twice"),
        (win(ron(1, 1, 1, 30)), "cannot win on his own discard"),
    ],
    ids=["two-tsumo", "tsumo-and-ron", "two-discarders", "winner-twice", "own-discard"],
)
def test_impossible_wins(hand, match):
    """Multiple ron: several wins share one discarder; a tsumo is the only win."""
    with pytest.raises(RuleError, match=match) as caught:
        settle(EMA16, table(), hand)
    assert "EMA Riichi Competition Rules 2016, " in caught.value.message


# --- liability (EMA Riichi Competition Rules 2016, §3.3.9; Reach "Limit Hand Pows") ----------------------------------

LIABILITY_ROWS = [
    # id, rules, table, hand, deltas
    ("tsumo-nondealer", EMA16, table(counters=1), win(tsumo(1, yakuman=1, liable=2)), (0, 32300, -32300, 0)),
    ("tsumo-dealer", EMA16, table(counters=2), win(tsumo(0, yakuman=1, liable=3)), (48600, 0, 0, -48600)),
    ("ron-off-another", EMA16, table(counters=2), win(ron(1, 2, yakuman=1, liable=3)), (0, 32600, -16600, -16000)),
    (
        "ron-dealer-off-another",
        EMA16,
        table(counters=1),
        win(ron(0, 1, yakuman=1, liable=2)),
        (48300, -24300, -24000, 0),
    ),
    ("ron-off-the-liable", EMA16, table(counters=1), win(ron(1, 3, yakuman=1, liable=3)), (0, 32300, 0, -32300)),
    ("double-yakuman-tsumo", EMA08, table(), win(tsumo(2, yakuman=2, liable=0)), (-64000, 0, 64000, 0)),
    ("reach-four-kongs-ron-half", REACH, table(), win(ron(3, 0, yakuman=1, liable=1)), (-16000, -16000, 0, 32000)),
    ("reach-tsumo-all", REACH, table(rotations=1), win(tsumo(3, yakuman=1, liable=0)), (-32000, 0, 0, 32000)),
    (
        "double-ron-one-liable",
        EMA16,
        table(),
        win(ron(1, 0, yakuman=1, liable=3), ron(2, 0, 2, 30)),
        (-16000 - 2000, 32000, 2000, -16000),
    ),
    ("kan-pao-is-a-ron", REACH, table(), win(ron(2, 3, 3, 40)), (0, 0, 5200, -5200)),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "deltas"), [r[1:] for r in LIABILITY_ROWS], ids=[r[0] for r in LIABILITY_ROWS]
)
def test_liability(rules, before, hand, deltas):
    """EMA Riichi Competition Rules 2016, §3.3.9: tsumo → the liable player pays the ron value plus ron counters;
    ron off another → half each, the discarder alone pays the counters; ron off him → ordinary."""
    settlement = settle(rules, before, hand)
    assert settlement.deltas == deltas
    assert balanced(before, settlement)


@pytest.mark.parametrize(
    ("rules", "hand", "match"),
    [
        (EMA16, win(ron(1, 2, 3, 30, liable=3)), r"only to a yakuman \(EMA Riichi Competition Rules 2016, §3.3.9\)"),
        (
            EMA16,
            win(tsumo(1, yakuman=1, liable=1)),
            r"liable for his own win \(EMA Riichi Competition Rules 2016, §3.3.9\)",
        ),
        (
            EMA16,
            win(ron(1, 0, yakuman=1, liable=2), ron(2, 0, 1, 30)),
            r"won this hand too .*EMA Riichi Competition Rules 2016, §3.3.9",
        ),
        (
            EMA16.with_overrides({"pao_hands": []}),
            win(tsumo(1, yakuman=1, liable=2)),
            r"no liability \(pao\).*EMA Riichi Competition Rules 2016, §3.3.9",
        ),
    ],
    ids=["non-yakuman", "himself", "another-winner", "no-pao"],
)
def test_liability_errors(rules, hand, match):
    """EMA Riichi Competition Rules 2016, §3.3.9: only on a yakuman, never the winner nor another
    winner; none without pao."""
    with pytest.raises(RuleError, match=match):
        settle(rules, table(), hand)


# --- chombo (EMA 2016 §3.4.6; EMA 2008 §3.4.6; Reach "Hand Replay") -------

REVERSE_BY_NON_DEALER = (2000, 4000, 2000, -8000)  # dealer is seat 1, offender 3
REVERSE_BY_DEALER = (4000, -12000, 4000, 4000)  # offender 1 is the dealer
CHOMBO_ROWS = [
    # id, preset, tournament, offender, deltas, deduction
    ("ema-2016-casual-non-dealer", "ema-2016", False, 3, REVERSE_BY_NON_DEALER, 0),
    ("ema-2016-casual-dealer", "ema-2016", False, 1, REVERSE_BY_DEALER, 0),
    ("ema-2016-tournament-non-dealer", "ema-2016", True, 3, (0, 0, 0, 0), 20000),
    ("ema-2016-tournament-dealer", "ema-2016", True, 1, (0, 0, 0, 0), 20000),
    ("ema-2008-non-dealer", "ema-2008", True, 3, REVERSE_BY_NON_DEALER, 0),
    ("ema-2008-dealer", "ema-2008", False, 1, REVERSE_BY_DEALER, 0),
    ("reach-non-dealer", "reach", False, 3, REVERSE_BY_NON_DEALER, 0),
    ("reach-dealer", "reach", True, 1, REVERSE_BY_DEALER, 0),
    ("wrc-non-dealer", "wrc", False, 3, (0, 0, 0, 0), 30000),
    ("wrc-dealer", "wrc", True, 1, (0, 0, 0, 0), 30000),
    ("mleague-non-dealer", "mleague", False, 3, (0, 0, 0, 0), 20000),
    ("mleague-dealer", "mleague", False, 1, (0, 0, 0, 0), 20000),
    ("jpml-a-non-dealer", "jpml-a", False, 3, (0, 0, 0, 0), 20000),
    ("jpml-a-dealer", "jpml-a", True, 1, (0, 0, 0, 0), 20000),
]


@pytest.mark.parametrize(
    ("preset", "tournament", "offender", "deltas", "deduction"),
    [r[1:] for r in CHOMBO_ROWS],
    ids=[r[0] for r in CHOMBO_ROWS],
)
def test_chombo(preset, tournament, offender, deltas, deduction):
    """EMA Riichi Competition Rules 2016, §3.4.6: reverse mangan (4000 to the dealer, 2000 to others; dealer: 4000 each)
    or a deduction after uma; riichi sticks go back, counters and dealer stay, the hand is replayed."""
    before = TableState((30000, 30000, 30000, 30000), rotations=1, counters=2, pot=1000, hands=4)
    settlement = settle(PRESETS[preset], before, chombo(offender, riichi=(0, 2)), tournament=tournament)
    assert settlement.deltas == deltas
    expected_penalties = [0, 0, 0, 0]
    expected_penalties[offender] = deduction
    assert settlement.result_penalties == tuple(expected_penalties)
    after = settlement.table
    assert (after.rotations, after.counters, after.pot, after.hands, after.finished) == (1, 2, 1000, 5, False)


def test_chombo_keeps_pot_penalties():
    """A chombo hand does not return a pot penalty (only riichi sticks go back)."""
    hand = chombo(3, riichi=(1,), penalties=(Penalty(2, 1000, "pot"),))
    settlement = settle(REACH, table(pot=1000), hand)
    # dealer 0 +4000, 1 +2000 (his riichi stick back: no -1000), 2 +2000 - 1000 penalty, offender -8000
    assert settlement.deltas == (4000, 2000, 1000, -8000)
    assert settlement.table.pot == 2000


def test_chombo_with_a_win_is_an_error():
    """EMA 2016 §3.4.6: a win declared together with a chombo voids the chombo."""
    hand = RiichiHand("chombo", wins=(ron(1, 2, 1, 30),), offender=3)
    with pytest.raises(RuleError, match="voids the chombo"):
        settle(EMA16, table(), hand)


# --- exhaustive draw (EMA Riichi Competition Rules 2016, §3.4.7, §3.4.10-11) -----------------------------------------

NOTEN_ROWS = [
    ((), (0, 0, 0, 0)),
    ((0,), (3000, -1000, -1000, -1000)),
    ((2,), (-1000, -1000, 3000, -1000)),
    ((0, 2), (1500, -1500, 1500, -1500)),
    ((1, 3), (-1500, 1500, -1500, 1500)),
    ((2, 3), (-1500, -1500, 1500, 1500)),
    ((0, 1, 2), (1000, 1000, 1000, -3000)),
    ((1, 2, 3), (-3000, 1000, 1000, 1000)),
    ((0, 1, 2, 3), (0, 0, 0, 0)),
]


@pytest.mark.parametrize(("tenpai", "deltas"), NOTEN_ROWS, ids=lambda v: str(v))
def test_noten_payments(tenpai, deltas):
    """Exhaustive draw: noten players pay 3000 in all to tenpai players; counters +1,
    the dealer (seat 0) stays when tenpai."""
    settlement = settle(EMA16, table(counters=1), draw(tenpai=tenpai))
    assert settlement.deltas == deltas
    assert settlement.table.counters == 2
    assert settlement.table.rotations == (0 if 0 in tenpai else 1)


def test_riichi_dead_hand_pays_noten_without_chombo():
    """EMA Riichi Competition Rules 2016, §3.4.6/§3.4.7: a riichi dead hand pays noten, no chombo."""
    settlement = settle(EMA16, table(), draw(tenpai=(0,), riichi=(2,), dead=(2,)))
    assert settlement.deltas == (3000, -1000, -2000, -1000)
    assert settlement.table.pot == 1000


def test_dead_and_tenpai_together_is_an_error():
    """EMA Riichi Competition Rules 2016, §3.4.7: a player with a dead hand can never be considered tenpai."""
    with pytest.raises(
        RuleError, match=r"dead hand and cannot be tenpai \(EMA Riichi Competition Rules 2016, §3.4.7\)"
    ):
        settle(EMA16, table(), draw(tenpai=(1,), dead=(1,)))


@pytest.mark.parametrize(
    ("preset", "rule"),
    [
        ("ema-2016", "EMA Riichi Competition Rules 2016, §3.4.6"),
        ("ema-2008", "EMA Riichi Competition Rules 2008, §3.4.6"),
        ("reach", "Reach club rules, 'Yer Out!' (2007), \"Non-ready Reach\""),
        ("wrc", "World Riichi Championship Rules 2022, riichi at an exhaustive draw"),
        ("ema-2025", "EMA Riichi: Rules for Japanese Mahjong 2025, §3.4.6"),
    ],
)
def test_noten_riichi_is_chombo(preset, rule):
    """EMA Riichi Competition Rules 2016, §3.4.6: a riichi declarer neither tenpai nor dead has committed chombo."""
    names = ("Ann", "Bob", "Cho", "Dee")
    with pytest.raises(RuleError) as caught:
        settle(PRESETS[preset], table(), draw(tenpai=(0,), riichi=(3,)), names=names)
    assert caught.value.message == (
        f"Dee declared riichi but is not tenpai at the exhaustive draw; under {rule} that is chombo — "
        "record the hand as chombo by Dee"
    )


def test_several_noten_riichi_players():
    """Exhaustive draw: several offenders — one chombo hand per offender, in seat order."""
    names = ("Ann", "Bob", "Cho", "Dee")
    with pytest.raises(RuleError, match="Bob declared riichi .* chombo by Bob; record one chombo hand per offender"):
        settle(EMA16, table(), draw(riichi=(3, 1)), names=names)


# --- nagashi (the club's rule in ema-2008 and reach) -----------------------------------------

NAGASHI_ROWS = [
    # id, preset, table, hand, deltas, rotations after, counters after, pot after
    (
        "non-dealer-dealer-noten",
        "ema-2008",
        table(counters=2, pot=1000),
        draw(nagashi=(1,), tenpai=(1, 2), riichi=(2,)),
        (-4200, 8600, -2200 - 1000, -2200),
        1,
        3,
        2000,
    ),
    ("dealer", "reach", table(counters=1), draw(nagashi=(0,)), (12300, -4100, -4100, -4100), 0, 2, 0),
    (
        "non-dealer-dealer-tenpai",
        "reach",
        table(),
        draw(nagashi=(3,), tenpai=(0,)),
        (-4000, -2000, -2000, 8000),
        0,
        1,
        0,
    ),
    ("two-nagashi", "ema-2008", table(), draw(nagashi=(1, 2)), (-8000, 6000, 6000, -4000), 1, 1, 0),
]


@pytest.mark.parametrize(
    ("preset", "before", "hand", "deltas", "rotations", "counters", "pot"),
    [r[1:] for r in NAGASHI_ROWS],
    ids=[r[0] for r in NAGASHI_ROWS],
)
def test_nagashi(preset, before, hand, deltas, rotations, counters, pot):
    """Nagashi: a mangan tsumo plus 100 per counter from each payer, no noten
    payments, the pot stays, counters +1, the dealer stays if he scored nagashi or is tenpai."""
    settlement = settle(PRESETS[preset], before, hand)
    assert settlement.deltas == deltas
    assert (settlement.table.rotations, settlement.table.counters, settlement.table.pot) == (rotations, counters, pot)


@pytest.mark.parametrize(
    ("preset", "has"),
    [("ema-2016", False), ("ema-2008", True), ("wrc", False), ("reach", True), ("mleague", False), ("jpml-a", False)],
)
def test_nagashi_per_preset(preset, has):
    """Nagashi in ema-2008 and reach only (the club's rule); elsewhere a nagashi is an error."""
    hand = draw(nagashi=(2,))
    if has:
        assert settle(PRESETS[preset], table(), hand).deltas == (-4000, -2000, 8000, -2000)
    else:
        with pytest.raises(RuleError, match=r"has no nagashi mangan \(.*, nagashi mangan\)"):
            settle(PRESETS[preset], table(), hand)


# --- abortive draws --------------------------------------------------------------------------

ABORTIVE = {
    "ema-2016": (),
    "ema-2008": ("four_kongs", "four_riichi", "four_winds", "nine_terminals"),
    "wrc": (),
    "reach": ("nine_terminals", "four_winds", "four_kongs", "four_riichi", "triple_ron"),
    "mleague": (),
    "jpml-a": ("nine_terminals", "four_winds", "four_kongs", "four_riichi", "triple_ron"),
}
REASONS = ("nine_terminals", "four_winds", "four_kongs", "four_riichi", "triple_ron")


@pytest.mark.parametrize("reason", REASONS)
@pytest.mark.parametrize("preset", list(ABORTIVE))
def test_abortive_draws(preset, reason):
    """Sticks stay in the pot; counter +1 and dealer stays, except ema-2008 (rotate,
    no counter added: the club's rule); a reason the preset does not have is an error."""
    before = table(rotations=1, counters=2, pot=1000)
    hand = abortive(reason, riichi=(0, 1, 2, 3) if reason == "four_riichi" else (2,))
    if reason not in ABORTIVE[preset]:
        with pytest.raises(RuleError, match=f"has no abortive draw '{reason}'"):
            settle(PRESETS[preset], before, hand)
        return
    settlement = settle(PRESETS[preset], before, hand)
    sticks = len(hand.riichi)
    assert settlement.deltas == tuple(-1000 if p in hand.riichi else 0 for p in range(4))
    assert settlement.table.pot == 1000 + 1000 * sticks
    expected = (2, 2) if preset == "ema-2008" else (1, 3)
    assert (settlement.table.rotations, settlement.table.counters) == expected


# --- penalties --------------------------------------------------------------------------------

PENALTY_ROWS = [
    # id, rules, table, hand, deltas, pot after, result penalties
    (
        "pot-penalty-to-winner",
        REACH,
        table(),
        win(ron(1, 2, 1, 30), penalties=(Penalty(3, 1000, "pot"),)),
        (0, 2000, -1000, -1000),
        0,
        (0, 0, 0, 0),
    ),
    (
        "pot-penalty-stays-on-draw",
        REACH,
        table(),
        draw(tenpai=(0, 1), penalties=(Penalty(2, 1000, "pot"),)),
        (1500, 1500, -2500, -1500),
        1000,
        (0, 0, 0, 0),
    ),
    (
        "pot-penalty-multi-ron-first-winner",
        REACH,
        table(),
        win(ron(3, 1, 1, 30), ron(2, 1, 1, 30), penalties=(Penalty(0, 300, "pot"),)),
        (-300, -2000, 1300, 1000),
        0,
        (0, 0, 0, 0),
    ),
    (
        "pot-penalty-any-ruleset",
        EMA16,
        table(),
        win(tsumo(0, 1, 30), penalties=(Penalty(1, 500, "pot"),)),
        (2000, -1000, -500, -500),
        0,
        (0, 0, 0, 0),
    ),
    (
        "result-penalty",
        EMA16,
        table(),
        win(ron(1, 2, 1, 30), penalties=(Penalty(2, 2000), Penalty(2, 1000))),
        (0, 1000, -1000, 0),
        0,
        (0, 0, 3000, 0),
    ),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "deltas", "pot", "result_penalties"),
    [r[1:] for r in PENALTY_ROWS],
    ids=[r[0] for r in PENALTY_ROWS],
)
def test_penalties(rules, before, hand, deltas, pot, result_penalties):
    """A pot penalty goes into the riichi pot and the hand's winner collects it;
    a referee penalty comes off the result, not the table score."""
    settlement = settle(rules, before, hand)
    assert settlement.deltas == deltas
    assert settlement.table.pot == pot
    assert settlement.result_penalties == result_penalties


@pytest.mark.parametrize(
    "penalty",
    [Penalty(1, 0), Penalty(1, 150), Penalty(1, -1000), Penalty(1, 1000, "table")],
    ids=["zero", "not-100", "negative", "bad-target"],
)
def test_bad_penalties(penalty):
    """A penalty is a positive multiple of 100 going to the pot or the result."""
    with pytest.raises(RuleError, match=r"EMA Riichi Competition Rules 2016, penalties"):
        settle(EMA16, table(), draw(penalties=(penalty,)))


# --- 2 han at 5 counters (the min_han_at_5_counters knob) -------------------------------------


@pytest.mark.parametrize(
    ("preset", "counters", "win_", "ok"),
    [
        ("ema-2008", 5, ron(1, 2, 1, 30), False),
        ("ema-2008", 7, tsumo(1, 1, 30), False),
        ("ema-2008", 4, ron(1, 2, 1, 30), True),
        ("ema-2008", 5, ron(1, 2, 2, 30), True),
        ("ema-2008", 5, ron(1, 2, yakuman=1), True),
        ("ema-2016", 5, ron(1, 2, 1, 30), True),
    ],
    ids=["ema-2008-5c-1han", "ema-2008-7c-tsumo", "ema-2008-4c", "ema-2008-5c-2han", "ema-2008-yakuman", "ema-2016"],
)
def test_min_han_at_5_counters(preset, counters, win_, ok):
    """A win needs min_han_at_5_counters han with 5+ counters (2 in ema-2008, the club's rule)."""
    if ok:
        settle(PRESETS[preset], table(counters=counters), win(win_))
    else:
        with pytest.raises(RuleError, match=r"needs at least 2 han .*, the least han with five counters\)"):
            settle(PRESETS[preset], table(counters=counters), win(win_))


# --- dealer and counters after every kind of hand (EMA 2016 §3.4.10–3.4.11) -----

AFTER_ROWS = [
    # id, preset, hand, rotations after, counters after   (before: rotations 1 -> dealer seat 1, 2 counters)
    ("dealer-ron", "ema-2016", win(ron(1, 2, 1, 30)), 1, 3),
    ("dealer-tsumo", "ema-2016", win(tsumo(1, 1, 30)), 1, 3),
    ("non-dealer-ron", "ema-2016", win(ron(2, 1, 1, 30)), 2, 0),
    ("non-dealer-tsumo", "ema-2016", win(tsumo(3, 1, 30)), 2, 0),
    ("double-ron-with-dealer", "ema-2016", win(ron(2, 0, 1, 30), ron(1, 0, 1, 30)), 1, 3),
    ("double-ron-without-dealer", "ema-2008", win(ron(2, 1, 1, 30), ron(3, 1, 2, 30)), 2, 0),
    ("draw-dealer-tenpai", "ema-2016", draw(tenpai=(1,)), 1, 3),
    ("draw-dealer-noten", "ema-2016", draw(tenpai=(0, 2)), 2, 3),
    ("draw-nobody-tenpai", "ema-2016", draw(), 2, 3),
    ("draw-dealer-riichi-dead", "ema-2016", draw(tenpai=(0,), riichi=(1,), dead=(1,)), 2, 3),
    ("nagashi-by-dealer", "ema-2008", draw(nagashi=(1,)), 1, 3),
    ("nagashi-other-dealer-tenpai", "reach", draw(nagashi=(2,), tenpai=(1,)), 1, 3),
    ("nagashi-other-dealer-noten", "reach", draw(nagashi=(2,)), 2, 3),
    ("abortive-reach", "reach", abortive("four_winds"), 1, 3),
    ("abortive-jpml-a", "jpml-a", abortive("triple_ron"), 1, 3),
    ("abortive-ema-2008", "ema-2008", abortive("nine_terminals"), 2, 2),
    ("chombo", "ema-2016", chombo(1), 1, 2),
    ("chombo-deduction", "wrc", chombo(2), 1, 2),
]


@pytest.mark.parametrize(
    ("preset", "hand", "rotations", "counters"), [r[1:] for r in AFTER_ROWS], ids=[r[0] for r in AFTER_ROWS]
)
def test_dealer_and_counters_after_each_kind_of_hand(preset, hand, rotations, counters):
    """EMA Riichi Competition Rules 2016, §3.4.10–3.4.11: counters and dealer after a hand."""
    after = settle(PRESETS[preset], table(rotations=1, counters=2), hand).table
    assert (after.rotations, after.counters) == (rotations, counters)
