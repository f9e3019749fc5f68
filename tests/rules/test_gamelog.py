"""The game log: every kind of bad input is a RuleError whose message
names the hand (``hand N: …``; none for the document as a whole) and the rule, and
``parse_game(to_document(g)) == g`` for the worked examples and random games."""

import json
import random
import re
from pathlib import Path

import pytest

from scoring.rules import PRESETS, RuleError, parse_game, random_game, score_document, to_document
from scoring.rules.ruleset import BOOKS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PLAYERS = ["Ann", "Bob", "Cho", "Dee"]
# a message "names the rule": it quotes a rulebook by name, with its clause or the subject
RULE = re.compile("|".join(map(re.escape, BOOKS.values())))


def game(hands, ruleset="ema-2016", **extra):
    return {"format": "mahjong-club/game-log@1", "ruleset": ruleset, "players": list(PLAYERS), "hands": hands, **extra}


def ron(winner="Bob", frm="Cho", **value):
    return {"result": "win", "wins": [{"winner": winner, "from": frm, **(value or {"han": 1, "fu": 30})}]}


def error(doc) -> str:
    with pytest.raises(RuleError) as caught:
        score_document(doc)
    return caught.value.message


NOBODY_TENPAI = {"result": "draw", "tenpai": []}
DEALER_TENPAI = {"result": "draw", "tenpai": ["Ann"]}

# --- errors of the rules: hand number and the rule's clause --------------------------------------

