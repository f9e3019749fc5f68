"""The three-player lobby presets (``tenhou-sanma``, ``tenhou-sanma-thousands``) settle as Tenhou's
lobby does (Tenhou three-player rules: the lobby's rules are the four-player lobby's, Online lobbies:
double ron, ties), where the club's three-player table rules (``sanma-club``) settle as the club's
table: a double ron's sticks and counters, ties at the end, nagashi mangan, a liable player's
counters. Every row is worked by hand at three seats (start 35,000, return 40,000, uma +20/0/−20,
the 15,000 oka to first; players 0–2 are East, South, West of the first hand)."""

import pytest

from scoring.rules import PRESETS, RiichiHand, TableState, Win, score_document, settle, standings
from tests.rules.test_game_end import lines

TENHOU = PRESETS["tenhou-sanma"]
THOUSANDS = PRESETS["tenhou-sanma-thousands"]
CLUB = PRESETS["sanma-club"]
NONE = (0, 0, 0)


def table(rotations=0, counters=0, pot=0, scores=(35000, 35000, 35000)):
    return TableState(tuple(scores), rotations, counters, pot)


def ron(winner, discarder, han=0, fu=0, yakuman=0, liable=None):
    return Win(winner, discarder, han, fu, yakuman, liable)


def win(*wins, riichi=()):
    return RiichiHand("win", wins=tuple(wins), riichi=tuple(riichi))


def nagashi(player, tenpai=()):
    return RiichiHand("draw", tenpai=tuple(tenpai), nagashi=(player,))


def finished(scores, pot=0):
    return TableState(tuple(scores), rotations=6, pot=pot, hands=6, finished=True)


@pytest.mark.parametrize("knob", ["uma_ties", "multi_ron_sticks", "nagashi_mode", "pao_counters"])
def test_the_three_player_lobby_settles_as_the_four_player_lobby(knob):
    """Tenhou three-player rules: the lobby's rules are the four-player lobby's (Tenhou rules, Online
    lobbies: double ron, ties, nagashi, liability); the club's table rules keep the table's."""
    assert getattr(TENHOU, knob) == getattr(THOUSANDS, knob) == getattr(PRESETS["tenhou"], knob)
    assert getattr(CLUB, knob) == getattr(PRESETS["reach"], knob) != getattr(TENHOU, knob)


# --- double ron: every stick and the counters to the first winner after the discarder --------------------------------

DOUBLE_RON_ROWS = [
    # id, rules, table, hand, deltas, pot after
    (
        # Ann discards, Bob and Cho (both in riichi) win 3 han 30 fu (3,900) and 2 han 30 fu (2,000), two counters
        # and a stick on the table: Bob, first after Ann, takes 3,900 + 400 and all three sticks (his own
        # included); Cho 2,000 and nothing else
        "tenhou-first-takes-all",
        TENHOU,
        table(counters=2, pot=1000),
        win(ron(1, 0, 3, 30), ron(2, 0, 2, 30), riichi=(1, 2)),
        (-6300, 6300, 1000),
        0,
    ),
    (
        # the same hand at the club's table: each winner is paid the counters (400), Bob takes the pot and his own
        # stick, Cho his own stick back
        "club-each-winner",
        CLUB,
        table(counters=2, pot=1000),
        win(ron(1, 0, 3, 30), ron(2, 0, 2, 30), riichi=(1, 2)),
        (-6700, 5300, 2400),
        0,
    ),
    (
        # Cho discards: Ann (the dealer, 1 han 30 fu: 6B = 1,440 -> 1,500) is first after him though listed
        # second, and takes the counter (200) and Bob's stick; Bob is paid 1,000 and loses his stick
        "tenhou-first-after-the-discarder",
        TENHOU,
        table(counters=1),
        win(ron(1, 2, 1, 30), ron(0, 2, 1, 30), riichi=(1,)),
        (2700, 0, -2700),
        0,
    ),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "deltas", "pot"),
    [r[1:] for r in DOUBLE_RON_ROWS],
    ids=[r[0] for r in DOUBLE_RON_ROWS],
)
def test_double_ron_sticks_and_counters(rules, before, hand, deltas, pot):
    """Online lobbies, double ron: every riichi stick on the table, a co-winner's own included, and all
    the counters go to the first winner after the discarder (Tenhou three-player rules, as Tenhou rules);
    EMA 2016 §3.3.14 at the club's table: each winner his counters, each riichi winner his own stick."""
    settlement = settle(rules, before, hand)
    assert settlement.deltas == deltas
    assert settlement.table.pot == pot
    assert sum(deltas) + pot - before.pot == 0


