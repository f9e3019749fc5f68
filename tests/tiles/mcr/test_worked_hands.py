"""MCR fan from tiles on worked hands: each hand's fans and total worked from the Green Book's
fan definitions and their exclusions (Mahjong Competition Rules 2006, §8 and Appendix 1), not
read off the calculator. Winds are East 0 to North 3; unless a case says otherwise the seat
wind is West and the prevalent wind East, so a pung of South or North is a plain honour pung.
"""

import pytest

from scoring.rules.families.mcr.fans import BY_NAME
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE, MCRTiles, fans_from_tiles

pytestmark = pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}")


def tiles(hand: str, win: str, *melds: str, conditions: tuple[str, ...] = ()) -> MCRTiles:
    """``tiles("234s11z", "8s", "chow 123m")``: concealed tiles, the winning tile, melds as "kind tiles"."""
    return MCRTiles.from_json(
        {
            "hand": hand,
            "win": win,
            "melds": [{"kind": kind, "tiles": meld} for kind, meld in (m.split() for m in melds)],
            "conditions": list(conditions),
        }
    )


def case(name, hand, fans, total, *, self_drawn=False, flowers=0, seat=2, prevalent=0):
    return pytest.param(hand, self_drawn, flowers, seat, prevalent, fans, total, id=name)


# a chicken hand's shape: three suits and a wind, no pung of terminals or honours, a two-sided wait
CHICKEN_MELDS = ("chow 123m", "chow 567p", "pung 444s")

