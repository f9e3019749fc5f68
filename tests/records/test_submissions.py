"""A hand submitted from the table, decided in one service call: ``services.submit_hand``
answers with what became of it (recorded, already recorded, conflict, undone, refused) and
the scorer's message; nothing is stored but a recorded hand. Starting a game from the table's
form is one service call too: new players and a new session with it, or nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.models import AuditEntry, ClubSession, Game, Hand, Player, Ruleset, UndoneSubmission
from scoring.records import services
from scoring.rules import RiichiHand, Win, bounds

pytestmark = pytest.mark.django_db

Outcome = services.Outcome
TSUMO = RiichiHand("win", wins=(Win(0, None, 2, 30),))
IMPOSSIBLE = RiichiHand("win", wins=(Win(0, None, 1, 25),))  # 1 han 25 fu does not exist
CHOMBOS = (RiichiHand("chombo", riichi=(1, 3), offender=1), RiichiHand("chombo", offender=3))


def submit(game, key="tap", number=1, **hand):
    return services.submit_hand(game=game, submission_key=key, expected_number=number, **hand)


def test_a_new_hand_is_recorded(start):
    game = start()
    submission = submit(game, facts=TSUMO, comment="first")
    assert submission.outcome == Outcome.RECORDED
    stored = Hand.objects.get(game=game)
    assert submission.hands == (stored,) and (stored.number, stored.submission_key, stored.comment) == (
        1,
        "tap",
        "first",
    )
    assert submission.message == "Hand 1 recorded."
    assert submission.game.next_hand_number == 2 == Game.objects.get(pk=game.pk).next_hand_number
    assert AuditEntry.objects.filter(game=game, action=AuditEntry.RECORD, hand_number=1).exists()


def test_the_same_submission_again_is_already_recorded_whatever_it_carries(start):
    """A double tap, a replay whose answer was lost: the hand first recorded, and no other,
    even when the repeat holds no hand (a form re-validated against the table moved on) or
    carries the number it had then."""
    game = start()
    first = submit(game, facts=TSUMO).hands[0]
    for repeat in ({"facts": TSUMO}, {}, {"facts": RiichiHand("draw")}):
        submission = submit(game, **repeat)
        assert submission.outcome == Outcome.ALREADY_RECORDED, repeat
        assert submission.hands == (first,) and submission.message == "That hand was already recorded."
    assert submit(game, number=None).outcome == Outcome.ALREADY_RECORDED  # no form at all: still recorded
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_another_phone_recorded_first_is_a_conflict(start):
    game = start()
    submit(game, key="other phone", facts=RiichiHand("draw"))
    for hand in ({"facts": TSUMO}, {}):  # a valid form or one with errors: the table moved on first
        submission = submit(game, **hand)
        assert submission.outcome == Outcome.CONFLICT
        assert submission.message.startswith("Someone else recorded hand 1 first.")
        assert submission.game.next_hand_number == 2  # what the form offers next
    assert list(Hand.objects.filter(game=game).values_list("submission_key", flat=True)) == ["other phone"]


def test_a_submission_whose_hand_was_undone_is_not_recorded_again(start):
    game = start()
    submit(game, facts=TSUMO)
    services.undo_last_hand(game=game)
    submission = submit(game, facts=TSUMO)
    assert submission.outcome == Outcome.UNDONE
    assert submission.message.startswith("Hand 1 from this form was recorded and then undone")
    assert not Hand.objects.filter(game=game).exists()
    assert UndoneSubmission.objects.filter(game=game, submission_key="tap").count() == 1


def test_a_submission_without_a_hand_is_refused_without_a_message(start):
    """The form's own errors say why; the scorer who saw no number (no form) has no conflict."""
    game = start()
    assert submit(game).outcome == Outcome.REFUSED and submit(game).message == ""
    submit(game, key="other phone", facts=RiichiHand("draw"))
    assert submit(game, number=None).outcome == Outcome.REFUSED
    assert Hand.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    "key, message",
    [
        ("k" * (bounds.SUBMISSION_KEY_LENGTH + 1), "submission key is too long"),
        ("k\x1b", "submission key is not valid"),
    ],
)
def test_a_key_no_form_sends_is_refused(start, key, message):
    game = start()
    submission = submit(game, key=key, facts=TSUMO)
    assert submission.outcome == Outcome.REFUSED and message in submission.message
    assert not Hand.objects.filter(game=game).exists()


def test_a_hand_the_rules_refuse_is_refused_with_their_message(start):
    game = start()
    submission = submit(game, facts=IMPOSSIBLE)
    assert submission.outcome == Outcome.REFUSED
    assert "25 fu" in submission.message
    assert not Hand.objects.filter(game=game).exists()
    assert not AuditEntry.objects.filter(game=game, action=AuditEntry.RECORD).exists()


def test_a_chombo_series_is_recorded_whole_or_not_at_all(start):
    game = start()
    refused = submit(game, chombo_series=(CHOMBOS[0], IMPOSSIBLE))
    assert refused.outcome == Outcome.REFUSED and not Hand.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).hand_count == 0  # the first hand of the series rolled back
    submission = submit(game, chombo_series=CHOMBOS, comment="noten riichi")
    assert submission.outcome == Outcome.RECORDED
    assert submission.message == "Recorded as chombo by Bob, Dee."
    assert [(h.number, h.submission_key, h.offender) for h in submission.hands] == [(1, "tap", 1), (2, "tap-2", 3)]
    assert submit(game, chombo_series=CHOMBOS).outcome == Outcome.ALREADY_RECORDED
    assert Hand.objects.filter(game=game).count() == 2


def test_a_finished_game_takes_no_hand_but_knows_its_last_one(start):
    game = start()
    submit(game, facts=RiichiHand("draw"))
    services.finish_game(game=game)
    assert submit(game).outcome == Outcome.ALREADY_RECORDED  # the last hand's replay
    submission = submit(game, key="later", number=2, facts=TSUMO)
    assert submission.outcome == Outcome.REFUSED
    assert submission.message == "This game is over; undo its last hand first to change it."


def test_the_hand_that_ends_the_game_says_so(start):
    """The club's rule, decided where the rulebook is silent: the hand in progress at the gong is
    the last (WRC)."""
    game = start("wrc")
    services.set_gong(game=game, at=timezone.now() - timedelta(minutes=1))
    submission = submit(game, facts=RiichiHand("draw"))
    assert submission.outcome == Outcome.RECORDED
    assert submission.game.status == Game.FINISHED
    assert submission.message == "Hand 1 recorded. The game is over: here are the final standings."


# ---- starting a game: one call, all of it or nothing -------------------------------------------


def test_a_game_starts_with_new_players_and_a_new_session(players):
    """A name the club does not know adds a player; the new session is dated today."""
    game = services.start_game(
        ruleset=Ruleset.objects.preset("ema-2016"),
        players=[players[0], "Newcomer", players[2], players[3]],
        new_session="  Friday night ",
        session_kind=ClubSession.CASUAL,
    )
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Newcomer", "Cho", "Dee"]
    assert game.session.name == "Friday night" and game.session.kind == ClubSession.CASUAL
    assert game.session.date == timezone.localdate()


def test_a_refused_start_adds_no_player_and_no_session(players):
    with pytest.raises(services.ServiceError, match="four different players"):
        services.start_game(
            ruleset=Ruleset.objects.preset("ema-2016"),
            players=[players[0], "Newcomer", players[0], players[3]],
            new_session="Friday night",
        )
    assert not Player.objects.filter(name="Newcomer").exists()
    assert not ClubSession.objects.exists()
