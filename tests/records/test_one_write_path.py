"""Every rule of a write lives in the services, and every entry point (the table, the admin,
the services themselves, an event's round) meets it: abandoning a finished game, the chombo
series, the round's gong, the submission key's bound and its repeat check."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from scoring.events import services as events
from scoring.models import AuditEntry, Game, Hand, Player
from scoring.records import services
from scoring.records.services import recording
from scoring.rules import RiichiHand, RuleError, Win, bounds

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
FINISHED = "A finished game cannot be abandoned: undo the last hand first."
CHOMBOS = [RiichiHand("chombo", riichi=(1, 3), offender=1), RiichiHand("chombo", offender=3)]


@pytest.fixture
def finished(start):
    game = start()
    services.record_hand(game=game, facts=RiichiHand("draw"), expected_number=1, submission_key="k")
    return services.finish_game(game=game)


@pytest.fixture
def scorer(client, players):
    user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].user = user
    players[0].save()
    client.force_login(user)
    return client


# ---- abandoning a finished game ------------------------------------------------------------


def test_the_service_refuses_to_abandon_a_finished_game(finished):
    with pytest.raises(services.ServiceError, match=FINISHED):
        services.abandon_game(game=finished)
    assert Game.objects.get(pk=finished.pk).status == Game.FINISHED
    assert not AuditEntry.objects.filter(game=finished, action=AuditEntry.ABANDON).exists()


def test_the_admin_action_refuses_to_abandon_a_finished_game_and_abandons_the_others(admin_client, finished, start):
    open_game = start()
    response = admin_client.post(
        reverse("admin:scoring_game_changelist"),
        {"action": "abandon_games", "_selected_action": [finished.pk, open_game.pk]},
        follow=True,
    )
    text = response.content.decode()
    assert FINISHED in text and "Abandoned 1 game(s)." in text
    assert Game.objects.get(pk=finished.pk).status == Game.FINISHED
    assert Game.objects.get(pk=open_game.pk).status == Game.ABANDONED


def test_the_table_refuses_to_abandon_a_finished_game(scorer, finished):
    html = scorer.post(reverse("scoring:abandon", args=[finished.pk]), headers=HX).content.decode()
    assert FINISHED in html
    assert Game.objects.get(pk=finished.pk).status == Game.FINISHED


# ---- the chombo series -----------------------------------------------------------------------


def test_the_chombo_series_is_one_call_and_a_repeat_records_nothing_more(start):
    game = start()
    first = services.record_chombo_series(game=game, hands=CHOMBOS, expected_number=1, submission_key="tap")
    again = services.record_chombo_series(game=game, hands=CHOMBOS, expected_number=1, submission_key="tap")
    assert [h.pk for h in again] == [h.pk for h in first]
    assert list(Hand.objects.filter(game=game).order_by("number").values_list("offender", "submission_key")) == [
        (1, "tap"),
        (3, "tap-2"),
    ]


def test_the_chombo_series_is_all_or_nothing(start):
    game = start()
    impossible = RiichiHand("win", wins=(Win(0, None, 1, 25),))  # 1 han 25 fu does not exist
    with pytest.raises(RuleError):
        services.record_chombo_series(
            game=game, hands=[CHOMBOS[0], impossible], expected_number=1, submission_key="tap"
        )
    assert not Hand.objects.filter(game=game).exists()


def test_the_chombo_series_from_the_table_sent_twice_records_two_hands(scorer, start):
    game = start()
    page = scorer.get(reverse("scoring:table", args=[game.pk]) + "?outcome=draw").content.decode()
    key = page.split('name="submission_key" value="')[1].split('"')[0]
    data = {
        "outcome": "draw",
        "submission_key": key,
        "expected_number": 1,
        "riichi": [1, 3],
        "tenpai": [0],
        "action": "chombo:1,3",
    }
    url = reverse("scoring:record_hand", args=[game.pk])
    assert "Recorded as chombo by Bob, Dee." in scorer.post(url, data, headers=HX).content.decode()
    again = scorer.post(url, data, headers=HX)
    assert "That hand was already recorded." in again.content.decode() and again["Hand-Result"] == "recorded"
    assert Hand.objects.filter(game=game).count() == 2


# ---- the gong ---------------------------------------------------------------------------------


def test_the_gong_is_set_through_a_service_with_an_audit_entry(start):
    game = start()
    at = timezone.now() + timedelta(minutes=90)
    services.set_gong(game=game, at=at)
    assert Game.objects.get(pk=game.pk).gong_at == at
    entry = AuditEntry.objects.filter(game=game, action=AuditEntry.CHANGE).get()
    assert entry.before == {"gong_at": None} and entry.after == {"gong_at": at.isoformat()}


def test_an_events_round_sets_each_games_gong_through_the_service(players, start):
    from scoring.models import Ruleset

    more = [Player.objects.create(name=n) for n in ("Eve", "Fay", "Gus", "Hal")]
    event = events.create_event(
        name="Club night", date=timezone.localdate(), ruleset=Ruleset.objects.preset("wrc"), players=[*players, *more]
    )
    for player in [*players, *more]:
        events.check_in(event=event, player=player)
    round_ = events.start_round(round_=events.draw_round(event=event))
    games = Game.objects.filter(event_table__round=round_)
    assert games.count() == 2
    for game in games:
        assert game.gong_at == round_.ends_at
        assert AuditEntry.objects.filter(
            game=game, action=AuditEntry.CHANGE, after__gong_at=round_.ends_at.isoformat()
        ).exists()


# ---- the submission key: one bound, one repeat check ---------------------------------------


def test_the_submission_key_has_one_bound_and_the_column_holds_a_whole_series():
    assert Hand._meta.get_field("submission_key").max_length == bounds.STORED_KEY_LENGTH
    assert len("k" * bounds.SUBMISSION_KEY_LENGTH + "-4") <= bounds.STORED_KEY_LENGTH


@pytest.mark.parametrize(
    "key, message", [("k" * (bounds.SUBMISSION_KEY_LENGTH + 1), "is too long"), ("k\x00", "is not valid")]
)
def test_the_service_refuses_a_key_no_form_sends(start, key, message):
    game = start()
    with pytest.raises(services.ServiceError, match=message):
        services.record_hand(game=game, facts=RiichiHand("draw"), expected_number=1, submission_key=key)
    with pytest.raises(services.ServiceError, match=message):
        services.record_chombo_series(game=game, hands=CHOMBOS, expected_number=1, submission_key=key)
    assert not Hand.objects.filter(game=game).exists()


def test_the_table_refuses_a_key_past_the_bound(scorer, start):
    game = start()
    data = {
        "outcome": "tsumo",
        "submission_key": "k" * (bounds.SUBMISSION_KEY_LENGTH + 1),
        "expected_number": 1,
        "win0-winner": 0,
        "win0-han": 2,
        "win0-fu": 20,
        "action": "save",
    }
    html = scorer.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX).content.decode()
    assert "submission key is too long" in html and not Hand.objects.exists()


@pytest.mark.parametrize("taps", [1, 2])
def test_the_repeat_check_runs_once_per_request(scorer, start, monkeypatch, taps):
    """A fresh save asks in the service (under the game's lock); a repeat, refused by the form
    as stale, asks once in the view."""
    game = start()
    calls = []
    real = services.recorded_submission

    def spy(**kw):
        calls.append(kw)
        return real(**kw)

    # the name the view calls, and its home in the services, where record_hand calls it
    for module in (services, recording):
        monkeypatch.setattr(module, "recorded_submission", spy)
    data = {
        "outcome": "tsumo",
        "submission_key": "tap",
        "expected_number": 1,
        "win0-winner": 0,
        "win0-han": 2,
        "win0-fu": 20,
        "action": "save",
    }
    for _tap in range(taps):
        calls.clear()
        response = scorer.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX)
        assert len(calls) == 1 and response["Hand-Result"] == "recorded"
    assert Hand.objects.filter(game=game).count() == 1


def test_the_service_answers_a_repeat_with_the_hand_first_recorded(start):
    game = start()
    first = services.record_hand(
        game=game, facts=RiichiHand("win", wins=(Win(0, None, 3, 30),)), expected_number=1, submission_key="tap"
    )
    assert services.recorded_submission(game=game, submission_key="tap") == first
    assert services.recorded_submission(game=game, submission_key="k\x00") is None  # never looked up
    services.undo_last_hand(game=game)
    with pytest.raises(services.Undone):
        services.recorded_submission(game=game, submission_key="tap")