WORKED = [
    # §8 fan 43 Chicken Hand: no other fan at all (flowers aside) is 8 points.
    case("chicken hand", tiles("67s11z", "8s", *CHICKEN_MELDS), ("Chicken Hand",), 8),
    case("chicken hand with flowers", tiles("67s11z", "8s", *CHICKEN_MELDS), ("Chicken Hand",), 8, flowers=3),
    # the pair of East is no wind fan; 99m instead leaves No Honors alone: 1 point, under the minimum
    case("under the 8-point minimum", tiles("67s99m", "8s", *CHICKEN_MELDS), ("No Honors",), 1),
    # self-drawn, the chicken shape is no longer a chicken hand: Self-Drawn alone
    case("self-drawn", tiles("67s11z", "8s", *CHICKEN_MELDS), ("Self-Drawn",), 1, self_drawn=True),
    # fan 44 Last Tile Draw: the wall's last tile, self-drawn; it excludes Self-Drawn
    case(
        "last tile draw",
        tiles("67s11z", "8s", *CHICKEN_MELDS, conditions=("last_tile",)),
        ("Last Tile Draw",),
        8,
        self_drawn=True,
    ),
    # fan 45 Last Tile Claim: the last discard of the hand
    case("last tile claim", tiles("67s11z", "8s", *CHICKEN_MELDS, conditions=("last_tile",)), ("Last Tile Claim",), 8),
    # fan 46 Out with Replacement Tile (excludes Self-Drawn) with fan 74 Melded Kong
    case(
        "out with replacement tile",
        tiles("67s11z", "8s", "chow 123m", "chow 567p", "kong 4444s", conditions=("kong",)),
        ("Out with Replacement Tile", "Melded Kong"),
        9,
        self_drawn=True,
    ),
    # fan 47 Robbing the Kong: another's added kong of 8s; it excludes Last Tile
    case(
        "robbing the kong",
        tiles("67s11z", "8s", *CHICKEN_MELDS, conditions=("kong", "fourth_tile")),
        ("Robbing the Kong",),
        8,
    ),
    # fan 58 Last Tile: the fourth 8s, the other three in sight
    case("last tile", tiles("67s11z", "8s", *CHICKEN_MELDS, conditions=("fourth_tile",)), ("Last Tile",), 4),
    # fan 77 Edge Wait (12s waits on 3s alone), Mixed Double Chow (123m 123s)
    case("edge wait", tiles("12s11z", "3s", *CHICKEN_MELDS), ("Mixed Double Chow", "Edge Wait"), 2),
    # fan 78 Closed Wait (13s waits on 2s alone)
    case("closed wait", tiles("13s11z", "2s", *CHICKEN_MELDS), ("Mixed Double Chow", "Closed Wait"), 2),
    # fan 51 All Types (three suits, a wind, a dragon) with Mixed Straight (123m 456p 789s), Dragon
    # Pung, Single Wait
    case(
        "all types",
        tiles("789s2z", "2z", "chow 123m", "pung 777z", "chow 456p"),
        ("Mixed Straight", "All Types", "Dragon Pung", "Single Wait"),
        17,
    ),
    # fan 39 Mixed Straight, 62 Concealed Hand, 70 Mixed Double Chow (123m 123p), 79 Single Wait
    case(
        "mixed straight, concealed, single wait",
        tiles("123m123p456p789s5z", "5z"),
        ("Mixed Straight", "Concealed Hand", "Mixed Double Chow", "Single Wait"),
        12,
        flowers=2,
    ),
    # fan 56 Fully Concealed Hand (excludes Concealed Hand and Self-Drawn), 63 All Chows (excludes
    # No Honors), 69 Pure Double Chow (456p twice), 72 Two Terminal Chows (123m 789m)
    case(
        "fully concealed hand",
        tiles("123m789m456p56p55s", "4p"),
        ("Fully Concealed Hand", "All Chows", "Pure Double Chow", "Two Terminal Chows"),
        8,
        self_drawn=True,
    ),
    # a chow, a pung and a declared concealed kong: Dragon Pung (red), Concealed Kong, Single Wait;
    # three suits and a dragon but no wind: not All Types
    case(
        "concealed kong, dragon pung, single wait",
        tiles("456p2s", "2s", "chow 123m", "pung 777z", "concealed_kong 8888s"),
        ("Dragon Pung", "Concealed Kong", "Single Wait"),
        5,
    ),
    # a melded and a concealed kong: the Green Book counts fan 57 Two Melded Kongs (4) and fan 67
    # Concealed Kong (2) (PyMahjongGB's 明暗杠, 5, is mapped so); Dragon Pung, One Voided Suit
    # (no circles), Single Wait
    case(
        "a melded and a concealed kong",
        tiles("234m6z", "6z", "pung 777z", "kong 2222s", "concealed_kong 8888s"),
        ("Two Melded Kongs", "Dragon Pung", "Concealed Kong", "One Voided Suit", "Single Wait"),
        10,
    ),
    # fan 53 Two Concealed Kongs (excludes Concealed Kong, Two Concealed Pungs)
    case(
        "two concealed kongs",
        tiles("67p55s", "8p", "chow 789m", "concealed_kong 2222p", "concealed_kong 9999s"),
        ("Two Concealed Kongs", "Pung of Terminals or Honors", "No Honors"),
        8,
    ),
    # fan 19 Seven Pairs (excludes Concealed Hand, Single Wait)
    case("seven pairs", tiles("1199m2288p3355s7z", "7z"), ("Seven Pairs",), 24),
    # Seven Pairs with fan 64 Tile Hog (four 4m) and 68 All Simples (excludes No Honors)
    case(
        "seven pairs, tile hog, all simples",
        tiles("224444m6688p335s", "5s"),
        ("Seven Pairs", "All Simples", "Tile Hog"),
        28,
    ),
    # fan 6 Seven Shifted Pairs excludes Seven Pairs, Full Flush (and so No Honors, One Voided
    # Suit), Concealed Hand, Single Wait
    case("seven shifted pairs", tiles("1122334455667s", "7s"), ("Seven Shifted Pairs",), 88),
    # fan 7 Thirteen Orphans excludes All Types, Concealed Hand, Single Wait
    case("thirteen orphans", tiles("19m19p19s1234567z", "1m"), ("Thirteen Orphans",), 88),
    # fan 20 Greater Honors and Knitted Tiles: every honour and seven knitted tiles; excludes
    # Lesser Honors and Knitted Tiles, All Types, Concealed Hand
    case(
        "greater honors and knitted tiles", tiles("147m25p36s123456z", "7z"), ("Greater Honors and Knitted Tiles",), 24
    ),
    # fan 34 Lesser Honors and Knitted Tiles with the whole fan 35 Knitted Straight
    case(
        "lesser honors and knitted tiles with a knitted straight",
        tiles("147m258p369s1234z", "5z"),
        ("Lesser Honors and Knitted Tiles", "Knitted Straight"),
        24,
    ),
    case("lesser honors and knitted tiles", tiles("14m258p369s12345z", "6z"), ("Lesser Honors and Knitted Tiles",), 12),
    # fan 35 Knitted Straight with a chow and a suited pair: the knitted straight stands for three
    # chows, so All Chows (which excludes No Honors); Concealed Hand, Single Wait
    case(
        "knitted straight, a chow and a pair",
        tiles("147m258p369s567m9s", "9s"),
        ("Knitted Straight", "Concealed Hand", "All Chows", "Single Wait"),
        17,
    ),
    # fan 3 All Green (bamboo 2 3 4 6 8 and the green dragon) excludes Half Flush (and so One Voided
    # Suit); Pure Double Chow (234s twice), Two Concealed Pungs (666s 888s), Single Wait
    case(
        "all green",
        tiles("234s666s888s6z", "6z", "chow 234s"),
        ("All Green", "Two Concealed Pungs", "Pure Double Chow", "Single Wait"),
        92,
    ),
    # fan 14 Quadruple Chow excludes Pure Triple Chow, Pure Double Chow, Tile Hog; 2 3 4 circles and
    # 9 bamboo are all Reversible Tiles (which excludes One Voided Suit); All Chows, Single Wait
    case(
        "quadruple chow",
        tiles("234p234p9s", "9s", "chow 234p", "chow 234p"),
        ("Quadruple Chow", "Reversible Tiles", "All Chows", "Single Wait"),
        59,
    ),
    # fan 25 Upper Tiles (7 8 9 only) excludes Upper Four and No Honors; Tile Hog (four 8s, no
    # kong), Mixed Double Chow (789p 789s), Single Wait
    case(
        "upper tiles",
        tiles("888s789s9p", "9p", "pung 777m", "chow 789p"),
        ("Upper Tiles", "Tile Hog", "Mixed Double Chow", "Single Wait"),
        28,
    ),
    # fan 1 Big Four Winds excludes Big Three Winds, All Pungs, Seat and Prevalent Wind, Pung of
    # Terminals or Honors; Half Flush (characters and honours) and Single Wait stay
    case(
        "big four winds",
        tiles("444z5m", "5m", "pung 111z", "pung 222z", "pung 333z"),
        ("Big Four Winds", "Half Flush", "Single Wait"),
        95,
    ),
    # fan 2 Big Three Dragons excludes Dragon Pung, Two Dragon Pungs, Pung of Terminals or Honors
    case(
        "big three dragons",
        tiles("777z234m8p", "8p", "pung 555z", "pung 666z"),
        ("Big Three Dragons", "One Voided Suit", "Single Wait"),
        90,
    ),
    # fan 4 Nine Gates excludes Full Flush, Concealed Hand, Pung of Terminals or Honors; won on
    # the 5m, 111m and 999m stay two concealed pungs (PyMahjongGB adds a terminal pung: dropped)
    case("nine gates", tiles("1112345678999m", "5m"), ("Nine Gates", "Two Concealed Pungs"), 90),
    # won on the 1m: 111m 123m 456m 789m 99m, a Pure Straight, and four 1m a Tile Hog
    case("nine gates on a terminal", tiles("1112345678999m", "1m"), ("Nine Gates", "Pure Straight", "Tile Hog"), 106),
    # fan 52 Melded Hand excludes Single Wait; 111z is the prevalent wind (fan 60, which
    # excludes that pung's Pung of Terminals or Honors)
    case(
        "melded hand",
        tiles("9p", "9p", "chow 123m", "chow 456p", "pung 777s", "pung 111z"),
        ("Melded Hand", "Prevalent Wind"),
        8,
    ),
    # East in an East round for the East seat: Prevalent Wind and Seat Wind; Short Straight
    # (234m 567m), One Voided Suit, Single Wait
    case(
        "seat and prevalent wind",
        tiles("789m5p", "5p", "pung 111z", "chow 234m", "chow 567m"),
        ("Prevalent Wind", "Seat Wind", "Short Straight", "One Voided Suit", "Single Wait"),
        7,
        seat=0,
    ),
    # fan 54 Two Dragon Pungs excludes Dragon Pung
    case(
        "two dragon pungs",
        tiles("456p9s", "9s", "pung 555z", "pung 666z", "chow 123p"),
        ("Two Dragon Pungs", "Short Straight", "One Voided Suit", "Single Wait"),
        9,
    ),
    # fan 48 All Pungs, 68 All Simples (excludes No Honors); won on 3m from a discard: 333m melded
    case("all pungs", tiles("33m66p", "3m", "pung 222m", "pung 555p", "pung 888s"), ("All Pungs", "All Simples"), 8),
    # fan 28 Pure Straight, 49 Half Flush, 62 Concealed Hand, 73 Pung of Terminals or Honors (South
    # in an East round for West)
    case(
        "pure straight, half flush",
        tiles("123456789m55m22z", "2z"),
        ("Pure Straight", "Half Flush", "Concealed Hand", "Pung of Terminals or Honors"),
        25,
    ),
    # fan 22 Full Flush (excludes No Honors), All Chows, Concealed Hand, Short Straight (234m
    # 567m), Two Terminal Chows (123m 789m)
    case(
        "full flush, all chows",
        tiles("123234567m78m55m", "9m"),
        ("Full Flush", "Concealed Hand", "All Chows", "Short Straight", "Two Terminal Chows"),
        30,
    ),
    # fan 23 Pure Triple Chow excludes Pure Double Chow; All Chows, Single Wait
    case(
        "pure triple chow",
        tiles("678m9s", "9s", "chow 345p", "chow 345p", "chow 345p"),
        ("Pure Triple Chow", "All Chows", "Single Wait"),
        27,
    ),
    # fan 41 Mixed Triple Chow excludes Mixed Double Chow
    case(
        "mixed triple chow",
        tiles("11z78p", "9p", "chow 345m", "chow 345p", "chow 345s"),
        ("Mixed Triple Chow",),
        8,
    ),
    # fan 42 Mixed Shifted Pungs
    case(
        "mixed shifted pungs",
        tiles("678s2z", "2z", "pung 333m", "pung 444p", "pung 555s"),
        ("Mixed Shifted Pungs", "Single Wait"),
        9,
    ),
    # fan 40 Reversible Tiles excludes One Voided Suit; Dragon Pung (white), Single Wait
    case(
        "reversible tiles",
        tiles("123p345p888s2s", "2s", "pung 555z"),
        ("Reversible Tiles", "Dragon Pung", "Single Wait"),
        11,
    ),
    # fan 37 Lower Four excludes No Honors; All Chows, two Mixed Double Chows (123m 123s, 234p 234s),
    # Single Wait
    case(
        "lower four",
        tiles("234s123s4m", "4m", "chow 123m", "chow 234p"),
        ("Lower Four", "All Chows", "Mixed Double Chow", "Mixed Double Chow", "Single Wait"),
        17,
    ),
    # fan 13 Pure Terminal Chows excludes Full Flush, All Chows, Pure Double Chow, Two Terminal Chows
    case(
        "pure terminal chows",
        tiles("123123789789m5m", "5m"),
        ("Pure Terminal Chows", "Concealed Hand", "Single Wait"),
        67,
    ),
    # fan 11 All Honors (excludes All Pungs, Pung of Terminals or Honors) with fan 10 Little Three
    # Dragons (excludes Dragon Pung, Two Dragon Pungs); Two Concealed Pungs (222z 666z); Single Wait
    case(
        "all honors, little three dragons",
        tiles("222z666z7z", "7z", "pung 111z", "pung 555z"),
        ("Little Three Dragons", "All Honors", "Two Concealed Pungs", "Single Wait"),
        131,
        seat=3,
        prevalent=3,
    ),
]


@pytest.mark.parametrize(("hand", "self_drawn", "flowers", "seat", "prevalent", "fans", "total"), WORKED)
def test_worked_hand(hand, self_drawn, flowers, seat, prevalent, fans, total):
    result = fans_from_tiles(hand, self_drawn=self_drawn, flowers=flowers, seat_wind=seat, prevalent_wind=prevalent)
    assert result.fans == tuple(sorted(fans, key=lambda name: BY_NAME[name].number))
    assert result.fan == total == sum(BY_NAME[name].points for name in fans)
    assert result.flowers == flowers
