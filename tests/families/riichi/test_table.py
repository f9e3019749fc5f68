"""The riichi table piece alone: the han choices of a winner row."""

import pytest

from scoring.families.riichi.table.offers import han_choices, split_han
from scoring.rules import RuleError, get_preset, parse_game, replay


def test_han_choices_are_1_to_4_han_and_the_limits():
    """EMA Riichi Competition Rules 2016: no kazoe yakuman, no multiple yakuman."""
    values = [v for v, _label in han_choices(get_preset("ema-2016"))]
    assert values == ["1", "2", "3", "4", "5", "6", "8", "11", "y1"]


def test_kazoe_and_double_yakuman_are_offered_only_where_the_ruleset_has_them():
    """EMA 2008: kazoe yakuman (the club's rule) and double yakuman; the WRC rules: up to six."""
    values = [v for v, _label in han_choices(get_preset("ema-2008"))]
    assert "13" in values and "y2" in values and "y3" not in values
    assert [v for v, _l in han_choices(get_preset("wrc"))][-1] == "y6"


def test_a_han_choice_is_han_or_yakuman():
    assert [split_han(value) for value in ("3", "13", "y1", "y2")] == [(3, 0), (13, 0), (0, 1), (0, 2)]


def test_the_lobbies_offer_stacked_yakuman_and_their_logs_keep_them():
    """Tenhou rules and Mahjong Soul rules: different yakuman combine (double, triple …); a game log
    records a triple yakuman under them, and the Reach club's rules (one yakuman) refuse it."""
    for slug in ("tenhou", "mahjong-soul"):
        values = [v for v, _label in han_choices(get_preset(slug))]
        assert values[-6:] == ["y1", "y2", "y3", "y4", "y5", "y6"]
    log = {
        "format": "mahjong-club/game-log@1",
        "players": ["Ann", "Bob", "Cho", "Dee"],
        "hands": [{"result": "win", "wins": [{"winner": "Bob", "from": "Ann", "yakuman": 3}], "riichi": []}],
    }
    played = replay(parse_game({**log, "ruleset": "tenhou"}))
    assert played.settlements[0].deltas == (-96000, 96000, 0, 0)
    with pytest.raises(RuleError, match="yakuman"):
        replay(parse_game({**log, "ruleset": "reach"}))
