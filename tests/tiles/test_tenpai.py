"""Tenpai claims checked by the tiles (EMA Riichi Competition Rules 2016, §3.3.13)."""

import pytest

from scoring.rules import RuleError, get_preset
from scoring.tiles.notation import HandTiles, write
from scoring.tiles.tenpai import check_tenpai

EMA = get_preset("ema-2016")


def check(hand, melds=()):
    tiles = HandTiles.from_json({"hand": hand, "melds": [{"kind": k, "tiles": t} for k, t in melds]})
    return check_tenpai(tiles, EMA)


@pytest.mark.parametrize(
    ("hand", "melds", "tenpai", "waits"),
    [
        ("23m456789p234s55s", (), True, "14m"),  # two-sided
        ("1112345678999m", (), True, "123456789m"),  # junsei chuuren: nine waits
        ("19m19p19s1234567z", (), True, "19m19p19s1234567z"),  # kokushi, thirteen-sided
        ("1122m3344p5566s7z", (), True, "7z"),  # seven pairs, tanki
        ("456p5z", (("pon", "111z"), ("chi", "234s"), ("pon", "999m")), True, "5z"),
        ("123m456p789s1234s", (), True, "14s"),
        ("123m456p789s1357s", (), False, ""),  # one tile from tenpai
    ],
)
def test_tenpai_and_waits(hand, melds, tenpai, waits):
    result = check(hand, melds)
    assert result.tenpai is tenpai
    assert write(result.waits) == waits


@pytest.mark.parametrize("hand", ["123m456p789s1111z", "1111m456p789s234s"])
def test_a_wait_only_on_a_tile_held_four_times_is_not_tenpai(hand):
    """§3.3.13: "not considered tenpai if he is waiting only for a tile of which he already has 4"."""
    result = check(hand)
    assert (result.tenpai, result.waits, write(result.blocked)) == (False, (), "1z" if "1111z" in hand else "1m")


def test_the_hand_is_thirteen_tiles():
    with pytest.raises(RuleError, match="the concealed tiles are 12"):
        check("123m456p789s123s")


def test_the_copies_in_the_melds_count_too():
    """A pon of 1m and a 1m single wait on a fifth 1m: not tenpai; a kan of 1111m leaves only 4m of 23m's waits."""
    assert check("1m555z", (("pon", "111m"), ("chi", "234s"), ("pon", "999p"))).tenpai is False
    result = check("23m456p789s55s", (("closed_kan", "1111m"),))
    assert (result.tenpai, write(result.waits)) == (True, "4m")


def test_a_hand_one_tile_away_has_no_blocked_wait():
    assert check("123m456p789s1357s").blocked == ()
