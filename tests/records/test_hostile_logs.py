"""Hostile and malformed game logs: every bad log gives exit status 1 and one line
naming the hand and what is wrong, never a traceback, through ``score_game`` and
``import_games`` alike; what one accepts the other stores, on SQLite and on PostgreSQL (run
the suite with DATABASE_URL). The bounds are those of ``scoring/rules/bounds.py``."""

import copy
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import ClubSession, Game, RatingChange
from scoring.records import services
from scoring.rules import RuleError, bounds, score_document
from tests.hypothesis_budget import examples

from .conftest import command

pytestmark = pytest.mark.django_db

RIICHI = {
    "format": "mahjong-club/game-log@1",
    "ruleset": "ema-2016",
    "players": ["Ann", "Bob", "Cho", "Dee"],
    "hands": [{"result": "win", "wins": [{"winner": "Bob", "from": "Cho", "han": 3, "fu": 30}]}],
}
AMERICAN = {
    "format": "mahjong-club/game-log@1",
    "ruleset": "american",
    "players": ["Ann", "Bob", "Cho", "Dee"],
    "hands": [{"result": "mahjong", "winner": "Ann", "from": "Cho", "value": 25}],
}
WALL = {"result": "wall"}


def log(base=RIICHI, **changes) -> dict:
    doc = copy.deepcopy(base)
    doc.update(changes)
    return doc


def win(**changes) -> list:
    return [{"result": "win", "wins": [{"winner": "Bob", "from": "Cho", "han": 3, "fu": 30, **changes}]}]


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def text_with_digits(case, digits: int = 5000) -> str:
    """``case`` as a log's text, its one 0 written as a number of ``digits`` digits."""
    text = json.dumps(case if isinstance(case, dict) else log(hands=case))
    return text.replace(": 0", ": " + "7" * digits, 1)


