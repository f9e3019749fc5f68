"""Tenhou's four-player ranked rules (般南喰赤: hanchan, open tanyao, red fives), as tenhou.net's
rules page states them and its logs show."""

from ...errors import gettext_noop
from ...vocabulary import PaoCounters
from ..block import CLUB_RULE, Preset, online_lobby

PRESET = Preset(
    online_lobby(
        "tenhou",
        "Tenhou",
        start_points=25000,
        return_points=30000,
        uma=(20000, 10000, -10000, -20000),
        pao_counters=PaoCounters.LIABLE_PAYS,
    ),
    book="Tenhou rules",
    lobby="Tenhou",
    summary=gettext_noop(
        "Tenhou's four-player ranked rules: 25,000 start, 30,000 return, uma +20/+10/−10/−20, red fives, "
        "double ron with every stick to the first winner, a West round when nobody has 30,000."
    ),
    sources={
        "*": gettext_noop("Tenhou rules"),
        **dict.fromkeys(
            ("start_points", "return_points", "uma"),
            gettext_noop(
                "Tenhou rules, as the results of its logs show: 25,000 start, 30,000 return, the 20,000 oka "
                "to first, uma +20/+10/−10/−20"
            ),
        ),
        "uma_ties": gettext_noop(
            "Tenhou rules, as its logs show: of tied players the one nearer the first dealer takes the better "
            "place and the leftover riichi sticks"
        ),
        "result_rounding": gettext_noop(
            "Tenhou rules, as its logs since 2023 show: each result exact to the hundred (its logs until 2021 "
            "round them to whole thousands: see Tenhou (results in thousands))"
        ),
        "max_yakuman": gettext_noop(
            "Tenhou rules: different yakuman in one hand combine (double, triple yakuman); a single pattern "
            "(13-sided kokushi, four concealed pungs on a pair wait) stays one yakuman"
        ),
        "multi_ron_sticks": gettext_noop(
            "Tenhou rules: on a double ron every riichi stick on the table, a co-winner's own included, and "
            "the counters go to the first winner after the discarder (kamicha)"
        ),
        "abortive_draws": gettext_noop(
            "Tenhou rules: nine terminals, four winds, four kongs, four riichi and triple ron are abortive draws"
        ),
        "nagashi_mode": gettext_noop(
            "Tenhou rules: nagashi mangan is paid as a mangan without counters, at an exhaustive draw (the "
            "dealer keeps the deal only if tenpai)"
        ),
        "pao_hands": gettext_noop(
            "Tenhou rules: the player who fed the last set of big three dragons or big four winds is liable: "
            "on a self-draw he pays the whole hand, on a ron off another player half"
        ),
        "pao_counters": gettext_noop("Tenhou rules: on a ron the liable player pays the counters"),
        "leftover_riichi": gettext_noop("Tenhou rules: riichi sticks left at the end go to first place"),
        **dict.fromkeys(
            ("finish_points", "extension"),
            gettext_noop(
                "Tenhou rules: when nobody has 30,000 after South 4, play goes on into the West round until "
                "someone has 30,000 at a hand's end"
            ),
        ),
        "bust": gettext_noop("Tenhou rules: a score below zero ends the game (zero plays on)"),
        "renhou": gettext_noop("Tenhou rules: no renhou"),
        **dict.fromkeys(("chombo", "chombo_points", "double_wind_pair_fu", "time_up"), CLUB_RULE),
        "multi_ron": gettext_noop("Tenhou rules: double ron is allowed; a triple ron is an abortive draw"),
    },
)
