"""An MCR win's ``tiles`` object: its JSON round-trips, bad tiles are a RuleError a club member
can act on (never a crash), conditions the tiles contradict are refused, and the site runs
without PyMahjongGB."""

import pytest

from scoring.rules.errors import RuleError
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE, MCRTiles, calculator, fans_from_tiles

needs_library = pytest.mark.skipif(not AVAILABLE, reason=f"PyMahjongGB is not installed: {UNAVAILABLE}")

CHICKEN = {
    "hand": "67s11z",
    "melds": [{"kind": "chow", "tiles": "123m"}, {"kind": "chow", "tiles": "567p"}, {"kind": "pung", "tiles": "444s"}],
    "win": "8s",
}


def fans(data, *, self_drawn=False, flowers=0, seat=2, prevalent=0):
    return fans_from_tiles(
        MCRTiles.from_json(data), self_drawn=self_drawn, flowers=flowers, seat_wind=seat, prevalent_wind=prevalent
    )


@pytest.mark.parametrize(
    "data",
    [
        {"hand": "123m123456p789s5z", "win": "5z"},
        CHICKEN,
        {
            "hand": "234m6z",
            "melds": [
                {"kind": "pung", "tiles": "777z"},
                {"kind": "kong", "tiles": "2222s"},
                {"kind": "concealed_kong", "tiles": "8888s"},
            ],
            "win": "6z",
        },
        {**CHICKEN, "conditions": ["last_tile", "kong", "fourth_tile"]},
    ],
)
def test_json_round_trips(data):
    tiles = MCRTiles.from_json(data)
    assert tiles.to_json() == data
    assert MCRTiles.from_json(tiles.to_json()) == tiles


def test_json_is_written_sorted():
    tiles = MCRTiles.from_json({"hand": "5z987s321m654p321p", "win": "5z", "conditions": ["fourth_tile", "last_tile"]})
    assert tiles.to_json() == {
        "hand": "123m123456p789s5z",
        "win": "5z",
        "conditions": ["last_tile", "fourth_tile"],
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("123m", "an MCR win's 'tiles' is an object"),
        ({**CHICKEN, "dora": "1m"}, "'dora' is not part of an MCR win's tiles"),
        ({**CHICKEN, "win": ""}, "the winning tile is one tile, not none"),
        ({**CHICKEN, "win": "8s9s"}, "the winning tile is one tile, not 89s"),
        ({**CHICKEN, "hand": "67s11x"}, "'67s11x' is not tile notation"),
        ({**CHICKEN, "hand": "67s18z"}, "there is no honour tile 8z"),
        ({"hand": "123m406p789s123p5z", "win": "5z"}, "MCR has no red fives"),
        ({**CHICKEN, "melds": [{"kind": "chi", "tiles": "123m"}]}, "a meld is"),
        ({**CHICKEN, "melds": {"kind": "chow"}}, "a meld is"),
        ({**CHICKEN, "melds": [{"kind": ["chow"], "tiles": "123m"}]}, "a meld is"),
        ({**CHICKEN, "melds": [{"kind": "chow", "tiles": "123m", "from": 1}]}, "a meld is"),
        ({**CHICKEN, "melds": [{"kind": "chow", "tiles": 123}]}, "123 is not tile notation"),
        ({**CHICKEN, "conditions": [["kong"]]}, "unknown condition \\['kong'\\]"),
        ({**CHICKEN, "melds": [{"kind": "chow", "tiles": "124m"}]}, "124m is not a chow"),
        ({**CHICKEN, "melds": [{"kind": "chow", "tiles": "891m"}]}, "189m is not a chow"),
        ({**CHICKEN, "melds": [{"kind": "chow", "tiles": "123z"}]}, "123z is not a chow"),
        ({**CHICKEN, "melds": [{"kind": "pung", "tiles": "4444s"}]}, "4444s is not a pung"),
        ({**CHICKEN, "melds": [{"kind": "concealed_kong", "tiles": "444s"}]}, "444s is not a concealed kong"),
        (
            {**CHICKEN, "conditions": ["ippatsu"]},
            "unknown condition 'ippatsu'; the conditions are last_tile, kong, fourth_tile",
        ),
        ({**CHICKEN, "conditions": "kong"}, "unknown condition 'kong'"),
        ({**CHICKEN, "hand": "67s1z"}, "the hand has 13 tiles with the winning tile"),
        ({"hand": "1111m456p789s123s5z", "win": "5z"}, "the hand has 15 tiles"),
        ({"hand": "1111m456p789s123s", "win": "1m"}, "the hand shows 5 of 1m"),
        (
            {"hand": "11m456p789s12s", "win": "1m", "melds": [{"kind": "kong", "tiles": "1111m"}]},
            "the hand shows 7 of 1m",
        ),
    ],
)
def test_bad_tiles_say_what_is_wrong(data, message):
    with pytest.raises(RuleError, match=message.replace("(", r"\(")) as error:
        MCRTiles.from_json(data)
    assert error.value.field == "tiles"


@needs_library
@pytest.mark.parametrize(
    ("data", "self_drawn", "message"),
    [
        ({"hand": "123m456p789s124s5z", "win": "9s"}, False, "the tiles are not a winning hand"),
        ({"hand": "19m19p19s1234566z", "win": "2m"}, False, "the tiles are not a winning hand"),
        ({**CHICKEN, "conditions": ["kong"]}, True, "needs a kong among the melds"),
        ({**CHICKEN, "hand": "67s88s", "win": "8s", "conditions": ["kong"]}, False, "cannot hold another 8s"),
        (
            {**CHICKEN, "melds": [*CHICKEN["melds"][:2], {"kind": "chow", "tiles": "789s"}], "conditions": ["kong"]},
            False,
            "cannot hold another 8s",
        ),
        ({**CHICKEN, "hand": "67s88s", "win": "8s", "conditions": ["fourth_tile"]}, False, "holds another 8s"),
    ],
)
def test_tiles_that_cannot_win_so(data, self_drawn, message):
    with pytest.raises(RuleError, match=message) as error:
        fans(data, self_drawn=self_drawn)
    assert error.value.field == "tiles"


@needs_library
@pytest.mark.parametrize(
    ("keywords", "message", "field"),
    [
        ({"seat": 4}, "a wind is 0 to 3 .East, South, West, North., not 4", "tiles"),
        ({"prevalent": -1}, "not -1", "tiles"),
        ({"flowers": 9}, "a hand has 0 to 8 flowers, not 9", "flowers"),
    ],
)
def test_winds_and_flowers_in_range(keywords, message, field):
    with pytest.raises(RuleError, match=message) as error:
        fans(CHICKEN, **keywords)
    assert error.value.field == field


@needs_library
def test_all_eight_flowers_are_counted_apart():
    result = fans(CHICKEN, flowers=8)
    assert (result.fans, result.fan, result.flowers) == (("Chicken Hand",), 8, 8)


def test_without_the_library_tile_entry_says_why(monkeypatch):
    monkeypatch.setattr(calculator, "_LIBRARY", None)
    with pytest.raises(RuleError, match="the fan calculator .PyMahjongGB. is not installed") as error:
        fans(CHICKEN)
    assert error.value.template == UNAVAILABLE
    assert MCRTiles.from_json(CHICKEN).to_json() == CHICKEN  # the tiles object itself needs no library