# id -> (the file's text, what the one line must say)
REFUSED = {
    "winner-null": (win(winner=None), "hand 1: winner: unknown player None"),
    "american-winner-null": (
        log(AMERICAN, hands=[{"result": "mahjong", "winner": None, "value": 25}]),
        "hand 1: winner: unknown player None",
    ),
    "deep-nesting": (deep(100_000), "nested too deeply"),
    "deep-nesting-in-a-comment": ('{"comment": ' + deep(50_000) + "}", "nested too deeply"),
    "han-70000": (win(han=70000), "hand 1: han 70000 is more than the records hold: the most is 100"),
    "fu-70000": (win(han=1, fu=70000), "hand 1: fu 70000 is more than the records hold"),
    "yakuman-70000": (
        [{"result": "win", "wins": [{"winner": "Bob", "yakuman": 70000}]}],
        "hand 1: yakuman 70000 is more than the records hold",
    ),
    "penalty-3e9": (
        log(penalties=[{"player": "Ann", "points": 3_000_000_000}]),
        "penalty points 3000000000 is more than the records hold: the most is 1,000,000",
    ),
    "hand-penalty-3e9-to-pot": (
        [{**win()[0], "penalties": [{"player": "Ann", "points": 3_000_000_000, "to": "pot"}]}],
        "hand 1: penalty points 3000000000 is more than",
    ),
    "start-points-3e9": (log(rules={"start_points": 3_000_000_000}), "rule knob 'start_points' is 3000000000"),
    "uma-3e9": (log(rules={"uma": [3_000_000_000, 0, 0, -3_000_000_000]}), "rule knob 'uma' is 3000000000"),
    "american-value-1e12": (
        log(AMERICAN, hands=[{"result": "mahjong", "winner": "Ann", "value": 10**12}]),
        "hand 1: value 1000000000000 is more than the records hold: the most is 10,000",
    ),
    "error-value-1e12": (
        log(
            AMERICAN,
            hands=[
                {
                    "result": "wall",
                    "incidents": [
                        {"kind": "mahjong_in_error", "caller": "Ann", "value": 10**12, "thrown_in": ["Bob", "Cho"]}
                    ],
                }
            ],
        ),
        "hand 1: value 1000000000000 is more than",
    ),
    # Python reads no number of more than 4,300 digits, with advice for programmers: the field is named instead
    "han-5000-digits": (text_with_digits(win(han=0)), "hand 1: han is a number of 5,000 digits: more than the records"),
    "penalty-5000-digits": (
        text_with_digits(log(penalties=[{"player": "Ann", "points": 0}])),
        "penalty points is a number of 5,000 digits",
    ),
    "knob-5000-digits": (text_with_digits(log(rules={"start_points": 0})), "rule knob 'start_points'"),
    "name-1000": (log(players=["A" * 1000, "Bob", "Cho", "Dee"]), "is 1000 characters long; the most is 60"),
    "session-500": (log(session="S" * 500), "session is 500 characters long; the most is 100"),
    "reason-201": (
        log(penalties=[{"player": "Ann", "points": 100, "reason": "r" * 201}]),
        "reason is 201 characters long; the most is 200",
    ),
    "comment-501": (log(comment="c" * 501), "comment is 501 characters long; the most is 500"),
    "name-nul": (log(players=["A\x00nn", "Bob", "Cho", "Dee"]), "contains a control character"),
    "name-escape": (log(players=["Ann\x1b[2J", "Bob", "Cho", "Dee"]), "contains a control character"),
    "session-nul": (log(session="club\x00night"), "session contains a control character"),
    "hand-comment-nul": ([{**win()[0], "comment": "nul\x00here"}], "hand 1: comment contains a control character"),
    "reason-nul": (log(penalties=[{"player": "Ann", "points": 100, "reason": "\x00"}]), "reason contains a control"),
    "name-c1-control": (log(players=["Ann\x85", "Bob", "Cho", "Dee"]), "contains a control character"),
    # a lone surrogate (JSON "\ud800") cannot be written out as UTF-8, neither to a database nor to standard output
    "name-lone-surrogate": (
        json.dumps(log(players=["\ud800nn", "Bob", "Cho", "Dee"])),
        "the player's name '\\ud800nn' is not valid Unicode text (a lone surrogate)",
    ),
    "session-lone-surrogate": (json.dumps(log(session="night \udc00")), "session is not valid Unicode text"),
    "ruleset-nul": (log(ruleset="ema\x002016"), "unknown ruleset 'ema\\x002016'"),  # never looked up: PostgreSQL
    "ruleset-lone-surrogate": (json.dumps(log(ruleset="ema\ud800")), "unknown ruleset 'ema\\ud800'"),
    "40000-hands": (log(AMERICAN, hands=[WALL] * 40_000), "hand 501: a game has at most 500 hands; this log has 40,"),
    # wrong types everywhere
    "players-a-string": (log(players="Ann, Bob, Cho, Dee"), "'players' must list exactly four names"),
    "player-a-number": (log(players=[1, "Bob", "Cho", "Dee"]), "every player needs a name"),
    "hands-an-object": (log(hands={"1": WALL}), "'hands' must be a list"),
    "hand-a-list": (log(hands=[["win"]]), "hand 1: a hand must be a JSON object"),
    "han-a-string": (win(han="3"), "hand 1: han must be a whole number"),
    "han-a-float": (win(han=3.0), "hand 1: han must be a whole number"),
    "han-true": (win(han=True), "hand 1: han must be a whole number"),
    "fu-null-below-5": (win(fu=None), "hand 1: Bob's win of 3 han needs 'fu'"),
    "from-a-list": (win(**{"from": ["Cho"]}), "hand 1: from: unknown player ['Cho']"),
    "wins-empty": (log(hands=[{"result": "win", "wins": []}]), "hand 1: a win needs 'wins'"),
    "wins-a-string": (log(hands=[{"result": "win", "wins": "Bob"}]), "hand 1: a win needs 'wins'"),
    "win-a-list": (log(hands=[{"result": "win", "wins": [["Bob"]]}]), "hand 1: a win must be a JSON object"),
    "riichi-a-string": ([{**win()[0], "riichi": "Bob"}], "hand 1: riichi must be a list of player names"),
    "riichi-an-object": ([{**win()[0], "riichi": {"Bob": 1}}], "hand 1: riichi must be a list"),
    "tenpai-of-numbers": (log(hands=[{"result": "draw", "tenpai": [0]}]), "hand 1: tenpai: unknown player 0"),
    "result-null": (log(hands=[{"result": None}]), "hand 1: 'result' must be one of"),
    "reason-a-number": (log(hands=[{"result": "abortive", "reason": 4}]), "hand 1: an abortive draw needs"),
    "offender-null": (log(hands=[{"result": "chombo", "offender": None}]), "hand 1: offender: unknown player"),
    "tournament-a-string": (log(tournament="yes"), "tournament must be true or false"),
    "finished-1": (log(finished=1), "finished must be true or false"),
    "rules-a-list": (log(rules=["kiriage"]), "'rules' must be an object"),
    "knob-a-string": (log(rules={"start_points": "30000"}), "rule knob 'start_points' must be a whole number"),
    "format-a-number": (log(format=1), "'format' must be 'mahjong-club/game-log@1'"),
    "ruleset-null": (log(ruleset=None), "unknown ruleset None"),
    "ruleset-huge": (log(ruleset="x" * 100_000), "unknown ruleset 'xxxxxxxx"),
    "date-a-number": (log(date=20261129), "'date' must be an ISO date"),
    "date-impossible": (log(date="2026-99-01"), "'date' must be an ISO date"),
    "start-impossible": (log(start="25:99"), "'start' must be a time of day"),
    "session-a-list": (log(session=["x"]), "session must be text"),
    "comment-a-number": (log(comment=5), "comment must be text"),
    "penalties-an-object": (log(penalties={"player": "Ann"}), "'penalties' must be a list"),
    "penalty-to-nowhere": (log(penalties=[{"player": "Ann", "points": 100, "to": ["pot"]}]), "a penalty goes to"),
    "incidents-a-string": (
        log(AMERICAN, hands=[{"result": "wall", "incidents": "x"}]),
        "hand 1: 'incidents' must be a list",
    ),
    "incident-kind-null": (
        log(AMERICAN, hands=[{"result": "wall", "incidents": [{"kind": None}]}]),
        "hand 1: an incident's 'kind' must be one of",
    ),
    "upheld-a-string": (
        log(
            AMERICAN,
            hands=[
                {
                    "result": "wall",
                    "incidents": [
                        {"kind": "dead_hand_challenge", "challenger": "Ann", "challenged": "Bob", "upheld": "yes"}
                    ],
                }
            ],
        ),
        "hand 1: upheld must be true or false",
    ),
    "error-two-thrown-in-without-value": (
        log(
            AMERICAN,
            hands=[
                {
                    "result": "wall",
                    "incidents": [{"kind": "mahjong_in_error", "caller": "Ann", "thrown_in": ["Bob", "Cho"]}],
                }
            ],
        ),
        "hand 1: a mahjong in error with two players thrown in needs the 'value'",
    ),
    "document-a-string": ('"game"', "a game log is a JSON object"),
    "not-json": ("{'format': 1}", "the JSON is broken at line 1"),
    "huge-key": (log(**{"k" * 100_000: 1}), "unknown key 'kkkkk"),
}