# --- ties at the end: the player nearer the first dealer takes the better place and the leftover sticks --------------

TIE_ROWS = [
    # id, rules, final scores, pot, standings lines (player, score, place, uma, oka, penalties, result)
    (
        # Ann and Cho tie on 30,000: Ann (the first dealer) is second, Cho third
        "tenhou-second-and-third",
        TENHOU,
        (30000, 45000, 30000),
        0,
        [
            (1, 45000, 1, 20000, 15000, 0, 40000),
            (0, 30000, 2, 0, 0, 0, -10000),
            (2, 30000, 3, -20000, 0, 0, -30000),
        ],
    ),
    (
        "club-shares-second-and-third",
        CLUB,
        (30000, 45000, 30000),
        0,
        [
            (1, 45000, 1, 20000, 15000, 0, 40000),
            (0, 30000, 2, -10000, 0, 0, -20000),
            (2, 30000, 2, -10000, 0, 0, -20000),
        ],
    ),
    (
        # Ann and Bob tie on top with 2,000 in sticks left: Ann takes first place, its oka and both sticks
        "tenhou-leftover-sticks-to-one",
        TENHOU,
        (35000, 35000, 33000),
        2000,
        [
            (0, 37000, 1, 20000, 15000, 0, 32000),
            (1, 35000, 2, 0, 0, 0, -5000),
            (2, 33000, 3, -20000, 0, 0, -27000),
        ],
    ),
    (
        # the club's table: the two share first and second (uma 10,000, oka 7,500) and the sticks (1,000 each)
        "club-leftover-sticks-shared",
        CLUB,
        (35000, 35000, 33000),
        2000,
        [
            (0, 36000, 1, 10000, 7500, 0, 13500),
            (1, 36000, 1, 10000, 7500, 0, 13500),
            (2, 33000, 3, -20000, 0, 0, -27000),
        ],
    ),
]


@pytest.mark.parametrize(
    ("rules", "scores", "pot", "expected"), [r[1:] for r in TIE_ROWS], ids=[r[0] for r in TIE_ROWS]
)
def test_ties_at_the_end(rules, scores, pot, expected):
    """Online lobbies, ties at the end: the player nearer the first dealer takes the better place and the
    leftover sticks, no sharing (Tenhou three-player rules, as Tenhou rules); EMA 2016 §3.6.1 at the club's
    table: tied players share the uma and oka of their places and the leftover sticks."""
    assert lines(standings(rules, finished(scores, pot), NONE)) == expected


# --- nagashi mangan ---------------------------------------------------------------------------------------------------

NAGASHI_ROWS = [
    # id, rules, table, hand, deltas, rotations after, counters after
    # Bob's nagashi: a non-dealer mangan self-draw with the tsumo loss (the dealer 4,000, Cho 2,000), no
    # counters; Ann, the dealer, noten: the deal passes
    ("tenhou-non-dealer-no-counters", TENHOU, table(counters=1), nagashi(1), (-4000, 6000, -2000), 1, 2),
    # Ann's own nagashi does not keep her the deal: only her tenpai does
    ("tenhou-dealer-noten-deal-passes", TENHOU, table(counters=1), nagashi(0), (8000, -4000, -4000), 1, 2),
    ("tenhou-dealer-tenpai-stays", TENHOU, table(counters=1), nagashi(0, tenpai=(0,)), (8000, -4000, -4000), 0, 2),
    # the club's table: a mangan self-draw with its counters (100 from each payer), bisection; the dealer's own
    # nagashi keeps the deal
    ("club-non-dealer-with-counters", CLUB, table(counters=1), nagashi(1), (-5100, 8200, -3100), 1, 2),
    ("club-dealer-keeps-the-deal", CLUB, table(counters=1), nagashi(0), (12200, -6100, -6100), 0, 2),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "deltas", "rotations", "counters"),
    [r[1:] for r in NAGASHI_ROWS],
    ids=[r[0] for r in NAGASHI_ROWS],
)
def test_nagashi_mangan(rules, before, hand, deltas, rotations, counters):
    """Tenhou three-player rules (the lobby's rules are the four-player lobby's): nagashi mangan is a mangan
    self-draw's payments without counters at an exhaustive draw, the dealer keeping the deal only if tenpai, a
    counter added; the club's table pays it as a mangan tsumo with its counters, the dealer's own keeping it."""
    settlement = settle(rules, before, hand)
    assert settlement.deltas == deltas
    assert (settlement.table.rotations, settlement.table.counters) == (rotations, counters)


