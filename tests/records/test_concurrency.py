"""Two scorers at once on PostgreSQL: the game row lock serializes them."""

import pytest
from django.db import connection

from scoring.models import Game, Hand, Player, Ruleset
from scoring.records import services
from scoring.rules import RiichiHand, Win

from .conftest import at_once

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (DATABASE_URL)"),
]

RON = RiichiHand("win", wins=(Win(1, 0, 2, 30),))


def at_once_submitting(game_pk, keys):
    """Submit hand 1 from one thread per key, released together; each thread's hand id or Conflict."""
    outcomes = at_once(
        *[
            lambda key=key: services.record_hand(
                game=Game(pk=game_pk), facts=RON, expected_number=1, submission_key=key
            )
            for key in keys
        ]
    )
    return [o.pk if isinstance(o, Hand) else o for o in outcomes]


@pytest.fixture
def game_pk():
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee")]
    return services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players).pk


def test_two_scorers_submit_the_same_next_hand(game_pk):
    outcomes = at_once_submitting(game_pk, ["phone-a", "phone-b"])
    assert Hand.objects.filter(game_id=game_pk).count() == 1
    conflicts = [o for o in outcomes if isinstance(o, services.Conflict)]
    assert len(conflicts) == 1
    assert "already recorded by someone else" in str(conflicts[0])


def test_the_same_submission_twice_at_once_records_one_hand(game_pk):
    outcomes = at_once_submitting(game_pk, ["tap", "tap"])
    assert Hand.objects.filter(game_id=game_pk).count() == 1
    assert outcomes[0] == outcomes[1] == Hand.objects.get(game_id=game_pk).pk


def at_once_from_the_table(game_pk, keys):
    """``submit_hand`` of hand 1 from one thread per key, released together; each outcome."""
    outcomes = at_once(
        *[
            lambda key=key: (
                services.submit_hand(game=Game(pk=game_pk), submission_key=key, expected_number=1, facts=RON).outcome
            )
            for key in keys
        ]
    )
    return sorted(outcomes)


def test_two_phones_saving_the_same_next_hand_record_it_once(game_pk):
    assert at_once_from_the_table(game_pk, ["phone-a", "phone-b"]) == [
        services.Outcome.CONFLICT,
        services.Outcome.RECORDED,
    ]
    assert Hand.objects.filter(game_id=game_pk).count() == 1


def test_one_save_sent_twice_at_once_is_recorded_once(game_pk):
    assert at_once_from_the_table(game_pk, ["tap", "tap"]) == [
        services.Outcome.ALREADY_RECORDED,
        services.Outcome.RECORDED,
    ]
    assert Hand.objects.filter(game_id=game_pk).count() == 1