# logs at the bounds, or that used to be refused: both commands accept them, on both databases
ACCEPTED = {
    "utf-8-bom": "\ufeff" + json.dumps(RIICHI),
    "error-one-thrown-in-without-value": log(
        AMERICAN,
        hands=[{"result": "wall", "incidents": [{"kind": "mahjong_in_error", "caller": "Ann", "thrown_in": ["Bob"]}]}],
    ),
    "error-broken-wall-without-value": log(
        AMERICAN,
        hands=[
            {"result": "wall", "incidents": [{"kind": "mahjong_in_error", "caller": "Ann", "wall_broken_by": "Dee"}]}
        ],
    ),
    "han-100": win(han=100),
    "penalty-1000000": log(penalties=[{"player": "Ann", "points": bounds.MAX_POINTS}]),
    "value-10000": log(AMERICAN, hands=[{"result": "mahjong", "winner": "Ann", "value": bounds.MAX_CARD_VALUE}]),
    "longest-texts": log(
        players=["A" * bounds.MAX_NAME, "Bob", "Cho", "Dee"],
        session="S" * bounds.MAX_SESSION_NAME,
        comment="line one\n\tline two " + "c" * (bounds.MAX_COMMENT - 19),
    ),
    "500-hands": log(AMERICAN, hands=[WALL] * bounds.MAX_HANDS),
    "start-time": log(date="2026-11-29", start="19:30"),
}


def text_of(case) -> str:
    if isinstance(case, str):
        return case
    return json.dumps(case if isinstance(case, dict) else log(hands=case), ensure_ascii=False)


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err[:2000]
    assert "Traceback" not in err
    assert len(lines[0]) < 1000
    return lines[0]


@pytest.mark.parametrize(("case", "says"), REFUSED.values(), ids=REFUSED.keys())
def test_refused_by_both_commands(case, says, tmp_path):
    text = text_of(case)
    status, out, err = command("score_game", "-", stdin=text)
    assert (status, out) == (1, "")
    assert says in one_line(err)

    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = command("import_games", "--session", "hostile night", str(path))
    assert status == 1
    assert says in one_line(err)
    assert one_line(err).startswith(f"rejected {path}: ")
    assert not Game.objects.exists()
    assert not ClubSession.objects.exists()  # --session is not created when every file is refused


