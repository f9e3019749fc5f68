"""scoring.records.services: the one write path."""

from dataclasses import replace
from datetime import date

import pytest

from scoring.models import AuditEntry, ClubSession, Game, Hand, HandSeat, Ruleset, Seat
from scoring.records import services
from scoring.records.checks import game_mismatches
from scoring.rules import Penalty, RiichiHand, RuleError, Win

from .conftest import random_log, record_all

pytestmark = pytest.mark.django_db

ANN_TSUMO = RiichiHand("win", wins=(Win(0, None, 3, 30),))


def long_log(preset="ema-2016", length=12):
    """A random unfinished game of at least ``length`` hands (seeded, so always the same)."""
    for seed in range(200):
        log = random_log(seed, preset, finished=False)
        if len(log.hands) >= length and not any(h.result == "chombo" for h in log.hands[:4]):
            return log
    raise AssertionError("no long enough random game")


def scores(game):
    return [s.table_score for s in Seat.objects.filter(game=game).order_by("seat")]


def derived_hands(game):
    return list(
        Hand.objects.filter(game=game)
        .order_by("number")
        .values_list("number", "round_label", "dealer", "counters", "pot_before", "pot_after")
    )


def test_start_game_snapshots_the_knobs_and_defaults_tournament_from_the_session(players):
    ruleset = Ruleset(slug="house", name="House", based_on="ema-2016", knobs={"start_points": 25000})
    ruleset.full_clean()
    ruleset.save()
    session = ClubSession.objects.create(name="Cup", date=date(2026, 5, 1), kind=ClubSession.TOURNAMENT)
    game = services.start_game(ruleset=ruleset, players=players, session=session)
    ruleset.knobs = {**ruleset.knobs, "start_points": 30000}
    ruleset.save()
    game = Game.objects.get(pk=game.pk)
    assert game.tournament is True
    assert game.date == date(2026, 5, 1)
    assert game.rules.start_points == 25000
    assert scores(game) == [25000] * 4


def test_start_game_needs_four_different_players(players):
    with pytest.raises(services.ServiceError, match="four different players"):
        services.start_game(ruleset=Ruleset.objects.preset("wrc"), players=players[:3] + players[:1])


def test_record_hand_stores_deltas_scores_and_flags(start):
    game = start()
    hand = services.record_hand(game=game, facts=ANN_TSUMO, expected_number=1, submission_key="a")
    rows = {r.seat.seat: r for r in HandSeat.objects.filter(hand=hand).select_related("seat")}
    assert [rows[i].delta for i in range(4)] == [6000, -2000, -2000, -2000]  # dealer 3 han 30 fu tsumo 2000 all
    assert rows[0].won and rows[0].tsumo and rows[0].dealer and not rows[1].dealt_in
    game.refresh_from_db()
    assert (game.hand_count, game.counters, game.rotations) == (1, 1, 0)
    assert scores(game) == [36000, 28000, 28000, 28000]
    assert hand.round_label == "E1" and hand.dealer == 0


def test_the_same_submission_key_records_one_hand(start):
    game = start()
    first = services.record_hand(game=game, facts=ANN_TSUMO, expected_number=1, submission_key="tap")
    draw = RiichiHand("draw", tenpai=(1,))
    again = services.record_hand(game=game, facts=draw, expected_number=1, submission_key="tap")
    assert again.pk == first.pk and again.result == "win"
    assert Hand.objects.filter(game=game).count() == 1


def test_a_stale_hand_number_is_a_conflict(start):
    game = start()
    services.record_hand(game=game, facts=ANN_TSUMO, expected_number=1, submission_key="one")
    with pytest.raises(services.Conflict, match="Hand 1 was already recorded"):
        services.record_hand(game=game, facts=ANN_TSUMO, expected_number=1, submission_key="other")
    assert Hand.objects.filter(game=game).count() == 1


def test_an_impossible_hand_is_refused_with_the_engine_message(start):
    game = start()
    with pytest.raises(RuleError):
        services.record_hand(
            game=game, facts=RiichiHand("win", wins=(Win(0, 1, 0, 30),)), expected_number=1, submission_key="x"
        )
    assert not Hand.objects.filter(game=game).exists()
    assert AuditEntry.objects.filter(game=game, action=AuditEntry.RECORD).count() == 0


def test_undo_last_hand_restores_the_table_and_reopens(start):
    log = long_log()
    game = record_all(start(), replace(log, hands=log.hands[:3]))
    two = record_all(start(), replace(log, hands=log.hands[:2]))
    services.finish_game(game=game)
    services.undo_last_hand(game=game, expected_number=3)
    game.refresh_from_db()
    assert game.status == Game.IN_PROGRESS and not game.finished_by_scorer
    assert scores(game) == scores(two)
    assert (game.hand_count, game.rotations, game.counters, game.pot) == (
        two.hand_count,
        two.rotations,
        two.counters,
        two.pot,
    )
    assert game_mismatches(game) == []
    with pytest.raises(services.Conflict):
        services.undo_last_hand(game=game, expected_number=3)


