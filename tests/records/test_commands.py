"""import_games, export_games, check_games, seed_demo."""

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from scoring.models import ClubSession, Game, HandSeat, Player, Season
from scoring.rules import parse_game

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EXAMPLE_FILES = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def run(*args):
    """(exit status, stdout, stderr) of a command."""
    import io

    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
        status = 0
    except SystemExit as exit_:
        status = exit_.code
    return status, out.getvalue(), err.getvalue()


def test_import_then_export_gives_back_the_same_facts(tmp_path):
    status, out, err = run("import_games", *map(str, EXAMPLE_FILES))
    assert status == 0, err
    assert f"imported {len(EXAMPLE_FILES)} game(s), skipped 0 already imported, rejected 0 file(s)" in out
    status, out, _err = run("export_games", "--out", str(tmp_path))
    assert status == 0
    exported = sorted(tmp_path.glob("*.json"))
    assert len(exported) == len(EXAMPLE_FILES)
    originals = {tuple(parse_game(json.loads(p.read_text())).players): p for p in EXAMPLE_FILES}
    for path in exported:
        log = parse_game(json.loads(path.read_text()))
        original = parse_game(json.loads(originals[log.players].read_text()))
        assert log == original, path.name
    assert run("check_games")[0] == 0


def test_overrides_and_every_optional_fact_round_trip(tmp_path):
    doc = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "reach",
        "rules": {"uma": [15000, 5000, -5000, -15000]},
        "tournament": True,
        "date": "2026-03-01",
        "session": "March cup",
        "comment": "final table",
        "players": ["Ann", "Bob", "Cho", "Dee"],
        "hands": [
            {
                "result": "win",
                "wins": [{"winner": "Bob", "from": "Ann", "yakuman": 1, "liable": "Cho"}],
                "riichi": ["Dee"],
                "penalties": [{"player": "Cho", "points": 1000, "to": "pot", "reason": "mistaken call"}],
                "comment": "big dragons",
            },
            {"result": "draw", "tenpai": ["Ann"], "dead": ["Dee"], "nagashi": [], "riichi": ["Dee"]},
            {"result": "abortive", "reason": "four_winds", "riichi": []},
            {
                "result": "chombo",
                "offender": "Ann",
                "riichi": ["Bob"],
                "penalties": [{"player": "Ann", "points": 2000, "to": "result"}],
            },
        ],
        "penalties": [{"player": "Bob", "points": 2000, "reason": "slow play"}],
        "finished": True,
    }
    source = tmp_path / "in" / "game.json"
    source.parent.mkdir()
    source.write_text(json.dumps(doc))
    assert run("import_games", str(source.parent))[0] == 0
    assert ClubSession.objects.get().name == "March cup"
    assert run("export_games", "--session", "march CUP", "--out", str(tmp_path / "out"))[0] == 0
    (exported,) = (tmp_path / "out").glob("*.json")
    assert parse_game(json.loads(exported.read_text())) == parse_game(doc)


def test_american_incidents_round_trip(tmp_path):
    doc = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "american",
        "players": ["Ann", "Bob", "Cho", "Dee"],
        "hands": [
            {
                "result": "mahjong",
                "winner": "Ann",
                "from": "Cho",
                "value": 25,
                "misnamed_discard": True,
                "incidents": [
                    {"kind": "dead_hand_challenge", "challenger": "Bob", "challenged": "Dee", "upheld": True}
                ],
            },
            {
                "result": "wall",
                "incidents": [
                    {
                        "kind": "mahjong_in_error",
                        "caller": "Bob",
                        "value": 30,
                        "thrown_in": ["Cho", "Dee"],
                        "wall_broken_by": None,
                    }
                ],
            },
            {"result": "mahjong", "winner": "Dee", "value": 50, "jokerless": True},
        ],
    }
    (tmp_path / "a.json").write_text(json.dumps(doc))
    assert run("import_games", str(tmp_path / "a.json"))[0] == 0
    assert run("export_games", "--out", str(tmp_path / "out"))[0] == 0
    (exported,) = (tmp_path / "out").glob("*.json")
    assert parse_game(json.loads(exported.read_text())) == parse_game(doc)


def test_rejected_files_get_one_line_each_and_exit_1_after_importing_the_rest(tmp_path):
    good = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "wrc",
        "players": ["Ann", "Bob", "Cho", "Dee"],
        "hands": [{"result": "win", "wins": [{"winner": "Bob", "from": "Ann", "han": 2, "fu": 30}]}],
    }
    bad_hand = {**good, "hands": good["hands"] + [{"result": "win", "wins": [{"winner": "Ann", "han": 1, "fu": 35}]}]}
    (tmp_path / "1-good.json").write_text(json.dumps(good))
    (tmp_path / "2-broken.json").write_text("{not json")
    (tmp_path / "3-bad-hand.json").write_text(json.dumps(bad_hand))
    status, out, err = run("import_games", "--session", "Imported", str(tmp_path))
    assert status == 1
    assert "imported 1 game(s), skipped 0 already imported, rejected 2 file(s)" in out
    lines = err.strip().splitlines()
    assert len(lines) == 2
    assert "2-broken.json: not a readable game log" in lines[0]
    assert "3-bad-hand.json: hand 2:" in lines[1]
    assert Game.objects.get().session.name == "Imported"
    assert Player.objects.count() == 4  # the rejected file created nobody


