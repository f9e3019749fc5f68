"""American (NMJL-style) tournament points, as US tournaments score each game (the US tournament rules): the
common core of the organisers' rules, with Destination Mah Jongg's loss for the discarder."""

from dataclasses import replace

from ...errors import gettext_noop
from ...vocabulary import AmericanScoring
from ..block import Preset
from . import american

CORE = gettext_noop(
    "US tournament rules, the core they share (Destination Mah Jongg, MahjCon, Four Seasons, "
    "themahjonggtournament.com): the card value, +10 self-picked, +20 jokerless (not Singles and Pairs), "
    "+10 to each live hand at a wall game, 0 for a dead hand or a mahjong in error"
)

PRESET = Preset(
    replace(
        american.PRESET.rules,
        slug="american-tournament",
        name="American tournament",
        american_scoring=AmericanScoring.TOURNAMENT_POINTS,
        discarder_loss=(10, 10, 20, 25),
    ),
    book="American penalties and errors",  # the errors and penalties its clauses quote
    regulations="US tournament rules",
    summary=gettext_noop(
        "American mahjong scored in tournament points, as US tournaments score each game: the card value "
        "and bonuses to the winner, +10 to each live hand at a wall game, a loss for the discarder."
    ),
    sources={
        "*": gettext_noop("American penalties and errors"),
        "american_scoring": CORE,
        "discarder_loss": gettext_noop(
            "US tournament rules, Destination Mah Jongg's: the discarder of the winning tile loses 10 with 0 "
            "or 1 exposures, 20 with 2, 25 with 3 or more (MahjCon: 0 / 0 / 20 / 25; others: none)"
        ),
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
