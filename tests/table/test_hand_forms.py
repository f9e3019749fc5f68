"""The hand form: POST data -> the engine's hand records, choices, defaults and errors.
No database: the form settles against an engine TableState."""

import pytest
from django.http import QueryDict

from scoring.families.riichi.table.offers import DEFAULT_FU
from scoring.rules import (
    AmericanHand,
    DeadHandChallenge,
    MahjongInError,
    Penalty,
    RiichiHand,
    TableState,
    Win,
    get_preset,
)
from scoring.rules.riichi import fu_values
from scoring.table.forms import hand_form
from scoring.table.forms.base import offer_seats
from scoring.table.forms.offers import max_winners, outcomes
from scoring.table.forms.rows import Rows

NAMES = ("Ann", "Bo", "Cho", "Dee")
EMA = get_preset("ema-2016")
START = TableState((30000,) * 4)


def form(outcome, data=None, rules=EMA, table=START, rows=None, tournament=False):
    post = QueryDict(mutable=True)
    post.update({"outcome": outcome, "submission_key": "k", "expected_number": "1"})
    for key, value in (data or {}).items():
        if isinstance(value, list):
            post.setlist(key, [str(v) for v in value])
        else:
            post[key] = str(value)
    return hand_form(post, rules=rules, names=NAMES, table=table, outcome=outcome, rows=rows, tournament=tournament)


# ---- choices -------------------------------------------------------------------------------


def test_outcomes_offer_abortive_draw_only_where_the_ruleset_has_abortive_draws():
    assert list(outcomes(EMA)) == ["ron", "tsumo", "draw", "chombo"]
    assert list(outcomes(get_preset("reach"))) == ["ron", "tsumo", "draw", "abortive", "chombo"]
    assert list(outcomes(get_preset("american"))) == ["mahjong", "wall"]


@pytest.mark.parametrize("slug, rows", [("ema-2016", 3), ("wrc", 1), ("mleague", 1), ("reach", 2)])
def test_winner_rows_follow_multi_ron(slug, rows):
    """Multiple ron: head bump has one row; triple ron as an abortive draw two."""
    assert max_winners(get_preset(slug)) == rows


@pytest.mark.parametrize(
    "han, tsumo, expected_first, has_25",
    [
        (1, False, 30, False),  # 1 han 20/25 fu do not exist
        (1, True, 30, False),
        (2, False, 25, True),  # 20 fu only on a self-draw
        (2, True, 20, True),
        (5, False, None, False),  # fu not needed from 5 han
    ],
)
def test_fu_choices_offer_only_valid_combinations(han, tsumo, expected_first, has_25):
    values = fu_values(han, tsumo)
    assert (values[0] if values else None) == expected_first
    assert (25 in values) == has_25
    assert 35 not in values and 120 not in values


def test_defaults_are_30_fu_and_nobody_in_riichi():
    unbound = hand_form(rules=EMA, names=NAMES, table=START, outcome="ron")
    row = unbound.win_rows()[0]
    assert row["fu_selected"] == DEFAULT_FU == 30
    assert unbound["riichi"].value() in (None, [])


# ---- facts -------------------------------------------------------------------------------


def test_ron_with_han_fu_and_riichi():
    f = form("ron", {"win0-winner": 1, "discarder": 2, "win0-han": 3, "win0-fu": 30, "riichi": [1]})
    assert f.is_valid(), f.errors
    assert f.facts == RiichiHand("win", wins=(Win(1, 2, 3, 30),), riichi=(1,))
    assert f.settlement.deltas == (0, 3900 + 1000 - 1000, -3900, 0)


def test_a_limit_ignores_the_fu_and_a_yakuman_carries_liability():
    f = form("ron", {"win0-winner": 0, "discarder": 2, "win0-han": "y1", "win0-fu": 30, "win0-liable": 3})
    assert f.is_valid(), f.errors
    assert f.facts.wins == (Win(0, 2, 0, 0, 1, 3),)
    f = form("tsumo", {"win0-winner": 1, "win0-han": "6", "win0-fu": 30})
    assert f.is_valid(), f.errors
    assert f.facts.wins == (Win(1, None, 6, 0),)


