"""An MCR win's fan from its tiles, counted by PyMahjongGB (module ``MahjongGB``, MIT).

PyMahjongGB names its fans in Chinese; ``CHINESE`` gives each its Green Book name. It counts
flowers as a fan of their own (left out of ``FanList.fans``: they do not count toward the
8-point minimum, which is the engine's check, not this one's). When the library could not be
installed, ``AVAILABLE`` is false and ``UNAVAILABLE`` says why: MCR by fan works without it.
"""

import importlib
from types import ModuleType
from typing import NamedTuple

from scoring.rules.errors import RuleError, gettext_noop
from scoring.rules.families.mcr.fans import BY_NAME, FLOWER_TILES, points_of
from scoring.rules.vocabulary import MCRCondition, MCRMeld

from ..notation import Tile
from .chinese import CHINESE, GREEN_BOOK_EXCLUDES
from .hand import MCRTiles

_LIBRARY: ModuleType | None
try:
    _LIBRARY = importlib.import_module("MahjongGB")
except ImportError:  # no compiler where it was installed: the site runs, tile entry is off
    _LIBRARY = None
AVAILABLE = _LIBRARY is not None
UNAVAILABLE = gettext_noop(
    "MCR hands by their tiles are off on this site: the fan calculator (PyMahjongGB) is not installed. "
    "Enter the hand's fan instead."
)
NOT_A_WIN = gettext_noop(
    "the tiles are not a winning hand: four sets and a pair, seven pairs, thirteen orphans or a knitted hand"
)
REFUSED = gettext_noop("the fan calculator refused these tiles (%(reason)s)")
BAD_WIND = gettext_noop("a wind is 0 to 3 (East, South, West, North), not %(wind)s")
BAD_FLOWERS = gettext_noop("a hand has 0 to 8 flowers, not %(flowers)s")
NO_KONG_TO_REPLACE = gettext_noop("a self-drawn win on a kong's replacement tile needs a kong among the melds")
ROBBED_TILE_HELD = gettext_noop("a robbed kong's tile is the last of its kind: the winner cannot hold another %(tile)s")
FOURTH_TILE_HELD = gettext_noop(
    "the fourth tile (Last Tile) is one whose other three are in sight: the winner holds another %(tile)s"
)
WINDS = 4  # East 0, South 1, West 2, North 3
FLOWERS = 8

# our tile index 0-33 -> PyMahjongGB's code: m characters (W), p circles (B), s bamboo (T),
# the winds (F1-F4), then white, green, red: PyMahjongGB's J1 is red, J3 white
_CODES = (
    *(f"W{n}" for n in range(1, 10)),
    *(f"B{n}" for n in range(1, 10)),
    *(f"T{n}" for n in range(1, 10)),
    *(f"F{n}" for n in range(1, 5)),
    "J3",
    "J2",
    "J1",
)
_PACKS = {MCRMeld.CHOW: "CHI", MCRMeld.PUNG: "PENG", MCRMeld.KONG: "GANG", MCRMeld.CONCEALED_KONG: "GANG"}


class FanList(NamedTuple):
    fans: tuple[str, ...]  # the catalogue's names in Green Book order, repeated as counted, flowers left out
    fan: int  # their points (flowers not counted)
    flowers: int


def library_code(tile: Tile) -> str:
    return _CODES[tile.index]


def library_pack(meld_kind: MCRMeld, tiles: tuple[Tile, ...]) -> tuple[str, str, int]:
    """A meld as PyMahjongGB takes it: its kind, its tile (a chow's middle one) and who offered
    it (0 for a concealed kong; any other seat reads the same, a claimed meld)."""
    tile = sorted(tiles)[1] if meld_kind == MCRMeld.CHOW else tiles[0]
    return _PACKS[meld_kind], library_code(tile), 0 if meld_kind == MCRMeld.CONCEALED_KONG else 1


def _check_wind(wind: int) -> None:
    if not 0 <= wind < WINDS:
        raise RuleError(BAD_WIND, field="tiles", wind=wind)


def _check_conditions(tiles: MCRTiles, self_drawn: bool) -> None:
    """The conditions PyMahjongGB would silently drop, refused instead."""
    held = tiles.win in tiles.concealed or any(tiles.win in meld.tiles for meld in tiles.melds)
    if MCRCondition.KONG in tiles.conditions:
        if self_drawn and not any(meld.kind in (MCRMeld.KONG, MCRMeld.CONCEALED_KONG) for meld in tiles.melds):
            raise RuleError(NO_KONG_TO_REPLACE, field="tiles")
        if not self_drawn and held:
            raise RuleError(ROBBED_TILE_HELD, field="tiles", tile=str(tiles.win))
    if MCRCondition.FOURTH_TILE in tiles.conditions and tiles.win in tiles.concealed:
        raise RuleError(FOURTH_TILE_HELD, field="tiles", tile=str(tiles.win))


def fans_from_tiles(tiles: MCRTiles, *, self_drawn: bool, flowers: int, seat_wind: int, prevalent_wind: int) -> FanList:
    """The fans of a win by its tiles (winds 0-3: East to North). A hand under 8 points is
    answered like any other; tiles that are no winning hand raise RuleError."""
    if _LIBRARY is None:
        raise RuleError(UNAVAILABLE, field="tiles")
    _check_wind(seat_wind)
    _check_wind(prevalent_wind)
    if not 0 <= flowers <= FLOWERS:
        raise RuleError(BAD_FLOWERS, field="flowers", flowers=flowers)
    tiles.check()
    _check_conditions(tiles, self_drawn)
    try:
        answer = _LIBRARY.MahjongFanCalculator(
            pack=tuple(library_pack(meld.kind, meld.tiles) for meld in tiles.melds),
            hand=tuple(library_code(tile) for tile in tiles.concealed),
            winTile=library_code(tiles.win),
            flowerCount=flowers,
            isSelfDrawn=self_drawn,
            is4thTile=MCRCondition.FOURTH_TILE in tiles.conditions,
            isAboutKong=MCRCondition.KONG in tiles.conditions,
            isWallLast=MCRCondition.LAST_TILE in tiles.conditions,
            seatWind=seat_wind,
            prevalentWind=prevalent_wind,
            verbose=True,
        )
    except TypeError as error:
        if str(error) == "ERROR_NOT_WIN":
            raise RuleError(NOT_A_WIN, field="tiles") from error
        raise RuleError(REFUSED, field="tiles", reason=str(error)) from error
    names = [name for _, count, chinese, _ in answer for name in CHINESE[chinese] * count]
    excluded = {FLOWER_TILES}.union(*(GREEN_BOOK_EXCLUDES.get(name, ()) for name in names))
    fans = tuple(sorted((name for name in names if name not in excluded), key=lambda name: BY_NAME[name].number))
    return FanList(fans, points_of(fans), flowers)
