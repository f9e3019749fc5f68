"""One save, one parse: a hand saved at the table reads the game's stored ruleset (its preset and
knobs, ``Game.rules``) once, whoever asks for it during the save (the form, the service under
the game's lock, the page shown after it), and the ruleset's family once while parsing it; the
services' entry points for a hand (``submit_hand``, ``record_hand``, ``record_chombo_series``)
are one protocol. Counts of calls, never times."""

from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.models import Game, Hand
from scoring.records import services
from scoring.records.services import recording
from scoring.rules import RiichiHand, RuleSet, Win
from scoring.rules import families as engine_families

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
CHOMBOS = [RiichiHand("chombo", riichi=(1, 3), offender=1), RiichiHand("chombo", offender=3)]


@pytest.fixture
def parses():
    """The calls that parse a stored ruleset (``RuleSet.with_overrides`` over its knobs)."""
    with mock.patch.object(RuleSet, "with_overrides", autospec=True, side_effect=RuleSet.with_overrides) as spy:
        yield spy


@pytest.fixture
def scorer(client, players):
    user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].user = user
    players[0].save()
    client.force_login(user)
    return client


def _form(client, game, outcome="tsumo"):
    page = client.get(reverse("scoring:table", args=[game.pk]) + f"?outcome={outcome}").content.decode()
    return page.split('name="submission_key" value="')[1].split('"')[0]


@pytest.mark.parametrize("htmx", [True, False])
def test_a_hand_saved_at_the_table_parses_the_ruleset_once(scorer, start, parses, htmx):
    game = start()
    data = {
        "outcome": "tsumo",
        "submission_key": _form(scorer, game),
        "expected_number": 1,
        "win0-winner": 0,
        "win0-han": 2,
        "win0-fu": 20,
        "action": "save",
    }
    parses.reset_mock()
    response = scorer.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX if htmx else {})
    assert response.status_code in (200, 302) and Hand.objects.filter(game=game).count() == 1
    assert parses.call_count == 1


def test_a_chombo_series_saved_at_the_table_parses_the_ruleset_once(scorer, start, parses):
    game = start()
    data = {
        "outcome": "draw",
        "submission_key": _form(scorer, game, "draw"),
        "expected_number": 1,
        "riichi": [1, 3],
        "tenpai": [0],
        "action": "chombo:1,3",
    }
    parses.reset_mock()
    scorer.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX)
    assert Hand.objects.filter(game=game).count() == 2
    assert parses.call_count == 1


@pytest.mark.parametrize(
    "write",
    [
        lambda g: services.record_hand(game=g, facts=RiichiHand("draw"), expected_number=1, submission_key="a"),
        lambda g: services.record_chombo_series(game=g, hands=CHOMBOS, expected_number=1, submission_key="b"),
        lambda g: services.submit_hand(game=g, facts=RiichiHand("draw"), expected_number=1, submission_key="c"),
    ],
    ids=["record_hand", "record_chombo_series", "submit_hand"],
)
def test_each_entry_point_parses_once_and_writes_through_the_one_protocol(start, parses, write):
    game = Game.objects.get(pk=start().pk)
    parses.reset_mock()
    with mock.patch.object(recording, "_write", wraps=recording._write) as protocol:
        write(game)
    assert protocol.call_count == 1 and parses.call_count == 1


def test_a_parse_asks_the_family_registry_once_not_once_a_knob(start):
    game = Game.objects.get(pk=start().pk)
    assert len(game.knobs) > 10
    with mock.patch.object(engine_families, "family_of", wraps=engine_families.family_of) as asked:
        game.rules  # noqa: B018  (the parse)
    assert asked.call_count <= 2  # the knobs' seats, then the family's own check of them


def test_a_copy_with_other_knobs_parses_its_own(start):
    """The parsed rules pass to another copy of the game only while its knobs are the same."""
    game = start()
    parsed = game.rules
    copy = Game.objects.get(pk=game.pk)
    assert copy.keep_rules_of(game).rules is parsed
    other = Game.objects.get(pk=game.pk)
    other.knobs = {**other.knobs, "rounds": 1}
    assert other.keep_rules_of(game).rules is not game.rules and other.rules.rounds == 1


def test_the_protocol_answers_in_the_callers_terms(start):
    """The same refusals, raised by ``record_hand`` and answered by ``submit_hand``."""
    game = start()
    win = RiichiHand("win", wins=(Win(0, None, 3, 30),))
    first = services.record_hand(game=game, facts=win, expected_number=1, submission_key="tap")
    assert services.record_hand(game=game, facts=win, expected_number=1, submission_key="tap") == first
    with pytest.raises(services.Conflict, match="already recorded by someone else"):
        services.record_hand(game=game, facts=win, expected_number=1, submission_key="other")
    conflict = services.submit_hand(game=game, facts=win, expected_number=1, submission_key="other")
    assert conflict.outcome == services.Outcome.CONFLICT and "Someone else recorded hand 1 first" in conflict.message
    empty = services.submit_hand(game=game, expected_number=2, submission_key="empty")
    assert empty.outcome == services.Outcome.REFUSED and empty.message == ""
    services.undo_last_hand(game=game)
    with pytest.raises(services.Undone):
        services.record_hand(game=game, facts=win, expected_number=1, submission_key="tap")
    assert services.submit_hand(game=game, facts=win, expected_number=1, submission_key="tap").outcome == "undone"