def test_double_ron_rows():
    f = form(
        "ron",
        {
            "win0-winner": 0,
            "win1-winner": 3,
            "discarder": 2,
            "win0-han": 2,
            "win0-fu": 30,
            "win1-han": 1,
            "win1-fu": 40,
            "n_winners": 2,
        },
        rows=Rows(winners=2),
    )
    assert f.is_valid(), f.errors
    assert f.facts.wins == (Win(0, 2, 2, 30), Win(3, 2, 1, 40))


def test_draw_tenpai_dead_and_mistaken_call():
    reach = get_preset("reach")
    f = form("draw", {"tenpai": [0, 2], "riichi": [2], "dead": [1], "nagashi": [], "mistaken_call": [3]}, rules=reach)
    assert f.is_valid(), f.errors
    assert f.facts == RiichiHand(
        "draw", riichi=(2,), tenpai=(0, 2), dead=(1,), penalties=(Penalty(3, 1000, "pot", "mistaken call"),)
    )


def test_referee_penalty_row():
    f = form(
        "tsumo",
        {
            "win0-winner": 2,
            "win0-han": 2,
            "win0-fu": 20,
            "ref0-player": 1,
            "ref0-points": 2000,
            "ref0-reason": "slow play",
            "n_referee": 1,
        },
        rows=Rows(referee=1),
    )
    assert f.is_valid(), f.errors
    assert f.facts.penalties == (Penalty(1, 2000, "result", "slow play"),)


def test_abortive_and_chombo():
    reach = get_preset("reach")
    f = form("abortive", {"reason": "four_winds", "riichi": [0]}, rules=reach)
    assert f.is_valid(), f.errors
    assert f.facts == RiichiHand("abortive", riichi=(0,), reason="four_winds")
    f = form("chombo", {"offender": 2, "offence": "invalid_win"})
    assert f.is_valid(), f.errors
    assert f.facts == RiichiHand("chombo", offender=2)
    assert f.offence_label().startswith("Invalidly declaring a win")


def test_american_mahjong_with_incidents():
    american = get_preset("american")
    table = TableState((0,) * 4)
    f = form(
        "mahjong",
        {
            "winner": 0,
            "discarder": 2,
            "value": 30,
            "misnamed_discard": "on",
            "chal0-challenger": 1,
            "chal0-challenged": 3,
            "chal0-upheld": "dead",
            "n_challenges": 1,
        },
        rules=american,
        table=table,
        rows=Rows(challenges=1),
    )
    assert f.is_valid(), f.errors
    assert f.facts == AmericanHand(
        "mahjong", winner=0, discarder=2, value=30, misnamed_discard=True, incidents=(DeadHandChallenge(1, 3, True),)
    )
    assert f.settlement.deltas == (120, 25, -120, -25)
    f = form(
        "wall",
        {"err0-caller": 1, "err0-value": 30, "err0-thrown_in": [0, 2], "n_errors": 1},
        rules=american,
        table=table,
        rows=Rows(errors=1),
    )
    assert f.is_valid(), f.errors
    assert f.facts == AmericanHand("wall", incidents=(MahjongInError(1, 30, (0, 2), None),))
    # the value of the hand declared is needed only when two players threw in
    f = form(
        "wall",
        {"err0-caller": 1, "err0-thrown_in": [0], "n_errors": 1},
        rules=american,
        table=table,
        rows=Rows(errors=1),
    )
    assert f.is_valid(), f.errors
    assert f.facts == AmericanHand("wall", incidents=(MahjongInError(1, None, (0,), None),))
    f = form(
        "wall",
        {"err0-caller": 1, "err0-thrown_in": [0, 2], "n_errors": 1},
        rules=american,
        table=table,
        rows=Rows(errors=1),
    )
    assert not f.is_valid()
    assert f.errors["err0-value"][0].startswith("Two players threw their hands in: enter the value")


