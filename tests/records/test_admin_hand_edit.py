"""The hand admin saves in one flow: the hand's form and its rows give the facts through the
game log's own mapping, and ``services.edit_hand`` is called once, replaying the game once."""

from unittest import mock

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, Game, Hand
from scoring.records import services
from scoring.records.checks import game_mismatches
from scoring.records.gamelogs import hand_facts, hands_with_facts
from scoring.records.services import hands as hand_services
from scoring.records.services import storing
from scoring.rules import AmericanHand, FalseMahjong, MCRHand, MCRWin, RiichiHand, Win
from scoring.tiles import gamelog as tiles_gamelog

from .conftest import random_log, record_all
from .test_admin import hand_post, new_rows

pytestmark = pytest.mark.django_db


def page(hand):
    return reverse("admin:scoring_hand_change", args=[hand.pk])


def kept_wins(hand):
    """The hand's stored wins as the admin posts them back, unchanged."""
    return [
        {"winner": str(w.winner), "discarder": "" if w.discarder is None else str(w.discarder), "han": str(w.han)}
        | {"fu": str(w.fu), "yakuman": str(w.yakuman)}
        for w in hand.wins.all()
    ]


@pytest.fixture
def game(start):
    return record_all(start(), random_log(21, "ema-2016", finished=False))


