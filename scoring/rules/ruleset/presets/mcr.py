"""MCR: Mahjong Competition Rules (World Mahjong Organization, 2006, "the Green Book"), with the
EMA's MERS tournament regulations (table points, penalties, the time limit). The Green Book's
text numbers no clause the messages quote: they quote it by subject."""

from fractions import Fraction

from ...errors import gettext_noop
from ...vocabulary import TimeUp
from ..block import Preset
from ..codec import MCR, RuleSet

GREEN_BOOK = gettext_noop("Mahjong Competition Rules (WMO 2006)")
MERS = gettext_noop("EMA MCR tournament regulations (MERS)")

PRESET = Preset(
    RuleSet(
        "mcr",
        "MCR (Green Book 2006)",
        MCR,
        start_points=0,
        return_points=0,
        uma=(0, 0, 0, 0),
        pao_hands=(),
        chombo_points=0,
        min_fan=8,
        false_mahjong_points=10,
        table_points=(Fraction(4), Fraction(2), Fraction(1), Fraction(0)),
        time_up=TimeUp.LAST_HAND,
    ),
    book="Mahjong Competition Rules (WMO 2006)",
    regulations=MERS,
    summary=gettext_noop(
        "MCR, the Chinese Official rules: 8-point minimum, 8 from everyone, table points 4 / 2 / 1 / 0."
    ),
    sources={
        "*": GREEN_BOOK,
        "min_fan": gettext_noop("Mahjong Competition Rules (WMO 2006): a win needs 8 points not counting flowers"),
        "false_mahjong_points": gettext_noop("Mahjong Competition Rules (WMO 2006), false mahjong: 10 to each player"),
        "table_points": gettext_noop(
            "EMA MCR tournament regulations (MERS): 4 / 2 / 1 / 0, tied players share the places they span"
        ),
        "time_up": gettext_noop(
            "EMA MCR tournament regulations (MERS): the hand in progress at the time limit is the last"
        ),
        "start_points": GREEN_BOOK,
        "return_points": GREEN_BOOK,
    },
)
