"""Integrity without threads: ratings in play order whatever the import order,
check_games comparing the stored ratings with a recompute, and submission keys remembered
after an undo."""

import io
import random
from datetime import date, time

import pytest
from django.core.management import call_command

from scoring.models import Game, Hand, Player, PlayerRating, RatingChange
from scoring.records import ratings, services
from scoring.rules import AmericanHand, bounds, random_game

from .conftest import random_log, record_all

pytestmark = pytest.mark.django_db

PEOPLE = ["Ann", "Bob", "Cho", "Dee", "Eve", "Fay"]


def finished_docs():
    """Ten finished games of six players on two days; the same day's games at different times."""
    rng = random.Random(10)
    docs = []
    for number in range(10):
        players = rng.sample(PEOPLE, 4)
        doc = random_game(random.Random(number), "ema-2016", players=players)
        doc.update(finished=True, date=f"2026-11-{28 + number % 2}", start=f"{18 + number // 2}:{number:02d}")
        docs.append(doc)
    return docs


def ratings_by_name() -> dict:
    return {
        (r.player.name, r.family): (round(r.mu, 9), round(r.sigma, 9), r.games)
        for r in PlayerRating.objects.select_related("player")
    }


def import_all(docs) -> dict:
    for doc in docs:
        services.import_document(doc=doc)
    assert ratings.expected_mismatches() == []
    rated = ratings_by_name()
    Game.objects.all().delete()
    PlayerRating.objects.all().delete()
    return rated


def test_ratings_follow_play_order_whatever_the_import_order():
    docs = finished_docs()
    in_order = import_all(docs)
    shuffled = docs[:]
    random.Random(3).shuffle(shuffled)
    assert import_all(shuffled) == in_order
    assert import_all(docs[::-1]) == in_order
    assert len(in_order) == len(PEOPLE)


def test_moving_a_game_to_another_time_rates_it_there(start):
    first = record_all(start(date=date(2026, 11, 29)), random_log(1, "ema-2016", finished=True))
    second = record_all(start(date=date(2026, 11, 29)), random_log(2, "ema-2016", finished=True))
    assert first.start <= second.start
    later = time(23, 59, 59)  # later than the second's start (now), unless run at that very second
    services.change_game(game=first, start=later)
    order = list(RatingChange.objects.order_by("played_on", "started", "game").values_list("game", flat=True))
    assert order[::4] == [second.pk, first.pk]
    assert ratings.expected_mismatches() == []


def check_games():
    out = io.StringIO()
    try:
        call_command("check_games", stdout=out)
        return 0, out.getvalue()
    except SystemExit as exit_:
        return exit_.code, out.getvalue()


def test_check_games_compares_the_ratings_with_a_recompute_and_changes_nothing(start):
    record_all(start(), random_log(1, "ema-2016", finished=True))
    assert check_games() == (
        0,
        "checked 1 game(s): 0 with mismatches\nchecked the ratings: 0 mismatch(es) with a recompute\n"
        "checked the leagues and teams: 0 problem(s)\n",
    )
    ann = Player.objects.get(name="Ann")
    PlayerRating.objects.filter(player=ann).update(mu=40.0)
    RatingChange.objects.filter(player=ann).update(place=4 if RatingChange.objects.get(player=ann).place != 4 else 1)
    status, out = check_games()
    assert status == 1
    assert f"ratings: riichi current rating of player {ann.pk}: stored (40.0," in out
    assert f"ratings: riichi rating of player {ann.pk} after game" in out
    assert "checked the ratings: 2 mismatch(es) with a recompute" in out
    assert PlayerRating.objects.get(player=ann).mu == 40.0  # nothing changed


def test_a_submission_replayed_after_its_hand_was_undone_is_not_recorded_again(start):
    game = start()
    log = random_log(4, "ema-2016", finished=False)
    services.record_hand(game=game, facts=log.hands[0], expected_number=1, submission_key="tap-1")
    services.undo_last_hand(game=game)
    with pytest.raises(services.Undone) as undone:
        services.record_hand(game=game, facts=log.hands[0], expected_number=1, submission_key="tap-1")
    assert str(undone.value) == (
        "Hand 1 from this form was recorded and then undone, so it was not recorded again. "
        "Enter the hand anew if it is still missing."
    )
    assert not Hand.objects.filter(game=game).exists()
    hand = services.record_hand(game=game, facts=log.hands[0], expected_number=1, submission_key="tap-2")
    assert hand.number == 1


def test_a_submission_key_longer_than_the_column_is_refused(start):
    game = start()
    log = random_log(4, "ema-2016", finished=False)
    with pytest.raises(services.ServiceError, match="submission key is too long"):
        services.record_hand(game=game, facts=log.hands[0], expected_number=1, submission_key="k" * 65)


def test_a_game_takes_no_hand_past_the_bound(start, monkeypatch):
    """A 40,000-hand game page was 48 MB; a game holds at most MAX_HANDS hands
    (the bound is lowered here so that the test is quick)."""
    monkeypatch.setattr(bounds, "MAX_HANDS", 2)
    game = start("american")
    wall = AmericanHand("wall")
    for number in (1, 2):
        services.record_hand(game=game, facts=wall, expected_number=number, submission_key=f"k{number}")
    with pytest.raises(services.ServiceError, match="A game has at most 2 hands"):
        services.record_hand(game=game, facts=wall, expected_number=3, submission_key="k3")
    assert Hand.objects.filter(game=game).count() == 2
