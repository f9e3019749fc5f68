"""Mahjong Soul's four-player ranked rooms (段位戦: hanchan, red fives), as its rules page states
them."""

from ...errors import gettext_noop
from ..block import CLUB_RULE, Preset, online_lobby

RULES = online_lobby(
    "mahjong-soul", "Mahjong Soul", start_points=25000, return_points=25000, uma=(15000, 5000, -5000, -15000)
)
SOURCES = {
    "*": gettext_noop("Mahjong Soul rules"),
    **dict.fromkeys(
        ("return_points", "uma"),
        gettext_noop(
            "Mahjong Soul rules, as its game records show: each player's points (total_point) are the score from "
            "25,000 plus 15,000/5,000/−5,000/−15,000 by place, no oka; the rank points of a room are per level "
            "and not in the record"
        ),
    ),
    "uma_ties": gettext_noop(
        "Mahjong Soul rules: of tied players the one nearer the first dealer takes the better place and the "
        "leftover riichi sticks"
    ),
    "max_yakuman": gettext_noop(
        "Mahjong Soul rules: yakuman combine, and 13-sided kokushi, four concealed pungs on a pair wait, "
        "nine gates on a nine-sided wait and big four winds are double yakuman"
    ),
    "multi_ron": gettext_noop("Mahjong Soul rules: double ron is allowed"),
    "multi_ron_sticks": gettext_noop(
        "Mahjong Soul rules: on a double ron every riichi stick on the table and the counters go to the "
        "first winner after the discarder"
    ),
    "nagashi_mode": gettext_noop(
        "Mahjong Soul rules: nagashi mangan is paid as a mangan without counters, at an exhaustive draw"
    ),
    **dict.fromkeys(
        ("finish_points", "extension"),
        gettext_noop(
            "Mahjong Soul rules: when nobody has 30,000 after South 4, play goes on into the West round until "
            "someone has 30,000 at a hand's end"
        ),
    ),
    "bust": gettext_noop("Mahjong Soul rules: a score below zero ends the game"),
    "renhou": gettext_noop("Mahjong Soul rules: no renhou in the ranked rooms"),
    **dict.fromkeys(("chombo", "chombo_points", "double_wind_pair_fu", "time_up"), CLUB_RULE),
}

PRESET = Preset(
    RULES,
    book="Mahjong Soul rules",
    lobby="Mahjong Soul",
    summary=gettext_noop(
        "Mahjong Soul's four-player ranked rooms: 25,000 start, results from 25,000 with uma "
        "+15/+5/−5/−15, red fives, double ron with every stick to the first winner, a West round when "
        "nobody has 30,000."
    ),
    sources=SOURCES,
)
