"""Properties of random valid games for every preset:
points are never created or destroyed — each hand's deltas plus the change in the pot sum to
zero, and the final scores plus the sticks lost at the end sum to the seats × start points — and a
replay is deterministic."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import PRESETS, parse_game, random_game, replay, score_document, to_document
from tests.hypothesis_budget import examples

SEEDS = st.integers(min_value=0, max_value=2**64)
PROPERTY = settings(max_examples=examples(40), deadline=None, derandomize=True)
# every preset as it is, and East-only games (Tenhou rules, East-only games (tonpuusen)) at four and three seats
EAST_ONLY = {"rounds": 1}
GAMES = [pytest.param(preset, None, id=preset) for preset in PRESETS] + [
    pytest.param(preset, EAST_ONLY, id=f"{preset}-east-only")
    for preset in ("ema-2016", "reach", "tenhou", "tenhou-sanma")
]


# the presets whose hands only move points (not American tournament points: the US tournament rules)
ZERO_SUM = [game for game in GAMES if PRESETS[game.values[0]].zero_sum]


def play(preset, overrides, seed):
    doc = random_game(random.Random(seed), preset, overrides=overrides)
    return doc, parse_game(doc), replay(parse_game(doc))


@pytest.mark.parametrize(("preset", "overrides"), ZERO_SUM)
@PROPERTY
@given(seed=SEEDS)
def test_each_hand_moves_points_only_between_players_and_the_pot(preset, overrides, seed):
    """Deltas + change in the pot = 0 in every hand."""
    _, _, played = play(preset, overrides, seed)
    for before, settlement in zip(played.tables, played.settlements, strict=True):
        after = settlement.table
        assert sum(settlement.deltas) + (after.pot - before.pot) == 0
        assert tuple(b + d for b, d in zip(before.scores, settlement.deltas, strict=True)) == after.scores
        assert sum(p.points for p in settlement.payments if p.points <= 0) == 0  # every transfer is positive
        assert after.pot >= 0 and after.counters >= 0
        assert after.rotations - before.rotations in (0, 1)


@pytest.mark.parametrize(("preset", "overrides"), ZERO_SUM)
@PROPERTY
@given(seed=SEEDS)
def test_final_scores_plus_lost_sticks_are_the_starting_points(preset, overrides, seed):
    """Final scores + sticks lost at the end = seats × start_points (four, or three in sanma); the
    leftover pot goes to first place (split, rounded down to 100; all of it to the tied player
    nearer the first dealer where ties go by seat order) or is lost; results rounded to thousands
    (Tenhou's until 2021) sum as exact ones."""
    _, game, played = play(preset, overrides, seed)
    rules, table = game.rules, played.table
    assert table.finished  # random_game finishes every game
    assert sum(table.scores) + table.pot == len(table.scores) * rules.start_points
    final = [s.score for s in played.standings]
    seats = len(final)
    lost = seats * rules.start_points - sum(final)
    if rules.leftover_riichi == "lost":
        assert lost == table.pot
    elif rules.uma_ties == "seat_order":  # all of it to the tied player nearer the first dealer
        assert lost == 0
    else:
        tied = table.scores.count(max(table.scores))
        assert lost == table.pot - tied * (table.pot // tied // 100 * 100)
    # uma sums to 0 and oka is the (return − start) of every player: the results balance up to rounding
    penalties = sum(s.penalties for s in played.standings)
    oka = seats * (rules.return_points - rules.start_points)  # none where start and return are equal (American)
    drift = sum(s.result for s in played.standings) + penalties - (sum(final) - seats * rules.return_points + oka)
    assert abs(drift) <= 2


@pytest.mark.parametrize(("preset", "overrides"), GAMES)
@PROPERTY
@given(seed=SEEDS)
def test_replay_is_deterministic(preset, overrides, seed):
    """Everything derived is computed from the facts, the same every time."""
    doc, game, played = play(preset, overrides, seed)
    again = random_game(random.Random(seed), preset, overrides=overrides)
    assert again == doc
    assert replay(parse_game(json.loads(json.dumps(doc)))) == played
    assert score_document(doc) == score_document(to_document(game))


@pytest.mark.parametrize("preset", [slug for slug, rules in PRESETS.items() if rules.uma_ties == "seat_order"])
@PROPERTY
@given(seed=SEEDS)
def test_ties_by_seat_order_leave_no_shared_place(preset, seed):
    """Tenhou rules and Mahjong Soul rules: every player has a place of his own, the better one to
    the player nearer the first dealer; the table's order by score is kept."""
    _, _, played = play(preset, None, seed)
    lines = played.standings
    assert sorted(line.place for line in lines) == list(range(1, len(lines) + 1))
    by_place = sorted(lines, key=lambda line: line.place)
    assert all(a.result >= b.result for a, b in zip(by_place, by_place[1:], strict=False))
