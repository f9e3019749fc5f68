"""Bad tiles are a clear RuleError naming what is wrong, never a crash, and
the tile knobs that the golden table's presets do not show."""

import pytest

from scoring.rules.errors import RuleError
from scoring.rules.ruleset import PRESETS
from scoring.tiles.notation import HandTiles
from scoring.tiles.scoring import NO_YAKU_CLOSED, score_hand


def score(preset="ema-2016", *, tsumo=False, riichi=False, seat=1, **tiles):
    return score_hand(
        HandTiles.from_json(tiles), rules=PRESETS[preset], seat_wind=seat, round_wind=0, tsumo=tsumo, riichi=riichi
    )


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ({"hand": "1111m456p789s12s5z", "win": "1m"}, "a fifth 1m: there are four of each tile"),
        ({"hand": "123m456p789s12s5z", "win": "5z", "dora": "5z5z5z"}, "a fifth 5z"),
        ({"hand": "123m456p789s12s", "win": "3s"}, "the concealed tiles are 11, not 13"),
        ({"hand": "123m456p789s123s55z", "win": "5z"}, "the concealed tiles are 14"),
        ({"hand": "123x456p", "win": "1m"}, "'123x456p' is not tile notation"),
        ({"hand": "123m456p789s12s8z", "win": "1z"}, "there is no honour tile 8z"),
        ({"hand": "123m456p789s12s5z", "win": "1m2m"}, "the winning tile is one tile"),
        ({"hand": "123m456p789s123s5z"}, "the winning tile is missing"),
        ({"hand": "123m456p789s123s5z", "win": "9s"}, "the tiles are not a complete hand"),
        ({"hand": "123m456p789s24s33z", "win": "3s"}, NO_YAKU_CLOSED),
        (
            {"hand": "567p678s22s99p", "win": "2s", "melds": [{"kind": "chi", "tiles": "234m"}]},
            "no yaku: an open hand needs a yaku",
        ),
        ({"hand": "567p678s22s99p", "win": "2s", "melds": [{"kind": "chi", "tiles": "246m"}]}, "246m is not a chi"),
        ({"hand": "567p678s22s99p", "win": "2s", "melds": [{"kind": "pung", "tiles": "222m"}]}, "a meld is"),
        (
            {"hand": "34m456678p234s55s", "win": "5m", "dora": "1z", "ura": "1p"},
            "ura dora count only for a riichi winner",
        ),
        (
            {"hand": "34m456678p234s55s", "win": "5m", "dora": "1p2p3p1z2z3z"},
            "too many dora indicators: one, and one "
            "more for each kan any player declared, at most 5 .EMA Riichi Competition Rules 2016, §3.3.2",
        ),
        (
            {"hand": "34m456678p234s55s", "win": "5m", "dora": "1p", "ura": "2p3p"},
            "more ura dora indicators than dora indicators",
        ),
        ({"hand": "34m456678p234s55s", "win": "5m", "ura": "2p"}, "more ura dora indicators than dora indicators"),
        ({"hand": "34m456678p234s55s", "win": "5m", "conditions": ["ippatsu"]}, "need the winner's riichi"),
        ({"hand": "34m456678p234s55s", "win": "5m", "conditions": ["after_kan"]}, "needs a kan among the melds"),
        ({"hand": "34m456678p234s55s", "win": "5m", "conditions": ["blessing"]}, "unknown condition 'blessing'"),
        ({"hand": "34m406678p234s55s", "win": "5m"}, "this ruleset has no red fives"),
    ],
)
def test_bad_tiles_say_what_is_wrong(tiles, message):
    with pytest.raises(RuleError, match=message.replace("(", r"\(")) as error:
        score(**tiles)
    assert error.value.field == "tiles"


def test_the_no_yaku_message_names_the_case():
    with pytest.raises(RuleError) as error:
        score(hand="123m456p789s24s33z", win="3s")
    assert str(error.value) == "no yaku: a closed hand without riichi or tsumo needs a yaku"


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ({"hand": "34m406678p234s55s", "win": "5m", "dora": "0p"}, "a second red five in one suit"),
        ({"hand": "34m455678p234s55s", "win": "5p", "dora": "5p"}, "four plain 5p: with red fives one of them is red"),
    ],
)
def test_red_fives_one_per_suit(tiles, message):
    """red_fives: one red five per suit (M-League rules)."""
    with pytest.raises(RuleError, match=message):
        score("mleague", **tiles)