RULE_ERRORS = [
    # id, document, hand number, what the message must say
    ("0-han", game([ron(han=0, fu=30)]), 1, "at least 1 han, not 0"),
    ("35-fu", game([ron(han=2, fu=35)]), 1, "35 fu does not exist"),
    ("120-fu", game([ron(han=1, fu=120)]), 1, "120 fu does not exist"),
    (
        "1-han-20-fu",
        game([{"result": "win", "wins": [{"winner": "Bob", "han": 1, "fu": 20}]}]),
        1,
        "1 han 20 fu does not exist",
    ),
    ("1-han-25-fu", game([ron(han=1, fu=25)]), 1, "1 han 25 fu does not exist"),
    ("20-fu-on-ron", game([ron(han=3, fu=20)]), 1, "20 fu is only possible on a self-draw"),
    (
        "two-tsumo-winners",
        game(
            [{"result": "win", "wins": [{"winner": "Bob", "han": 1, "fu": 30}, {"winner": "Dee", "han": 1, "fu": 30}]}]
        ),
        1,
        "self-draw (tsumo) must be the only win",
    ),
    (
        "two-discarders",
        game(
            [
                {
                    "result": "win",
                    "wins": [
                        {"winner": "Bob", "from": "Ann", "han": 1, "fu": 30},
                        {"winner": "Dee", "from": "Cho", "han": 1, "fu": 30},
                    ],
                }
            ]
        ),
        1,
        "same discard",
    ),
    (
        "head-bump-second-ron",
        game(
            [
                NOBODY_TENPAI,
                {
                    "result": "win",
                    "wins": [
                        {"winner": "Dee", "from": "Ann", "han": 1, "fu": 30},
                        {"winner": "Bob", "from": "Ann", "han": 2, "fu": 30},
                    ],
                },
            ],
            ruleset="wrc",
        ),
        2,
        "only Bob, first in turn order after Ann, wins this discard",
    ),
    (
        "triple-ron-abortive",
        game(
            [
                {
                    "result": "win",
                    "wins": [{"winner": w, "from": "Ann", "han": 1, "fu": 30} for w in ("Bob", "Cho", "Dee")],
                }
            ],
            ruleset="reach",
        ),
        1,
        "record the hand as an abortive draw",
    ),
    (
        "triple-ron-jpml-a",
        game(
            [
                {
                    "result": "win",
                    "wins": [{"winner": w, "from": "Dee", "han": 1, "fu": 30} for w in ("Ann", "Bob", "Cho")],
                }
            ],
            ruleset="jpml-a",
        ),
        1,
        "record the hand as an abortive draw",
    ),
    (
        "abortive-not-in-ema-2016",
        game([{"result": "abortive", "reason": "four_kongs"}]),
        1,
        "EMA 2016 has no abortive draw 'four_kongs'",
    ),
    (
        "abortive-triple-ron-ema-2008",
        game([{"result": "abortive", "reason": "triple_ron"}], ruleset="ema-2008"),
        1,
        "EMA 2008 has no abortive draw 'triple_ron'",
    ),
    (
        "abortive-unknown-reason",
        game([{"result": "abortive", "reason": "five_dragons"}], ruleset="reach"),
        1,
        "no abortive draw 'five_dragons'",
    ),
    ("too-many-yakuman", game([ron(yakuman=2)]), 1, "2 yakuman, but EMA 2016 allows at most 1"),
    ("too-many-yakuman-ema-2008", game([ron(yakuman=3)], ruleset="ema-2008"), 1, "allows at most 2"),
    ("liable-non-yakuman", game([ron(han=3, fu=30, liable="Dee")]), 1, "liability applies only to a yakuman"),
    ("liable-no-pao", game([ron(yakuman=1, liable="Dee")], rules={"pao_hands": []}), 1, "no liability (pao)"),
    (
        "liable-winner",
        game([{"result": "win", "wins": [{"winner": "Bob", "yakuman": 1, "liable": "Bob"}]}]),
        1,
        "cannot be liable for his own win",
    ),
    (
        "liable-other-winner",
        game(
            [
                {
                    "result": "win",
                    "wins": [
                        {"winner": "Bob", "from": "Ann", "yakuman": 1, "liable": "Dee"},
                        {"winner": "Dee", "from": "Ann", "han": 1, "fu": 30},
                    ],
                }
            ]
        ),
        1,
        "Dee won this hand too",
    ),
    (
        "dead-and-tenpai",
        game([{"result": "draw", "tenpai": ["Bob"], "dead": ["Bob"]}]),
        1,
        "Bob has a dead hand and cannot be tenpai",
    ),
    (
        "nagashi-in-ema-2016",
        game([{"result": "draw", "tenpai": [], "nagashi": ["Cho"]}]),
        1,
        "EMA 2016 has no nagashi mangan",
    ),
    (
        "2-han-at-5-counters",
        game([DEALER_TENPAI] * 5 + [ron(han=1, fu=30)], ruleset="ema-2008"),
        6,
        "with 5 counters on the table a win needs at least 2 han under EMA 2008",
    ),
    (
        "own-discard",
        game([NOBODY_TENPAI, {"result": "win", "wins": [{"winner": "Bob", "from": "Bob", "han": 1, "fu": 30}]}]),
        2,
        "own discard",
    ),
    (
        "hand-after-the-end",
        game([ron(winner=PLAYERS[(r + 1) % 4], frm=PLAYERS[(r + 2) % 4]) for r in range(8)] + [NOBODY_TENPAI]),
        9,
        "the game already ended after hand 8",
    ),
    (
        "bad-penalty-points",
        game([{**NOBODY_TENPAI, "penalties": [{"player": "Bob", "points": 150}]}]),
        1,
        "positive multiple of 100",
    ),
    # penalties: American points are any positive whole number, but positive
    (
        "american-penalty-not-positive",
        game([{"result": "wall", "penalties": [{"player": "Bob", "points": 0}]}], ruleset="american"),
        1,
        "a positive whole number",
    ),
    # American
    (
        "american-misnamed-without-from",
        game([{"result": "mahjong", "winner": "Ann", "value": 25, "misnamed_discard": True}], ruleset="american"),
        1,
        "misnamed discard needs the discarder",
    ),
    (
        "american-error-ends-hand-but-mahjong",
        game(
            [
                {
                    "result": "mahjong",
                    "winner": "Ann",
                    "from": "Bob",
                    "value": 25,
                    "incidents": [
                        {"kind": "mahjong_in_error", "caller": "Cho", "value": 30, "thrown_in": ["Bob", "Dee"]}
                    ],
                }
            ],
            ruleset="american",
        ),
        1,
        "record the hand as a wall game",
    ),
    (
        "american-caller-as-winner",
        game(
            [
                {"result": "wall"},
                {
                    "result": "mahjong",
                    "winner": "Cho",
                    "from": "Bob",
                    "value": 25,
                    "incidents": [{"kind": "mahjong_in_error", "caller": "Cho", "value": 30, "thrown_in": ["Dee"]}],
                },
            ],
            ruleset="american",
        ),
        2,
        "Cho has a dead hand this hand and cannot win",
    ),
    (
        "american-two-thrown-in-and-broken-wall",
        game(
            [
                {
                    "result": "wall",
                    "incidents": [
                        {
                            "kind": "mahjong_in_error",
                            "caller": "Cho",
                            "value": 30,
                            "thrown_in": ["Bob", "Dee"],
                            "wall_broken_by": "Ann",
                        }
                    ],
                }
            ],
            ruleset="american",
        ),
        1,
        "two hands thrown in and a broken wall",
    ),
    (
        "american-own-discard",
        game([{"result": "mahjong", "winner": "Ann", "from": "Ann", "value": 25}], ruleset="american"),
        1,
        "own discard",
    ),
]