# --- liability (pao): who pays the counters of a ron ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [(TENHOU, (-16000, 32400, -16400)), (CLUB, (-16400, 32400, -16000))],
    ids=["tenhou-liable-pays-the-counters", "club-discarder-pays-the-counters"],
)
def test_the_counters_of_a_liable_ron(rules, deltas):
    """Tenhou three-player rules, as Tenhou rules: Ann deals Bob a yakuman (32,000) that Cho fed, two counters on
    the table: Ann and Cho each pay half the hand, Cho (liable) the counters (400); the club's table: Ann."""
    assert settle(rules, table(counters=2), win(ron(1, 0, yakuman=1, liable=2))).deltas == deltas


# --- a worked game ----------------------------------------------------------------------------------------------------

GAME = {
    "format": "mahjong-club/game-log@1",
    "ruleset": "tenhou-sanma",
    "players": ["Ann", "Bob", "Cho"],
    "hands": [
        # East 1: Ann deals into Bob and Cho, both in riichi, 3 han 30 fu each (3,900): Bob, first after Ann,
        # takes both sticks: Ann 27,200, Bob 39,900, Cho 37,900
        {
            "result": "win",
            "riichi": ["Bob", "Cho"],
            "wins": [
                {"winner": "Bob", "from": "Ann", "han": 3, "fu": 30},
                {"winner": "Cho", "from": "Ann", "han": 3, "fu": 30},
            ],
        },
        # East 2: Ann deals Cho 2 han 30 fu (2,000): Bob and Cho tie on 39,900
        {"result": "win", "riichi": [], "wins": [{"winner": "Cho", "from": "Ann", "han": 2, "fu": 30}]},
        # East 3 (Cho deals): Ann deals into Bob's sanbaiman (24,000) and Cho's dealer baiman (24,000): Ann is
        # below zero and the game ends with Bob and Cho tied on 63,900
        {
            "result": "win",
            "riichi": [],
            "wins": [{"winner": "Bob", "from": "Ann", "han": 11}, {"winner": "Cho", "from": "Ann", "han": 8}],
        },
    ],
}


@pytest.mark.parametrize(
    ("ruleset", "results"),
    [
        # Bob, nearer the first dealer, is first: 23,900 + 20,000 uma + 15,000 oka; Cho second: 23,900
        ("tenhou-sanma", {"Bob": 58900, "Cho": 23900, "Ann": -82800}),
        # in whole thousands: Cho 64,000 -> 24,000, Ann -23,000 -> -83,000, Bob first takes the rest
        ("tenhou-sanma-thousands", {"Bob": 59000, "Cho": 24000, "Ann": -83000}),
    ],
)
def test_a_worked_game_with_a_double_ron_and_a_tie_at_the_end(ruleset, results):
    """Online lobbies (double ron, ties) under the Tenhou three-player rules: a double ron's sticks to the
    first winner after the discarder, a bust, and a tie on top broken by seat order."""
    scored = score_document({**GAME, "ruleset": ruleset})
    assert [hand["scores"] for hand in scored["hands"]] == [
        {"Ann": 27200, "Bob": 39900, "Cho": 37900},
        {"Ann": 25200, "Bob": 39900, "Cho": 39900},
        {"Ann": -22800, "Bob": 63900, "Cho": 63900},
    ]
    assert scored["finished"]
    assert [(s["player"], s["place"], s["result"]) for s in scored["standings"]] == [
        (name, place, results[name]) for place, name in enumerate(("Bob", "Cho", "Ann"), 1)
    ]
