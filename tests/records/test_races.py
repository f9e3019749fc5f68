"""Integrity under races, on PostgreSQL with threads released together: one
import of a log imported twice at once, ratings of games finishing at once equal to a full
recompute, one player for a new name typed by two scorers at once."""

import time

import pytest
from django.db import connection, transaction

from scoring.models import Game, Player, PlayerRating, RatingChange, Ruleset
from scoring.records import ratings, services
from scoring.rules import RiichiHand, Win

from .conftest import ONE_WIN_LOG, at_once

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="races need PostgreSQL's locks (DATABASE_URL)"),
]


@pytest.mark.parametrize("round_", range(5))
def test_the_same_log_imported_twice_at_once_is_stored_once(round_):
    outcomes = at_once(
        lambda: services.import_document(doc=ONE_WIN_LOG), lambda: services.import_document(doc=ONE_WIN_LOG)
    )
    assert Game.objects.count() == 1
    games = [o for o in outcomes if isinstance(o, Game)]
    refused = [o for o in outcomes if isinstance(o, services.AlreadyImported)]
    assert len(games) == len(refused) == 1, outcomes
    assert str(refused[0]) == (
        f"This game log was already imported as game {games[0].pk}; importing it again would count the game twice."
    )


def test_games_finishing_at_once_are_all_rated_as_a_recompute_would():
    """Six games of eight players who share tables, finished by their scorers at the same
    moment: every finish succeeds and the stored ratings equal a full recompute."""
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    ruleset = Ruleset.objects.preset("ema-2016")
    tables = [(0, 1, 2, 3), (4, 5, 6, 7), (0, 2, 4, 6), (1, 3, 5, 7), (0, 3, 4, 7), (1, 2, 5, 6)]
    games = []
    for seats in tables:
        game = services.start_game(ruleset=ruleset, players=[players[i] for i in seats])
        services.record_hand(
            game=game, facts=RiichiHand("win", wins=(Win(1, 2, 3, 30),)), expected_number=1, submission_key="k"
        )
        games.append(game)
    outcomes = at_once(*[lambda game=game: services.finish_game(game=game) for game in games])
    assert all(isinstance(o, Game) for o in outcomes), outcomes
    assert RatingChange.objects.count() == 4 * len(games)
    assert ratings.expected_mismatches() == []
    stored = dict(PlayerRating.objects.values_list("player", "mu"))
    ratings.recompute_all()
    assert dict(PlayerRating.objects.values_list("player", "mu")) == pytest.approx(stored)


def slow_player_named(name):
    """A scorer's start form: the new name is created, then the transaction takes a moment
    (so that the other scorer's insert meets an uncommitted row)."""
    with transaction.atomic():
        player = services.player_named(name)
        time.sleep(0.2)
    return player


@pytest.mark.parametrize("round_", range(3))
def test_two_scorers_creating_the_same_new_player_get_one_player(round_):
    outcomes = at_once(lambda: slow_player_named("Newcomer"), lambda: slow_player_named("newcomer"))
    assert all(isinstance(o, Player) for o in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk
    assert Player.objects.filter(name__iexact="newcomer").count() == 1


def test_two_scorers_starting_sessions_of_one_new_name_get_one_session():
    def night():
        with transaction.atomic():
            session = services.session_named("Friday night")
            time.sleep(0.2)
        return session

    outcomes = at_once(night, night)
    assert outcomes[0].pk == outcomes[1].pk, outcomes
