"""The Japan Professional Mahjong League's A rules: uma by how many players end below the start."""

from ...errors import gettext_noop
from ...vocabulary import ChomboMode, LeftoverRiichi, MultiRon, Renhou
from ..block import ALL_ABORTIVE, BIG_AND_KONGS, CLUB_RULE, Preset
from ..codec import RIICHI, RuleSet

PRESET = Preset(
    RuleSet(
        "jpml-a",
        "JPML-A",
        RIICHI,
        uma=(8000, 4000, -4000, -8000),
        uma_situational=((1, (8000, 3000, 1000, -12000)), (3, (12000, -1000, -3000, -8000))),
        multi_ron=MultiRon.HEAD_BUMP,
        abortive_draws=ALL_ABORTIVE,
        pao_hands=BIG_AND_KONGS,
        chombo=ChomboMode.DEDUCTION,
        chombo_points=20000,
        leftover_riichi=LeftoverRiichi.LOST,
        renhou=Renhou.NONE,
        ura_dora=False,
        kan_dora=False,
        ippatsu=False,
    ),
    book="JPML A rules",
    summary=gettext_noop(
        "Japan Professional Mahjong League, A rules: uma depends on how many players end below 30,000."
    ),
    sources={
        "*": gettext_noop("JPML A rules"),
        **dict.fromkeys(("double_wind_pair_fu", "renhou"), CLUB_RULE),
    },
)