# ---- errors next to the field ------------------------------------------------------------


def test_missing_fields_say_what_to_tap():
    f = form("ron", {})
    assert not f.is_valid()
    assert f.errors["win0-winner"] == ["Tap who won."]
    assert f.errors["discarder"] == ["Tap who discarded the winning tile."]
    assert f.errors["win0-han"] == ["Tap the han, or the limit."]


def test_invalid_han_fu_lands_next_to_fu_with_the_rule():
    f = form("ron", {"win0-winner": 1, "discarder": 2, "win0-han": 1, "win0-fu": 25})
    assert not f.is_valid()
    assert "(25 fu needs at least 2 han; EMA Riichi Competition Rules 2016, han and fu)" in f.errors["win0-fu"][0]


def test_engine_error_on_the_second_winner_row():
    f = form(
        "ron",
        {
            "win0-winner": 0,
            "win1-winner": 3,
            "discarder": 2,
            "win0-han": 2,
            "win0-fu": 30,
            "win1-han": 1,
            "win1-fu": 25,
        },
        rows=Rows(winners=2),
    )
    assert not f.is_valid()
    assert "win1-fu" in f.errors and "win0-fu" not in f.errors


def test_liability_only_on_a_yakuman():
    f = form("ron", {"win0-winner": 0, "discarder": 2, "win0-han": 3, "win0-fu": 30, "win0-liable": 1})
    assert not f.is_valid()
    assert "EMA Riichi Competition Rules 2016, §3.3.9" in f.errors["win0-liable"][0]


def test_winner_cannot_deal_in():
    f = form("ron", {"win0-winner": 2, "discarder": 2, "win0-han": 3, "win0-fu": 30})
    assert not f.is_valid()
    assert f.errors["discarder"] == ["Cho won this hand and cannot have dealt in."]


def test_noten_riichi_at_a_draw_offers_chombo():
    """EMA Riichi Competition Rules 2016, §3.4.6: a riichi declarer noten at the exhaustive draw is chombo."""
    f = form("draw", {"riichi": [1, 3], "tenpai": [0]})
    assert not f.is_valid()
    assert "EMA Riichi Competition Rules 2016, §3.4.6" in f.errors["tenpai"][0]
    assert f.chombo_offer == (1, 3)
    assert f.chombo_offer_labels() == [("1,3", "Record as chombos by Bo, Dee")]
    hands = f.chombo_hands(offer_seats("1,3", len(f.names)))
    assert hands == [RiichiHand("chombo", riichi=(1, 3), offender=1), RiichiHand("chombo", offender=3)]
    assert f.chombo_hands((1,)) is None


def test_a_dead_riichi_hand_pays_noten_without_chombo():
    """EMA Riichi Competition Rules 2016, §3.4.7: a riichi hand declared dead is not chombo."""
    f = form("draw", {"riichi": [1], "dead": [1], "tenpai": [0]})
    assert f.is_valid(), f.errors
    assert f.chombo_offer == ()


def test_head_bump_refuses_a_second_winner_from_tampered_data():
    wrc = get_preset("wrc")
    f = form("ron", {"win0-winner": 0, "discarder": 2, "win0-han": 2, "win0-fu": 30, "n_winners": 3}, rules=wrc)
    assert f.rows.winners == 1


def test_misnamed_discard_needs_the_discarder():
    american = get_preset("american")
    f = form(
        "mahjong", {"winner": 0, "value": 30, "misnamed_discard": "on"}, rules=american, table=TableState((0,) * 4)
    )
    assert not f.is_valid()
    assert "misnamed_discard" in f.errors


def test_unknown_outcome_is_refused():
    f = form("nonsense", {})
    assert not f.is_valid()
    assert f.non_field_errors()
