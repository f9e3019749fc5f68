"""EMA Riichi: Rules for Japanese Mahjong 2025, the EMA's rulebook in force."""

from ...errors import gettext_noop
from ...vocabulary import ChomboMode, TimeUp
from ..block import Preset
from ..codec import RIICHI, RuleSet

PRESET = Preset(
    RuleSet(
        "ema-2025",
        "EMA 2025",
        RIICHI,
        kiriage=True,
        chombo=ChomboMode.DEDUCTION_IN_TOURNAMENT,
        chombo_points=20000,
        double_wind_pair_fu=2,
        time_up=TimeUp.ONE_MORE_HAND,
    ),
    book="EMA Riichi: Rules for Japanese Mahjong 2025",
    summary=gettext_noop(
        "European Mahjong Association rules, 2025 edition (in force from 1 January 2026): the 2016 rules "
        "with kiriage mangan, a double-wind pair of 2 fu and renhou as 5 han on its own."
    ),
    sources={
        "*": gettext_noop("EMA Riichi: Rules for Japanese Mahjong 2025, as the 2016 rules"),
        "kiriage": gettext_noop("EMA Riichi: Rules for Japanese Mahjong 2025, §4.1.3"),
        "double_wind_pair_fu": gettext_noop("EMA Riichi: Rules for Japanese Mahjong 2025, §4.1.1"),
        "renhou": gettext_noop(
            "EMA Riichi: Rules for Japanese Mahjong 2025, §4.2: 5 han, combined with neither yaku nor dora"
        ),
        **dict.fromkeys(
            ("chombo", "chombo_points"), gettext_noop("EMA Riichi: Rules for Japanese Mahjong 2025, §3.4.6")
        ),
        "leftover_riichi": gettext_noop(
            "EMA Riichi: Rules for Japanese Mahjong 2025, as the 2016 rules; a tie's "
            "split rounded down to 100: the club's rule, decided where the "
            "rulebook is silent"
        ),
        "time_up": gettext_noop(
            "the club's rule, decided where the rulebook is silent: as the 2016 rules, one "
            "more hand after the gong; a chombo in it is replayed and does not end the game"
        ),
    },
    clauses={"chombo": "§3.4.6", "noten_riichi": "§3.4.6"},
)
