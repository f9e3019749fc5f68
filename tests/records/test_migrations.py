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
    Player, Ruleset, OldGame, OldSeat = (old.get_model("scoring", name) for name in ("Player", "Ruleset", "Game",
                                                                                         "Seat"))
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee")]
    riichi = Ruleset.objects.create(slug="old-riichi", name="Old riichi", family="riichi", based_on="ema-2016")
    american = Ruleset.objects.create(slug="old-american", name="Old American", family="american",
                                      based_on="american")
    for ruleset, status in ((riichi, "finished"), (american, "in_progress"), (american, "finished")):
        game = OldGame.objects.create(ruleset=ruleset, status=status)
        for seat, player in enumerate(players):
            OldSeat.objects.create(game=game, player=player, seat=seat)
    migrate(latest)
    copies = {(seat.game.ruleset.family, seat.game.status): (seat.family, seat.finished)
              for seat in Seat.objects.select_related("game__ruleset")}
    assert copies == {
        ("riichi", Game.FINISHED): ("riichi", True),
        ("american", Game.IN_PROGRESS): ("american", False),
        ("american", Game.FINISHED): ("american", True),
    }


def test_places_become_places_by_result_and_ratings_follow():
    """0007 (issue 11): a game stored with places by table score gets places by result
    (penalties included, ties sharing the better place), and its ratings are recomputed."""
    from scoring.models import RatingChange

    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    old = migrate([("scoring", "0006_game_imported_from_and_deleted_game_audit")])
    Player, Ruleset, OldGame, OldSeat = (old.get_model("scoring", name) for name in ("Player", "Ruleset", "Game",
                                                                                         "Seat"))
    players = [Player.objects.create(name=name) for name in ("Wen", "Ines", "Jonas", "Lars")]
    american = Ruleset.objects.create(slug="old-american", name="Old American", family="american",
                                      based_on="american")
    game = OldGame.objects.create(ruleset=american, status="finished")
    # score, old place (by score), penalties, result: Ines ties Jonas on score, Lars on result
    for seat, (player, score, place, penalties) in enumerate(zip(players, (400, -100, -100, -200), (1, 2, 2, 4),
                                                                  (0, 100, 0, 0), strict=True)):
        OldSeat.objects.create(game=game, player=player, seat=seat, score=score, table_score=score, place=place,
                               penalties=penalties, result=score - penalties, family="american", finished=True)
    migrate(latest)
    places = dict(Seat.objects.values_list("player__name", "place"))
    assert places == {"Wen": 1, "Jonas": 2, "Ines": 3, "Lars": 3}
    assert dict(RatingChange.objects.values_list("player__name", "place")) == places
