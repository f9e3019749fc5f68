"""The golden table (``golden.py``) scored by tiles under EMA 2016, WRC and M-League."""

import pytest

from scoring.rules.ruleset import PRESETS
from scoring.tiles.entry import payments
from scoring.tiles.notation import HandTiles
from scoring.tiles.scoring import score_hand

from .golden import PRESETS as GOLDEN_PRESETS
from .golden import ROWS, Row

NAMES = {
    "riichi": "Riichi",
    "double_riichi": "Double Riichi",
    "ippatsu": "Ippatsu",
    "tsumo": "Menzen Tsumo",
    "pinfu": "Pinfu",
    "tanyao": "Tanyao",
    "iipeiko": "Iipeiko",
    "haitei": "Haitei Raoyue",
    "houtei": "Houtei Raoyui",
    "chankan": "Chankan",
    "rinshan": "Rinshan Kaihou",
    "chiitoitsu": "Chiitoitsu",
    "honroutou": "Honroutou",
    "chun": "Yakuhai (chun)",
    "haku": "Yakuhai (haku)",
    "hatsu": "Yakuhai (hatsu)",
    "seat_east": "Yakuhai (seat wind east)",
    "round_east": "Yakuhai (round wind east)",
    "seat_south": "Yakuhai (seat wind south)",
    "round_south": "Yakuhai (round wind south)",
    "seat_west": "Yakuhai (seat wind west)",
    "seat_north": "Yakuhai (seat wind north)",
    "sanshoku": "Sanshoku Doujun",
    "ittsu": "Ittsu",
    "honitsu": "Honitsu",
    "chinitsu": "Chinitsu",
    "toitoi": "Toitoi",
    "shousangen": "Shou Sangen",
    "sanshoku_doukou": "Sanshoku Doukou",
    "sankantsu": "San Kantsu",
    "sanankou": "San Ankou",
    "chanta": "Chantai",
    "junchan": "Junchan",
    "ryanpeikou": "Ryanpeikou",
    "dora": "Dora",
    "ura": "Ura Dora",
    "aka": "Aka Dora",
    "renhou": "Renhou",
    "kokushi": "Kokushi Musou",
    "kokushi13": "Kokushi Musou Juusanmen Matchi",
    "chuuren": "Chuuren Poutou",
    "chuuren9": "Daburu Chuuren Poutou",
    "suuankou": "Suu Ankou",
    "suuankou_tanki": "Suu Ankou Tanki",
    "daisangen": "Daisangen",
    "ryuuiisou": "Ryuuiisou",
    "tsuuiisou": "Tsuu Iisou",
    "chinroutou": "Chinroutou",
    "suukantsu": "Suu Kantsu",
    "shousuushii": "Shousuushii",
    "daisuushii": "Dai Suushii",
    "tenhou": "Tenhou",
    "chiihou": "Chiihou",
}


def tiles_of(row: Row) -> HandTiles:
    melds = [
        dict(zip(("kind", "tiles"), m.replace("ckan", "closed_kan").split(":"), strict=True)) for m in row.melds.split()
    ]
    return HandTiles.from_json(
        {
            "hand": row.hand,
            "win": row.win,
            "melds": melds,
            "dora": row.dora,
            "ura": row.ura,
            "conditions": row.cond.split(),
        }
    )


def expected_yaku(text: str) -> dict:
    pairs = (item.split(":") for item in text.split())
    return {NAMES[name]: (0 if han == "Y" else int(han)) for name, han in pairs}


CASES = [pytest.param(row, preset, id=f"{preset}: {row.name}") for row in ROWS for preset in GOLDEN_PRESETS]


def test_the_table_holds_200_distinct_hands():
    """200 hands (not cases): distinct names and distinct tiles or conditions."""
    assert len(ROWS) >= 200
    assert len({row.name for row in ROWS}) == len(ROWS)
    assert len(
        {
            (row.hand, row.win, row.melds, row.tsumo, row.seat, row.rnd, row.riichi, row.dora, row.ura, row.cond)
            for row in ROWS
        }
    ) == len(ROWS)


@pytest.mark.parametrize(("row", "preset"), CASES)
def test_golden_hand(row: Row, preset: str):
    rules = PRESETS[preset]
    want = {"yaku": row.yaku, "han": row.han, "fu": row.fu, "pay": row.pay} | row.by.get(preset, {})
    kwargs = dict(rules=rules, seat_wind=row.seat, round_wind=row.rnd, tsumo=row.tsumo, riichi=row.riichi)
    if "error" in want:
        with pytest.raises(ValueError, match=want["error"]):
            score_hand(tiles_of(row), **kwargs)
        return
    score = score_hand(tiles_of(row), **kwargs)
    yaku = expected_yaku(want["yaku"])
    assert {y.name: y.han for y in score.yaku} == yaku
    if any(han == 0 for han in yaku.values()):
        assert score.yakuman == min(len(yaku), rules.max_yakuman)
    else:
        assert (score.han, score.yakuman) == (want["han"], 0)
    if want["fu"] is not None:
        assert score.fu == want["fu"]
    assert payments(rules, score, dealer=row.seat == 0, tsumo=row.tsumo) == want["pay"]