def test_ema_2008_has_no_open_tanyao():
    """open_tanyao: EMA 2008 counts tanyao in a closed hand only."""
    open_hand = {"hand": "567p678s22s44p", "win": "2s", "melds": [{"kind": "chi", "tiles": "234m"}]}
    assert score("ema-2016", **open_hand).han == 1
    with pytest.raises(RuleError, match="no yaku: an open hand needs a yaku"):
        score("ema-2008", **open_hand)


def test_ema_2008_renhou_is_a_yakuman():
    """renhou: a yakuman in EMA 2008 (the club's rule)."""
    result = score("ema-2008", hand="34m456678p234s55s", win="5m", conditions=["renhou"])
    assert (result.yakuman, [y.name for y in result.yaku]) == (1, ["Renhou (yakuman)"])


def test_jpml_a_has_no_ippatsu_nor_ura_dora():
    """JPML A rules have no ippatsu, ura dora or kan dora."""
    with pytest.raises(RuleError, match="this ruleset has no ippatsu"):
        score("jpml-a", hand="23m456789p234s55s", win="4m", riichi=True, conditions=["ippatsu"])
    with pytest.raises(RuleError, match="this ruleset has no ura dora"):
        score("jpml-a", hand="23m456789p234s55s", win="4m", riichi=True, ura="1p")
    kans = [{"kind": "kan", "tiles": "2222m"}]
    with pytest.raises(RuleError, match="too many dora indicators"):
        score("jpml-a", hand="234p567s11z34m", win="5m", melds=kans, dora="1s2s")


def test_ema_2008_caps_two_yakuman():
    """Different yakuman combine up to max_yakuman (EMA 2008: 2)."""
    result = score("ema-2008", tsumo=True, hand="555z666z777z11z22z", win="1z")
    assert result.yakuman == 2


def test_a_club_copy_changes_a_knob():
    """A club's copy with double_wind_pair_fu 2 pays the WRC fu under EMA 2016."""
    rules = PRESETS["ema-2016"].with_overrides({"double_wind_pair_fu": 2}, slug="club")
    result = score_hand(
        HandTiles.from_json({"hand": "111m456p789s34s11z", "win": "2s"}),
        rules=rules,
        seat_wind=0,
        round_wind=0,
        tsumo=False,
        riichi=True,
    )
    assert result.fu == 40 and ("double_valued_pair", 2) in result.fu_parts


def test_notation_round_trip():
    data = {
        "hand": "406m77z",
        "melds": [{"kind": "closed_kan", "tiles": "7777s"}],
        "win": "0p",
        "dora": "1z",
        "ura": "2z",
        "conditions": ["double_riichi", "ippatsu"],
    }
    assert HandTiles.from_json(data).to_json() == data


@pytest.mark.parametrize(
    "tiles",
    [
        {"hand": 123, "win": "1z"},
        {"hand": ["1m"], "win": "1z"},
        {"hand": "123m456p789s123s1z", "win": 5},
        {"hand": "123m456p789s123s1z", "win": "1z", "dora": 7},
        {"hand": "123m456p789s1z", "win": "1z", "melds": [{"kind": "pon", "tiles": 111}]},
    ],
)
def test_tiles_that_are_not_text_are_refused(tiles):
    """A tiles object from a hand-made request or log: a number or list where notation goes is a
    RuleError, not an AttributeError (a 500 on the picker's call)."""
    with pytest.raises(RuleError, match="is not tile notation"):
        HandTiles.from_json(tiles)


def test_a_wrong_count_says_how_many_are_needed():
    """One meld: "9, not 10" (it read "with 1 melds a hand holds 10")."""
    with pytest.raises(RuleError) as error:
        score(hand="123m456p789s", win="5z", melds=[{"kind": "pon", "tiles": "111z"}])
    assert str(error.value) == (
        "the concealed tiles are 9, not 10: a hand holds 13 besides the winning tile, less 3 for each meld"
    )
