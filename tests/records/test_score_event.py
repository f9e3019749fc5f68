"""`python manage.py score_event FILE` end to end (the event-log format): the worked example's
output, `-` for standard input, a stored ruleset, a game table checked as score_game checks it,
and bad input → exit status 1, one line on standard error, nothing on standard output."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rules.test_eventlog import DROP, EVENT, SHARED_EXAMPLES, edited
from tests.tiles.test_gamelog import PINFU, log

from .conftest import command

ROOT = Path(__file__).resolve().parents[2]
PYTHON = ROOT / ".venv" / "bin" / "python"


def run(*args, stdin=None):
    """score_event through call_command: (exit status, stdout, stderr)."""
    return command("score_event", *args, stdin=stdin or "")


def assert_one_line_error(status, out, err, says):
    assert (status, out) == (1, "")
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    assert err.strip() == says


def test_the_worked_example_prints_its_expected_output():
    path = SHARED_EXAMPLES / "event-stages.json"
    if not path.is_file():
        pytest.skip(f"the worked example is not in {SHARED_EXAMPLES} (the event-log format's examples)")
    status, out, err = run(str(path))
    assert (status, err) == (0, "")
    assert json.loads(out) == json.loads((SHARED_EXAMPLES / "event-stages.expected.json").read_text())


def test_dash_reads_standard_input_and_prints_names_as_they_are():
    """FILE may be `-`; the JSON is written as score_game writes it (indented by one, names unescaped)."""
    doc = json.dumps(EVENT).replace("Dee Visser", "Dörte Çelik")
    status, out, err = run("-", stdin=doc)
    assert (status, err) == (0, "")
    assert out.startswith('{\n "name": "Club Riichi Open",\n "ruleset": "ema-2025",\n')
    assert '"player": "Dörte Çelik"' in out
    assert json.loads(out)["ema"][-1]["Player's last name"] == "ÇELIK"


@pytest.mark.parametrize(
    ("stdin", "says"),
    [
        ("", "not valid JSON: Expecting value: line 1 column 1 (char 0)"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON: it is nested too deeply"),
        (json.dumps({**EVENT, "stagez": []}), "unknown key 'stagez'"),
        (
            json.dumps(edited((("stages", 1, "rounds", 0, 0, "players", 3), "Bob Jansen"))),
            "stage 2 round 1 table 1: Bob Jansen does not play this stage",
        ),
        (json.dumps({**EVENT, "ruleset": "club-open"}), "unknown ruleset 'club-open'"),
    ],
    ids=["empty", "nested", "unknown-key", "cut", "no-such-ruleset"],
)
@pytest.mark.django_db
def test_bad_input_is_one_line(stdin, says):
    """Exit status 1, one line saying what and where, nothing on stdout, never a traceback."""
    assert_one_line_error(*run("-", stdin=stdin), says)


def test_unreadable_files(tmp_path):
    assert_one_line_error(
        *run("/nonexistent/event.json"), "cannot read /nonexistent/event.json: No such file or directory"
    )
    path = tmp_path / "event.json"
    path.write_bytes(b"\xff\xfe{}")
    assert_one_line_error(*run(str(path)), "not a readable event log: the file is not UTF-8 text")


@pytest.mark.django_db
def test_a_stored_ruleset():
    """`ruleset`: the slug of a ruleset stored in the site, for the event and its games: the
    club's uma of 20 / 10 makes Ann's 45,300 first worth 15.3 + 20 = 35.3."""
    from scoring.models import Ruleset

    Ruleset.objects.create(
        slug="club-open",
        name="Club open",
        family="riichi",
        based_on="ema-2025",
        knobs={"uma": [20000, 10000, -10000, -20000]},
    )
    game = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "club-open",
        "players": ["Eve Martin", "Fay Weber", "Gus Peeters", "Hal Smith"],
        "hands": [],
        "finished": True,
    }
    doc = edited((("ruleset",), "club-open"), (("stages", 0, "rounds", 0, 1), {"game": game}), (("stages", 1), DROP))
    status, out, err = run("-", stdin=json.dumps(doc))
    assert (status, err) == (0, "")
    qualifying = {line["player"]: line for line in json.loads(out)["stages"][0]["standings"]}
    assert qualifying["Ann Bakker"]["results"][0] == 35.3
    assert qualifying["Eve Martin"]["results"][0] == 0  # four level on 30,000 share the uma: 0 each


def test_a_game_tables_tiles_are_checked_as_score_game_checks_them():
    """A win whose tiles do not give its han: score_game's own line, after the table's place."""
    game = {**log({"han": 3, "fu": 30, "tiles": PINFU}), "finished": True}
    names = game["players"] + ["Eve", "Fay", "Gus", "Hal"]
    doc = {
        **EVENT,
        "ruleset": "ema-2016",
        "players": [{"name": name, "country": "NL"} for name in names],
        "stages": [
            {
                "name": "Qualifying",
                "rounds": [[{"game": game}, {"players": names[4:], "scores": [30000, 30000, 30000, 30000]}]],
            }
        ],
        "penalties": [],
    }
    assert_one_line_error(
        *run("-", stdin=json.dumps(doc)),
        "stage 1 round 1 table 1: hand 1: Bea's tiles give 2 han 30 fu under EMA 2016, the log says 3 han 30 fu "
        '(mark the tiles "override": true where the scorer decided otherwise)',
    )


def test_the_real_command_never_shows_a_traceback():
    """manage.py score_event as a process: bad input → exit status 1, one line, nothing on stdout."""
    python = PYTHON if PYTHON.exists() else Path(sys.executable)
    done = subprocess.run(
        [str(python), "manage.py", "score_event", "-"],
        cwd=ROOT,
        input=json.dumps({**EVENT, "days": ["2026-5-16"]}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert_one_line_error(done.returncode, done.stdout, done.stderr, "days: '2026-5-16' is not an ISO date")