def test_editing_hand_3_of_12_re_derives_the_later_hands_and_standings(start):
    log = long_log()
    game = record_all(start(), log)
    before = derived_hands(game)
    dealer = before[2][2]
    dealer_ron = RiichiHand("win", wins=(Win(dealer, (dealer + 1) % 4, 4, 40),))
    services.edit_hand(game=game, number=3, facts=dealer_ron, comment="fixed")
    expected = record_all(start(), replace(log, hands=log.hands[:2] + (dealer_ron,) + log.hands[3:]))
    game.refresh_from_db()
    after = derived_hands(game)
    assert after[:2] == before[:2]
    assert after[3][2] == dealer  # the dealer won: he deals hand 4 again, one more counter
    assert after[3][3] == after[2][3] + 1
    assert [h[1:] for h in after] == [h[1:] for h in derived_hands(expected)]
    assert list(Seat.objects.filter(game=game).order_by("seat").values_list("score", "place", "result")) == list(
        Seat.objects.filter(game=expected).order_by("seat").values_list("score", "place", "result")
    )
    assert game_mismatches(game) == []
    assert Hand.objects.get(game=game, number=3).comment == "fixed"


def test_an_edit_that_makes_a_later_hand_impossible_changes_nothing(start):
    log = random_log(3, "reach", finished=False)
    game = record_all(start("reach"), log)
    stored = derived_hands(game), scores(game), list(HandSeat.objects.values_list("delta", flat=True))
    bust = RiichiHand("win", wins=(Win(1, 2, 0, 0, 1),))  # a yakuman ron: West drops below zero
    with pytest.raises(RuleError, match=r"^hand 2: .*ended"):
        services.edit_hand(game=game, number=1, facts=bust)
    assert (derived_hands(game), scores(game), list(HandSeat.objects.values_list("delta", flat=True))) == stored
    assert Hand.objects.get(game=game, number=1).result == log.hands[0].result
    assert not AuditEntry.objects.filter(game=game, action=AuditEntry.EDIT).exists()


def test_delete_hand_renumbers_and_re_derives(start):
    log = long_log()
    game = record_all(start(), log)
    services.delete_hand(game=game, number=5)
    expected = record_all(start(), replace(log, hands=log.hands[:4] + log.hands[5:]))
    game.refresh_from_db()
    assert [h[1:] for h in derived_hands(game)] == [h[1:] for h in derived_hands(expected)]
    assert [h[0] for h in derived_hands(game)] == list(range(1, len(log.hands)))
    assert game_mismatches(game) == []


def test_finished_and_abandoned_games_take_no_more_hands(start):
    game = start()
    services.finish_game(game=game)
    with pytest.raises(services.ServiceError, match="over"):
        services.record_hand(game=game, facts=ANN_TSUMO, expected_number=1, submission_key="k")
    other = start()
    services.abandon_game(game=other)
    with pytest.raises(services.ServiceError, match="abandoned"):
        services.record_hand(game=other, facts=ANN_TSUMO, expected_number=1, submission_key="k")
    services.restore_game(game=other)
    services.record_hand(game=other, facts=ANN_TSUMO, expected_number=1, submission_key="k")


def test_game_penalties_come_off_the_result(start):
    game = start()
    services.record_hand(game=game, facts=ANN_TSUMO, expected_number=1, submission_key="k")
    results = dict(Seat.objects.filter(game=game).values_list("seat", "result"))
    services.change_game(game=game, penalties=[Penalty(2, 2000, "result", "slow play")])
    after = dict(Seat.objects.filter(game=game).values_list("seat", "result"))
    assert after[2] == results[2] - 2000 and after[0] == results[0]
    assert game_mismatches(Game.objects.get(pk=game.pk)) == []


def test_every_change_writes_an_audit_entry(start, django_user_model):
    user = django_user_model.objects.create_user("scorer")
    game = start(user=user)
    services.record_hand(game=game, facts=ANN_TSUMO, expected_number=1, submission_key="k", user=user)
    services.edit_hand(game=game, number=1, facts=RiichiHand("draw", tenpai=(2,)), user=user)
    services.recompute_game(game=game, user=user)
    services.finish_game(game=game, user=user)
    services.undo_last_hand(game=game, user=user)
    entries = list(AuditEntry.objects.filter(game=game).order_by("id"))
    assert [e.action for e in entries] == [
        "start_game",
        "record_hand",
        "edit_hand",
        "recompute_game",
        "finish_game",
        "undo_last_hand",
    ]
    assert all(e.user == user for e in entries)
    edit = entries[2]
    assert edit.hand_number == 1
    assert edit.before["wins"] == [{"winner": "Ann", "han": 3, "fu": 30}]
    assert edit.after == {"result": "draw", "tenpai": ["Cho"], "riichi": []}
    assert entries[5].before["result"] == "draw"


def test_copy_ruleset_keeps_the_knobs_and_the_preset_under_a_free_slug(db):
    preset = Ruleset.objects.preset("reach")
    first = services.copy_ruleset(ruleset=preset)
    second = services.copy_ruleset(ruleset=preset)
    assert (first.slug, second.slug) == ("reach-copy", "reach-copy-2")
    assert first.based_on == "reach" and first.knobs == preset.to_rules().knobs()  # every knob the engine has
    assert first.to_rules().changed_knobs(preset.to_rules()) == {}
