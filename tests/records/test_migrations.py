"""Data migrations on a database that already holds games (SQLite and PostgreSQL)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.models import Game, Seat

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoring", "0003_seasons_and_ratings")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_seats_get_their_games_family_and_status():
    """0004/0005: the copies the leaderboard reads, filled in for the games already stored
    (on PostgreSQL the index cannot be made in the transaction that filled them)."""
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    old = migrate(BEFORE)
    Player, Ruleset, OldGame, OldSeat = (
        old.get_model("scoring", name) for name in ("Player", "Ruleset", "Game", "Seat")
    )
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee")]
    riichi = Ruleset.objects.create(slug="old-riichi", name="Old riichi", family="riichi", based_on="ema-2016")
    american = Ruleset.objects.create(slug="old-american", name="Old American", family="american", based_on="american")
    for ruleset, status in ((riichi, "finished"), (american, "in_progress"), (american, "finished")):
        game = OldGame.objects.create(ruleset=ruleset, status=status)
        for seat, player in enumerate(players):
            OldSeat.objects.create(game=game, player=player, seat=seat)
    migrate(latest)
    copies = {
        (seat.game.ruleset.family, seat.game.status): (seat.family, seat.finished)
        for seat in Seat.objects.select_related("game__ruleset")
    }
    assert copies == {
        ("riichi", Game.FINISHED): ("riichi", True),
        ("american", Game.IN_PROGRESS): ("american", False),
        ("american", Game.FINISHED): ("american", True),
    }


def test_places_become_places_by_result_and_ratings_follow():
    """0007: a game stored with places by table score gets places by result
    (penalties included, ties sharing the better place), and its ratings are recomputed."""
    from scoring.models import RatingChange

    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    old = migrate([("scoring", "0006_game_imported_from_and_deleted_game_audit")])
    Player, Ruleset, OldGame, OldSeat = (
        old.get_model("scoring", name) for name in ("Player", "Ruleset", "Game", "Seat")
    )
    players = [Player.objects.create(name=name) for name in ("Wen", "Ines", "Jonas", "Lars")]
    american = Ruleset.objects.create(slug="old-american", name="Old American", family="american", based_on="american")
    game = OldGame.objects.create(ruleset=american, status="finished")
    # score, old place (by score), penalties, result: Ines ties Jonas on score, Lars on result
    for seat, (player, score, place, penalties) in enumerate(
        zip(players, (400, -100, -100, -200), (1, 2, 2, 4), (0, 100, 0, 0), strict=True)
    ):
        OldSeat.objects.create(
            game=game,
            player=player,
            seat=seat,
            score=score,
            table_score=score,
            place=place,
            penalties=penalties,
            result=score - penalties,
            family="american",
            finished=True,
        )
    migrate(latest)
    places = dict(Seat.objects.values_list("player__name", "place"))
    assert places == {"Wen": 1, "Jonas": 2, "Ines": 3, "Lars": 3}
    assert dict(RatingChange.objects.values_list("player__name", "place")) == places


def test_mleague_read_right_keeps_stored_games_and_club_copies():
    """0015: the M-League preset row gets the published rules (M-League rules: no kazoe yakuman,
    different yakuman combine) and the EMA 2025 preset appears; a game already stored and a club's
    copy keep the knobs they had, so their scores never change."""
    from scoring.models import Ruleset as NewRuleset
    from scoring.rules import PRESETS

    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    old = migrate([("scoring", "0014_no_control_characters")])
    OldRuleset, OldGame = old.get_model("scoring", "Ruleset"), old.get_model("scoring", "Game")
    before = {**PRESETS["mleague"].knobs(), "kazoe": True, "max_yakuman": 1}  # as stored before
    preset, _ = OldRuleset.objects.update_or_create(
        slug="mleague", defaults={"name": "M-League", "family": "riichi", "based_on": "mleague", "knobs": before}
    )
    OldRuleset.objects.create(
        slug="our-mleague",
        name="Our M-League",
        family="riichi",
        based_on="mleague",
        knobs={**preset.knobs, "uma": [20000, 10000, -10000, -20000]},
    )
    played = OldGame.objects.create(ruleset=preset, knobs=dict(preset.knobs), status="finished")
    bare = OldGame.objects.create(ruleset=preset, knobs={}, status="finished")  # a snapshot without the knobs
    migrate(latest)
    mleague = NewRuleset.objects.get(slug="mleague").to_rules()
    assert (mleague.kazoe, mleague.max_yakuman) == (False, 6)
    assert NewRuleset.objects.get(slug="ema-2025").to_rules().kiriage
    ours = NewRuleset.objects.get(slug="our-mleague").to_rules()
    assert (ours.kazoe, ours.max_yakuman, ours.uma[0]) == (True, 1, 20000)
    for game in (played, bare):
        rules = Game.objects.get(pk=game.pk).rules
        assert (rules.kazoe, rules.max_yakuman) == (True, 1)
