"""The game's length, the ``rounds`` knob: East-only games (tonpuusen, Tenhou rules) end after
East 4 (East 3 at three seats), hanchan after South 4 (EMA Riichi Competition Rules 2016, §3.5);
with ``finish_points`` and a ``next_wind`` extension (Tenhou rules, the extension into the next
wind) play goes on into the next wind (South after East,
West after South) until someone has the points at a hand's end, or that wind ends. Expected
values are worked out by hand."""

import pytest

from scoring.rules import PRESETS, RiichiHand, RuleError, TableState, Win, round_label, score_document, settle

EMA16 = PRESETS["ema-2016"]
EAST_ONLY = EMA16.with_overrides({"rounds": 1})
EAST_ONLY_EXTENDED = EMA16.with_overrides({"rounds": 1, "finish_points": 30000, "extension": "next_wind"})
HANCHAN_EXTENDED = EMA16.with_overrides({"finish_points": 30000, "extension": "next_wind"})
SANMA_EAST_ONLY = PRESETS["tenhou-sanma"].with_overrides({"rounds": 1})  # 40,000 to finish, a next-wind extension

EVEN = (30000, 30000, 30000, 30000)
LOW = (29500, 29500, 29500, 29500)  # nobody on 30,000 before the hand

NON_DEALER_RON = RiichiHand("win", wins=(Win(0, 1, 1, 30),))  # Ann takes 1,000 off Bob
DEALER_RON = RiichiHand("win", wins=(Win(3, 0, 1, 30),))  # Dee, dealing East 4, takes 1,500 off Ann
SMALL_RON_TO_30K = RiichiHand("win", wins=(Win(1, 2, 1, 30),))  # Bob 29,500 + 1,000 = 30,500
RYUUKYOKU_ALL_NOTEN = RiichiHand("draw")  # nobody tenpai: the deal passes, nothing paid

LENGTH_ROWS = [
    # id, rules, table before (scores, rotations), hand, finished, rotations after, round of the next hand
    ("east-only-e3-goes-on", EAST_ONLY, (EVEN, 2), NON_DEALER_RON, False, 3, "E4"),
    ("east-only-e4-ends", EAST_ONLY, (EVEN, 3), NON_DEALER_RON, True, 4, "S1"),
    ("east-only-e4-dealer-tenpai-repeats", EAST_ONLY, (EVEN, 3), RiichiHand("draw", tenpai=(3,)), False, 3, "E4"),
    ("east-only-e4-dealer-wins-repeats", EAST_ONLY, (EVEN, 3), DEALER_RON, False, 3, "E4"),
    ("east-only-chombo-never-ends", EAST_ONLY, (EVEN, 3), RiichiHand("chombo", offender=0), False, 3, "E4"),
    ("hanchan-e4-goes-on", EMA16, (EVEN, 3), NON_DEALER_RON, False, 4, "S1"),
    ("hanchan-s4-ends", EMA16, (EVEN, 7), NON_DEALER_RON, True, 8, "W1"),
    # the extension: nobody has 30,000 after East 4 -> South; it ends at the first hand leaving someone on it
    ("east-only-extended-nobody-on-30k", EAST_ONLY_EXTENDED, (LOW, 3), RYUUKYOKU_ALL_NOTEN, False, 4, "S1"),
    ("east-only-extended-someone-on-30k", EAST_ONLY_EXTENDED, (LOW, 3), SMALL_RON_TO_30K, True, 4, "S1"),
    ("east-only-extended-s1-reaches-30k", EAST_ONLY_EXTENDED, (LOW, 4), SMALL_RON_TO_30K, True, 5, "S2"),
    ("east-only-extended-s3-still-short", EAST_ONLY_EXTENDED, (LOW, 6), RYUUKYOKU_ALL_NOTEN, False, 7, "S4"),
    ("east-only-extended-s4-ends-the-wind", EAST_ONLY_EXTENDED, (LOW, 7), RYUUKYOKU_ALL_NOTEN, True, 8, "W1"),
    ("hanchan-extended-into-west", HANCHAN_EXTENDED, (LOW, 7), RYUUKYOKU_ALL_NOTEN, False, 8, "W1"),
    ("hanchan-extended-w1-reaches-30k", HANCHAN_EXTENDED, (LOW, 8), SMALL_RON_TO_30K, True, 9, "W2"),
    ("hanchan-extended-w4-ends-the-wind", HANCHAN_EXTENDED, (LOW, 11), RYUUKYOKU_ALL_NOTEN, True, 12, "N1"),
]


