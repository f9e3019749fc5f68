"""EMA Riichi Competition Rules 2008."""

from ...errors import gettext_noop
from ...vocabulary import AbortiveReason, ChomboMode, Renhou
from ..block import CLUB_RULE, Preset
from ..codec import RIICHI, RuleSet

PRESET = Preset(
    RuleSet(
        "ema-2008",
        "EMA 2008",
        RIICHI,
        uma=(30000, 10000, -10000, -30000),
        kazoe=True,
        max_yakuman=2,
        abortive_draws=(
            AbortiveReason.NINE_TERMINALS,
            AbortiveReason.FOUR_WINDS,
            AbortiveReason.FOUR_KONGS,
            AbortiveReason.FOUR_RIICHI,
        ),
        nagashi=True,
        abortive_counter=False,
        abortive_dealer_stays=False,
        chombo=ChomboMode.REVERSE_MANGAN,
        min_han_at_5_counters=2,
        open_tanyao=False,
        red_fives=True,
        renhou=Renhou.YAKUMAN,
    ),
    book="EMA Riichi Competition Rules 2008",
    summary=gettext_noop("European Mahjong Association rules, 2008 edition."),
    sources={
        "*": gettext_noop("EMA Riichi Competition Rules 2008"),
        "rounds": gettext_noop("EMA Riichi Competition Rules 2008, §3.5: the East and South rounds (hanchan)"),
        "uma": gettext_noop("EMA Riichi Competition Rules 2008, §3.6.1"),
        "chombo": gettext_noop("EMA Riichi Competition Rules 2008, §3.4.6"),
        "abortive_draws": gettext_noop(
            "four kongs: EMA Riichi Competition Rules 2008, §3.3.9; the others: the "
            "club's rule, decided where the rulebook is silent"
        ),
        "abortive_counter": gettext_noop(
            "EMA Riichi Competition Rules 2008, §3.4.10; for abortive draws, the club's rule"
        ),
        "abortive_dealer_stays": gettext_noop(
            "EMA Riichi Competition Rules 2008, §3.4.12; for abortive draws, the club's rule"
        ),
        "max_yakuman": gettext_noop(
            "the club's rule, decided where the rulebook is silent: only big four winds is a double yakuman"
        ),
        **dict.fromkeys(("kazoe", "nagashi", "min_han_at_5_counters", "double_wind_pair_fu", "renhou"), CLUB_RULE),
        "leftover_riichi": gettext_noop("EMA Riichi Competition Rules 2008, §3.6"),
        "honba_value": gettext_noop("EMA Riichi Competition Rules 2008, §3.4.10"),
    },
    clauses={
        "chombo": "§3.4.6",
        "noten_riichi": "§3.4.6",
        "dead_hand": "§3.4.7",
        "win": "§3.4.9",
        "counters": "§3.4.10",
        "dealer": "§3.4.12",
        "game_end": "§3.5",
        "liability": "§3.3.9",
        "riichi": "§3.3.12",
        "uma": "§3.6.1",
        "abortive": "§3.3.9",
    },
)
