"""The two readers and the engine check, on hand-written fixtures (no database): each outcome
a row, and hostile input refused with one clear line, never a traceback."""

import copy
import gzip
import json
import random
import re
from pathlib import Path

import pytest

from scoring.online.game import OnlineError
from scoring.online.mapping import game_log_document, read_online

FIXTURES = Path(__file__).parent / "fixtures"
HANCHAN = "hanchan.json"
MJLOG = "2026120120gm-00a9-0000-7c1d2e3f.mjlog"
NAMES = ["Ann", "Bob", "Cho", "Dee"]


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def hands(name: str, ruleset: str = "reach") -> list[dict]:
    return game_log_document(read_online(fixture(name), name), NAMES, ruleset)["hands"]


# (fixture, hand number, what the site's game log must say) -- one row per outcome
OUTCOMES = [
    (HANCHAN, 1, {"result": "win", "riichi": ["Bob"], "wins": [{"winner": "Bob", "from": "Dee", "han": 2, "fu": 40}]}),
    (HANCHAN, 2, {"result": "win", "riichi": [], "wins": [{"winner": "Ann", "han": 3, "fu": 30}]}),
    (HANCHAN, 3, {"result": "draw", "riichi": ["Dee"], "tenpai": ["Cho", "Dee"]}),
    (HANCHAN, 4, {"result": "abortive", "riichi": [], "reason": "nine_terminals"}),
    (
        HANCHAN,
        5,
        {
            "result": "win",
            "riichi": [],
            "wins": [  # double ron: both paid, counters to each
                {"winner": "Bob", "from": "Ann", "han": 1, "fu": 30},
                {"winner": "Dee", "from": "Ann", "han": 2, "fu": 40},
            ],
        },
    ),
    (
        HANCHAN,
        6,
        {
            "result": "win",
            "riichi": [],
            "wins": [  # pao: big dragons, Cho fed the third pon
                {"winner": "Ann", "from": "Bob", "yakuman": 1, "liable": "Cho"}
            ],
        },
    ),
    (
        HANCHAN,
        7,
        {
            "result": "win",
            "riichi": ["Ann"],
            "wins": [  # "満貫" without fu: 4 han, the lowest fu of a mangan
                {"winner": "Ann", "from": "Dee", "han": 4, "fu": 40}
            ],
        },
    ),
    (HANCHAN, 8, {"result": "draw", "riichi": [], "tenpai": []}),
    (HANCHAN, 9, {"result": "win", "riichi": [], "wins": [{"winner": "Dee", "han": 2, "fu": 20}]}),
    (HANCHAN, 12, {"result": "win", "riichi": [], "wins": [{"winner": "Dee", "han": 8}]}),
    ("tobi.json", 2, {"result": "win", "riichi": [], "wins": [{"winner": "Bob", "from": "Ann", "han": 6}]}),
    (MJLOG, 1, {"result": "win", "riichi": ["Cho"], "wins": [{"winner": "Cho", "from": "Ann", "han": 2, "fu": 30}]}),
    (MJLOG, 2, {"result": "draw", "riichi": [], "tenpai": ["Bob"]}),
    (MJLOG, 3, {"result": "abortive", "riichi": [], "reason": "four_winds"}),
    (MJLOG, 4, {"result": "win", "riichi": [], "wins": [{"winner": "Dee", "han": 3, "fu": 30}]}),
    (MJLOG, 11, {"result": "win", "riichi": ["Dee"], "wins": [{"winner": "Dee", "from": "Ann", "han": 4, "fu": 40}]}),
]


@pytest.mark.parametrize(("name", "number", "expected"), OUTCOMES, ids=[f"{n}-hand{h}" for n, h, _ in OUTCOMES])
def test_each_outcome_becomes_the_hand_the_engine_scores_as_online(name, number, expected):
    assert hands(name)[number - 1] == expected


@pytest.mark.parametrize(
    ("name", "length", "finished", "date"),
    [
        (HANCHAN, 13, None, "2026-11-30"),  # ends after South 4
        ("tobi.json", 2, None, None),  # ends by itself: Ann went below zero (Reach: bust)
        (MJLOG, 11, True, "2026-12-01"),  # South 4: the dealer stopped on top
    ],
)
def test_the_whole_game_the_source_and_its_end(name, length, finished, date):
    game = read_online(fixture(name), name)
    doc = game_log_document(game, NAMES, "reach")
    assert len(doc["hands"]) == length
    assert doc.get("finished") is finished
    assert doc.get("date") == date
    assert doc["source"] == game.source and doc["source"].startswith("sha256:")