@pytest.mark.parametrize(
    ("rules", "before", "hand", "ends", "rotations", "following"),
    [r[1:] for r in LENGTH_ROWS],
    ids=[r[0] for r in LENGTH_ROWS],
)
def test_length_and_extension(rules, before, hand, ends, rotations, following):
    """Tenhou rules, East-only games (tonpuusen), and the extension into the next wind: East-only
    ends after East 4, hanchan after South 4; the dealer repeats the last hand when he wins or is
    tenpai (no agari-yame, EMA 2016 §3.5); with finish_points and next_wind, play goes on into the
    next wind until a hand ends with someone on them, or that wind ends."""
    scores, rotations_before = before
    after = settle(rules, TableState(scores, rotations=rotations_before), hand).table
    assert (after.finished, after.rotations) == (ends, rotations)
    assert round_label(rules, after) == following


SANMA_ROWS = [
    # id, scores, rotations before, hand, finished, rotations after
    ("e2-goes-on", (35000, 35000, 35000), 1, RiichiHand("draw"), False, 2),
    ("e3-nobody-on-40k-south", (35000, 35000, 35000), 2, RiichiHand("draw"), False, 3),
    ("e3-someone-on-40k-ends", (30000, 35000, 40000), 2, RiichiHand("draw"), True, 3),
    ("s3-ends-the-wind", (35000, 35000, 35000), 5, RiichiHand("draw"), True, 6),
]


@pytest.mark.parametrize(
    ("scores", "rotations_before", "hand", "ends", "rotations"),
    [r[1:] for r in SANMA_ROWS],
    ids=[r[0] for r in SANMA_ROWS],
)
def test_sanma_east_only(scores, rotations_before, hand, ends, rotations):
    """Tenhou three-player rules, East-only games:
    East 3 is the last hand; without a 40,000 top, a South extension until someone has it or
    South 3 ends."""
    after = settle(SANMA_EAST_ONLY, TableState(scores, rotations=rotations_before), hand).table
    assert (after.finished, after.rotations) == (ends, rotations)


@pytest.mark.parametrize("value", [0, 3, 4, "1", True, None])
def test_rounds_is_one_or_two(value):
    """Tenhou rules, East-only games (tonpuusen): East-only (1) or hanchan (2); anything else is
    refused, naming the knob."""
    with pytest.raises(RuleError, match="rounds"):
        EMA16.with_overrides({"rounds": value})


def test_every_preset_plays_hanchan():
    """EMA Riichi Competition Rules 2016, §3.5 and the other rulebooks: every preset plays East and
    South (EMA, WRC, Reach, M-League, JPML, Tenhou's three-player ranked games)."""
    assert {rules.rounds for rules in PRESETS.values()} == {2}


NAMES = ["Ann", "Bob", "Cho", "Dee"]
# East 1-4: the player after the dealer wins 1 han 30 fu off the one after him (the deal rotates)
EAST_ROUND = [
    {"result": "win", "wins": [{"winner": NAMES[(r + 1) % 4], "from": NAMES[(r + 2) % 4], "han": 1, "fu": 30}]}
    for r in range(4)
]


def _east_only(hands):
    return {
        "format": "mahjong-club/game-log@1",
        "ruleset": "ema-2016",
        "rules": {"rounds": 1},
        "players": NAMES,
        "hands": hands,
    }


def test_an_east_only_game_log_ends_after_east_4():
    """Tenhou rules, East-only games (tonpuusen): a game log carries the length as a knob override in its
    ``rules``; its game ends after East 4."""
    out = score_document(_east_only(EAST_ROUND))
    assert [hand["round"] for hand in out["hands"]] == ["E1", "E2", "E3", "E4"]
    assert out["finished"] is True


def test_a_hand_after_east_4_is_an_error():
    """EMA Riichi Competition Rules 2016, §3.5, with Tenhou rules, East-only games (tonpuusen): a hand after the end
    is an error naming the hand."""
    with pytest.raises(RuleError, match=r"^hand 5: the game already ended after hand 4"):
        score_document(_east_only(EAST_ROUND + [{"result": "draw", "tenpai": []}]))
