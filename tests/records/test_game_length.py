"""A game's length through the services (Tenhou rules, East-only games (tonpuusen), and the
extension into the next wind): chosen when the game starts, kept in the game's knobs, an East-only
game over after East 4 and extended into the next wind where its ruleset says so."""

import json
import random

import pytest
from django.urls import reverse

from scoring.models import Game, Ruleset
from scoring.records import services
from scoring.records.checks import game_mismatches
from scoring.rules import RiichiHand, Win

pytestmark = pytest.mark.django_db

DRAW = RiichiHand("draw")  # nobody tenpai: the deal passes


def rotating_wins(count, start=0):
    """``count`` hands from ``start`` in which the player after the dealer wins a 1 han 30 fu ron
    off the one after him (1,000 points: the deal passes)."""
    return [RiichiHand("win", wins=(Win((r + 1) % 4, (r + 2) % 4, 1, 30),)) for r in range(start, start + count)]


def record(game, hands):
    for hand in hands:
        services.record_hand(
            game=game, facts=hand, expected_number=game.next_hand_number, submission_key=f"k{game.next_hand_number}"
        )
        game.refresh_from_db()
    return game


def test_the_length_chosen_at_the_start_is_kept_in_the_game(start):
    """Tenhou rules, East-only games (tonpuusen): the game's own length, whatever the ruleset's."""
    game = start("ema-2016", rounds=1)
    assert game.knobs["rounds"] == 1 and game.rules.rounds == 1
    assert set(game.seats.values_list("rounds", flat=True)) == {1}  # the boards' copy
    assert game.length == "East-only"
    assert start("ema-2016").length == "Hanchan"
    assert Ruleset.objects.preset("ema-2016").to_rules().rounds == 2  # the ruleset is not changed


def test_an_east_only_game_ends_after_east_4_and_takes_no_more_hands(start):
    """Tenhou rules, East-only games (tonpuusen) (EMA Riichi Competition Rules 2016, §3.5 in one round): the deal
    has passed every seat in East: the game is over."""
    game = record(start("ema-2016", rounds=1), rotating_wins(3))
    assert game.status == Game.IN_PROGRESS
    game = record(game, rotating_wins(1, start=3))
    assert (game.status, game.ended, game.hand_count) == (Game.FINISHED, True, 4)
    assert game_mismatches(game) == []  # a replay gives what is stored, the seats' length among it
    with pytest.raises(services.ServiceError, match="over"):
        record(game, [DRAW])


def test_an_east_only_game_with_an_extension_plays_into_south(players):
    """Tenhou rules, the extension into the next wind: nobody has the points to finish after East 4: South 1 is played,
    and the first hand that leaves someone on them ends the game."""
    ruleset = Ruleset(
        slug="club-tonpuu",
        name="Club East-only",
        based_on="ema-2016",
        knobs={"rounds": 1, "finish_points": 31000, "extension": "next_wind"},
    )
    ruleset.full_clean()
    ruleset.save()
    game = services.start_game(ruleset=ruleset, players=players)
    game = record(game, [DRAW] * 4)  # nobody tenpai, nothing paid: 30,000 each after East 4
    assert game.status == Game.IN_PROGRESS and game.rotations == 4
    assert game.hand_set.order_by("number").last().round_label == "E4"
    game = record(game, rotating_wins(1, start=4))  # South 1: Bob takes 1,000 from Cho: 31,000
    assert game.status == Game.FINISHED
    assert game.hand_set.order_by("number").last().round_label == "S1"


def test_the_next_game_keeps_the_length(start):
    """The next game of an East-only game is East-only too (same ruleset, same length)."""
    game = start("ema-2016", rounds=1)
    services.finish_game(game=game)
    following = services.start_next_game(game=game, rng=random.Random(1))
    assert following.rules.rounds == 1


def test_a_family_without_rounds_has_no_length_to_choose(start):
    """American games are not played in rounds: the service refuses a length for them."""
    with pytest.raises(services.ServiceError, match="not played in rounds"):
        start("american", rounds=1)


def test_a_club_makes_an_east_only_copy_in_admin(admin_client):
    """A copy of a preset row stored before the length was a knob has it (at the preset's
    value) for the club to change; the copy's games are East-only."""
    preset = Ruleset.objects.preset("wrc")
    preset.knobs.pop("rounds", None)  # as the migrations stored it
    preset.save(update_fields=["knobs"])
    changelist = reverse("admin:scoring_ruleset_changelist")
    admin_client.post(changelist, {"action": "copy_rulesets", "_selected_action": [preset.pk]})
    copy = Ruleset.objects.get(slug="wrc-copy")
    assert copy.knobs["rounds"] == 2
    form = {"slug": copy.slug, "name": "WRC East-only", "based_on": "wrc", "description": ""}
    knobs = json.dumps({**copy.knobs, "rounds": 1})
    response = admin_client.post(reverse("admin:scoring_ruleset_change", args=[copy.pk]), {**form, "knobs": knobs})
    assert response.status_code == 302
    copy.refresh_from_db()
    assert copy.to_rules().rounds == 1