@pytest.mark.parametrize(("doc", "number", "says"), [r[1:] for r in RULE_ERRORS], ids=[r[0] for r in RULE_ERRORS])
def test_rule_errors_name_the_hand_and_the_rule(doc, number, says):
    """Bad input that breaks a rule: `hand N: what is wrong (the rule)`."""
    message = error(doc)
    assert message.startswith(f"hand {number}: "), message
    assert says in message, message
    assert RULE.search(message), f"no rule cited: {message}"
    assert "\n" not in message


def test_noten_riichi_exact_message():
    """EMA 2016 §3.4.6: the message at a noten riichi, word for word."""
    doc = game([NOBODY_TENPAI] * 6 + [{"result": "draw", "tenpai": ["Bob"], "riichi": ["Dee"]}])
    assert error(doc) == (
        "hand 7: Dee declared riichi but is not tenpai at the exhaustive draw; under EMA Riichi Competition Rules "
        "2016, §3.4.6 that is chombo — record the hand as chombo by Dee"
    )


def test_several_noten_riichi_players_message():
    """A draw: the first offender in `players` order, one chombo hand per offender."""
    doc = game([{"result": "draw", "tenpai": [], "riichi": ["Dee", "Bob"]}], ruleset="reach")
    assert error(doc) == (
        "hand 1: Bob declared riichi but is not tenpai at the exhaustive draw; under Reach club rules, 'Yer Out!' "
        '(2007), "Non-ready Reach" that is chombo — record the hand as chombo by Bob; record one chombo hand per '
        "offender, in seat order"
    )


# --- errors of the format: hand number and the constraint broken --------------------------------

