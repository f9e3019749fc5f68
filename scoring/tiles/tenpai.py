"""A tenpai claim at an exhaustive draw checked by the player's tiles (EMA Riichi Competition
Rules 2016, §3.3.13).

Tenpai: one tile short of a winning hand (``Shanten`` 0) with at least one wait that is not
a fifth copy of a tile the hand holds four of — "a player is not considered tenpai if he is
waiting only for a tile of which he already has 4" (EMA Riichi Competition Rules 2016, §3.3.13).
At a table of three the waits are the tiles it plays with (no 2m–8m: Tenhou three-player rules).
"""

from collections import Counter
from dataclasses import dataclass

from mahjong.shanten import Shanten

from scoring.rules import RuleError
from scoring.rules.errors import gettext_noop
from scoring.rules.ruleset import RuleSet

from .notation import HandTiles, Tile
from .scoring import check_tiles, three_player


@dataclass(frozen=True, slots=True)
class TenpaiCheck:
    shanten: int  # 0 tenpai, 1 one tile from tenpai … (the library's: a wait on a fifth copy is none)
    waits: tuple[Tile, ...]  # the tiles that complete the hand (never a fifth copy)
    blocked: tuple[Tile, ...] = ()  # the waits that would be a fifth copy: they do not count (§3.3.13)

    @property
    def tenpai(self) -> bool:
        return self.shanten == 0 and bool(self.waits)


def check_tenpai(tiles: HandTiles, rules: RuleSet) -> TenpaiCheck:
    """Shanten and waits of a player's 13 tiles (concealed and melds); bad tiles raise RuleError."""
    if tiles.win is not None:
        raise RuleError(gettext_noop("a tenpai claim is checked on the hand without a winning tile"), field="tiles")
    check_tiles(tiles, rules)
    concealed = [0] * 34
    for tile in tiles.concealed:
        concealed[tile.index] += 1
    three = three_player(rules)

    def shanten_of(counts: list[int]) -> int:
        return Shanten.calculate_shanten(
            counts, use_chiitoitsu=not tiles.melds, use_kokushi=not tiles.melds, is_three_player=three
        )

    shanten = shanten_of(concealed)
    held = Counter(tile.index for tile in tiles.every_tile())  # the melds' copies count too
    waits = []
    if shanten == 0:
        for index in range(34):
            if three and 0 < index < 8:  # no 2m–8m at a table of three
                continue
            concealed[index] += 1
            if held[index] < 4 and shanten_of(concealed) == -1:
                waits.append(Tile(index))
            concealed[index] -= 1
    blocked = tuple(
        Tile(index)
        for index in range(34)
        if held[index] == 4 and concealed[index] and _completes([n + (i == index) for i, n in enumerate(concealed)])
    )
    return TenpaiCheck(shanten, tuple(waits), blocked)


def _completes(counts: list[int]) -> bool:
    """Whether concealed tile counts are sets and one pair (any number of copies: a fifth too,
    which the package's ``Agari.is_agari`` refuses to count as complete)."""
    for pair in (i for i, n in enumerate(counts) if n >= 2):
        counts[pair] -= 2
        complete = _sets(counts)
        counts[pair] += 2
        if complete:
            return True
    return False


def _sets(counts: list[int]) -> bool:
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return True
    shapes = [(first,) * 3] if counts[first] >= 3 else []
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        shapes.append((first, first + 1, first + 2))
    for shape in shapes:
        for i in shape:
            counts[i] -= 1
        complete = _sets(counts)
        for i in shape:
            counts[i] += 1
        if complete:
            return True
    return False
