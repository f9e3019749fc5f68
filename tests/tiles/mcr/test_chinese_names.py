"""PyMahjongGB's Chinese fan names -> the Green Book's: every one maps, every catalogue fan is
reached, and the mapping agrees with PyMahjongGB's own English table and points on random
winning hands."""

import importlib
from random import Random

import pytest

from scoring.rules.families.mcr.fans import BY_NAME, FANS, FLOWER_TILES
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE, fans_from_tiles
from scoring.tiles.mcr.calculator import library_code, library_pack
from scoring.tiles.mcr.chinese import CHINESE, GREEN_BOOK_EXCLUDES
from scoring.tiles.mcr.randomhands import random_tiles

# PyMahjongGB's English spelling where it is not the Green Book's, and its one extra fan
LIBRARY_SPELLING = {
    "All Five": ("All Fives",),
    "Two Dragons Pungs": ("Two Dragon Pungs",),
    "Robbing The Kong": ("Robbing the Kong",),
    "Concealed Kong and Melded Kong": ("Two Melded Kongs", "Concealed Kong"),
}
HANDS = 600


def test_every_chinese_name_maps_to_the_catalogue():
    # PyMahjongGB's table: the 81 fans of the Green Book and its 明暗杠
    assert len(CHINESE) == 82
    assert all(name in BY_NAME for names in CHINESE.values() for name in names)
    assert {name for names in CHINESE.values() for name in names} == {fan.name for fan in FANS}
    assert [names[0] for names in CHINESE.values()][:81] == [fan.name for fan in FANS]
    assert all(fan in BY_NAME and excluded <= set(BY_NAME) for fan, excluded in GREEN_BOOK_EXCLUDES.items())


@pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}")
def test_the_mapping_agrees_with_the_librarys_english_names():
    library = importlib.import_module("MahjongGB")
    rng = Random(26)
    seen = set()
    for _ in range(HANDS):
        tiles = random_tiles(rng)
        answer = library.MahjongFanCalculator(
            tuple(library_pack(meld.kind, meld.tiles) for meld in tiles.melds),
            tuple(library_code(tile) for tile in tiles.concealed),
            library_code(tiles.win),
            rng.randint(0, 2),
            rng.random() < 0.5,
            False,
            False,
            False,
            rng.randrange(4),
            rng.randrange(4),
            verbose=True,
        )
        for points, _, chinese, english in answer:
            assert CHINESE[chinese] == LIBRARY_SPELLING.get(english, (english,)), chinese
            # the same points as the Green Book's, but for 明暗杠 (5; the Green Book's 4 + 2)
            assert points == sum(BY_NAME[name].points for name in CHINESE[chinese]) - (chinese == "明暗杠"), chinese
            seen.add(chinese)
        result = fans_from_tiles(tiles, self_drawn=False, flowers=1, seat_wind=0, prevalent_wind=0)
        assert FLOWER_TILES not in result.fans and result.flowers == 1
    assert len(seen) > 40  # the sweep reaches most of the common fans
