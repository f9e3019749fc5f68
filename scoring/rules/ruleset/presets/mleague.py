"""The Japanese professional M-League's rules."""

from ...errors import gettext_noop
from ...vocabulary import ChomboMode, MultiRon, Renhou
from ..block import BIG_AND_KONGS, CLUB_RULE, Preset
from ..codec import RIICHI, RuleSet

PRESET = Preset(
    RuleSet(
        "mleague",
        "M-League",
        RIICHI,
        start_points=25000,
        return_points=30000,
        uma=(30000, 10000, -10000, -30000),
        kiriage=True,
        max_yakuman=6,
        multi_ron=MultiRon.HEAD_BUMP,
        pao_hands=BIG_AND_KONGS,
        chombo=ChomboMode.DEDUCTION,
        chombo_points=20000,
        red_fives=True,
        renhou=Renhou.NONE,
    ),
    book="M-League rules",
    summary=gettext_noop("The Japanese professional M-League rules."),
    sources={
        "*": gettext_noop("M-League rules"),
        "kazoe": gettext_noop("M-League rules: no kazoe yakuman, 13 han or more is a sanbaiman"),
        "max_yakuman": gettext_noop("M-League rules: different yakuman in one hand combine"),
        "double_wind_pair_fu": CLUB_RULE,
    },
)
