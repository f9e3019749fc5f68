"""American (NMJL-style) mahjong, with the club's penalties and errors."""

from ...errors import gettext_noop
from ..block import Preset
from ..codec import AMERICAN, RuleSet

PRESET = Preset(
    RuleSet(
        "american",
        "American (NMJL-style)",
        AMERICAN,
        start_points=0,
        return_points=0,
        uma=(0, 0, 0, 0),
        pao_hands=(),
        chombo_points=0,
    ),
    book="American penalties and errors",
    summary=gettext_noop("American (NMJL-style) mahjong: card values, discarder pays double, penalties and errors."),
    sources={
        "*": gettext_noop("American penalties and errors"),
        "american_scoring": gettext_noop("American penalties and errors: players settle up each hand"),
        "discarder_loss": gettext_noop("American penalties and errors: not used, players settle up"),
        "lowest_hand_value": gettext_noop(
            "American penalties and errors; 25: the club's rule, decided where the rulebook is silent"
        ),
    },
    clauses={
        "dead_hand_challenge": '"Death Challenge"',
        "misnamed_discard": '"Erroneous Discard"',
        "mahjong_in_error": '"Erroneous Mahjong"',
    },
)
