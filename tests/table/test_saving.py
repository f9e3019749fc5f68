"""The table's save shows what the services decided (``services.submit_hand``): one call per
save, each outcome with its ``Hand-Result`` header (the offline outbox reads it) and its
message; the views hold no decision of their own (no hand numbers counted, no transaction)."""

import inspect
import re
from unittest import mock

import pytest
from django.urls import reverse

from scoring.models import ClubSession, Game, Hand, Player
from scoring.records import services
from scoring.rules import RiichiHand
from scoring.table import views

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def test_the_save_view_is_short_and_counts_no_hand_numbers():
    assert len(inspect.getsource(views.record_hand).splitlines()) <= 40
    assert "hand_count + 1" not in inspect.getsource(views)


def test_starting_a_game_is_one_call_of_the_services_all_or_nothing(client_ann, game):
    """The view holds no transaction: the service adds the new players and the new session with
    the game, and a refusal of the last new name leaves the club without the first."""
    assert "transaction" not in inspect.getsource(views.start_game)
    data = {
        "action": "start",
        "family": "riichi",
        "ruleset": game.ruleset.pk,
        "new_session": "Club night",
        "session_kind": "casual",
        "east": "Ann",
        "south": "Newcomer",
        "west": "Cho",
        "north": "Ze\x1bd",
        "add_new": "on",
    }
    with mock.patch.object(services, "start_game", wraps=services.start_game) as start:
        response = client_ann.post(reverse("scoring:start_game"), data)
    assert start.call_count == 1 and start.call_args.kwargs["new_session"] == "Club night"
    assert response.status_code == 200 and "The name" in response.content.decode()
    assert not Player.objects.filter(name="Newcomer").exists()
    assert not ClubSession.objects.filter(name="Club night").exists()
    client_ann.post(reverse("scoring:start_game"), {**data, "north": "Zed"})
    assert Game.objects.get(session__name="Club night").seats.get(seat=1).player.name == "Newcomer"


def draw_form(client, game, **extra):
    """A fresh draw form of the table page (nobody tenpai)."""
    html = client.get(reverse("scoring:table", args=[game.pk]) + "?outcome=draw").content.decode()
    return {
        "outcome": "draw",
        "action": "save",
        "submission_key": re.search(r'name="submission_key" value="(\w+)"', html).group(1),
        "expected_number": re.search(r'name="expected_number" value="(\d+)"', html).group(1),
        **extra,
    }


def save(client, game, data):
    return client.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX)


def undo(game):
    services.undo_last_hand(game=game)


def other_phone(game):
    services.record_hand(game=game, facts=RiichiHand("draw"), expected_number=1, submission_key="other phone")


@pytest.mark.parametrize(
    "before, again, header, message, hands",
    [
        (None, False, "recorded", "Hand 1 recorded.", 1),
        (None, True, "recorded", "That hand was already recorded.", 1),
        (other_phone, False, "conflict", "Someone else recorded hand 1 first.", 1),
        (undo, True, None, "Hand 1 from this form was recorded and then undone", 0),
    ],
    ids=["recorded", "already recorded", "conflict", "undone"],
)
def test_each_outcome_has_its_header_and_message(client_ann, game, before, again, header, message, hands):
    data = draw_form(client_ann, game)
    if again:
        save(client_ann, game, data)
    if before:
        before(game)
    response = save(client_ann, game, data)
    assert response.status_code == 200
    assert response.get("Hand-Result") == header
    assert message in response.content.decode()
    assert Hand.objects.filter(game=game).count() == hands


def test_a_form_with_errors_replayed_after_its_hand_was_recorded_is_already_recorded(client_ann, game):
    """The outbox's replay of a save whose answer was lost, after the table moved on."""
    data = draw_form(client_ann, game)
    save(client_ann, game, data)
    response = save(client_ann, game, {**data, "riichi": 2})  # a noten riichi: the form refuses it now
    assert response["Hand-Result"] == "recorded" and "That hand was already recorded." in response.content.decode()
    response = save(client_ann, game, {**data, "outcome": ""})  # no outcome: no form at all
    assert response["Hand-Result"] == "recorded"
    assert Hand.objects.filter(game=game).count() == 1


def test_a_refused_hand_has_no_header_and_says_why(client_ann, game):
    response = save(client_ann, game, draw_form(client_ann, game, riichi=2))  # Cho in riichi, noten
    assert "Hand-Result" not in response and not Hand.objects.exists()
    response = save(client_ann, game, {**draw_form(client_ann, game), "outcome": ""})
    assert "Hand-Result" not in response
    assert "Choose what happened: one of the outcome buttons." in response.content.decode()
    response = save(client_ann, game, draw_form(client_ann, game, submission_key="k\x1b"))
    assert "submission key is not valid" in response.content.decode() and not Hand.objects.exists()


def test_a_conflict_offers_the_next_hand_number(client_ann, game):
    data = draw_form(client_ann, game)
    other_phone(game)
    html = save(client_ann, game, data).content.decode()
    assert 'name="expected_number" value="2"' in html


@pytest.mark.parametrize("taps", [1, 2])
def test_each_save_is_one_call_of_the_services(client_ann, game, taps):
    data = draw_form(client_ann, game)
    with mock.patch.object(services, "submit_hand", wraps=services.submit_hand) as submit:
        for _tap in range(taps):
            save(client_ann, game, data)
    assert submit.call_count == taps
    assert submit.call_args.kwargs["expected_number"] == 1
    assert submit.call_args.kwargs["submission_key"] == data["submission_key"]
