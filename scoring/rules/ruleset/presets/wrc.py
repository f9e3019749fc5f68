"""World Riichi Championship Rules 2022."""

from ...errors import gettext_noop
from ...vocabulary import ChomboMode, LeftoverRiichi, MultiRon
from ..block import Preset
from ..codec import RIICHI, RuleSet

PRESET = Preset(
    RuleSet(
        "wrc",
        "WRC",
        RIICHI,
        kiriage=True,
        max_yakuman=6,
        multi_ron=MultiRon.HEAD_BUMP,
        chombo=ChomboMode.DEDUCTION,
        chombo_points=30000,
        leftover_riichi=LeftoverRiichi.LOST,
        double_wind_pair_fu=2,
    ),
    book="World Riichi Championship Rules 2022",
    summary=gettext_noop("World Riichi Championship rules."),
    sources={
        "*": gettext_noop("World Riichi Championship Rules 2022"),
    },
)
