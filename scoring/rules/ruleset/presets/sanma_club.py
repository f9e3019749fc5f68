"""The club's three-player rules: Tenhou's without the tsumo loss."""

from dataclasses import replace

from ...errors import gettext_noop
from ...vocabulary import TsumoPayment
from ..block import CLUB_RULE, Preset
from . import tenhou_sanma

PRESET = Preset(
    replace(  # Tenhou's table rules; a double ron, ties, nagashi and liability settled as the club's table does
        tenhou_sanma.TABLE,
        slug="sanma-club",
        name="Club sanma",
        tsumo_payment=TsumoPayment.BISECTION,
    ),
    book="the club's three-player rules",
    summary=gettext_noop(
        "The club's three-player rules: Tenhou's, with no tsumo loss (the missing North's share of a "
        "self-draw is split between the two payers)."
    ),
    sources={
        "*": gettext_noop("the club's three-player rules: as the Tenhou three-player rules"),
        "tsumo_payment": gettext_noop(
            "the club's three-player rules: no tsumo loss, read as most clubs and Mahjong Soul's option do, "
            "the North's share split between the two payers (bisection)"
        ),
        **dict.fromkeys(
            ("uma_ties", "multi_ron_sticks", "nagashi_mode", "pao_counters"),
            gettext_noop(
                "the club's three-player rules: a double ron, a tie at the end, nagashi mangan and a liable "
                "player's counters are settled as at the club's four-player table, not as Tenhou's lobby"
            ),
        ),
        **dict.fromkeys(("chombo", "chombo_points", "double_wind_pair_fu", "time_up"), CLUB_RULE),
    },
)