def test_the_mjlog_names_are_url_decoded():
    assert read_online(fixture(MJLOG), MJLOG).players == ("カゼ", "Yama", "Umi", "Sora")


def test_a_gzipped_mjlog_reads_the_same():
    assert read_online(gzip.compress(fixture(MJLOG)), MJLOG) == read_online(fixture(MJLOG), MJLOG)


def _json(change) -> bytes:
    doc = json.loads(fixture(HANCHAN))
    change(doc)
    return json.dumps(doc, ensure_ascii=False).encode()


def _set(path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _mjlog(old: str, new: str) -> bytes:
    text = fixture(MJLOG).decode()
    assert old in text
    return text.replace(old, new, 1).encode()


# (what, the bytes, the ruleset, the one line expected in the refusal)
HOSTILE = [
    ("three players", fixture("three_player.json"), "reach", "a three-player game cannot be scored under Reach"),
    (
        "the three-player flag with four names",
        _mjlog('GO type="169"', 'GO type="185"'),
        "reach",
        "the log's rule is a three-player game, but it names four players",
    ),
    ("truncated JSON", fixture(HANCHAN)[:500], "reach", "the JSON is broken at line"),
    ("truncated XML", fixture(MJLOG)[:900], "reach", "the XML is broken"),
    ("not a log", b'{"hello": 1}', "reach", "expected a tenhou.net/6 replay"),
    ("binary", b"\xff\xfe\x00garbage", "reach", "not UTF-8 text"),
    ("10 MB", b" " * 10_000_000, "reach", "an online game log is at most 2,000,000"),
    ("gzip bomb", gzip.compress(b" " * 10_000_000), "reach", "larger than 2,000,000 bytes"),
    ("names not a list", _json(_set(["name"], "Kaze")), "reach", "'name' must list the players' names"),
    ("a round not a list", _json(_set(["log", 1], {"round": 2})), "reach", "round 2: a round must be a list of 17"),
    (
        "deltas of the wrong type",
        _json(_set(["log", 1, 16, 1], ["4000", -2000, -1000, -1000])),
        "reach",
        "East 2, counter 0: a win's deltas must be a list of 4 whole numbers",
    ),
    ("a seat out of range", _json(_set(["log", 1, 16, 2, 0], 7)), "reach", "East 2, counter 0: a win's details"),
    (
        "unknown yaku",
        _json(_set(["log", 1, 16, 2, 4], "超立直(1飜)")),
        "reach",
        "East 2, counter 0: unknown yaku '超立直(1飜)'",
    ),
    ("unknown yaku number", _mjlog('yaku="0,1,8,1,54,1"', 'yaku="0,1,8,1,99,1"'), "reach", "unknown yaku number 99"),
    (
        "han that do not add up",
        _json(_set(["log", 1, 16, 2, 5], "断幺九(2飜)")),
        "reach",
        "the yaku add up to 4 han, but the points say 3 han",
    ),
    (
        "deltas not summing to zero",
        _json(_set(["log", 1, 16, 1], [4000, -2000, -1000, 0])),
        "reach",
        "East 2, counter 0: the deltas [4000, -2000, -1000, 0] sum to 1,000, not 0",
    ),
    (
        "a draw's deltas not summing to zero",
        _mjlog('sc="230,-10,250,30,270,-10,250,-10"', 'sc="230,-10,250,30,270,-10,250,-20"'),
        "reach",
        "East 2, counter 0: the deltas [-1000, 3000, -1000, -2000] of a draw sum to -1,000",
    ),
    (
        "deltas the engine does not pay",
        _json(_set(["log", 1, 16, 1], [4000, -1000, -2000, -1000])),
        "reach",
        "East 2, counter 0: the deltas differ: Bob -1,000 online, -2,000 under Reach; Cho -2,000 online, -1,000 under",
    ),
    (
        "other start points",
        _json(_set(["log", 0, 1], [30000, 30000, 30000, 30000])),
        "reach",
        "the online game starts at East 1, counter 0 with 30,000, 30,000, 30,000, 30,000; Reach starts every game",
    ),
    (
        "an abortive draw the ruleset lacks",
        fixture(HANCHAN),
        "mleague",
        "East 3, counter 1: M-League has no abortive draw 'nine_terminals'",
    ),
    (
        "head bump against double ron",
        _json(_set(["log", 3, 16], ["流局", [0, 0, 0, 0]])),
        "mleague",
        "M-League plays head bump",
    ),
    (
        "tobi under a ruleset without bust",
        fixture("tobi.json"),
        "ema-2016",
        "starts every game at East 1, counter 0 with 30,000",
    ),
    (
        "tobi where nobody busts",
        fixture("tobi.json"),
        "mleague",
        "East 2, counter 0: the online game ended when Ann went below zero (tobi), but under M-League nobody busts",
    ),
    (
        "final scores that differ",
        _json(_set(["sc"], [453, 54.3, 131, -25.9, 37, -46.3, 379, 17.9])),
        "reach",
        "the final scores differ (leftover riichi sticks): Ann +45,300 online, +44,300 under Reach",
    ),
    (
        "a round without an end",
        _mjlog('<RYUUKYOKU ba="1,0" sc="220,0,280,0,260,0,240,0" type="kaze4"/>', ""),
        "reach",
        "East 2, counter 1: the round has no end",
    ),
    (
        "an entity",
        b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><mjloggm>&a;</mjloggm>',
        "reach",
        "an mjlog has no DOCTYPE or entities",
    ),
]


@pytest.mark.parametrize(("data", "ruleset", "message"), [row[1:] for row in HOSTILE], ids=[row[0] for row in HOSTILE])
def test_hostile_or_unfaithful_input_is_one_clear_line(data, ruleset, message):
    with pytest.raises(OnlineError) as caught:
        game_log_document(read_online(data, "upload.json"), NAMES, ruleset)
    text = str(caught.value)
    assert message in text
    assert "\n" not in text and len(text) < 600


def test_a_game_that_goes_into_the_west_round_is_refused():
    def west(doc):
        last = copy.deepcopy(doc["log"][-1])
        last[0] = [8, 0, 0]
        last[1] = [44300, 14100, 3700, 37900]
        doc["log"].append(last)
        del doc["sc"]

    with pytest.raises(OnlineError, match="West 1, counter 0: the online game went on into the West round"):
        game_log_document(read_online(_json(west), "west.json"), NAMES, "reach")


def _places(value, found):
    """Every (container, key) of a decoded JSON document."""
    keys = value.keys() if isinstance(value, dict) else range(len(value)) if isinstance(value, list) else ()
    for key in keys:
        found.append((value, key))
        _places(value[key], found)
    return found


def _mutations(seed: int):
    """A few hundred random damages of the JSON fixture: a value anywhere replaced by another kind."""
    rng = random.Random(seed)
    values = [None, True, -1, 7, 10**9, 2.5, "", "r45", "和了", "流局", [], [1, 2], {}, {"a": 1}, "国士無双(役満)"]
    for _ in range(300):
        doc = json.loads(fixture(HANCHAN))
        container, key = rng.choice(_places(doc, []))
        container[key] = rng.choice(values)
        yield json.dumps(doc, ensure_ascii=False).encode()


def test_damaged_logs_are_refused_with_a_line_never_a_crash():
    """Whatever is damaged, the outcome is a game or one OnlineError line (no TypeError, KeyError …)."""
    refused = 0
    for data in _mutations(19):
        try:
            game_log_document(read_online(data, "damaged.json"), NAMES, "reach")
        except OnlineError as error:
            refused += 1
            assert "\n" not in str(error)
    assert refused > 50


def test_damaged_mjlogs_are_refused_with_a_line_never_a_crash():
    rng = random.Random(19)
    text = fixture(MJLOG).decode()
    spans = [m.span(1) for m in re.finditer(r'="([^"]*)"', text)]
    refused = 0
    for _ in range(300):
        start, end = rng.choice(spans)
        damaged = text[:start] + rng.choice(["", "x", "-5", "9", "0,0", "1,2,3,4,5,6,7,8", "%ZZ", "&amp;"]) + text[end:]
        try:
            game_log_document(read_online(damaged.encode(), MJLOG), NAMES, "reach")
        except OnlineError as error:
            refused += 1
            assert "\n" not in str(error)
    assert refused > 50
