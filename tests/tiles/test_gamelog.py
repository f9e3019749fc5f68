"""A game log's ``tiles``: carried by the engine, stored with the win,
exported, and checked at score and import time."""

import io
import json

import pytest
from django.core.management import call_command

from scoring.models import Win
from scoring.records.gamelogs import game_document
from scoring.rules import RuleError, parse_game
from scoring.tiles.gamelog import check_log

# South (Bea) wins by ron from East (Ann) in East 1: riichi pinfu, 2 han 30 fu
PINFU = {"hand": "23m456789p234s55s", "win": "4m", "dora": "1z", "ura": "9p"}


def log(win: dict, riichi=("Bea",)) -> dict:
    return {
        "format": "mahjong-club/game-log@1",
        "ruleset": "ema-2016",
        "players": ["Ann", "Bea", "Cid", "Dee"],
        "hands": [
            {"result": "win", "wins": [{"winner": "Bea", "from": "Ann", **win}], "riichi": list(riichi)},
            # then the dealer Bea, in East 2: a tsumo by tiles (double east pair, closed terminal pon)
            {
                "result": "win",
                "wins": [{"winner": "Bea", "han": 1, "fu": 50, "tiles": {"hand": "111m999p456s34s11z", "win": "2s"}}],
                "riichi": [],
            },
        ],
    }


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
        return 0, out.getvalue(), err.getvalue()
    except SystemExit as exit_:
        return exit_.code, out.getvalue(), err.getvalue()


def test_a_log_whose_tiles_match_scores(tmp_path):
    """Bea wins 2000; her riichi stick goes in and comes back."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log({"han": 2, "fu": 30, "tiles": PINFU})))
    status, out, err = run("score_game", str(path))
    assert status == 0, err
    assert json.loads(out)["hands"][0]["deltas"] == {"Ann": -2000, "Bea": 2000, "Cid": 0, "Dee": 0}


def test_a_log_whose_tiles_disagree_is_one_clear_line(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log({"han": 3, "fu": 30, "tiles": PINFU})))
    status, _out, err = run("score_game", str(path))
    assert status == 1
    assert err.strip() == (
        "hand 1: Bea's tiles give 2 han 30 fu under EMA 2016, the log says 3 han 30 fu "
        '(mark the tiles "override": true where the scorer decided otherwise)'
    )


def test_bad_tiles_in_a_log_name_the_hand_and_the_player():
    with pytest.raises(RuleError, match="hand 1: Bea's tiles: a fifth 4m"):
        check_log(parse_game(log({"han": 2, "fu": 30, "tiles": {**PINFU, "dora": "4444m"}})))


def test_an_override_is_accepted_and_kept():
    doc = log({"han": 3, "fu": 30, "tiles": {**PINFU, "override": True}})
    check_log(parse_game(doc))


def test_ura_dora_of_a_player_without_riichi_is_refused():
    with pytest.raises(RuleError, match="hand 1: Bea's tiles: ura dora count only for a riichi winner"):
        check_log(parse_game(log({"han": 1, "fu": 30, "tiles": PINFU}, riichi=())))


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ({"win": "4m"}, "Bea's tiles needs 'hand'"),
        ({"hand": "123m", "colour": "red"}, "unknown key 'colour' in Bea's tiles"),
        ({"hand": 123}, "Bea's tiles: 'hand' must be str"),
    ],
)
def test_the_engine_checks_the_shape_of_tiles(tiles, message):
    with pytest.raises(RuleError, match=message):
        parse_game(log({"han": 2, "fu": 30, "tiles": tiles}))


@pytest.mark.django_db
def test_import_stores_the_tiles_and_export_gives_them_back(tmp_path):
    doc = log({"han": 2, "fu": 30, "tiles": PINFU})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    status, out, err = run("import_games", str(path))
    assert status == 0 and "imported 1 game(s)" in out, err
    assert list(Win.objects.order_by("id").values_list("tiles", flat=True)) == [
        PINFU,
        {"hand": "111m999p456s34s11z", "win": "2s"},
    ]
    exported = game_document(Win.objects.first().hand.game)
    assert [h["wins"][0]["tiles"] for h in exported["hands"]] == [h["wins"][0]["tiles"] for h in doc["hands"]]


@pytest.mark.django_db
def test_import_refuses_tiles_that_disagree(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log({"han": 2, "fu": 40, "tiles": PINFU})))
    status, out, err = run("import_games", str(path))
    assert status == 1 and "rejected 1 file(s)" in out and "hand 1: Bea's tiles give 2 han 30 fu" in err
    assert not Win.objects.exists()
