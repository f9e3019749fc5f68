"""Tiles in compact notation (``123m456p789s11z``, ``0`` a red five) and the facts of a hand by its tiles.

A tile is its index 0–33 (1–9 characters, 1–9 circles, 1–9 bamboo, then East, South,
West, North, White, Green, Red) and whether it is a red five. At a table of three a win may
also have Norths set aside (``nuki``, nukidora: Tenhou three-player rules). ``HandTiles`` is what is
stored with a win and exported in the game log: notation strings, never tile ids.
"""

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from scoring.rules.errors import RuleError, gettext_noop
from scoring.rules.families.riichi.gamelog import MOST_NUKI

SUITS = "mpsz"
MELD_KINDS = ("chi", "pon", "kan", "closed_kan")
CONDITIONS = ("double_riichi", "ippatsu", "last_tile", "after_kan", "robbing_kan", "tenhou", "chiihou", "renhou")
_NOTATION = re.compile(r"(?:[0-9]+[mpsz])*")
_GROUP = re.compile(r"([0-9]+)([mpsz])")
NORTH = 30  # the North wind's index (4z): the tile a table of three sets aside
NOT_NOTATION = gettext_noop(
    "%(text)r is not tile notation: write digits then a suit letter, e.g. 123m456p789s11z "
    "(z: 1-4 the winds, 5-7 the dragons; 0 a red five)"
)


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    index: int  # 0-33
    red: bool = False

    @property
    def suit(self) -> str:
        return SUITS[self.index // 9]

    @property
    def number(self) -> int:
        return self.index % 9 + 1

    def __str__(self) -> str:
        return f"{0 if self.red else self.number}{self.suit}"


def parse(text: str) -> tuple[Tile, ...]:
    """``"406m77z"`` -> the tiles in the order written; unknown notation raises RuleError."""
    if not isinstance(text, str | None):
        raise RuleError(NOT_NOTATION, field="tiles", text=text)
    text = (text or "").replace(" ", "").lower()
    if not _NOTATION.fullmatch(text):
        raise RuleError(NOT_NOTATION, field="tiles", text=text)
    tiles = []
    for digits, suit in _GROUP.findall(text):
        for digit in map(int, digits):
            if suit == "z" and not 1 <= digit <= 7:
                raise RuleError(
                    gettext_noop("there is no honour tile %(tile)s: honours are 1z to 7z"),
                    field="tiles",
                    tile=f"{digit}z",
                )
            if suit != "z" and digit == 0:
                tiles.append(Tile(SUITS.index(suit) * 9 + 4, red=True))
            else:
                tiles.append(Tile(SUITS.index(suit) * 9 + digit - 1))
    return tuple(tiles)


def write(tiles: Collection[Tile]) -> str:
    """The tiles in sorted compact notation: ``[5m, 0m, 1z]`` -> ``"50m1z"`` (red fives after the plain ones)."""
    out = []
    for suit in SUITS:
        digits = "".join(str(t)[0] for t in sorted(tiles, key=lambda t: (t.index, t.red)) if t.suit == suit)
        if digits:
            out.append(digits + suit)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Meld:
    """A called meld (chi, pon, open kan) or a closed kan, with its tiles."""

    kind: str
    tiles: tuple[Tile, ...]

    @property
    def is_kan(self) -> bool:
        return self.kind in ("kan", "closed_kan")

    @property
    def is_open(self) -> bool:
        return self.kind != "closed_kan"

    @classmethod
    def from_json(cls, data: object) -> "Meld":
        if not isinstance(data, dict) or data.get("kind") not in MELD_KINDS:
            raise RuleError(
                gettext_noop('a meld is {"kind": chi, pon, kan or closed_kan, "tiles": "..."}'), field="tiles"
            )
        meld = cls(data["kind"], parse(data.get("tiles", "")))
        meld.check()
        return meld

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "tiles": write(self.tiles)}

    def check(self) -> None:
        indexes = sorted(t.index for t in self.tiles)
        if self.kind == "chi":
            ok = (
                len(indexes) == 3
                and indexes[0] < 27
                and indexes[0] // 9 == indexes[2] // 9
                and indexes == list(range(indexes[0], indexes[0] + 3))
            )
        else:
            ok = len(indexes) == (3 if self.kind == "pon" else 4) and len(set(indexes)) == 1
        if not ok:
            raise RuleError(
                gettext_noop(
                    "%(tiles)s is not a %(kind)s: a chi is three in a row of one suit, a pon three of a "
                    "kind, a kan four of a kind"
                ),
                field="tiles",
                tiles=write(self.tiles),
                kind=self.kind.replace("_", " "),
            )


@dataclass(frozen=True, slots=True)
class HandTiles:
    """A player's tiles: the concealed tiles (without the winning tile), called melds, the
    winning tile (none for a tenpai check), dora and ura dora indicators, the conditions
    the table does not know (``CONDITIONS``) and the Norths set aside (``nuki``)."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win: Tile | None = None
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    conditions: frozenset[str] = field(default_factory=frozenset)
    nuki: int = 0

    @classmethod
    def from_json(cls, data: object) -> "HandTiles":
        """From the game log's ``tiles`` object (or a form); bad notation raises RuleError."""
        if not isinstance(data, dict):
            raise RuleError(
                gettext_noop("'tiles' must be an object with hand, melds, win, dora, ura and conditions"), field="tiles"
            )
        win = parse(data.get("win", ""))
        if len(win) > 1:
            raise RuleError(
                gettext_noop("the winning tile is one tile, not %(tiles)s"), field="tiles", tiles=write(win)
            )
        conditions = data.get("conditions", [])
        unknown = [c for c in conditions if c not in CONDITIONS] if isinstance(conditions, list) else [conditions]
        if unknown:
            raise RuleError(
                gettext_noop("unknown condition %(name)r; the conditions are %(known)s"),
                field="tiles",
                name=unknown[0],
                known=", ".join(CONDITIONS),
            )
        melds = data.get("melds", [])
        if not isinstance(melds, list):
            raise RuleError(gettext_noop("'melds' must be a list of melds"), field="tiles")
        nuki = data.get("nuki", 0)
        if type(nuki) is not int or not 0 <= nuki <= MOST_NUKI:
            raise RuleError(
                gettext_noop("'nuki' is the Norths set aside, 0 to %(most)s, not %(nuki)r"),
                field="tiles",
                most=MOST_NUKI,
                nuki=nuki,
            )
        return cls(
            parse(data.get("hand", "")),
            tuple(Meld.from_json(m) for m in melds),
            win[0] if win else None,
            parse(data.get("dora", "")),
            parse(data.get("ura", "")),
            frozenset(conditions),
            nuki,
        )

    def to_json(self) -> dict[str, Any]:
        data = {
            "hand": write(self.concealed),
            "melds": [m.to_json() for m in self.melds],
            "win": str(self.win) if self.win else "",
            "dora": write(self.dora),
            "ura": write(self.ura),
            "conditions": [c for c in CONDITIONS if c in self.conditions],
            "nuki": self.nuki,
        }
        return {key: value for key, value in data.items() if value or key == "hand"}

    @property
    def is_open(self) -> bool:
        return any(m.is_open for m in self.melds)

    @property
    def kans(self) -> int:
        return sum(m.is_kan for m in self.melds)

    def every_tile(self) -> list[Tile]:
        """Every tile these facts show: hand, melds, winning tile, indicators and the Norths set
        aside (for counting copies)."""
        shown = [*self.concealed, *(t for m in self.melds for t in m.tiles), *self.dora, *self.ura]
        shown += [Tile(NORTH)] * self.nuki
        return shown + [self.win] if self.win else shown
