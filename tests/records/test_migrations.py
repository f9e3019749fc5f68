"""Data migrations on a database that already holds games (SQLite and PostgreSQL). The data
migrations hold what they need (data, or code as it was when written), so these run them as a
database of any earlier release would, whatever the live code has become since."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.models import EventRound, Game, PlayerRating, RatingChange, Ruleset, Seat, Win
from scoring.records import ratings
from scoring.rules import PRESETS

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
    assert ratings.expected_mismatches() == []  # the migration's own recompute rates as the site does


def test_mleague_read_right_keeps_stored_games_and_club_copies():
    """0015: the M-League preset row gets the published rules (M-League rules: no kazoe yakuman,
    different yakuman combine) and the EMA 2025 preset appears; a game already stored and a club's
    copy keep the knobs they had, so their scores never change."""
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
    mleague = Ruleset.objects.get(slug="mleague").to_rules()
    assert (mleague.kazoe, mleague.max_yakuman) == (False, 6)
    assert Ruleset.objects.get(slug="ema-2025").to_rules().kiriage
    ours = Ruleset.objects.get(slug="our-mleague").to_rules()
    assert (ours.kazoe, ours.max_yakuman, ours.uma[0]) == (True, 1, 20000)
    for game in (played, bare):
        rules = Game.objects.get(pk=game.pk).rules
        assert (rules.kazoe, rules.max_yakuman) == (True, 1)


def test_a_database_of_the_first_release_with_a_game_migrates_to_the_latest():
    """From 0001 (no preset rows yet, a finished game stored) to the latest: every preset row
    reads as the engine's preset, the game's seats get their family, status and places by
    result, its players are rated as a full recompute rates them, and its hand is still there."""
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    old = migrate([("scoring", "0001_initial")])
    Player, OldRuleset, OldGame, OldSeat, OldHand, OldWin = (
        old.get_model("scoring", name) for name in ("Player", "Ruleset", "Game", "Seat", "Hand", "Win")
    )
    assert not OldRuleset.objects.exists()
    ours = OldRuleset.objects.create(
        slug="our-rules", name="Our rules", family="riichi", based_on="ema-2016", knobs={"chombo_points": 40000}
    )
    game = OldGame.objects.create(ruleset=ours, status="finished", knobs={"chombo_points": 40000}, hand_count=1)
    hand = OldHand.objects.create(game=game, number=1, result="win", round_label="E1")
    OldWin.objects.create(hand=hand, winner=0, discarder=2, han=3, fu=30)
    # table score, penalties and the place by table score stored then: Bea and Cy tie on result
    for seat, (name, score, penalties, place) in enumerate(
        (("Ana", 37700, 0, 1), ("Bea", 30000, 4000, 2), ("Cy", 26000, 0, 4), ("Dov", 26300, 0, 3))
    ):
        OldSeat.objects.create(
            game=game,
            player=Player.objects.create(name=name),
            seat=seat,
            table_score=score,
            score=score,
            result=score - 30000 - penalties,
            penalties=penalties,
            place=place,
        )
    migrate(latest)
    for slug, preset in PRESETS.items():
        assert Ruleset.objects.get(slug=slug).to_rules().knobs() == preset.knobs(), slug
    assert Ruleset.objects.get(slug="our-rules").to_rules().chombo_points == 40000
    seats = {s.player.name: (s.family, s.finished, s.place) for s in Seat.objects.select_related("player")}
    assert seats == {
        "Ana": ("riichi", True, 1),
        "Bea": ("riichi", True, 3),
        "Cy": ("riichi", True, 3),
        "Dov": ("riichi", True, 2),
    }
    assert PlayerRating.objects.count() == 4
    assert ratings.expected_mismatches() == []
    assert Win.objects.get(hand__game_id=game.pk).han == 3


def test_wins_entered_by_their_tiles_get_their_yaku():
    """0017: each stored win by its tiles gets the yaku the tiles give under its game's rules (the
    game's own knobs first, then its preset's), as the mahjong package names them; tiles the site
    refuses to score get none."""
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    old = migrate([("scoring", "0016_online_games")])
    Player, OldRuleset, OldGame, OldSeat, OldHand, OldWin = (
        old.get_model("scoring", name) for name in ("Player", "Ruleset", "Game", "Seat", "Hand", "Win")
    )
    mleague = OldRuleset.objects.create(slug="ours", name="Ours", family="riichi", based_on="mleague")  # red fives
    players = [Player.objects.create(name=name) for name in ("Ana", "Bea", "Cy", "Dov")]
    riichi_tsumo = {"hand": "23m456789p234s05s", "win": "4m", "dora": "4s"}  # 234m 456p 789p 234s, a red 5s pair
    ura_without_riichi = {"hand": "23m456789p234s55s", "win": "4m", "dora": "1z", "ura": "1z"}
    wins = {}
    for name, knobs, tiles, riichi in (
        ("preset", {}, riichi_tsumo, [1]),
        ("no red fives", {"red_fives": False}, riichi_tsumo, [1]),
        ("refused", {}, ura_without_riichi, []),
    ):
        game = OldGame.objects.create(ruleset=mleague, knobs=knobs, status="finished", hand_count=1)
        for seat, player in enumerate(players):
            OldSeat.objects.create(game=game, player=player, seat=seat)
        hand = OldHand.objects.create(game=game, number=1, result="win", round_label="E1", riichi=riichi)
        wins[name] = OldWin.objects.create(hand=hand, winner=1, discarder=None, han=4, fu=20, tiles=tiles).pk
    without_tiles = OldWin.objects.create(hand=hand, winner=3, discarder=1, han=1, fu=30).pk
    migrate(latest)
    assert Win.objects.get(pk=wins["preset"]).yaku == ["Menzen Tsumo", "Riichi", "Pinfu", "Dora", "Aka Dora"]
    assert Win.objects.get(pk=wins["no red fives"]).yaku == []  # a red five where the game has none
    assert Win.objects.get(pk=wins["refused"]).yaku == []  # ura dora count only for a riichi winner
    assert Win.objects.get(pk=without_tiles).yaku is None


def test_rounds_drawn_before_events_had_days_are_played_on_the_first_day():
    """0033: a round stored before events had days belongs to its event's day (its date)."""
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    old = migrate([("scoring", "0032_league_bounds_and_season_names")])
    Ruleset, ClubSession, OldEvent, OldRound = (
        old.get_model("scoring", name) for name in ("Ruleset", "ClubSession", "Event", "EventRound")
    )
    ruleset = Ruleset.objects.create(slug="old-riichi", name="Old riichi", family="riichi", based_on="ema-2016")
    session = ClubSession.objects.create(name="Old cup", date="2025-03-08")
    event = OldEvent.objects.create(name="Old cup", date="2025-03-08", ruleset=ruleset, session=session, seed=1)
    OldRound.objects.create(event=event, number=1)
    migrate(latest)
    assert [str(day) for day in EventRound.objects.values_list("day", flat=True)] == ["2025-03-08"]