@pytest.mark.parametrize("case", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted_by_both_commands(case, tmp_path):
    text = text_of(case)
    status, out, err = command("score_game", "-", stdin=text)
    assert (status, err) == (0, "")
    scored = json.loads(out)

    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = command("import_games", str(path))
    assert (status, err) == (0, "")
    game = Game.objects.get()
    assert game.hand_count == len(scored["hands"])
    assert command("check_games")[0] == 0


def test_export_with_an_impossible_date_is_one_line(tmp_path, capsys):
    with pytest.raises(Exception) as raised:
        call_command("export_games", "--since", "2026-99-01", "--out", str(tmp_path))
    assert "'2026-99-01' is not a date like 2026-11-29" in str(raised.value)
    assert type(raised.value).__name__ == "CommandError"  # argparse's one line, not a traceback


def test_a_refused_or_crashing_file_does_not_stop_the_others(tmp_path, monkeypatch):
    """Go on after a refused file and after one that fails for another reason;
    report each; exit 1 at the end."""
    names = {
        "a.json": RIICHI,
        "b.json": log(hands=win(han=70000)),
        "c.json": log(players=["Bob", "Ann", "Cho", "Dee"]),
        "d.json": log(players=["Cho", "Bob", "Ann", "Dee"]),
    }
    for name, doc in names.items():
        (tmp_path / name).write_text(json.dumps(doc))
    real = services.import_document

    def crash_on_c(*, doc, **kwargs):
        if doc["players"][0] == "Bob":
            raise RuntimeError("disk on fire")
        return real(doc=doc, **kwargs)

    monkeypatch.setattr(services, "import_document", crash_on_c)
    status, out, err = command("import_games", "--session", "Night", str(tmp_path))
    assert status == 1
    assert "imported 2 game(s), skipped 0 already imported, rejected 2 file(s)" in out
    lines = err.splitlines()
    assert lines[0].startswith(f"rejected {tmp_path / 'b.json'}: hand 1: han 70000")
    assert lines[1] == f"rejected {tmp_path / 'c.json'}: could not be stored (RuntimeError: disk on fire)"
    assert Game.objects.filter(session__name="Night").count() == 2


# ---- hypothesis: junk anywhere in a log -------------------------------------------------------

JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=80)
    | st.sampled_from(["Ann", "Bob", "", "\x00", "win", "wall", "pot", "2026-13-01"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def paths(value, path=()):
    """Every place in a JSON document, as a path of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def replaced(doc, path, junk):
    doc = copy.deepcopy(doc)
    if not path:
        return junk
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = junk
    return doc


DOCS = [
    log(
        hands=[*win(), {"result": "draw", "tenpai": ["Ann"], "riichi": ["Ann"]}],
        penalties=[{"player": "Ann", "points": 1000, "reason": "slow"}],
        date="2026-11-29",
        session="Night",
    ),
    log(
        AMERICAN,
        hands=[
            *AMERICAN["hands"],
            {
                "result": "wall",
                "incidents": [{"kind": "mahjong_in_error", "caller": "Ann", "value": 30, "thrown_in": ["Bob", "Cho"]}],
            },
        ],
    ),
]


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(DOCS).flatmap(lambda doc: st.tuples(st.just(doc), st.sampled_from(list(paths(doc))), JUNK)))
def test_junk_anywhere_is_refused_with_one_line_or_stored(case):
    """A log with junk at any place: the engine refuses it with a RuleError (one line) or
    scores it, and then the records store it (on either database) and replay it unchanged."""
    doc = replaced(*case)
    try:
        scored = score_document(doc)
    except RuleError as error:
        assert "\n" not in str(error)
        with pytest.raises(RuleError):
            services.import_document(doc=doc)
        return
    try:
        game = services.import_document(doc=doc)
    except services.AlreadyImported:
        return
    assert game.hand_count == len(scored["hands"])
    assert RatingChange.objects.filter(game=game).count() == (4 if scored["finished"] else 0)


# ---- a number of 5,000 digits in every place of a real log that holds one ------------------------


def value_at(doc, path):
    for step in path:
        doc = doc[step]
    return doc


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LONG_PLACES = [
    (name, path)
    for name in ("ema-2016", "american")
    for doc in [json.loads((EXAMPLES / f"{name}.json").read_text())]
    for path in paths(doc)
    if path and type(value_at(doc, path)) is int
]


@pytest.mark.parametrize(("name", "path"), LONG_PLACES, ids=[f"{n}:{'/'.join(map(str, p))}" for n, p in LONG_PLACES])
def test_a_number_of_5000_digits_anywhere_is_refused_naming_its_field(name, path):
    marker = 123_456_789_012_345  # written nowhere else in the examples
    doc = replaced(json.loads((EXAMPLES / f"{name}.json").read_text()), path, marker)
    text = json.dumps(doc).replace(str(marker), "9" * 5000)
    status, out, err = command("score_game", "-", stdin=text)
    assert (status, out) == (1, "")
    line = one_line(err)
    assert "a number of 5,000 digits" in line and "set_int_max_str_digits" not in line
    assert str(path[-1]) in line  # the field: han, fu, value, points …
