"""A stored MCR win's tiles must give the points (and the fans, where named) it records: the
check ``score_game``, the imports and the hand admin run (``scoring.tiles.gamelog.check_log``)."""

import json
import re

import pytest

from scoring.rules import MCRHand, MCRWin, RuleError, TableState
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE
from scoring.tiles.mcr.check import check_hand

pytestmark = pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}")

CHICKEN = json.dumps(
    {
        "hand": "67s11z",
        "melds": [
            {"kind": "chow", "tiles": "123m"},
            {"kind": "chow", "tiles": "567p"},
            {"kind": "pung", "tiles": "444s"},
        ],
        "win": "8s",
    }
)
NAMES = ("Ann", "Bo", "Cho", "Dee")
EAST_ROUND = TableState((0,) * 4)


@pytest.mark.parametrize(
    ("fan", "fans", "message"),
    [
        (8, (), None),
        (8, ("Chicken Hand",), None),
        (9, (), "Cho's tiles give 8 points (Chicken Hand), the log says 9"),
        (8, ("Mixed Straight",), "Cho's tiles give 8 points (Chicken Hand), the log says 8"),
    ],
)
def test_a_wins_tiles_give_its_points_and_fans(fan, fans, message):
    """West (Cho) wins on East's discard in the East round: a chicken hand (the Green Book, §8 fan 43)."""
    hand = MCRHand("win", MCRWin(2, 0, fan, 0, fans, CHICKEN))
    if message is None:
        check_hand(hand, EAST_ROUND, NAMES, 1)
    else:
        with pytest.raises(RuleError, match=re.escape(message)):
            check_hand(hand, EAST_ROUND, NAMES, 1)
