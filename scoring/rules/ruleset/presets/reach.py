"""The Reach club's rules, 'Yer Out!' (2007): a fouls-based club ruleset."""

from ...errors import gettext_noop
from ...vocabulary import ChomboMode
from ..block import ALL_ABORTIVE, BIG_AND_KONGS, CLUB_RULE, Preset
from ..codec import RIICHI, RuleSet

PRESET = Preset(
    RuleSet(
        "reach",
        "Reach",
        RIICHI,
        start_points=25000,
        return_points=30000,
        uma=(20000, 10000, -10000, -20000),
        kazoe=True,
        abortive_draws=ALL_ABORTIVE,
        nagashi=True,
        pao_hands=BIG_AND_KONGS,
        kan_pao=True,
        chombo=ChomboMode.REVERSE_MANGAN,
        mistaken_call_to_pot=1000,
        bust=True,
    ),
    book="Reach club rules, 'Yer Out!' (2007)",
    summary=gettext_noop("The Reach Mahjong club's fouls-based rules."),
    sources={
        "*": CLUB_RULE,
        "chombo": gettext_noop("Reach club rules, 'Yer Out!' (2007), \"Hand Replay\""),
        "mistaken_call_to_pot": gettext_noop("Reach club rules, 'Yer Out!' (2007), \"Mistaken Pung/Chow\""),
        "pao_hands": gettext_noop("Reach club rules, 'Yer Out!' (2007), \"Limit Hand Pows\""),
        "kan_pao": gettext_noop("Reach club rules, 'Yer Out!' (2007), \"Non-Limit Quad Win Pow\""),
    },
    clauses={
        "chombo": '"Hand Replay"',
        "noten_riichi": '"Non-ready Reach"',
        "dead_hand": '"Dead Hand"',
        "liability": '"Limit Hand Pows"',
        "kan_pao": '"Non-Limit Quad Win Pow"',
        "mistaken_call": '"Mistaken Pung/Chow"',
    },
)
