"""The golden table: real hands with the yaku, han, fu and payment the rulebooks give.

Every expectation is worked out by hand from the rules (yaku values and fu as in the EMA
2016 rules and WRC 2022, the payment table, the presets' knobs), never by running the
library. A row is scored under EMA 2025, EMA 2016, WRC and M-League; ``by`` holds what a
preset changes (kiriage, yakuman limit, red fives, renhou, the double-wind pair's fu).

Conventions: the winner sits South (seat 1) in the East round unless ``seat``/``rnd`` say
otherwise (seat 0 is the dealer); ``hand`` is the concealed tiles without the winning tile;
melds are ``kind:tiles`` (``ckan`` a closed kan); ``yaku`` is ``name:han`` (``Y`` a yakuman).
Payments: ``ron N``; ``tsumo N/M`` (each non-dealer / the dealer); ``tsumo N all`` (a dealer's).
Trailing comments give a row's fu sum where it is not obvious (``20+10+8+2``: base, closed ron,
closed terminal pon, kanchan; rounded up to the next 10).

A hand that is "tenpai" only on a tile it already holds four of is no win, so it is not a row:
``test_tenpai.py::test_a_wait_only_on_a_tile_held_four_times_is_not_tenpai`` checks it under
EMA Riichi Competition Rules 2016, §3.3.13.
"""

from typing import NamedTuple

PRESETS = ("ema-2025", "ema-2016", "wrc", "mleague")
NO_RED = "this ruleset has no red fives"
NO_RENHOU = "renhou is not a yaku under this ruleset"
KIRIAGE = ("ema-2025", "wrc", "mleague")
TWO_FU_PAIR = ("ema-2025", "wrc")


class Row(NamedTuple):
    name: str
    hand: str
    win: str
    yaku: str
    han: int
    fu: int | None
    pay: str
    melds: str = ""
    tsumo: bool = False
    seat: int = 1
    rnd: int = 0
    riichi: bool = False
    dora: str = ""
    ura: str = ""
    cond: str = ""
    by: dict = {}


def kiriage(pay: str) -> dict:
    """4 han 30 fu and 3 han 60 fu are a mangan under EMA 2025 (§4.1.3), WRC and M-League."""
    return {preset: {"pay": pay} for preset in KIRIAGE}


def only_mleague(error: str) -> dict:
    return {preset: {"error": error} for preset in PRESETS if preset != "mleague"}


def double(pay: str) -> dict:
    """Different yakuman: WRC and M-League combine them (max_yakuman 6; M-League rules: 役満の複合あり),
    EMA 2016 and 2025 pay one."""
    return {"wrc": {"pay": pay}, "mleague": {"pay": pay}}


def two_fu_pair(fu: int, pay: str) -> dict:
    """A pair of the seat and round wind is 2 fu under EMA 2025 (§4.1.1) and WRC, 4 elsewhere."""
    return dict.fromkeys(TWO_FU_PAIR, {"fu": fu, "pay": pay})


PINFU = "23m456789p234s55s"  # waits 1m-4m; with 4m: 234m 456p 789p 234s 55s
TANPIN = "34m456678p234s55s"  # waits 2m-5m; all simples
CHINITSU = "1233455667799p"  # with 8p: 123 345 567 678 99p, a two-sided wait
CHIITOI = "1122m3344p5566s7z"
KOKUSHI13 = "19m19p19s1234567z"
SANKAN = "kan:2222m kan:6666p ckan:7777s"
SANPIN = "234m234p23s678s55p"  # with 4s: sanshoku 234, tanyao, pinfu
PON4 = "444m123p567s78s99p"  # a closed pon of simples; waits 6s-9s
PON88 = "111m999p567s78s44p"  # two closed terminal pons; waits 6s-9s
HATSU = "666z123m456p78s99s"  # a closed hatsu pon; waits 6s-9s
KAN6P = "123m456s78s99p"  # with ckan:6666p; waits 6s-9s
KAN4P = "999m123s78s66m"  # with ckan:4444p: a closed terminal pon; waits 6s-9s
TWO_KANS = "123s78s66m"  # with ckan:3333z ckan:9999m; waits 6s-9s

