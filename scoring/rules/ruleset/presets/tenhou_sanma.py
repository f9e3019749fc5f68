"""Tenhou's three-player ranked rules (sanma), which Mahjong Soul follows (Tenhou three-player rules)."""

from ...errors import gettext_noop
from ...vocabulary import AbortiveReason, Extension, North, Renhou, TsumoPayment
from ..block import CLUB_RULE, Preset
from ..codec import SANMA, RuleSet

PRESET = Preset(
    RuleSet(
        "tenhou-sanma",
        "Tenhou sanma",
        SANMA,
        start_points=35000,
        return_points=40000,
        uma=(20000, 0, -20000),
        kazoe=True,
        max_yakuman=6,
        abortive_draws=(AbortiveReason.NINE_TERMINALS, AbortiveReason.FOUR_KONGS),
        nagashi=True,
        bust=True,
        honba_value=200,
        red_fives=True,
        renhou=Renhou.NONE,
        tsumo_payment=TsumoPayment.LOSS,
        noten_pool=2000,
        north=North.NUKIDORA,
        finish_points=40000,
        extension=Extension.NEXT_WIND,
    ),
    book="Tenhou three-player rules",
    lobby="Tenhou",
    summary=gettext_noop(
        "Tenhou's three-player ranked rules (Mahjong Soul follows them): 35,000 start, 40,000 return, "
        "tsumo loss, Norths set aside as dora, South 3 with a 40,000 top, else a West extension."
    ),
    sources={
        "*": gettext_noop("Tenhou three-player rules"),
        "rounds": gettext_noop("Tenhou three-player rules: hanchan (its East-only lobbies: a copy set to East-only)"),
        **dict.fromkeys(
            ("start_points", "return_points"), gettext_noop("Tenhou three-player rules: 35,000 start, 40,000 return")
        ),
        "uma": gettext_noop(
            "Tenhou three-player rules, as the results of its logs show: +20/0/−20, with the 15,000 oka to first"
        ),
        "tsumo_payment": gettext_noop("Tenhou three-player rules: tsumo loss, the North's share is not paid"),
        "honba_value": gettext_noop(
            "Tenhou three-player rules: 200 per counter on a ron, 100 from each of two payers on a tsumo"
        ),
        "noten_pool": gettext_noop("Tenhou three-player rules: a pool of 2,000 shared by the tenpai players"),
        "north": gettext_noop("Tenhou three-player rules: a North is set aside as a dora (nukidora)"),
        **dict.fromkeys(
            ("finish_points", "extension"),
            gettext_noop("Tenhou three-player rules: South 3 with a 40,000 top, else a West extension"),
        ),
        "abortive_draws": gettext_noop(
            "Tenhou three-player rules: nine terminals and four kongs (no four winds or four riichi at three seats)"
        ),
        **dict.fromkeys(("chombo", "chombo_points", "double_wind_pair_fu", "time_up"), CLUB_RULE),
    },
)