def test_a_log_imported_before_is_skipped_however_it_is_spelled(tmp_path):
    """Importing a folder twice must not count its games twice."""
    doc = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "wrc",
        "players": ["Ann", "Bob", "Cho", "Dee"],
        "hands": [{"result": "win", "wins": [{"winner": "Bob", "from": "Ann", "han": 2, "fu": 30}]}],
    }
    (tmp_path / "a.json").write_text(json.dumps(doc))
    assert run("import_games", str(tmp_path))[0] == 0
    game = Game.objects.get()
    # the same facts with other spacing, key order, an explicit empty riichi and a knob at its preset value
    same = {
        "players": doc["players"],
        "rules": {"kiriage": True},
        "ruleset": "wrc",
        "format": doc["format"],
        "hands": [{"riichi": [], **doc["hands"][0]}],
    }
    (tmp_path / "b.json").write_text(json.dumps(same, indent=2))
    status, out, _err = run("import_games", str(tmp_path))
    assert status == 0
    assert f"a.json: skipped, already imported as game {game.pk}" in out
    assert f"b.json: skipped, already imported as game {game.pk}" in out
    assert "imported 0 game(s), skipped 2 already imported, rejected 0 file(s)" in out
    assert Game.objects.count() == 1
    other_day = {**doc, "date": "2026-03-01"}  # another game with the same hands
    (tmp_path / "c.json").write_text(json.dumps(other_day))
    run("import_games", str(tmp_path / "c.json"))
    assert Game.objects.count() == 2


def test_import_without_files_is_a_command_error(tmp_path):
    with pytest.raises(CommandError, match="no game-log files"):
        call_command("import_games", str(tmp_path))


def test_export_filters_by_date_and_rejects_a_bad_date(tmp_path):
    for day in ("2026-01-10", "2026-02-10"):
        doc = {
            "format": "mahjong-club/game-log@1",
            "ruleset": "wrc",
            "date": day,
            "players": ["Ann", "Bob", "Cho", "Dee"],
            "hands": [],
        }
        (tmp_path / f"{day}.json").write_text(json.dumps(doc))
    run("import_games", str(tmp_path))
    run("export_games", "--since", "2026-02-01", "--until", "2026-02-28", "--out", str(tmp_path / "feb"))
    assert [p.name[:10] for p in (tmp_path / "feb").glob("*.json")] == ["2026-02-10"]
    with pytest.raises(CommandError, match="not a date"):
        call_command("export_games", "--since", "February", "--out", str(tmp_path / "x"))


def test_check_games_lists_mismatches_and_exits_1(tmp_path):
    doc = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "wrc",
        "players": ["Ann", "Bob", "Cho", "Dee"],
        "hands": [{"result": "win", "wins": [{"winner": "Bob", "from": "Ann", "han": 2, "fu": 30}]}],
    }
    (tmp_path / "g.json").write_text(json.dumps(doc))
    run("import_games", str(tmp_path))
    assert run("check_games")[0] == 0
    HandSeat.objects.filter(seat__seat=1).update(delta=9999)
    status, out, _err = run("check_games")
    assert status == 1
    assert "hand 1, Bob: delta is 9999, a replay gives 2000" in out


def test_seed_demo_builds_a_club_once(django_db_blocker, settings, tmp_path):
    settings.DEMO_LOGINS_FILE = tmp_path / "logins"
    status, out, _err = run("seed_demo", "--if-empty")
    assert status == 0
    assert "manage.py demo_logins" in out
    assert (
        Player.objects.count() == 20 and Game.objects.count() == 64
    )  # four of them an American tournament in tournament points
    assert ClubSession.objects.count() == 8  # six, an American tournament and tonight's club night
    assert Game.objects.filter(ruleset__family="american").exists()
    assert Game.objects.filter(status=Game.IN_PROGRESS).exists()
    assert get_user_model().objects.get(username="demo-admin").is_staff
    league = Season.objects.get(name="Club league")  # a newcomer finds a league and its teams
    assert league.stages.count() == 2 and league.divisions.count() == 2
    assert league.team_competition.teams.count() == 4
    assert run("check_games")[0] == 0
    status, out, _err = run("seed_demo", "--if-empty")
    assert "nothing to do" in out and Game.objects.count() == 64


def test_make_run_prints_the_demo_logins_every_time_each_signing_in(db, settings, tmp_path):
    """`make run`'s sign-in lines: the staff login and the members (each their player's) with working passwords,
    again on every run; a password changed since says how to set one."""
    settings.DEMO_LOGINS_FILE = tmp_path / "logins"
    run("seed_demo")
    first, again = run("demo_logins", "--site", "http://127.0.0.1:8000")[1], run("demo_logins")[1]
    assert "http://127.0.0.1:8000/accounts/login/" in first and "manage.py changepassword <login>" in first
    logins = re.findall(r"^  (\S+) / (\S+) ", first, re.MULTILINE)
    assert [username for username, _password in logins] == ["demo-admin", "aiko", "bruno", "carmen"]
    assert logins == re.findall(r"^  (\S+) / (\S+) ", again, re.MULTILINE)
    assert (tmp_path / "logins").stat().st_mode & 0o077 == 0  # the owner's only
    for username, password in logins:
        assert get_user_model().objects.get(username=username).check_password(password)
    aiko = Player.objects.get(name="Aiko")
    assert aiko.user.username == "aiko" and not aiko.user.is_staff
    assert aiko.entries.get().event.name == "Club night, tonight"  # a member's phone has a night to check in to
    user = get_user_model().objects.get(username="bruno")
    user.set_password("changed-123")
    user.save()
    assert "bruno / (changed since; set one: manage.py changepassword bruno)" in run("demo_logins")[1]