FORMAT_ERRORS = [
    # id, document, hand number (0: the document), what the message must say
    ("unknown-winner", game([ron(winner="Zed")]), 1, "winner: unknown player 'Zed' (the players are Ann, Bob"),
    ("unknown-from", game([ron(frm="Zed")]), 1, "from: unknown player 'Zed'"),
    ("unknown-riichi", game([{**NOBODY_TENPAI, "riichi": ["ann"]}]), 1, "riichi: unknown player 'ann'"),
    ("unknown-liable", game([ron(yakuman=1, liable="Eve")]), 1, "liable: unknown player 'Eve'"),
    ("unknown-offender", game([{"result": "chombo", "offender": "Zed"}]), 1, "offender: unknown player 'Zed'"),
    ("unknown-penalty-player", game([], penalties=[{"player": "Zed", "points": 1000}]), 0, "unknown player 'Zed'"),
    ("typo-riichii", game([{**ron(), "riichii": ["Bob"]}]), 1, "unknown key 'riichii' in a win hand"),
    ("typo-in-win", game([ron(hann=1, fu=30)]), 1, "unknown key 'hann' in a win"),
    (
        "typo-in-penalty",
        game([{**NOBODY_TENPAI, "penalties": [{"player": "Bob", "points": 100, "reasn": "x"}]}]),
        1,
        "unknown key 'reasn' in a penalty",
    ),
    (
        "typo-in-incident",
        game(
            [
                {
                    "result": "wall",
                    "incidents": [
                        {
                            "kind": "dead_hand_challenge",
                            "challenger": "Ann",
                            "challenged": "Bob",
                            "upheld": True,
                            "x": 1,
                        }
                    ],
                }
            ],
            ruleset="american",
        ),
        1,
        "unknown key 'x' in a dead-hand challenge",
    ),
    ("typo-in-document", {**game([]), "playres": []}, 0, "unknown key 'playres' in the document"),
    ("draw-key-on-a-win", game([{**ron(), "tenpai": []}]), 1, "unknown key 'tenpai' in a win hand"),
    ("han-true", game([ron(han=True, fu=30)]), 1, "han must be a whole number (a JSON integer), not True"),
    ("han-3.0", game([ron(han=3.0, fu=30)]), 1, "han must be a whole number (a JSON integer), not 3.0"),
    ("han-string", game([ron(han="3", fu=30)]), 1, "han must be a whole number (a JSON integer), not '3'"),
    ("fu-3.0", game([ron(han=3, fu=30.0)]), 1, "fu must be a whole number"),
    ("yakuman-true", game([ron(yakuman=True)]), 1, "yakuman must be a whole number"),
    (
        "value-string",
        game([{"result": "mahjong", "winner": "Ann", "value": "25"}], ruleset="american"),
        1,
        "value must be a whole number",
    ),
    (
        "points-float",
        game([{**NOBODY_TENPAI, "penalties": [{"player": "Bob", "points": 1000.0}]}]),
        1,
        "penalty points must be a whole number",
    ),
    ("riichi-twice", game([{**ron(), "riichi": ["Bob", "Bob"]}]), 1, "riichi names a player twice"),
    ("tenpai-twice", game([{"result": "draw", "tenpai": ["Ann", "Ann"]}]), 1, "tenpai names a player twice"),
    ("dead-twice", game([{"result": "draw", "tenpai": [], "dead": ["Cho", "Cho"]}]), 1, "dead names a player twice"),
    (
        "thrown-in-twice",
        game(
            [
                {
                    "result": "wall",
                    "incidents": [
                        {"kind": "mahjong_in_error", "caller": "Ann", "value": 25, "thrown_in": ["Bob", "Bob"]}
                    ],
                }
            ],
            ruleset="american",
        ),
        1,
        "thrown_in names a player twice",
    ),
    ("han-and-yakuman", game([ron(han=13, yakuman=1)]), 1, "han or yakuman, not both"),
    ("missing-fu", game([ron(han=2)]), 1, "needs 'fu'"),
    ("unknown-result", game([{"result": "tsumo"}]), 1, "'result' must be one of"),
    ("result-is-a-list", game([{"result": ["win"]}]), 1, "'result' must be one of"),
    ("american-result-is-a-list", game([{"result": ["wall"]}], ruleset="american"), 1, "must be mahjong or wall"),
    (
        "incident-kind-is-a-list",
        game([{"result": "wall", "incidents": [{"kind": []}]}], ruleset="american"),
        1,
        "an incident's 'kind' must be one of",
    ),
    (
        "document-penalty-to-pot",
        game([], penalties=[{"player": "Bob", "points": 1000, "to": "pot"}]),
        0,
        "a penalty goes to the result",
    ),
    (
        "players-same-but-case",
        {**game([]), "players": ["Ann", "Bob", "ann", "Dee"]},
        0,
        "different names (regardless of case)",
    ),
    ("three-players", {**game([]), "players": ["Ann", "Bob", "Cho"]}, 0, "exactly four names"),
    ("empty-name", {**game([]), "players": ["Ann", "Bob", "", "Dee"]}, 0, "every player needs a name"),
    (
        "unknown-knob",
        game([], rules={"kirage": True}),
        0,
        "unknown rule knob 'kirage'; the knobs are listed on the rules page",
    ),
    ("knob-wrong-kind", game([], rules={"kiriage": 1}), 0, "rule knob 'kiriage' must be true or false"),
    ("knob-int-as-float", game([], rules={"start_points": 25000.0}), 0, "must be a whole number"),
    ("knob-list-of-lists", game([], rules={"abortive_draws": [["four_kongs"]]}), 0, "must be a list without repeats"),
    ("knob-family", game([], rules={"family": "american"}), 0, "'family' is fixed by the preset"),
    ("bad-format", {**game([]), "format": "mahjong-club/game-log@2"}, 0, "'format' must be"),
    ("unknown-ruleset", game([], ruleset="ema-1999"), 0, "unknown ruleset 'ema-1999'"),
    ("hands-not-a-list", {**game([]), "hands": {}}, 0, "'hands' must be a list"),
    ("tournament-not-bool", game([], tournament="yes"), 0, "tournament must be true or false"),
    ("bad-date", game([], date="29/11/2026"), 0, "'date' must be an ISO date"),
    ("not-an-object", [], 0, "a game log is a JSON object"),
]


