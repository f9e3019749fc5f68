"""Tenhou's three-player ranked rules (sanma), which Mahjong Soul follows (Tenhou three-player rules):
the table's knobs (``TABLE``, which the club's three-player rules copy), and what Tenhou's lobby
settles as its four-player lobby does."""

from dataclasses import replace

from ...errors import gettext_noop
from ...vocabulary import (
    AbortiveReason,
    Extension,
    MultiRonSticks,
    NagashiMode,
    North,
    PaoCounters,
    Renhou,
    TsumoPayment,
    UmaTies,
)
from ..block import CLUB_RULE, Preset
from ..codec import SANMA, RuleSet

TABLE = RuleSet(
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
)
PRESET = Preset(
    # the lobby's rules are the four-player lobby's (Tenhou three-player rules, as Tenhou rules): a double
    # ron's sticks and counters to the first winner after the discarder, ties at the end by seat order,
    # nagashi mangan at the draw without counters, a liable player paying the counters of a ron
    replace(
        TABLE,
        uma_ties=UmaTies.SEAT_ORDER,
        multi_ron_sticks=MultiRonSticks.FIRST,
        nagashi_mode=NagashiMode.MANGAN_AT_DRAW,
        pao_counters=PaoCounters.LIABLE_PAYS,
    ),
    book="Tenhou three-player rules",
    lobby="Tenhou",
    summary=gettext_noop(
        "Tenhou's three-player ranked rules (Mahjong Soul follows them): 35,000 start, 40,000 return, "
        "tsumo loss, Norths set aside as dora, double ron with every stick to the first winner, ties by seat "
        "order, South 3 with a 40,000 top, else a West extension."
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
        "north": gettext_noop(
            "Tenhou three-player rules: a North is set aside as a dora (nukidora), with a replacement draw (a win on "
            "it is rinshan)"
        ),
        **dict.fromkeys(
            ("finish_points", "extension"),
            gettext_noop("Tenhou three-player rules: South 3 with a 40,000 top, else a West extension"),
        ),
        "abortive_draws": gettext_noop(
            "Tenhou three-player rules: nine terminals and four kongs (no four winds or four riichi at three seats)"
        ),
        "uma_ties": gettext_noop(
            "Tenhou three-player rules, as its four-player lobby: of tied players the one nearer the first dealer "
            "takes the better place and the leftover riichi sticks"
        ),
        "multi_ron_sticks": gettext_noop(
            "Tenhou three-player rules, as its four-player lobby: on a double ron every riichi stick on the table, "
            "a co-winner's own included, and the counters go to the first winner after the discarder"
        ),
        "multi_ron": gettext_noop("Tenhou three-player rules: double ron is allowed"),
        "nagashi_mode": gettext_noop(
            "Tenhou three-player rules, as its four-player lobby: nagashi mangan is paid as a mangan self-draw "
            "(with the tsumo loss) without counters, at an exhaustive draw (the dealer keeps the deal only if tenpai)"
        ),
        "pao_counters": gettext_noop(
            "Tenhou three-player rules, as its four-player lobby: on a ron the liable player pays the counters"
        ),
        "leftover_riichi": gettext_noop("Tenhou three-player rules: riichi sticks left at the end go to first place"),
        **dict.fromkeys(("chombo", "chombo_points", "double_wind_pair_fu", "time_up"), CLUB_RULE),
    },
)
