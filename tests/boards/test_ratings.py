"""Ratings: OpenSkill Plackett–Luce per family, updated when a game finishes, recomputed in
order from an edited old game on (scoring.records.ratings)."""

from datetime import date

import pytest
from django.urls import reverse
from openskill.models import PlackettLuce

from scoring.models import AuditEntry, Game, PlayerRating, RatingChange, Seat
from scoring.records import ratings, services
from scoring.rules import RiichiHand, Win

from .conftest import MAHJONG, RON, TSUMO, play

pytestmark = pytest.mark.django_db


def snapshot() -> dict:
    """Every current rating and every history row, comparable after a recompute."""
    current = {
        (r.player_id, r.family): (round(r.mu, 9), round(r.sigma, 9), r.games) for r in PlayerRating.objects.all()
    }
    history = sorted(
        (
            c.game_id,
            c.player_id,
            c.family,
            c.played_on,
            c.place,
            round(c.mu_before, 9),
            round(c.mu, 9),
            round(c.sigma, 9),
        )
        for c in RatingChange.objects.all()
    )
    return {"current": current, "history": history}


def test_a_finished_game_is_rated_with_openskill(players):
    game = play(players[:4], [RON])
    places = {s.player_id: s.place for s in Seat.objects.filter(game=game)}
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[places[p.pk] for p in players[:4]])
    for player, (rating,) in zip(players[:4], expected, strict=True):
        stored = PlayerRating.objects.get(player=player, family="riichi")
        assert stored.mu == pytest.approx(rating.mu) and stored.sigma == pytest.approx(rating.sigma)
        assert stored.ordinal == pytest.approx(rating.mu - 3 * rating.sigma)
        assert stored.games == 1
        change = RatingChange.objects.get(game=game, player=player)
        assert change.mu_before == 25 and change.sigma_before == pytest.approx(25 / 3)
        assert change.place == places[player.pk]
    bob = PlayerRating.objects.get(player=players[1], family="riichi")
    cho = PlayerRating.objects.get(player=players[2], family="riichi")
    assert bob.ordinal > cho.ordinal  # Bob won off Cho


def test_a_game_in_progress_is_not_rated_until_it_finishes(players):
    game = play(players[:4], [RON], finish=False)
    assert not RatingChange.objects.exists()
    services.finish_game(game=game)
    assert RatingChange.objects.filter(game=game).count() == 4


def test_tied_places_are_tied_ranks(players):
    play(players[:4], [])  # four players tied for first
    ratings_now = {r.mu for r in PlayerRating.objects.all()}
    assert len(ratings_now) == 1


def test_each_family_has_its_own_rating(players):
    play(players[:4], [RON])
    play(players[:4], [MAHJONG], preset="american")
    assert PlayerRating.objects.filter(player=players[0]).count() == 2
    assert set(RatingChange.objects.values_list("family", flat=True)) == {"riichi", "american"}
    american = PlayerRating.objects.get(player=players[1], family="american")
    assert american.games == 1


def test_editing_an_old_game_recomputes_from_it_on(players):
    old = play(players[:4], [RON], day=date(2026, 1, 1))
    play(players[:4], [TSUMO], day=date(2026, 1, 2))
    play(players[1:5], [RON], day=date(2026, 1, 3))
    before = snapshot()
    # Now Dee wins the old game instead of Bob: its places change, and every later rating.
    services.edit_hand(game=old, number=1, facts=RiichiHand("win", wins=(Win(3, 2, 3, 30),)))
    after = snapshot()
    assert after != before
    ratings.recompute_all()
    assert snapshot() == after  # the same as rating everything again from scratch


def test_an_edit_that_keeps_the_places_changes_no_rating(players, django_assert_max_num_queries):
    old = play(players[:4], [RON], day=date(2026, 1, 1))
    play(players[:4], [TSUMO], day=date(2026, 1, 2))
    before = snapshot()
    game = Game.objects.select_related("ruleset").get(pk=old.pk)
    with django_assert_max_num_queries(2):
        ratings.game_changed(game)
    services.edit_hand(game=old, number=1, facts=RiichiHand("win", wins=(Win(1, 2, 4, 30),), riichi=(1,)))
    assert snapshot() == before