ROWS = [
    # riichi, pinfu, tsumo and the plain hands (EMA Riichi Competition Rules 2016, §§ on riichi, pinfu, menzen tsumo; fu table)
    Row("riichi pinfu ron", PINFU, "4m", "riichi:1 pinfu:1", 2, 30, "ron 2000", riichi=True),
    Row("riichi pinfu tsumo (20 fu)", PINFU, "4m", "riichi:1 pinfu:1 tsumo:1", 3, 20, "tsumo 700/1300",
        tsumo=True, riichi=True),
    Row("dealer riichi pinfu tsumo", PINFU, "4m", "riichi:1 pinfu:1 tsumo:1", 3, 20, "tsumo 1300 all",
        tsumo=True, riichi=True, seat=0),
    Row("pinfu ron alone", PINFU, "1m", "pinfu:1", 1, 30, "ron 1000"),
    Row("pinfu tsumo", PINFU, "4m", "pinfu:1 tsumo:1", 2, 20, "tsumo 400/700", tsumo=True),
    Row("dealer pinfu ron", PINFU, "4m", "pinfu:1", 1, 30, "ron 1500", seat=0),
    Row("dealer pinfu tsumo", PINFU, "1m", "pinfu:1 tsumo:1", 2, 20, "tsumo 700 all", tsumo=True, seat=0),
    Row("tanyao pinfu", TANPIN, "5m", "tanyao:1 pinfu:1", 2, 30, "ron 2000"),
    Row("dealer tanyao pinfu", TANPIN, "2m", "tanyao:1 pinfu:1", 2, 30, "ron 2900", seat=0),
    Row("tanyao pinfu dora", TANPIN, "5m", "tanyao:1 pinfu:1 dora:1", 3, 30, "ron 3900", dora="4p"),
    Row("riichi tanpin dora ura two", TANPIN, "5m", "riichi:1 tanyao:1 pinfu:1 dora:1 ura:2", 6, None,
        "ron 12000", riichi=True, dora="4p", ura="4s"),
    Row("riichi tanpin dora: 4 han 30 fu", TANPIN, "5m", "riichi:1 tanyao:1 pinfu:1 dora:1", 4, 30, "ron 7700",
        riichi=True, dora="4p", by=kiriage("ron 8000")),
    Row("dealer riichi tanpin dora: 4 han 30 fu", TANPIN, "5m", "riichi:1 tanyao:1 pinfu:1 dora:1", 4, 30,
        "ron 11600", riichi=True, dora="4p", seat=0, by=kiriage("ron 12000")),
    Row("iipeiko pinfu", "22334m567p678s99s", "4m", "iipeiko:1 pinfu:1", 2, 30, "ron 2000"),
    Row("riichi tanki on a dragon", "123m456p789s123s5z", "5z", "riichi:1", 1, 40, "ron 1300", riichi=True),
    Row("riichi tsumo kanchan, closed pon", "222m456p13s678s99p", "2s", "riichi:1 tsumo:1", 2, 30,
        "tsumo 500/1000", tsumo=True, riichi=True),
    Row("riichi penchan", "12m456p789p234s55s", "3m", "riichi:1", 1, 40, "ron 1300", riichi=True),
    Row("menzen tsumo on a kanchan", "123m456p789s24s33z", "3s", "tsumo:1", 1, 30, "tsumo 300/500", tsumo=True),
    Row("dealer riichi pinfu ron", PINFU, "4m", "riichi:1 pinfu:1", 2, 30, "ron 2900", riichi=True, seat=0),
    # fu of sets, waits and pairs in closed hands (fu table: 20, +10 closed ron, +2 tsumo but pinfu; rounded up)
    Row("riichi, closed pon of simples (40 fu)", PON4, "9s", "riichi:1", 1, 40, "ron 1300", riichi=True),  # 20+10+4
    Row("riichi tsumo, closed pon of simples (30 fu)", PON4, "9s", "riichi:1 tsumo:1", 2, 30, "tsumo 500/1000",
        tsumo=True, riichi=True),  # 20+2+4
    Row("dealer riichi, closed terminal pon and kanchan (40 fu)", "999m123p567s79s44p", "8s", "riichi:1", 1, 40,
        "ron 2000", riichi=True, seat=0),  # 20+10+8+2
    Row("riichi, two closed terminal pons (50 fu)", PON88, "9s", "riichi:1", 1, 50, "ron 1600", riichi=True),
    Row("riichi tsumo, two closed terminal pons (40 fu)", PON88, "9s", "riichi:1 tsumo:1", 2, 40, "tsumo 700/1300",
        tsumo=True, riichi=True),  # 20+2+8+8
    Row("riichi tsumo, west pon and penchan (40 fu)", "333z123p456s12m55p", "3m", "riichi:1 tsumo:1", 2, 40,
        "tsumo 700/1300", tsumo=True, riichi=True),  # 20+2+8+2; West is no value wind for South in East
    Row("riichi, nobetan is a tanki: no pinfu (40 fu)", "123m456p789s1234s", "4s", "riichi:1", 1, 40, "ron 1300",
        riichi=True),  # 20+10+2
    Row("riichi tsumo, seat-wind pair: no pinfu (30 fu)", "123m456p789s23s22z", "1s", "riichi:1 tsumo:1", 2, 30,
        "tsumo 500/1000", tsumo=True, riichi=True),  # 20+2+2
    Row("riichi, round-wind pair (40 fu)", "123m456p789s23s11z", "4s", "riichi:1", 1, 40, "ron 1300", riichi=True),
    Row("closed tanyao on a pon (40 fu)", "222m345p678s34s88p", "5s", "tanyao:1", 1, 40, "ron 1300"),  # 20+10+4
    Row("the same tanyao with the pon called (30 fu)", "345p678s34s88p", "5s", "tanyao:1", 1, 30, "ron 1000",
        melds="pon:222m"),  # 20+2
    Row("iipeiko on a kanchan (40 fu)", "223344m567p13s99s", "2s", "iipeiko:1", 1, 40, "ron 1300"),
    Row("riichi hatsu closed pon (40 fu)", HATSU, "9s", "riichi:1 hatsu:1", 2, 40, "ron 2600", riichi=True),
    Row("dealer riichi hatsu closed pon and a dora (3 han 40 fu)", HATSU, "9s", "riichi:1 hatsu:1 dora:1", 3, 40,
        "ron 7700", riichi=True, seat=0, dora="2m"),
    Row("riichi hatsu and two dora: 4 han 40 fu is a mangan", HATSU, "6s", "riichi:1 hatsu:1 dora:2", 4, 40,
        "ron 8000", riichi=True, dora="8s"),
    # closed kans: 16 simples, 32 terminals and honours (an open kan is half)
    Row("riichi, closed kan of simples (50 fu)", KAN6P, "9s", "riichi:1", 1, 50, "ron 1600", melds="ckan:6666p",
        riichi=True),  # 20+10+16
    Row("riichi tsumo, closed kan of terminals and kanchan (60 fu)", "123p456s79s55p", "8s", "riichi:1 tsumo:1", 2,
        60, "tsumo 1000/2000", melds="ckan:9999m", tsumo=True, riichi=True),  # 20+2+32+2
    Row("riichi, closed kan of simples and terminal pon (60 fu)", KAN4P, "9s", "riichi:1", 1, 60, "ron 2000",
        melds="ckan:4444p", riichi=True),  # 20+10+16+8
    Row("dealer riichi tsumo, closed kan and terminal pon (50 fu)", KAN4P, "9s", "riichi:1 tsumo:1", 2, 50,
        "tsumo 1600 all", melds="ckan:4444p", tsumo=True, riichi=True, seat=0),  # 20+2+16+8
    Row("riichi, closed kans of a wind and of simples (80 fu)", "123m78s66p", "9s", "riichi:1", 1, 80, "ron 2600",
        melds="ckan:3333z ckan:4444p", riichi=True),  # 20+10+32+16
    Row("riichi, closed kans of a wind and of terminals (100 fu)", TWO_KANS, "9s", "riichi:1", 1, 100, "ron 3200",
        melds="ckan:3333z ckan:9999m", riichi=True),  # 20+10+32+32
    Row("dealer riichi tsumo, closed kans of a wind and of terminals (90 fu)", TWO_KANS, "9s", "riichi:1 tsumo:1", 2,
        90, "tsumo 2900 all", melds="ckan:3333z ckan:9999m", tsumo=True, riichi=True, seat=0),  # 20+2+32+32
    Row("riichi chun closed kan (70 fu)", "234m567p34s88p", "5s", "riichi:1 chun:1", 2, 70, "ron 4500",
        melds="ckan:7777z", riichi=True),  # 20+10+32
    Row("riichi chun closed kan and a dora: 3 han 70 fu is a mangan", "234m567p34s88p", "5s",
        "riichi:1 chun:1 dora:1", 3, 70, "ron 8000", melds="ckan:7777z", riichi=True, dora="1m"),
    # ambiguous hands: the reading worth most is scored
    Row("riichi 3455s: the two-sided reading gives pinfu", "123m456p789p3455s", "5s", "riichi:1 pinfu:1", 2, 30,
        "ron 2000", riichi=True),  # not a tanki (1 han 40 fu)
    Row("riichi 23445s: the kanchan reading gives 50 fu", "111m23445s789p55z", "3s", "riichi:1", 1, 50, "ron 1600",
        riichi=True),  # 20+10+8+2 pair+2 kanchan; two-sided: 40
    Row("111222333m: three triplets beat three sequences", "111222333m456p7z", "7z", "sanankou:2", 2, 50,
        "ron 3200"),  # 20+10+8+4+4+2 pair+2 tanki; as iipeiko: 1 han 40 fu
    # conditions the table does not know
    Row("double riichi ippatsu pinfu: 4 han 30 fu", PINFU, "4m", "double_riichi:2 ippatsu:1 pinfu:1", 4, 30,
        "ron 7700", riichi=True, cond="double_riichi ippatsu", by=kiriage("ron 8000")),
    Row("riichi ippatsu tsumo pinfu", PINFU, "4m", "riichi:1 ippatsu:1 tsumo:1 pinfu:1", 4, 20, "tsumo 1300/2600",
        tsumo=True, riichi=True, cond="ippatsu"),
    Row("haitei", PINFU, "4m", "pinfu:1 tsumo:1 haitei:1", 3, 20, "tsumo 700/1300", tsumo=True, cond="last_tile"),
    Row("houtei", PINFU, "4m", "pinfu:1 houtei:1", 2, 30, "ron 2000", cond="last_tile"),
    Row("chankan", PINFU, "1m", "pinfu:1 chankan:1", 2, 30, "ron 2000", cond="robbing_kan"),
    Row("riichi ippatsu pinfu ron", PINFU, "1m", "riichi:1 ippatsu:1 pinfu:1", 3, 30, "ron 3900", riichi=True,
        cond="ippatsu"),
    Row("dealer double riichi pinfu", PINFU, "4m", "double_riichi:2 pinfu:1", 3, 30, "ron 5800", riichi=True, seat=0,
        cond="double_riichi"),
    Row("double riichi tsumo, closed pon (30 fu)", PON4, "6s", "double_riichi:2 tsumo:1", 3, 30, "tsumo 1000/2000",
        tsumo=True, riichi=True, cond="double_riichi"),
    Row("riichi ippatsu with an ura dora (3 han 40 fu)", PON4, "9s", "riichi:1 ippatsu:1 ura:1", 3, 40, "ron 5200",
        riichi=True, dora="1z", ura="2p", cond="ippatsu"),
    Row("riichi haitei, closed pon (30 fu)", PON4, "9s", "riichi:1 tsumo:1 haitei:1", 3, 30, "tsumo 1000/2000",
        tsumo=True, riichi=True, cond="last_tile"),
    Row("riichi houtei, two closed terminal pons (50 fu)", PON88, "9s", "riichi:1 houtei:1", 2, 50, "ron 3200",
        riichi=True, cond="last_tile"),
    Row("houtei is the only yaku of an open hand", "123p456s33z78p", "9p", "houtei:1", 1, 30, "ron 1000",
        melds="chi:789m", cond="last_tile"),
    Row("dealer haitei is the only yaku of an open hand", "123p456s33z78p", "6p", "haitei:1", 1, 30, "tsumo 500 all",
        melds="chi:789m", tsumo=True, seat=0, cond="last_tile"),
    Row("rinshan on a closed kan, with menzen tsumo (40 fu)", KAN6P, "9s", "tsumo:1 rinshan:1", 2, 40,
        "tsumo 700/1300", melds="ckan:6666p", tsumo=True, cond="after_kan"),  # 20+2+16
    Row("dealer rinshan on an open chun kan (40 fu)", "234m567p34s88p", "2s", "chun:1 rinshan:1", 2, 40,
        "tsumo 1300 all", melds="kan:7777z", tsumo=True, seat=0, cond="after_kan"),  # 20+16+2
    Row("chankan tanpin", TANPIN, "2m", "tanyao:1 pinfu:1 chankan:1", 3, 30, "ron 3900", cond="robbing_kan"),
    Row("chankan on a kanchan, open tanyao", "567p678s46s88p", "5s", "tanyao:1 chankan:1", 2, 30, "ron 2000",
        melds="chi:234m", cond="robbing_kan"),
    Row("riichi ippatsu tsumo chiitoitsu: mangan", CHIITOI, "7z", "riichi:1 ippatsu:1 tsumo:1 chiitoitsu:2", 5, None,
        "tsumo 2000/4000", tsumo=True, riichi=True, cond="ippatsu"),
    Row("double riichi chiitoitsu (4 han 25 fu, no kiriage)", CHIITOI, "7z", "double_riichi:2 chiitoitsu:2", 4, 25,
        "ron 6400", riichi=True, cond="double_riichi"),
    # dora, ura dora and kan dora; the indicator's next tile, 9 -> 1, North -> East, Red -> White
    Row("riichi pinfu tsumo and an ura dora: 4 han 20 fu", PINFU, "4m", "riichi:1 pinfu:1 tsumo:1 ura:1", 4, 20,
        "tsumo 1300/2600", tsumo=True, riichi=True, dora="1z", ura="3m"),
    Row("dealer riichi pinfu tsumo and a dora: 4 han 20 fu", PINFU, "1m", "riichi:1 pinfu:1 tsumo:1 dora:1", 4, 20,
        "tsumo 2600 all", tsumo=True, riichi=True, seat=0, dora="8p"),
    Row("dora wrap: North shows East", "123m456p789s23s11z", "4s", "riichi:1 dora:2", 3, 40, "ron 5200",
        riichi=True, dora="4z"),
    Row("dora wrap: a nine shows the one, Red shows White", "123m456p789s23s55z", "1s", "riichi:1 dora:1 ura:2", 4,
        40, "ron 8000", riichi=True, dora="9m", ura="7z"),  # 20+10+2 dragon pair
    Row("kan dora and ura dora on a closed kan: haneman", KAN6P, "9s", "riichi:1 dora:5 ura:1", 7, None, "ron 12000",
        melds="ckan:6666p", riichi=True, dora="1m5p", ura="8s"),
    # seven pairs (25 fu)
    Row("chiitoitsu ron", CHIITOI, "7z", "chiitoitsu:2", 2, 25, "ron 1600"),
    Row("dealer chiitoitsu ron", CHIITOI, "7z", "chiitoitsu:2", 2, 25, "ron 2400", seat=0),
    Row("chiitoitsu tsumo", CHIITOI, "7z", "chiitoitsu:2 tsumo:1", 3, 25, "tsumo 800/1600", tsumo=True),
    Row("riichi tsumo chiitoitsu dora two", CHIITOI, "7z", "riichi:1 tsumo:1 chiitoitsu:2 dora:2", 6, None,
        "tsumo 3000/6000", tsumo=True, riichi=True, dora="1m"),
    Row("tanyao chiitoitsu", "2244m3366p5588s7s", "7s", "tanyao:1 chiitoitsu:2", 3, 25, "ron 3200"),
    Row("chiitoitsu dora on the dragon pair", CHIITOI, "7z", "chiitoitsu:2 dora:2", 4, 25, "ron 6400", dora="6z"),
    Row("honroutou chiitoitsu", "1199m1199p1199s1z", "1z", "chiitoitsu:2 honroutou:2", 4, 25, "ron 6400"),
    Row("honroutou chiitoitsu tsumo", "1199m1199p1199s1z", "1z", "chiitoitsu:2 honroutou:2 tsumo:1", 5, None,
        "tsumo 2000/4000", tsumo=True),
    Row("dealer riichi chiitoitsu (3 han 25 fu)", CHIITOI, "7z", "riichi:1 chiitoitsu:2", 3, 25, "ron 4800",
        riichi=True, seat=0),
    Row("dealer riichi tsumo chiitoitsu (4 han 25 fu)", CHIITOI, "7z", "riichi:1 tsumo:1 chiitoitsu:2", 4, 25,
        "tsumo 3200 all", tsumo=True, riichi=True, seat=0),
    Row("riichi chiitoitsu, two dora and two ura: haneman", CHIITOI, "7z", "riichi:1 chiitoitsu:2 dora:2 ura:2", 7,
        None, "ron 12000", riichi=True, dora="1m", ura="2p"),
    Row("honitsu chiitoitsu: mangan", "1133557799m112z", "2z", "honitsu:3 chiitoitsu:2", 5, None, "ron 8000"),
    Row("chinitsu chiitoitsu: baiman", "1122445577889s", "9s", "chinitsu:6 chiitoitsu:2", 8, None, "ron 16000"),
    Row("ryanpeikou beats seven pairs", "223344m556677p8s", "8s", "ryanpeikou:3 tanyao:1", 4, 40, "ron 8000"),
    # open hands
    Row("open tanyao on a shanpon", "567p678s22s44p", "2s", "tanyao:1", 1, 30, "ron 1000", melds="chi:234m"),
    Row("dealer open tanyao tsumo", "567p678s22s44p", "2s", "tanyao:1", 1, 30, "tsumo 500 all",
        melds="chi:234m", tsumo=True, seat=0),
    Row("red dragon pon", "234m567p34s88p", "5s", "chun:1", 1, 30, "ron 1000", melds="pon:777z"),
    Row("red dragon pon tsumo", "234m567p34s88p", "5s", "chun:1", 1, 30, "tsumo 300/500", melds="pon:777z",
        tsumo=True),
    Row("dealer's double east pon", "234m567p34s88p", "2s", "seat_east:1 round_east:1", 2, 30, "ron 2900",
        melds="pon:111z", seat=0),
    Row("double south pon in the south round", "234m567p34s88p", "5s", "seat_south:1 round_south:1", 2, 30,
        "ron 2000", melds="pon:222z", rnd=1),
    Row("open sanshoku", "123m23s456m99p", "1s", "sanshoku:1", 1, 30, "ron 1000", melds="chi:123p"),
    Row("open ittsu", "123456p23s55m", "1s", "ittsu:1", 1, 30, "ron 1000", melds="chi:789p"),
    Row("open honitsu ittsu", "123m456m78m33z", "9m", "ittsu:1 honitsu:2", 3, 30, "ron 3900", melds="pon:444z"),
    Row("toitoi ron", "444s99s33z", "9s", "toitoi:2", 2, 40, "ron 2600", melds="pon:222m pon:888p"),
    Row("toitoi tsumo", "444s99s33z", "9s", "toitoi:2", 2, 40, "tsumo 700/1300", melds="pon:222m pon:888p",
        tsumo=True),
    Row("shousangen: 4 han 30 fu", "77z234m56p", "7p", "shousangen:2 haku:1 hatsu:1", 4, 30, "ron 7700",
        melds="pon:555z pon:666z", by=kiriage("ron 8000")),
    Row("sanshoku doukou tanyao", "222p222s45m88p", "6m", "sanshoku_doukou:2 tanyao:1", 3, 30, "ron 3900",
        melds="pon:222m"),
    Row("haku toitoi honitsu", "999p22p33z", "3z", "haku:1 toitoi:2 honitsu:2", 5, None, "ron 8000",
        melds="pon:555z pon:111p"),
    Row("open chinitsu ittsu", "2345678999s", "4s", "chinitsu:5 ittsu:1", 6, None, "ron 12000", melds="chi:123s"),
    Row("dealer open chinitsu tsumo", "2345678999s", "4s", "chinitsu:5 ittsu:1", 6, None, "tsumo 6000 all",
        melds="chi:123s", tsumo=True, seat=0),
    Row("haku and three dora: 4 han 30 fu", "234m567s55p34p", "5p", "haku:1 dora:3", 4, 30, "ron 7700",
        melds="pon:555z", dora="4p", by=kiriage("ron 8000")),
    Row("toitoi honroutou round wind", "111z99p99m", "9p", "toitoi:2 honroutou:2 round_east:1", 5, None,
        "ron 8000", melds="pon:111m pon:999s"),
    Row("open tanyao tsumo, all sequences: 22 fu is 30", "567p678s34s88p", "2s", "tanyao:1", 1, 30, "tsumo 300/500",
        melds="chi:234m", tsumo=True),
    Row("dealer open tanyao, all sequences", "567p678s34s88p", "5s", "tanyao:1", 1, 30, "ron 1500", melds="chi:234m",
        seat=0),
    Row("chun pon, open kan of terminals, tanki (50 fu)", "234m678p9p", "9p", "chun:1", 1, 50, "ron 1600",
        melds="pon:777z kan:1111s"),  # 20+4+16+2
    Row("open kan of red dragons, tsumo (40 fu)", "234m567p34s88p", "2s", "chun:1", 1, 40, "tsumo 400/700",
        melds="kan:7777z", tsumo=True),  # 20+16+2
    Row("dealer hatsu pon, terminal pon, tanki (30 fu)", "234m567p8p", "8p", "hatsu:1", 1, 30, "ron 1500",
        melds="pon:666z pon:999s", seat=0),  # 20+4+4+2
    Row("dealer open chun, closed terminal pon, kanchan, tsumo (40 fu)", "999m234p57s88p", "6s", "chun:1", 1, 40,
        "tsumo 700 all", melds="pon:777z", tsumo=True, seat=0),  # 20+4+8+2+2
    Row("open chun, two closed terminal pons, tsumo (50 fu)", "111m999p23s44m", "4s", "chun:1", 1, 50,
        "tsumo 400/800", melds="pon:777z", tsumo=True),  # 20+4+8+8+2
    Row("west seat's west pon, tsumo", "234m567p78s88p", "6s", "seat_west:1", 1, 30, "tsumo 300/500",
        melds="pon:333z", tsumo=True, seat=2),
    Row("north seat's north pon in the south round", "234m567p78s88p", "9s", "seat_north:1", 1, 30, "ron 1000",
        melds="pon:444z", seat=3, rnd=1),
    Row("dealer's south pon in the south round: round wind only", "234m567p78s88p", "9s", "round_south:1", 1, 30,
        "ron 1500", melds="pon:222z", seat=0, rnd=1),
    # the yaku worth a han less open (kuisagari): chanta, junchan, honitsu, chinitsu
    Row("open chanta (1 han)", "789m789s12m33z", "3m", "chanta:1", 1, 30, "ron 1000", melds="chi:123p"),
    Row("closed chanta on the same wait (2 han 40 fu)", "123p789m789s12m33z", "3m", "chanta:2", 2, 40, "ron 2600"),
    Row("open junchan (2 han)", "789m789s12m99p", "3m", "junchan:2", 2, 30, "ron 2000", melds="chi:123p"),
    Row("closed junchan riichi tsumo: mangan", "123p789m789s12m99p", "3m", "riichi:1 tsumo:1 junchan:3", 5, None,
        "tsumo 2000/4000", tsumo=True, riichi=True),
    Row("junchan sanshoku: mangan", "123m123p12s789m99s", "3s", "junchan:3 sanshoku:2", 5, None, "ron 8000"),
    Row("open honitsu (2 han)", "234p567p33z44z", "3z", "honitsu:2", 2, 30, "ron 2000", melds="chi:789p"),  # 20+4
    Row("closed honitsu on a shanpon (3 han 40 fu)", "234p567p789p33z44z", "3z", "honitsu:3", 3, 40, "ron 5200"),
    Row("dealer open chinitsu: mangan", "567s789s11s23s", "1s", "chinitsu:5", 5, None, "ron 12000", melds="chi:234s",
        seat=0),
    Row("closed honitsu chun, riichi tsumo: haneman", "777z123p456p99p23p", "4p", "riichi:1 tsumo:1 honitsu:3 chun:1",
        6, None, "tsumo 3000/6000", tsumo=True, riichi=True),
    Row("dealer open honitsu toitoi, haku and hatsu: haneman", "999p22p33z", "3z", "haku:1 hatsu:1 toitoi:2 honitsu:2",
        6, None, "ron 18000", melds="pon:555z pon:666z", seat=0),
    # triplets: a triplet completed by ron counts as open (no sanankou, open fu)
    Row("toitoi ron on a shanpon: the ron triplet is open, no sanankou", "222m444p99s11s", "9s", "toitoi:2", 2, 40,
        "ron 2600", melds="pon:888p"),  # 20+2+4+4+4
    Row("the same toitoi by tsumo: sanankou", "222m444p99s11s", "9s", "toitoi:2 sanankou:2", 4, 40, "tsumo 2000/4000",
        melds="pon:888p", tsumo=True),  # 20+2+4+4+8+2
    Row("toitoi chun, closed terminal pon, ron on a shanpon (40 fu)", "999m33s44s", "3s", "chun:1 toitoi:2", 3, 40,
        "ron 5200", melds="pon:777z pon:222p"),  # 20+4+2+8+2
    Row("toitoi chun by tsumo: two concealed triplets (40 fu)", "999m33s44s", "3s", "chun:1 toitoi:2", 3, 40,
        "tsumo 1300/2600", melds="pon:777z pon:222p", tsumo=True),  # 20+4+2+8+4+2
    Row("open sanshoku doukou, tanki", "333s678s4p", "4p", "sanshoku_doukou:2 tanyao:1", 3, 30, "ron 3900",
        melds="pon:333m pon:333p"),  # 20+2+2+4+2
    Row("closed sanshoku doukou sanankou: 4 han 60 fu", "999m999p999s78s11p", "6s", "sanshoku_doukou:2 sanankou:2",
        4, 60, "ron 8000"),  # 20+10+8+8+8
    Row("honroutou toitoi sanankou seat wind, tsumo: haneman", "111p999s11z22z", "2z",
        "honroutou:2 toitoi:2 sanankou:2 seat_south:1", 7, None, "tsumo 3000/6000", melds="pon:999m", tsumo=True),
    # kans
    Row("sankantsu tanyao: 3 han 60 fu", "34s88p", "5s", "sankantsu:2 tanyao:1", 3, 60, "ron 7700",
        melds=SANKAN, by=kiriage("ron 8000")),
    Row("rinshan on the third kan", "34s88p", "2s", "sankantsu:2 tanyao:1 rinshan:1 ", 4, 60, "tsumo 2000/4000",
        melds=SANKAN, tsumo=True, cond="after_kan"),
    Row("kan dora on two kans", "34s88p", "5s", "sankantsu:2 tanyao:1 dora:8", 11, None, "ron 24000",
        melds=SANKAN, dora="1m5p"),
    Row("closed kan of red dragons (70 fu)", "234m567p34s88p", "5s", "chun:1", 1, 70, "ron 2300",
        melds="ckan:7777z"),
    Row("closed kan of red dragons tsumo", "234m567p34s88p", "2s", "chun:1 tsumo:1", 2, 60, "tsumo 1000/2000",
        melds="ckan:7777z", tsumo=True),
    # closed yaku
    Row("sanankou tanyao", "222m555p777s34m88p", "5m", "sanankou:2 tanyao:1", 3, 50, "ron 6400"),
    Row("riichi sanankou: 3 han 60 fu", "111m999p111s13s55p", "2s", "riichi:1 sanankou:2", 3, 60, "ron 7700",
        riichi=True, by=kiriage("ron 8000")),
    # kiriage: 4 han 30 fu and 3 han 60 fu are a mangan under EMA 2025, WRC and M-League
    Row("riichi tsumo and two dora: 4 han 30 fu", PON4, "9s", "riichi:1 tsumo:1 dora:2", 4, 30, "tsumo 2000/3900",
        tsumo=True, riichi=True, dora="8p", by=kiriage("tsumo 2000/4000")),
    Row("dealer riichi tsumo and two dora: 4 han 30 fu", PON4, "9s", "riichi:1 tsumo:1 dora:2", 4, 30,
        "tsumo 3900 all", tsumo=True, riichi=True, seat=0, dora="8p", by=kiriage("tsumo 4000 all")),
    Row("riichi tsumo chun closed kan: 3 han 60 fu", "234m567p34s88p", "2s", "riichi:1 tsumo:1 chun:1", 3, 60,
        "tsumo 2000/3900", melds="ckan:7777z", tsumo=True, riichi=True, by=kiriage("tsumo 2000/4000")),  # 20+2+32
    Row("dealer riichi tsumo, closed terminal kan, kanchan, dora: 3 han 60 fu", "123p456s79s55p", "8s",
        "riichi:1 tsumo:1 dora:1", 3, 60, "tsumo 3900 all", melds="ckan:9999m", tsumo=True, riichi=True, seat=0,
        dora="7s", by=kiriage("tsumo 4000 all")),
    Row("dealer riichi, closed kan and terminal pon, two dora: 3 han 60 fu", KAN4P, "9s", "riichi:1 dora:2", 3, 60,
        "ron 11600", melds="ckan:4444p", riichi=True, seat=0, dora="5m", by=kiriage("ron 12000")),
    Row("open honitsu haku and a dora: 4 han 30 fu", "234m678m99m23m", "1m", "haku:1 honitsu:2 dora:1", 4, 30,
        "ron 7700", melds="pon:555z", dora="7m", by=kiriage("ron 8000")),
    Row("chanta on a shanpon", "123m789p123s99s11z", "9s", "chanta:2", 2, 40, "ron 2600"),
    Row("chanta round wind", "123m789p123s99s11z", "1z", "chanta:2 round_east:1", 3, 40, "ron 5200"),
    Row("junchan pinfu: 4 han 30 fu", "123m789m123p78s11p", "9s", "junchan:3 pinfu:1", 4, 30, "ron 7700",
        by=kiriage("ron 8000")),
    Row("sanshoku pinfu", "123m123p23s456m99p", "1s", "sanshoku:2 pinfu:1", 3, 30, "ron 3900"),
    Row("ittsu pinfu", "123456789p23s55m", "1s", "ittsu:2 pinfu:1", 3, 30, "ron 3900"),
    Row("ryanpeikou tanyao pinfu", "23344m556677p88s", "2m", "ryanpeikou:3 tanyao:1 pinfu:1", 5, None, "ron 8000"),
    Row("closed honitsu ittsu", "123456789m33z44z", "4z", "honitsu:3 ittsu:2", 5, None, "ron 8000"),
    Row("chinitsu pinfu", CHINITSU, "8p", "chinitsu:6 pinfu:1", 7, None, "ron 12000"),
    Row("riichi chinitsu pinfu", CHINITSU, "8p", "riichi:1 chinitsu:6 pinfu:1", 8, None, "ron 16000",
        riichi=True),
    Row("riichi tsumo chinitsu pinfu", CHINITSU, "8p", "riichi:1 tsumo:1 chinitsu:6 pinfu:1", 9, None,
        "tsumo 4000/8000", tsumo=True, riichi=True),
    Row("sanbaiman", CHINITSU, "8p", "riichi:1 tsumo:1 chinitsu:6 pinfu:1 dora:2", 11, None, "tsumo 6000/12000",
        tsumo=True, riichi=True, dora="8p"),
    Row("kazoe: 14 han", CHINITSU, "8p", "riichi:1 ippatsu:1 tsumo:1 chinitsu:6 pinfu:1 dora:2 ura:2", 14, None,
        "tsumo 6000/12000", tsumo=True, riichi=True, dora="8p", ura="8p", cond="ippatsu"),
    Row("dealer riichi honitsu ittsu: haneman", "123456789m33z44z", "4z", "riichi:1 honitsu:3 ittsu:2", 6, None,
        "ron 18000", riichi=True, seat=0),
    Row("dealer riichi tsumo chinitsu pinfu: baiman", CHINITSU, "8p", "riichi:1 tsumo:1 chinitsu:6 pinfu:1", 9, None,
        "tsumo 8000 all", tsumo=True, riichi=True, seat=0),
    Row("dealer riichi ippatsu chinitsu pinfu two dora: sanbaiman", CHINITSU, "8p",
        "riichi:1 ippatsu:1 chinitsu:6 pinfu:1 dora:2", 11, None, "ron 36000", riichi=True, seat=0, dora="8p",
        cond="ippatsu"),
    Row("12 han: a sanbaiman in every preset", CHINITSU, "8p", "riichi:1 tsumo:1 chinitsu:6 pinfu:1 dora:2 ura:1",
        12, None, "tsumo 6000/12000", tsumo=True, riichi=True, dora="8p", ura="1p"),
    # 13+ han without a yakuman is a sanbaiman: no kazoe in EMA 2016, 2025, WRC nor M-League (数え役満なし)
    Row("kazoe ron: 13 han", CHINITSU, "8p", "riichi:1 ippatsu:1 chinitsu:6 pinfu:1 dora:2 ura:2", 13, None,
        "ron 24000", riichi=True, dora="8p", ura="2p", cond="ippatsu"),
    Row("dealer kazoe tsumo: 13 han", CHINITSU, "8p", "riichi:1 tsumo:1 chinitsu:6 pinfu:1 dora:2 ura:2", 13, None,
        "tsumo 12000 all", tsumo=True, riichi=True, seat=0, dora="8p", ura="4p"),
    Row("suuankou on a shanpon, ron: not four concealed", "222m555p777s33s88p", "3s",
        "toitoi:2 sanankou:2 tanyao:1", 5, None, "ron 8000"),
    # the double-wind pair's fu: 4 in EMA 2016 and M-League (decided), 2 in EMA 2025 and WRC
    Row("double east pair, closed terminal pon", "111m456p789s34s11z", "2s", "riichi:1", 1, 50, "ron 2400",
        riichi=True, seat=0, by=two_fu_pair(40, "ron 2000")),
    Row("double east pair, two terminal pons, tsumo", "111m999p456s34s11z", "2s", "tsumo:1", 1, 50,
        "tsumo 800 all", tsumo=True, seat=0, by=two_fu_pair(40, "tsumo 700 all")),
    Row("dealer riichi, double east pair: 40 fu either way", "123m456p789s23s11z", "4s", "riichi:1", 1, 40,
        "ron 2000", riichi=True, seat=0),  # 20+10+4 = 34, WRC 32
    Row("double south pair, closed pon, kanchan, tsumo", "444m123p57s789s22z", "6s", "riichi:1 tsumo:1", 2, 40,
        "tsumo 700/1300", tsumo=True, riichi=True, rnd=1, by=two_fu_pair(30, "tsumo 500/1000")),
    Row("open haku, double south pair, kanchan", "234m79s22z", "8s", "haku:1", 1, 40, "ron 1300",
        melds="pon:555z pon:888p", rnd=1, by=two_fu_pair(30, "ron 1000")),  # 20+4+2+2+4, WRC +2
    # red fives: M-League only
    Row("red five pin", "34m406678p234s55s", "5m", "tanyao:1 pinfu:1 aka:1", 3, 30, "ron 3900",
        by=only_mleague(NO_RED)),
    Row("two red fives: 4 han 30 fu", "34m406678p234s50s", "5m", "tanyao:1 pinfu:1 aka:2", 4, 30, "ron 8000",
        by=only_mleague(NO_RED)),
    Row("red five won on", TANPIN, "0m", "tanyao:1 pinfu:1 aka:1", 3, 30, "ron 3900", by=only_mleague(NO_RED)),
    Row("red five in a chi", "234m678s34s88m", "2s", "tanyao:1 aka:1", 2, 30, "ron 2000", melds="chi:406p",
        by=only_mleague(NO_RED)),
    Row("dealer red five in a chi, tsumo", "234m678s34s88m", "5s", "tanyao:1 aka:1", 2, 30, "tsumo 1000 all",
        melds="chi:406p", tsumo=True, seat=0, by=only_mleague(NO_RED)),
    Row("red five in a called pon, tsumo", "234m678p44p67m", "8m", "tanyao:1 aka:1", 2, 30, "tsumo 500/1000",
        melds="pon:055s", tsumo=True, by=only_mleague(NO_RED)),  # 20+2+2
    Row("red five in a closed kan, riichi (50 fu)", "123p678s34s88p", "2s", "riichi:1 aka:1", 2, 50, "ron 3200",
        melds="ckan:0555m", riichi=True, by=only_mleague(NO_RED)),  # 20+10+16
    Row("three red fives, riichi tsumo tanpin: haneman", "34m406678p234s50s", "0m",
        "riichi:1 tsumo:1 tanyao:1 pinfu:1 aka:3", 7, None, "tsumo 3000/6000", tsumo=True, riichi=True,
        by=only_mleague(NO_RED)),
    Row("a red five that is also the dora: 4 han 30 fu", TANPIN, "0m", "tanyao:1 pinfu:1 dora:1 aka:1", 4, 30,
        "ron 8000", dora="4m", by=only_mleague(NO_RED)),
    Row("riichi chiitoitsu with a red five (4 han 25 fu)", "1122m3344p0566s7z", "7z", "riichi:1 chiitoitsu:2 aka:1",
        4, 25, "ron 6400", riichi=True, by=only_mleague(NO_RED)),
    # renhou: a mangan (EMA 2016, WRC; EMA 2025 §4.2: 5 han with neither yaku nor dora), not a yaku (M-League)
    Row("renhou with two han", TANPIN, "5m", "renhou:5", 5, None, "ron 8000", cond="renhou",
        by={"mleague": {"error": NO_RENHOU}}),
    Row("renhou where chinitsu is worth more", CHINITSU, "8p", "chinitsu:6 pinfu:1", 7, None, "ron 12000",
        cond="renhou", by={"mleague": {"error": NO_RENHOU}}),
    Row("renhou alone: a mangan", "111m456p789s23s99p", "1s", "renhou:5", 5, None, "ron 8000", cond="renhou",
        by={"mleague": {"error": NO_RENHOU}}),
    Row("renhou on seven pairs", CHIITOI, "7z", "renhou:5", 5, None, "ron 8000", cond="renhou",
        by={"mleague": {"error": NO_RENHOU}}),
    Row("renhou over sanshoku tanpin and a dora: 5 han is a tie, renhou counts", SANPIN, "4s", "renhou:5", 5, None,
        "ron 8000", dora="3s", cond="renhou", by={"mleague": {"error": NO_RENHOU}}),
    Row("renhou under sanshoku tanpin and two dora: haneman", SANPIN, "4s", "sanshoku:2 tanyao:1 pinfu:1 dora:2", 6,
        None, "ron 12000", dora="4p", cond="renhou", by={"mleague": {"error": NO_RENHOU}}),  # dora count as other yaku
    Row("renhou with dora only: dora are no hand without renhou, a mangan", "111m456p789s23s99p", "1s", "renhou:5",
        5, None, "ron 8000", dora="9m8p3p", cond="renhou", by={"mleague": {"error": NO_RENHOU}}),  # 3 + 2 + 1 dora
    # indicators turned by another player's kan (EMA Riichi Competition Rules 2016, §3.3.2): up to five
    Row("riichi pinfu ron, a kan dora from an opponent's kan", PINFU, "4m", "riichi:1 pinfu:1 dora:1", 3, 30,
        "ron 3900", riichi=True, dora="1z3m"),
    Row("riichi pinfu tsumo, five indicators and five ura after four kans by others", PINFU, "1m",
        "riichi:1 pinfu:1 tsumo:1 dora:1 ura:1", 5, None, "tsumo 2000/4000", tsumo=True, riichi=True,
        dora="1z2z3z4z4p", ura="5z6z7z1s9s"),  # dora 5p; ura 2s
    # yakuman: one per pattern, different ones combine up to max_yakuman
    Row("kokushi thirteen-sided wait: one yakuman", KOKUSHI13, "1z", "kokushi13:Y", 0, None, "ron 32000"),
    Row("dealer kokushi tsumo", KOKUSHI13, "9s", "kokushi13:Y", 0, None, "tsumo 16000 all", tsumo=True, seat=0),
    Row("kokushi single wait", "19m19p19s1234566z", "7z", "kokushi:Y", 0, None, "ron 32000"),
    Row("dealer kokushi ron", "19m19p19s1234566z", "7z", "kokushi:Y", 0, None, "ron 48000", seat=0),
    Row("dealer chuuren tsumo", "1113455678999m", "2m", "chuuren:Y", 0, None, "tsumo 16000 all", tsumo=True, seat=0),
    Row("dealer daisangen ron", "77z234m88p", "7z", "daisangen:Y", 0, None, "ron 48000", melds="pon:555z pon:666z",
        seat=0),
    Row("junsei chuuren: one yakuman", "1112345678999m", "5m", "chuuren9:Y", 0, None, "ron 32000"),
    Row("chuuren", "1123456789999m", "1m", "chuuren:Y", 0, None, "ron 32000"),
    Row("suuankou tanki tsumo: one yakuman", "222m555p777s333s8p", "8p", "suuankou_tanki:Y", 0, None,
        "tsumo 8000/16000", tsumo=True),
    Row("suuankou tanki ron", "222m555p777s333s8p", "8p", "suuankou_tanki:Y", 0, None, "ron 32000"),
    Row("suuankou tsumo", "222m555p777s33s88p", "3s", "suuankou:Y", 0, None, "tsumo 8000/16000", tsumo=True),
    Row("daisangen", "77z234m88p", "7z", "daisangen:Y", 0, None, "ron 32000", melds="pon:555z pon:666z"),
    Row("ryuuiisou", "223344666888s6z", "6z", "ryuuiisou:Y", 0, None, "ron 32000"),
    Row("tsuuiisou as seven pairs", "1122334455667z", "7z", "tsuuiisou:Y", 0, None, "ron 32000"),
    Row("chinroutou", "111s999s9m", "9m", "chinroutou:Y", 0, None, "ron 32000", melds="pon:111m pon:999p"),
    Row("suukantsu", "8p", "8p", "suukantsu:Y", 0, None, "ron 32000", melds=SANKAN + " kan:3333s"),
    Row("shousuushii", "333z44z23m", "4m", "shousuushii:Y", 0, None, "ron 32000", melds="pon:111z pon:222z"),
    Row("daisuushii: one yakuman", "444z5p", "5p", "daisuushii:Y", 0, None, "ron 32000",
        melds="pon:111z pon:222z pon:333z"),
    Row("tenhou", PINFU, "4m", "tenhou:Y", 0, None, "tsumo 16000 all", tsumo=True, seat=0, cond="tenhou"),
    Row("chiihou", PINFU, "4m", "chiihou:Y", 0, None, "tsumo 8000/16000", tsumo=True, cond="chiihou"),
    Row("daisangen and tsuuiisou", "777z11z22z", "1z", "daisangen:Y tsuuiisou:Y", 0, None, "ron 32000",
        melds="pon:555z pon:666z", by=double("ron 64000")),
    Row("daisuushii and tsuuiisou", "444z5z", "5z", "daisuushii:Y tsuuiisou:Y", 0, None, "ron 32000",
        melds="pon:111z pon:222z pon:333z", by=double("ron 64000")),
    Row("suuankou and tsuuiisou", "111z222z333z55z66z", "5z", "suuankou:Y tsuuiisou:Y", 0, None,
        "tsumo 8000/16000", tsumo=True, by=double("tsumo 16000/32000")),
    Row("daisangen, tsuuiisou and suuankou", "555z666z777z11z22z", "1z", "daisangen:Y tsuuiisou:Y suuankou:Y", 0,
        None, "tsumo 8000/16000", tsumo=True, by=double("tsumo 24000/48000")),
    Row("daisangen and suuankou, tsumo", "555z666z77z222m88p", "7z", "daisangen:Y suuankou:Y", 0, None,
        "tsumo 8000/16000", tsumo=True, by=double("tsumo 16000/32000")),
    Row("daisangen and suuankou tanki, ron", "555z666z777z222m8p", "8p", "daisangen:Y suuankou_tanki:Y", 0, None,
        "ron 32000", by=double("ron 64000")),
    Row("tenhou and suuankou", "222m555p777s33s88p", "3s", "tenhou:Y suuankou:Y", 0, None, "tsumo 16000 all",
        tsumo=True, seat=0, cond="tenhou", by=double("tsumo 32000 all")),
    Row("chiihou and kokushi thirteen-sided", KOKUSHI13, "1m", "chiihou:Y kokushi13:Y", 0, None, "tsumo 8000/16000",
        tsumo=True, cond="chiihou", by=double("tsumo 16000/32000")),
    Row("shousuushii and tsuuiisou", "333z44z55z", "5z", "shousuushii:Y tsuuiisou:Y", 0, None, "ron 32000",
        melds="pon:111z pon:222z", by=double("ron 64000")),
    Row("ryuuiisou and suuankou, tsumo", "222s444s666s88s66z", "8s", "ryuuiisou:Y suuankou:Y", 0, None,
        "tsumo 8000/16000", tsumo=True, by=double("tsumo 16000/32000")),
    Row("suukantsu and suuankou tanki", "8p", "8p", "suukantsu:Y suuankou_tanki:Y", 0, None, "tsumo 8000/16000",
        melds="ckan:2222m ckan:6666p ckan:7777s ckan:3333s", tsumo=True, by=double("tsumo 16000/32000")),
    Row("daisuushii and suuankou tanki", "111z222z333z444z5p", "5p", "daisuushii:Y suuankou_tanki:Y", 0, None,
        "tsumo 8000/16000", tsumo=True, by=double("tsumo 16000/32000")),
    Row("chinroutou and suuankou tanki, ron", "111m999m111p999p1s", "1s", "chinroutou:Y suuankou_tanki:Y", 0, None,
        "ron 32000", by=double("ron 64000")),
]
