"""The golden table: real hands with the yaku, han, fu and payment the rulebooks give.

Every expectation is worked out by hand from the rules (yaku values and fu as in the EMA
2016 rules and WRC 2022, the payment table of rules.md §1, the knobs of rules.md §2 and §6),
never by running the library. A row is scored under EMA 2016, WRC and M-League; ``by``
holds what a preset changes (kiriage, kazoe, yakuman limit, red fives, renhou, the
double-wind pair's fu).

Conventions: the winner sits South (seat 1) in the East round unless ``seat``/``rnd`` say
otherwise (seat 0 is the dealer); ``hand`` is the concealed tiles without the winning tile;
melds are ``kind:tiles`` (``ckan`` a closed kan); ``yaku`` is ``name:han`` (``Y`` a yakuman).
Payments: ``ron N``; ``tsumo N/M`` (each non-dealer / the dealer); ``tsumo N all`` (a dealer's).
"""

from typing import NamedTuple

PRESETS = ("ema-2016", "wrc", "mleague")
NO_RED = "this ruleset has no red fives"
NO_RENHOU = "renhou is not a yaku under this ruleset"
KIRIAGE = ("wrc", "mleague")


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
    """4 han 30 fu and 3 han 60 fu are a mangan under WRC and M-League (rules.md §2 kiriage)."""
    return {preset: {"pay": pay} for preset in KIRIAGE}


def only_mleague(error: str) -> dict:
    return {"ema-2016": {"error": error}, "wrc": {"error": error}}


def double(pay_wrc: str) -> dict:
    """Two different yakuman: WRC combines them (max_yakuman 6), EMA 2016 and M-League pay one."""
    return {"wrc": {"pay": pay_wrc}}


PINFU = "23m456789p234s55s"  # waits 1m-4m; with 4m: 234m 456p 789p 234s 55s
TANPIN = "34m456678p234s55s"  # waits 2m-5m; all simples
CHINITSU = "1233455667799p"  # with 8p: 123 345 567 678 99p, a two-sided wait
CHIITOI = "1122m3344p5566s7z"
KOKUSHI13 = "19m19p19s1234567z"
SANKAN = "kan:2222m kan:6666p ckan:7777s"

ROWS = [
    # riichi, pinfu, tsumo and the plain hands (EMA 2016 §§ on riichi, pinfu, menzen tsumo; fu table)
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
    # conditions the table does not know
    Row("double riichi ippatsu pinfu: 4 han 30 fu", PINFU, "4m", "double_riichi:2 ippatsu:1 pinfu:1", 4, 30,
        "ron 7700", riichi=True, cond="double_riichi ippatsu", by=kiriage("ron 8000")),
    Row("riichi ippatsu tsumo pinfu", PINFU, "4m", "riichi:1 ippatsu:1 tsumo:1 pinfu:1", 4, 20, "tsumo 1300/2600",
        tsumo=True, riichi=True, cond="ippatsu"),
    Row("haitei", PINFU, "4m", "pinfu:1 tsumo:1 haitei:1", 3, 20, "tsumo 700/1300", tsumo=True, cond="last_tile"),
    Row("houtei", PINFU, "4m", "pinfu:1 houtei:1", 2, 30, "ron 2000", cond="last_tile"),
    Row("chankan", PINFU, "1m", "pinfu:1 chankan:1", 2, 30, "ron 2000", cond="robbing_kan"),
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
        "tsumo 6000/12000", tsumo=True, riichi=True, dora="8p", ura="8p", cond="ippatsu",
        by={"mleague": {"pay": "tsumo 8000/16000"}}),
    Row("suuankou on a shanpon, ron: not four concealed", "222m555p777s33s88p", "3s",
        "toitoi:2 sanankou:2 tanyao:1", 5, None, "ron 8000"),
    # the double-wind pair's fu: 4 in EMA 2016 and M-League (decided), 2 in WRC
    Row("double east pair, closed terminal pon", "111m456p789s34s11z", "2s", "riichi:1", 1, 50, "ron 2400",
        riichi=True, seat=0, by={"wrc": {"fu": 40, "pay": "ron 2000"}}),
    Row("double east pair, two terminal pons, tsumo", "111m999p456s34s11z", "2s", "tsumo:1", 1, 50,
        "tsumo 800 all", tsumo=True, seat=0, by={"wrc": {"fu": 40, "pay": "tsumo 700 all"}}),
    # red fives: M-League only
    Row("red five pin", "34m406678p234s55s", "5m", "tanyao:1 pinfu:1 aka:1", 3, 30, "ron 3900",
        by=only_mleague(NO_RED)),
    Row("two red fives: 4 han 30 fu", "34m406678p234s50s", "5m", "tanyao:1 pinfu:1 aka:2", 4, 30, "ron 8000",
        by=only_mleague(NO_RED)),
    Row("red five won on", TANPIN, "0m", "tanyao:1 pinfu:1 aka:1", 3, 30, "ron 3900", by=only_mleague(NO_RED)),
    # renhou: a mangan (EMA 2016, WRC), not a yaku (M-League)
    Row("renhou with two han", TANPIN, "5m", "renhou:5", 5, None, "ron 8000", cond="renhou",
        by={"mleague": {"error": NO_RENHOU}}),
    Row("renhou where chinitsu is worth more", CHINITSU, "8p", "chinitsu:6 pinfu:1", 7, None, "ron 12000",
        cond="renhou", by={"mleague": {"error": NO_RENHOU}}),
    # yakuman: one per pattern, different ones combine up to max_yakuman (rules.md §6)
    Row("kokushi thirteen-sided wait: one yakuman", KOKUSHI13, "1z", "kokushi13:Y", 0, None, "ron 32000"),
    Row("dealer kokushi tsumo", KOKUSHI13, "9s", "kokushi13:Y", 0, None, "tsumo 16000 all", tsumo=True, seat=0),
    Row("kokushi single wait", "19m19p19s1234566z", "7z", "kokushi:Y", 0, None, "ron 32000"),
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
]