def test_a_save_calls_edit_hand_once_and_replays_the_game_once(admin_client, game):
    hand = Hand.objects.get(game=game, number=3)
    wins = [{"winner": str(hand.dealer), "discarder": str((hand.dealer + 1) % 4), "han": "4", "fu": "40"}]
    wins += [{"winner": "0", "DELETE": "on"} for _ in range(max(hand.wins.count() - 1, 0))]
    data = hand_post(hand, wins=wins, result="win", tenpai=[], dead=[], nagashi=[])
    replays = mock.Mock(wraps=storing.replay)
    with (
        mock.patch.object(services, "edit_hand", wraps=services.edit_hand) as edit,
        mock.patch.object(hand_services, "replay", replays),
        mock.patch.object(storing, "replay", replays),
        mock.patch.object(tiles_gamelog, "replay", replays),
    ):
        response = admin_client.post(page(hand), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert edit.call_count == 1 and replays.call_count == 1
    assert edit.call_args.kwargs["facts"].wins == (Win(hand.dealer, (hand.dealer + 1) % 4, 4, 40),)
    assert game_mismatches(Game.objects.get(pk=game.pk)) == []


def test_an_unchanged_hand_gives_the_facts_the_game_log_holds(admin_client, game):
    """The admin's rows and the stored rows go through one mapping: saved as it is, the hand's
    audit entry has the same facts before and after."""
    for number in (1, 2, 3):
        hand = Hand.objects.get(game=game, number=number)
        data = hand_post(hand, wins=kept_wins(hand), offender="" if hand.offender is None else str(hand.offender))
        assert admin_client.post(page(hand), data).status_code == 302
        entry = AuditEntry.objects.filter(game=game, action=AuditEntry.EDIT, hand_number=number).get()
        assert entry.before == entry.after


def test_only_the_facts_of_the_result_count(admin_client, start):
    """A draw changed into a win keeps no tenpai: the form empties what the result does not
    have, as the table's form asks only for it."""
    game = start()
    services.record_hand(game=game, facts=RiichiHand("draw", tenpai=(0, 2)), expected_number=1, submission_key="k")
    hand = Hand.objects.get(game=game)
    wins = [{"winner": "1", "discarder": "0", "han": "3", "fu": "30"}]
    response = admin_client.post(page(hand), hand_post(hand, wins=wins, result="win"))  # tenpai still ticked
    assert response.status_code == 302, response.content.decode()[:2000]
    hand.refresh_from_db()
    assert (hand.result, hand.tenpai) == ("win", [])


def test_a_refused_edit_shows_the_page_again_with_what_was_typed(admin_client, game):
    hand = Hand.objects.get(game=game, number=2)
    wins = [{"winner": "1", "discarder": "0", "han": "1", "fu": "35"}]
    wins += [{"winner": "0", "DELETE": "on"} for _ in range(max(hand.wins.count() - 1, 0))]
    with mock.patch.object(services, "edit_hand", wraps=services.edit_hand) as edit:
        response = admin_client.post(page(hand), hand_post(hand, wins=wins, result="draw", tenpai=[]))
    html = response.content.decode()
    assert response.status_code == 200 and edit.call_count == 0  # refused before the services
    assert "Only a win has winners: remove the wins or change the result." in html
    assert 'name="wins-0-fu" value="35"' in html and 'id="hand_form"' in html
    assert not AuditEntry.objects.filter(action=AuditEntry.EDIT).exists()


@pytest.fixture
def american(start):
    return record_all(start("american"), random_log(2, "american", finished=False))


def american_post(hand, wins, incidents=()):
    return {**hand_post(hand, wins=wins, result="mahjong"), **new_rows(hand, "incidents", incidents)}


def test_an_american_hand_is_edited_through_the_same_mapping(admin_client, american):
    hand = Hand.objects.get(game=american, number=1)
    existing = hand.wins.count()
    win = {"winner": "2", "discarder": "0", "value": "50"}
    wins = [win] + [{"winner": "0", "DELETE": "on"} for _ in range(max(existing - 1, 0))]
    challenge = {"kind": "dead_hand_challenge", "challenger": "1", "challenged": "3", "upheld": "on"}
    response = admin_client.post(page(hand), american_post(hand, wins, [challenge]))
    assert response.status_code == 302, response.content.decode()[:3000]
    facts = hand_facts(hands_with_facts(american).get(number=1), american.rules.family)
    assert isinstance(facts, AmericanHand)
    assert (facts.winner, facts.discarder, facts.value) == (2, 0, 50)
    assert [(i.challenger, i.challenged, i.upheld) for i in facts.incidents] == [(1, 3, True)]
    assert game_mismatches(Game.objects.get(pk=american.pk)) == []


@pytest.mark.parametrize(
    "wins, incidents, message",
    [
        ([], [], "A mahjong needs exactly one win: the winner and the card value."),
        (
            [{"winner": "2", "discarder": "0", "value": "50"}],
            [{"kind": "dead_hand_challenge", "challenger": "1"}],
            "A dead-hand challenge needs the challenger and the challenged player.",
        ),
        (
            [{"winner": "2", "discarder": "0", "value": "50"}],
            [{"kind": "mahjong_in_error"}],
            "A mahjong in error needs the caller.",
        ),
    ],
    ids=["no winner", "challenge without the challenged", "error without the caller"],
)
def test_an_american_hand_needs_its_rows(admin_client, american, wins, incidents, message):
    hand = Hand.objects.get(game=american, number=1)
    wins = wins + [{"winner": "0", "DELETE": "on"} for _ in range(hand.wins.count() - len(wins))]
    response = admin_client.post(page(hand), american_post(hand, wins, incidents))
    assert response.status_code == 200 and message in response.content.decode()
    assert not AuditEntry.objects.filter(action=AuditEntry.EDIT).exists()


@pytest.fixture
def mcr_game(start):
    game = start("mcr")
    for number, facts in enumerate(
        [MCRHand("win", MCRWin(1, 2, 8, 1)), MCRHand("draw", incidents=(FalseMahjong(3),))], 1
    ):
        services.record_hand(game=game, facts=facts, expected_number=number, submission_key=f"k{number}")
    return game


def test_an_mcr_wins_fan_edited_in_the_admin_re_derives_the_game(admin_client, mcr_game):
    """Payment (the Green Book): the discarder pays fan + flowers + 8, the others 8."""
    hand = Hand.objects.get(game=mcr_game, number=1)
    win = {"winner": "1", "discarder": "2", "fan": "12", "flowers": "1", "fans": "[]", "tiles": "null"}
    response = admin_client.post(
        page(hand), {**hand_post(hand, wins=[win], result="win"), **new_rows(hand, "incidents", [])}
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    facts = hand_facts(hands_with_facts(mcr_game).get(number=1), mcr_game.rules.family)
    assert facts == MCRHand("win", MCRWin(1, 2, 12, 1))
    game = Game.objects.get(pk=mcr_game.pk)
    assert [s.score for s in game.seats.order_by("seat")] == [-8 + 10, 12 + 1 + 8 * 3 + 10, -(12 + 1 + 8) + 10, -8 - 30]
    assert game_mismatches(game) == []


def test_an_mcr_win_under_the_minimum_is_refused_in_the_admin(admin_client, mcr_game):
    hand = Hand.objects.get(game=mcr_game, number=1)
    win = {"winner": "1", "discarder": "2", "fan": "7", "flowers": "0", "fans": "[]", "tiles": "null"}
    response = admin_client.post(
        page(hand), {**hand_post(hand, wins=[win], result="win"), **new_rows(hand, "incidents", [])}
    )
    assert response.status_code == 200 and "at least 8 points" in response.content.decode()
    assert not AuditEntry.objects.filter(action=AuditEntry.EDIT).exists()
