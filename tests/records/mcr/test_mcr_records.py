"""MCR games in the records: the worked example imported, exported back exactly, recorded hand
by hand through the services with the same numbers, and checked by ``check_games``."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.models import Game, Ruleset, Seat
from scoring.records import services
from scoring.records.gamelogs import game_document
from scoring.rules import parse_game, score_document
from scoring.rules.table_points import UNIT

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
