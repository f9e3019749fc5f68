"""MCR games in the records: the worked example imported, exported back exactly, recorded hand
by hand through the services with the same numbers, and checked by ``check_games``; a win the
table refuses (past the fan bound, a fan counted too often, the flowers as a fan) is refused by the
services and by ``import_games`` too."""

import html
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.models import Game, Hand, Ruleset, Seat, Win
from scoring.records import services
from scoring.records.gamelogs import game_document
from scoring.rules import MCRHand, MCRWin, RuleError, parse_game, score_document
from scoring.rules.table_points import UNIT

from ..test_admin import hand_post, new_rows
from ..test_admin_hand_edit import page

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mcr.json"


def example():
    return json.loads(EXAMPLE.read_text())


def imported():
    return services.import_game(log=parse_game(example()), ruleset=Ruleset.objects.preset("mcr"))


def test_an_mcr_game_imports_and_exports_exactly():
    """Import then export gives the same document; the stored seats carry the worked standings."""
    game = imported()
    assert game_document(game) == example()  # the rules ended it: no "finished" of the scorer
    seats = {s.player.name: s for s in Seat.objects.filter(game=game).select_related("player")}
    assert {name: (s.score, s.result, s.place) for name, s in seats.items()} == {
        "Ann": (16, 16, 1),
        "Bob": (34, 16, 1),
        "Cho": (-12, -12, 3),
        "Dee": (-38, -38, 4),
    }
    assert {name: s.table_points for name, s in seats.items()} == {
        "Ann": 3 * UNIT,
        "Bob": 3 * UNIT,
        "Cho": UNIT,
        "Dee": 0,
    }


def test_an_mcr_game_recorded_hand_by_hand_equals_its_replay(players):
    """The table's write path (one hand at a time) stores what ``score_game`` computes."""
    log = parse_game(example())
    game = services.start_game(ruleset=Ruleset.objects.preset("mcr"), players=players[:4])
    for number, facts in enumerate(log.hands, 1):
        services.record_hand(game=game, facts=facts, expected_number=number, submission_key=f"k{number}")
    game.refresh_from_db()
    assert game.ended
    expected = score_document({**example(), "players": [p.name for p in players[:4]], "penalties": []})
    seats = Seat.objects.filter(game=game).order_by("seat")
    assert [s.score for s in seats] == [expected["hands"][-1]["scores"][p.name] for p in players[:4]]


def test_check_games_covers_mcr_games():
    """``check_games`` replays an MCR game and finds a tampered stored result."""
    game = imported()
    out = io.StringIO()
    call_command("check_games", stdout=out)
    assert "checked 1 game(s): 0 with mismatches" in out.getvalue()
    Seat.objects.filter(game=game, seat=0).update(table_points=7)
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("check_games", stdout=out)
    assert "1 with mismatches" in out.getvalue()
    assert Game.objects.get(pk=game.pk).seats.get(seat=0).table_points == 7  # nothing changed


REFUSED_WINS = [
    # what a win may not record (Green Book §8, the records' bound), as the table refuses it: the
    # message of the services (the engine's), and of ``import_games`` (the game log's, naming the hand)
    pytest.param({"fan": 1001}, "a hand's points are at most 1,000", "fan 1001 is more than the records", id="1,001"),
    pytest.param({"fan": 9999}, "a hand's points are at most 1,000", "fan 9999 is more than the records", id="9,999"),
    pytest.param(
        {"fan": 176, "fans": ["Big Four Winds"] * 2},
        "a hand counts Big Four Winds once, not 2 times",
        "hand 1: a hand counts Big Four Winds once",
        id="Big Four Winds x2",
    ),
    pytest.param(
        {"fan": 72, "fans": ["Chicken Hand"] * 9},
        "a hand counts Chicken Hand once, not 9 times",
        "hand 1: a hand counts Chicken Hand once",
        id="chicken hand x9",
    ),
    pytest.param(
        {"fan": 968, "fans": ["Thirteen Orphans"] * 11},
        "a hand counts Thirteen Orphans once, not 11 times",
        "hand 1: a hand counts Thirteen Orphans once",
        id="thirteen orphans x11",
    ),
    pytest.param(
        {"fan": 8, "fans": ["All Pungs", "Flower Tiles", "Flower Tiles"]},
        "Flower Tiles is never one of a win's fans: give the flowers as flowers",
        "hand 1: Flower Tiles is never one of a win's fans",
        id="a 6-point hand and two flowers as fans",
    ),
]


@pytest.mark.parametrize(("win", "message", "_"), REFUSED_WINS)
def test_the_services_refuse_what_the_table_refuses_and_store_nothing(players, win, message, _):
    """``record_hand`` settles through the engine: the same refusal, and no hand stored."""
    game = services.start_game(ruleset=Ruleset.objects.preset("mcr"), players=players[:4])
    facts = MCRHand("win", MCRWin(1, 2, win["fan"], 0, tuple(win.get("fans", ()))))
    with pytest.raises(RuleError, match=message):
        services.record_hand(game=game, facts=facts, expected_number=1, submission_key="k1")
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.parametrize(("win", "_", "message"), REFUSED_WINS)
def test_import_games_refuses_what_the_table_refuses_and_stores_nothing(tmp_path, win, _, message):
    path = tmp_path / "refused.json"
    path.write_text(json.dumps({**example(), "hands": [{"result": "win", "wins": [{"winner": "Bob", **win}]}]}))
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit):
        call_command("import_games", str(path), stdout=out, stderr=err)
    assert message in err.getvalue()
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("win", "message"),
    [
        pytest.param({"fan": "1001"}, "Ensure this value is less than or equal to 1000", id="1,001 points"),
        pytest.param({"fan": "176", "fans": '["Big Four Winds", "Big Four Winds"]'}, "once, not 2 times", id="x2"),
        pytest.param({"fan": "8", "fans": '["All Pungs", "Flower Tiles", "Flower Tiles"]'}, "flowers", id="flowers"),
    ],
)
def test_the_admin_refuses_what_the_table_refuses(admin_client, players, win, message):
    """A fix in the admin goes through ``edit_hand``: the engine's refusal, shown on the page."""
    game = services.start_game(ruleset=Ruleset.objects.preset("mcr"), players=players[:4])
    services.record_hand(game=game, facts=MCRHand("win", MCRWin(1, 2, 8)), expected_number=1, submission_key="k1")
    hand = Hand.objects.get(game=game)
    fields = {"winner": "1", "discarder": "2", "flowers": "0", "fans": "[]", "tiles": "null", **win}
    response = admin_client.post(
        page(hand), {**hand_post(hand, wins=[fields], result="win"), **new_rows(hand, "incidents", [])}
    )
    assert response.status_code == 200 and message in html.unescape(response.content.decode())
    assert Hand.objects.get(game=game).wins.get().fan == 8


def test_check_games_names_a_hand_stored_with_a_fan_counted_too_often(players):
    """A hand the engine took before it counted the fans (Big Four Winds twice) is found by
    ``check_games``, naming the hand and the Green Book, so staff fix it in the admin."""
    game = imported()
    Win.objects.filter(hand__game=game, hand__number=1).update(fan=176, fans=["Big Four Winds"] * 2)
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("check_games", stdout=out)
    assert "hand 1: a hand counts Big Four Winds once, not 2 times" in out.getvalue()