@pytest.mark.parametrize(("doc", "number", "says"), [r[1:] for r in FORMAT_ERRORS], ids=[r[0] for r in FORMAT_ERRORS])
def test_format_errors(doc, number, says):
    """The format is strict: unknown keys, non-integers, unknown or repeated players,
    bad knobs; `hand N:` for a hand, no prefix for the document as a whole."""
    message = error(doc)
    if number:
        assert message.startswith(f"hand {number}: "), message
    else:
        assert not message.startswith("hand "), message
    assert says in message, message
    assert "\n" not in message


# --- what the format accepts ---------------------------------------------------------------------


def test_american_penalties_are_in_the_games_own_units():
    """Penalties: American points are any positive whole number."""
    doc = game(
        [{"result": "wall", "penalties": [{"player": "Bob", "points": 15, "reason": "slow"}]}], ruleset="american"
    )
    assert parse_game(doc).hands[0].penalties[0].points == 15
    assert score_document(doc)["hands"][0]["scores"] == {"Ann": 0, "Bob": 0, "Cho": 0, "Dee": 0}


def test_from_null_is_a_tsumo():
    """`"from": null` is the same as no `from`."""
    with_null = score_document(game([{"result": "win", "wins": [{"winner": "Bob", "from": None, "han": 1, "fu": 30}]}]))
    without = score_document(game([{"result": "win", "wins": [{"winner": "Bob", "han": 1, "fu": 30}]}]))
    assert with_null == without
    assert with_null["hands"][0]["deltas"] == {"Ann": -500, "Bob": 1100, "Cho": -300, "Dee": -300}


def test_fu_is_ignored_from_5_han_and_with_yakuman():
    """From 5 han on, and with yakuman, a given fu is ignored whatever its value."""
    out = score_document(game([ron(han=5, fu=35), ron(winner="Cho", frm="Dee", yakuman=1, fu=120)]))
    assert out["hands"][0]["deltas"]["Bob"] == 8000
    assert out["hands"][1]["deltas"]["Cho"] == 32000


def test_rule_overrides_apply():
    """`rules`: a knob given there overrides the preset."""
    out = score_document(game([ron(han=4, fu=30)], rules={"kiriage": True}))
    assert out["hands"][0]["deltas"]["Bob"] == 8000


# --- round trip: parse_game(to_document(g)) == g --------------------------------------------------

EXAMPLE_NAMES = sorted(
    p.name[: -len(".json")] for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json")
)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_round_trip_examples(name):
    """Export and import give back the same facts."""
    parsed = parse_game(json.loads((EXAMPLES / f"{name}.json").read_text()))
    document = to_document(parsed)
    assert parse_game(json.loads(json.dumps(document))) == parsed


@pytest.mark.parametrize("preset", list(PRESETS))
def test_round_trip_random_games(preset):
    """Export and import give back the same facts (random valid games)."""
    rng = random.Random(f"round-trip {preset}")
    for _ in range(15):
        parsed = parse_game(random_game(rng, preset))
        assert parse_game(json.loads(json.dumps(to_document(parsed)))) == parsed


def test_round_trip_keeps_everything_optional():
    """Rules overrides, tournament, date, session, comments and penalties survive."""
    doc = game(
        [
            {
                **ron(),
                "comment": "first",
                "riichi": ["Bob"],
                "penalties": [{"player": "Dee", "points": 1000, "to": "pot", "reason": "mistaken call"}],
            },
            {"result": "draw", "tenpai": ["Ann"], "dead": ["Cho"], "riichi": ["Cho"]},
            {"result": "abortive", "reason": "triple_ron", "riichi": []},
            {"result": "chombo", "offender": "Dee"},
        ],
        ruleset="reach",
        rules={"uma": [30000, 10000, -10000, -30000], "kiriage": True},
        tournament=True,
        date="2026-11-29",
        session="Thursday",
        comment="club night",
        penalties=[{"player": "Bob", "points": 2000, "reason": "slow play"}],
        finished=True,
    )
    parsed = parse_game(doc)
    assert parse_game(to_document(parsed)) == parsed
    assert score_document(to_document(parsed)) == score_document(doc)


def test_round_trip_with_an_override_that_changes_nothing():
    """`rules`: an override equal to the preset leaves the preset."""
    parsed = parse_game(game([ron()], rules={"kiriage": False}))
    assert parsed.rules == PRESETS["ema-2016"]
    assert parse_game(to_document(parsed)) == parsed
