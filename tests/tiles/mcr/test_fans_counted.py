"""What PyMahjongGB counts from tiles is what the engine takes (Mahjong Competition Rules 2006,
§8): a fan as often as one hand counts it (``fans.MOST_COUNTED``), reached by worked hands, and
never more often over every hand of four pungs or four chows of a sweep and random hands."""

import itertools
from random import Random

import pytest

from scoring.rules.families.mcr.fans import BY_NAME, most_counted, win_points
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE, MCRTiles, fans_from_tiles
from scoring.tiles.mcr.randomhands import random_tiles

pytestmark = pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}")

SUITS = "mps"
HONOURS = "z"


def counted(hand: str, win: str, *chows: str):
    """The fans of a win on a discard at West in the East round (``chows``: called chows)."""
    melds = [{"kind": "chow", "tiles": chow} for chow in chows]
    tiles = MCRTiles.from_json({"hand": hand, "win": win, "melds": melds})
    return fans_from_tiles(tiles, self_drawn=False, flowers=0, seat_wind=2, prevalent_wind=0)


@pytest.mark.parametrize(
    ("name", "hand", "win", "chows"),
    [
        ("Pure Double Chow", "456456p5m", "5m", ("123m", "123m")),
        ("Mixed Double Chow", "123567m123p567s5m", "5m", ()),
        ("Short Straight", "123456m345678p5s", "5s", ()),
        ("Double Pung", "222555m222555p9s", "9s", ()),
        ("Pung of Terminals or Honors", "111999m111999p5s", "5s", ()),
        ("Tile Hog", "11115555m9999p2s", "2s", ()),
        ("Tile Hog", "34555m333444m56m", "7m", ()),
    ],
)
def test_the_tiles_count_a_fan_as_often_as_the_green_book_allows_and_the_engine_takes_it(name, hand, win, chows):
    found = counted(hand, win, *chows)
    assert found.fans.count(name) == most_counted(name) > 1
    assert win_points(found.fans) == found.fan


def tiles_text(indexes) -> str:
    """Tile indexes 0-33 in the notation: 0-8 characters, 9-17 circles, 18-26 bamboo, 27-33 honours."""
    return "".join(f"{index % 9 + 1}{(SUITS + HONOURS)[index // 9]}" for index in sorted(indexes))


def sweep():
    """Every concealed hand of four pungs of terminals, honours and a few simples, and every one
    of four chows of the characters and circles, each with a pair: the fans counted several times."""
    pungs = [(index,) * 3 for index in (0, 1, 4, 8, 9, 13, 17, 18, 26, 27, 28, 29, 30, 31)]
    chows = [(start, start + 1, start + 2) for suit in (0, 9) for start in range(suit, suit + 7)]
    for sets, pair in itertools.chain(
        itertools.product(itertools.combinations(pungs, 4), (4, 22)),
        itertools.product(itertools.combinations_with_replacement(chows, 4), (22,)),
    ):
        tiles = [index for one in sets for index in one] + [pair, pair]
        if max(tiles.count(index) for index in tiles) <= 4:
            yield tiles_text(tiles[:-1]), tiles_text(tiles[-1:])


def random_fans(hands: int):
    rng = Random(36)
    for _ in range(hands):
        tiles, self_drawn = random_tiles(rng), rng.random() < 0.5
        yield fans_from_tiles(tiles, self_drawn=self_drawn, flowers=0, seat_wind=0, prevalent_wind=0).fans


def test_the_tiles_never_count_a_fan_more_often_than_the_engine_allows():
    """So a win entered by its tiles is never refused for its own fans (``fans.win_points``)."""
    most = dict.fromkeys(BY_NAME, 0)
    for fans in itertools.chain((counted(hand, win).fans for hand, win in sweep()), random_fans(2000)):
        for name in set(fans):
            most[name] = max(most[name], fans.count(name))
    assert all(count <= most_counted(name) for name, count in most.items()), most
    assert {name for name, count in most.items() if count > 1} == {
        "Pure Double Chow",
        "Mixed Double Chow",
        "Short Straight",
        "Double Pung",
        "Pung of Terminals or Honors",
        "Tile Hog",
    }
