"""An MCR win by its tiles, and its JSON form: a game log's MCR win carries it as ``tiles``.

The tiles are written in the riichi notation (``123m456p789s1234567z``; ``z`` 1-4 the winds,
5-7 white, green and red) without red fives. Flowers and whether the win was self-drawn are
the win's, not the tiles'.
"""

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from scoring.rules.errors import RuleError, gettext_noop, shown
from scoring.rules.vocabulary import MCRCondition, MCRMeld

from ..notation import Tile, parse, write

TILES_KEYS = ("hand", "melds", "win", "conditions")
HAND_SIZE = 14  # a kong counts as three: its fourth tile is replaced from the wall
COPIES = 4
MELD_SIZE = {MCRMeld.CHOW: 3, MCRMeld.PUNG: 3, MCRMeld.KONG: 4, MCRMeld.CONCEALED_KONG: 4}

NOT_AN_OBJECT = gettext_noop("an MCR win's 'tiles' is an object with hand, melds, win and conditions")
UNKNOWN_KEY = gettext_noop("%(key)s is not part of an MCR win's tiles: they are hand, melds, win and conditions")
NOT_A_MELD = gettext_noop('a meld is {"kind": chow, pung, kong or concealed_kong, "tiles": "..."}')
BAD_MELD = gettext_noop(
    "%(tiles)s is not a %(kind)s: a chow is three in a row of one suit, a pung three of a kind, a kong four"
)
NO_RED_FIVES = gettext_noop("MCR has no red fives: write a five as 5, not 0")
ONE_WINNING_TILE = gettext_noop("the winning tile is one tile, not %(tiles)s")
UNKNOWN_CONDITION = gettext_noop("unknown condition %(name)s; the conditions are %(known)s")
WRONG_COUNT = gettext_noop(
    "the hand has %(count)s tiles with the winning tile, kongs counted as three: a winning hand has 14"
)
FIFTH_TILE = gettext_noop("there are only four of each tile, and the hand shows %(count)s of %(tile)s")


def _tiles(text: str) -> tuple[Tile, ...]:
    """Tiles in notation (``parse`` says what is wrong with a bad one), no red five among them."""
    tiles = parse(text)
    if any(tile.red for tile in tiles):
        raise RuleError(NO_RED_FIVES, field="tiles")
    return tiles


def _one_of(value: object, vocabulary: type[MCRMeld] | type[MCRCondition]) -> bool:
    """Whether a game log's value (any JSON) is a member of ``vocabulary``."""
    return isinstance(value, str) and value in set(vocabulary)


@dataclass(frozen=True, slots=True)
class MCRMeldTiles:
    """A called meld or a declared concealed kong. PyMahjongGB asks only whether a meld was
    claimed (which seat gave the tile changes no fan), so the kind says all it needs."""

    kind: MCRMeld
    tiles: tuple[Tile, ...]

    @classmethod
    def from_json(cls, data: object) -> "MCRMeldTiles":
        if not isinstance(data, dict) or not _one_of(data.get("kind"), MCRMeld) or set(data) - {"kind", "tiles"}:
            raise RuleError(NOT_A_MELD, field="tiles")
        meld = cls(MCRMeld(data["kind"]), tuple(sorted(_tiles(data.get("tiles", "")))))
        meld.check()
        return meld

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "tiles": write(self.tiles)}

    def check(self) -> None:
        indexes = sorted(t.index for t in self.tiles)
        if self.kind == MCRMeld.CHOW:
            ok = len(indexes) == MELD_SIZE[self.kind] and indexes[0] < 27 and indexes[0] % 9 < 7
            ok = ok and indexes == list(range(indexes[0], indexes[0] + 3))
        else:
            ok = len(indexes) == MELD_SIZE[self.kind] and len(set(indexes)) == 1
        if not ok:
            raise RuleError(BAD_MELD, field="tiles", tiles=write(self.tiles), kind=self.kind.replace("_", " "))


@dataclass(frozen=True, slots=True)
class MCRTiles:
    """The winner's concealed tiles (without the winning tile), called melds and declared
    concealed kongs, the winning tile, and the conditions the tiles cannot show."""

    concealed: tuple[Tile, ...]
    melds: tuple[MCRMeldTiles, ...]
    win: Tile
    conditions: frozenset[MCRCondition] = field(default_factory=frozenset)

    @classmethod
    def from_json(cls, data: object) -> "MCRTiles":
        """From a game log's ``tiles`` object (or a form); anything else raises RuleError."""
        if not isinstance(data, dict):
            raise RuleError(NOT_AN_OBJECT, field="tiles")
        for key in data:
            if key not in TILES_KEYS:
                raise RuleError(UNKNOWN_KEY, field="tiles", key=shown(key))
        win = _tiles(data.get("win", ""))
        if len(win) != 1:
            raise RuleError(ONE_WINNING_TILE, field="tiles", tiles=write(win) or "none")
        melds, conditions = data.get("melds", []), data.get("conditions", [])
        if not isinstance(melds, list):
            raise RuleError(NOT_A_MELD, field="tiles")
        # a list of conditions, each a member; anything else is unknown as a whole
        unknown = (
            [c for c in conditions if not _one_of(c, MCRCondition)] if isinstance(conditions, list) else [conditions]
        )
        if unknown:
            raise RuleError(UNKNOWN_CONDITION, field="tiles", name=shown(unknown[0]), known=", ".join(MCRCondition))
        tiles = cls(
            tuple(sorted(_tiles(data.get("hand", "")))),
            tuple(MCRMeldTiles.from_json(meld) for meld in melds),
            win[0],
            frozenset(MCRCondition(c) for c in conditions),
        )
        tiles.check()
        return tiles

    def to_json(self) -> dict[str, Any]:
        data = {
            "hand": write(self.concealed),
            "melds": [meld.to_json() for meld in self.melds],
            "win": str(self.win),
            "conditions": [c for c in MCRCondition if c in self.conditions],
        }
        return {key: value for key, value in data.items() if value or key == "hand"}

    def check(self) -> None:
        """Fourteen tiles (a kong counted as three) and no tile more than four times."""
        count = len(self.concealed) + 1 + 3 * len(self.melds)
        if count != HAND_SIZE:
            raise RuleError(WRONG_COUNT, field="tiles", count=count)
        shown_tiles = Counter(t.index for t in (*self.concealed, self.win, *(t for m in self.melds for t in m.tiles)))
        index, most = shown_tiles.most_common(1)[0]
        if most > COPIES:
            raise RuleError(FIFTH_TILE, field="tiles", count=most, tile=str(Tile(index)))