def test_undo_abandon_and_restore_follow(players):
    game = play(players[:4], [RON])
    later = play(players[:4], [TSUMO])
    assert RatingChange.objects.filter(game=game).count() == 4
    game = services.change_game(game=game, finished_by_scorer=False)  # open again: only then can it be abandoned
    services.abandon_game(game=game)
    assert not RatingChange.objects.filter(game=game).exists()
    assert PlayerRating.objects.get(player=players[0], family="riichi").games == 1
    game = services.restore_game(game=game)
    game = services.change_game(game=game, finished_by_scorer=True)
    assert RatingChange.objects.filter(game=game).count() == 4
    services.undo_last_hand(game=later)  # the later game is open again: not rated
    assert not RatingChange.objects.filter(game=later).exists()
    assert PlayerRating.objects.get(player=players[0], family="riichi").games == 1
    services.abandon_game(game=services.change_game(game=game, finished_by_scorer=False))
    assert not PlayerRating.objects.filter(family="riichi").exists()  # nobody has a rated game left


def test_moving_a_game_to_another_day_reorders_the_ratings(players):
    play(players[:4], [RON], day=date(2026, 1, 1))
    second = play(players[:4], [TSUMO], day=date(2026, 1, 2))
    services.change_game(game=second, date=date(2025, 12, 31))
    after = snapshot()
    ratings.recompute_all()
    assert snapshot() == after
    first_rated = RatingChange.objects.filter(family="riichi").order_by("played_on", "game").first()
    assert first_rated.game_id == second.pk


def test_recomputing_a_bulk_history_in_order(bulk):
    bulk(60)
    ratings.recompute_all()
    everything = snapshot()
    assert len(everything["history"]) == 4 * Game.objects.finished().count()
    # Recomputing from the middle gives the same as from scratch.
    middle = RatingChange.objects.filter(family="riichi").order_by("played_on", "started", "game")[100]
    ratings.recompute("riichi", since=(middle.played_on, middle.started, middle.game_id))
    assert snapshot() == everything
    games = PlayerRating.objects.filter(family="riichi")
    assert sum(r.games for r in games) == 4 * Game.objects.finished().filter(ruleset__family="riichi").count()


def test_deleting_a_game_in_the_admin_rerates_as_if_it_was_never_played(admin_client, players):
    first = play(players[:4], [RON], day=date(2026, 1, 1))
    play(players[1:5], [TSUMO], day=date(2026, 1, 2))  # Eve's only game
    play(players[:4], [TSUMO], day=date(2026, 1, 3))
    response = admin_client.post(reverse("admin:scoring_game_delete", args=[first.pk]), {"post": "yes"})
    assert response.status_code == 302 and not Game.objects.filter(pk=first.pk).exists()
    after = snapshot()
    ratings.recompute_all()
    assert snapshot() == after
    assert PlayerRating.objects.get(player=players[0], family="riichi").games == 1
    # the audit log keeps the deleted game's log, and it imports again
    entry = AuditEntry.objects.get(action=AuditEntry.DELETE_GAME)
    assert entry.before["game"] == first.pk and entry.user.is_superuser
    again = services.import_document(doc=entry.before["log"])
    assert [s.player.name for s in again.seats.order_by("seat")] == [p.name for p in players[:4]]
    assert PlayerRating.objects.get(player=players[0], family="riichi").games == 2


def test_deleting_games_in_bulk_in_the_admin(admin_client, players):
    games = [play(players[:4], [RON], day=date(2026, 1, day)) for day in (1, 2, 3)]
    data = {"action": "delete_selected", "_selected_action": [g.pk for g in games[:2]], "post": "yes"}
    assert admin_client.post(reverse("admin:scoring_game_changelist"), data).status_code == 302
    assert list(Game.objects.all()) == games[2:]
    assert PlayerRating.objects.get(player=players[0], family="riichi").games == 1
    assert AuditEntry.objects.filter(action=AuditEntry.DELETE_GAME).count() == 2
