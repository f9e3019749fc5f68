"""EMA Riichi Competition Rules 2016."""

from ...errors import gettext_noop
from ...vocabulary import ChomboMode, TimeUp
from ..block import CLUB_RULE, Preset
from ..codec import RIICHI, RuleSet

PRESET = Preset(
    RuleSet(
        "ema-2016",
        "EMA 2016",
        RIICHI,
        chombo=ChomboMode.DEDUCTION_IN_TOURNAMENT,
        chombo_points=20000,
        time_up=TimeUp.ONE_MORE_HAND,
    ),
    book="EMA Riichi Competition Rules 2016",
    summary=gettext_noop("European Mahjong Association tournament rules, 2016 edition."),
    sources={
        "*": gettext_noop("EMA Riichi Competition Rules 2016"),
        "rounds": gettext_noop("EMA Riichi Competition Rules 2016, §3.5: the East and South rounds (hanchan)"),
        **dict.fromkeys(("chombo", "chombo_points"), gettext_noop("EMA Riichi Competition Rules 2016, §3.4.6")),
        **dict.fromkeys(("uma", "uma_ties"), gettext_noop("EMA Riichi Competition Rules 2016, §3.6.1")),
        "leftover_riichi": gettext_noop(
            "EMA Riichi Competition Rules 2016, §3.6; a tie's split rounded down "
            "to 100: the club's rule, decided where the rulebook is silent"
        ),
        "multi_ron": gettext_noop("EMA Riichi Competition Rules 2016, §3.4.9 and §3.3.14"),
        "pao_hands": gettext_noop("EMA Riichi Competition Rules 2016, §3.3.9"),
        "abortive_draws": gettext_noop("EMA Riichi Competition Rules 2016, §3.3.10: play goes on after a fourth kong"),
        **dict.fromkeys(
            ("abortive_counter", "honba_value"), gettext_noop("EMA Riichi Competition Rules 2016, §3.4.10")
        ),
        "abortive_dealer_stays": gettext_noop("EMA Riichi Competition Rules 2016, §3.4.11"),
        **dict.fromkeys(
            ("open_tanyao", "red_fives", "renhou"),
            gettext_noop("EMA Riichi Competition Rules 2016, the changes from the earlier rules"),
        ),
        "double_wind_pair_fu": CLUB_RULE,
        "time_up": gettext_noop("EMA Riichi Competition Rules 2016, time limit"),
    },
    clauses={
        "chombo": "§3.4.6",
        "noten_riichi": "§3.4.6",
        "dead_hand": "§3.4.7",
        "win": "§3.4.9",
        "counters": "§3.4.10",
        "dealer": "§3.4.11",
        "game_end": "§3.5",
        "liability": "§3.3.9",
        "riichi": "§3.3.14",
        "uma": "§3.6.1",
        "abortive": "§3.3.10",
        "dora": "§3.3.2",
    },
)
