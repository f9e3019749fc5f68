"""`python manage.py score_game FILE` end to end (the documented game log and score_game's output):
the expected JSON for every worked example, `-` for standard input, and bad input of every
kind → exit status 1, exactly one line on standard error, nothing on standard output, never
a traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import command

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests" / "examples"
NAMES = sorted(p.name[: -len(".json")] for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))
PYTHON = ROOT / ".venv" / "bin" / "python"
GOOD = {
    "format": "mahjong-club/game-log@1",
    "ruleset": "ema-2016",
    "players": ["Ann", "Bob", "Cho", "Dee"],
    "hands": [{"result": "win", "wins": [{"winner": "Bob", "from": "Cho", "han": 3, "fu": 30}]}],
}


def comparable(output):
    """Everything but the free-text notes and the optional payments."""
    for hand in output["hands"]:
        hand.pop("notes", None)
        hand.pop("payments", None)
    return output


def run(*args, stdin=None):
    """score_game through call_command: (exit status, stdout, stderr)."""
    return command("score_game", *args, stdin=stdin or "")


def assert_one_line_error(status, out, err, says):
    assert status == 1
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    assert says in err


@pytest.mark.parametrize("name", NAMES)
def test_examples_print_the_expected_json(name):
    """Each example file gives its expected JSON on stdout (notes aside)."""
    status, out, err = run(str(EXAMPLES / f"{name}.json"))
    assert (status, err) == (0, "")
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    assert comparable(json.loads(out)) == comparable(expected)


def test_dash_reads_standard_input():
    """FILE may be `-` for standard input."""
    status, out, err = run("-", stdin=json.dumps(GOOD))
    assert (status, err) == (0, "")
    output = json.loads(out)
    assert output["hands"][0]["deltas"] == {"Ann": 0, "Bob": 3900, "Cho": -3900, "Dee": 0}
    assert output["standings"][0] == {
        "player": "Bob",
        "score": 33900,
        "place": 1,
        "uma": 15000,
        "oka": 0,
        "penalties": 0,
        "result": 18900,
    }


def test_every_number_is_an_integer():
    """Every number in the output is an integer."""
    _, out, _ = run(str(EXAMPLES / "reach.json"))

    def numbers(value):
        if isinstance(value, dict):
            for item in value.values():
                yield from numbers(item)
        elif isinstance(value, list):
            for item in value:
                yield from numbers(item)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            yield value

    assert all(type(n) is int for n in numbers(json.loads(out)))


def _with(**changes):
    return json.dumps({**GOOD, **changes})


BAD_INPUT = [
    # id, stdin text, what stderr must say
    ("broken-json", '{"format": ', "the JSON is broken at line 1"),
    ("not-an-object", "[]", "a game log is a JSON object"),
    (
        "unknown-player",
        _with(hands=[{"result": "win", "wins": [{"winner": "Zed", "from": "Cho", "han": 1, "fu": 30}]}]),
        "hand 1: winner: unknown player 'Zed'",
    ),
    (
        "bad-han-fu",
        _with(hands=[{"result": "win", "wins": [{"winner": "Bob", "from": "Cho", "han": 1, "fu": 35}]}]),
        "hand 1: Bob's win: 35 fu does not exist",
    ),
    (
        "two-tsumo",
        _with(
            hands=[
                {
                    "result": "win",
                    "wins": [{"winner": "Bob", "han": 1, "fu": 30}, {"winner": "Cho", "han": 1, "fu": 30}],
                }
            ]
        ),
        "hand 1: a self-draw (tsumo) must be the only win",
    ),
    (
        "head-bump",
        _with(
            ruleset="mleague",
            hands=[
                {
                    "result": "win",
                    "wins": [
                        {"winner": "Dee", "from": "Bob", "han": 1, "fu": 30},
                        {"winner": "Ann", "from": "Bob", "han": 1, "fu": 30},
                    ],
                }
            ],
        ),
        "hand 1: M-League plays head bump: only Dee",
    ),
    (
        "abortive-not-allowed",
        _with(hands=[{"result": "abortive", "reason": "four_winds"}]),
        "hand 1: EMA 2016 has no abortive draw 'four_winds'",
    ),
    (
        "noten-riichi",
        _with(hands=[{"result": "draw", "tenpai": [], "riichi": ["Dee"]}]),
        "hand 1: Dee declared riichi but is not tenpai at the exhaustive draw; under EMA Riichi Competition Rules "
        "2016, §3.4.6 that is chombo",
    ),
    (
        "too-many-yakuman",
        _with(hands=[{"result": "win", "wins": [{"winner": "Bob", "yakuman": 2}]}]),
        "hand 1: Bob's win has 2 yakuman",
    ),
    ("unknown-knob", _with(rules={"riichi_sticks": 2}), "unknown rule knob 'riichi_sticks'"),
    ("unknown-key", _with(hands=[{"result": "draw", "tenpai": [], "riichii": []}]), "hand 1: unknown key 'riichii'"),
    ("result-is-a-list", _with(hands=[{"result": ["win"]}]), "hand 1: 'result' must be one of"),
    ("knob-list-of-lists", _with(rules={"pao_hands": [["big_winds"]]}), "rule knob 'pao_hands' must be a list"),
    (
        "name-with-newline",
        _with(players=["Ann", "Bob", "Cho", "Dee"], hands=[{"result": "draw", "tenpai": ["Line\nBreak"]}]),
        "unknown player",
    ),
]


@pytest.mark.parametrize(("text", "says"), [r[1:] for r in BAD_INPUT], ids=[r[0] for r in BAD_INPUT])
def test_bad_input(text, says):
    """Bad input → exit 1, one line on stderr naming the hand and the rule."""
    assert_one_line_error(*run("-", stdin=text), says)


def test_missing_file():
    """A file that cannot be read is bad input too."""
    assert_one_line_error(*run("/nonexistent/game.json"), "cannot read /nonexistent/game.json")


def test_not_utf8(tmp_path):
    """An unreadable file (not UTF-8 text) is bad input."""
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe{}")
    assert_one_line_error(*run(str(path)), "not UTF-8")


@pytest.mark.django_db
def test_unknown_ruleset_looks_in_the_site():
    """`ruleset`: a slug that is no preset and not stored is an error."""
    assert_one_line_error(*run("-", stdin=_with(ruleset="club-rules")), "unknown ruleset 'club-rules'")


@pytest.mark.django_db
def test_stored_ruleset():
    """`ruleset`: the slug of a ruleset stored in the site (here with kiriage)."""
    from scoring.models import Ruleset

    Ruleset.objects.create(
        slug="club-kiriage", name="Club", family="riichi", based_on="ema-2016", knobs={"kiriage": True}
    )
    hands = [{"result": "win", "wins": [{"winner": "Bob", "from": "Cho", "han": 4, "fu": 30}]}]
    status, out, err = run("-", stdin=_with(ruleset="club-kiriage", hands=hands))
    assert (status, err) == (0, "")
    assert json.loads(out)["hands"][0]["deltas"]["Bob"] == 8000


# --- runs as a separate process (started together, they take the time of one) ---------------------

PROCESS_CASES = {
    "example-file": ((str(EXAMPLES / "jpml-a.json"),), None),
    "broken-json": (("-",), "{ nope"),
    "bad-fu": (
        ("-",),
        _with(hands=[{"result": "win", "wins": [{"winner": "Bob", "from": "Ann", "han": 1, "fu": 20}]}]),
    ),
}


@pytest.fixture(scope="module")
def processes():
    """Every case of PROCESS_CASES run as `.venv/bin/python manage.py score_game …`: name -> (status, out, err)."""
    python = PYTHON if PYTHON.exists() else Path(sys.executable)
    running = {
        name: (
            subprocess.Popen(
                [str(python), "manage.py", "score_game", *args],
                cwd=ROOT,
                text=True,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            ),
            stdin,
        )
        for name, (args, stdin) in PROCESS_CASES.items()
    }
    results = {}
    for name, (process, stdin) in running.items():
        out, err = process.communicate(stdin or "", timeout=60)
        results[name] = (process.returncode, out, err)
    return results


def test_process_example_file(processes):
    """score_game's output: the real command prints the example's JSON."""
    status, out, err = processes["example-file"]
    assert (status, err) == (0, "")
    expected = json.loads((EXAMPLES / "jpml-a.expected.json").read_text())
    assert comparable(json.loads(out)) == comparable(expected)


@pytest.mark.parametrize(
    ("name", "says"),
    [("broken-json", "the JSON is broken"), ("bad-fu", "hand 1: Bob's win: 20 fu is only")],
)
def test_process_bad_input(processes, name, says):
    """Exit status 1, one line on stderr, nothing on stdout, no traceback."""
    assert_one_line_error(*processes[name], says)


def test_deeply_nested_json_is_one_line():
    """Unreadable JSON of any kind → exit 1 and one line, never a traceback."""
    assert_one_line_error(*run("-", stdin="[" * 100000 + "]" * 100000), "nested too deeply")
