"""A tenpai claim at an exhaustive draw checked by the player's tiles (EMA 2016 §3.3.13).

Tenpai: one tile short of a winning hand (``Shanten`` 0) with at least one wait that is not
a fifth copy of a tile the hand holds four of — "a player is not considered tenpai if he is
waiting only for a tile of which he already has 4" (seed 004, §3.3.13).
"""

from collections import Counter
from dataclasses import dataclass

from mahjong.shanten import Shanten

from scoring.rules import RuleError
from scoring.rules.errors import gettext_noop
from scoring.rules.ruleset import RuleSet

from .notation import HandTiles, Tile
from .scoring import check_tiles


@dataclass(frozen=True, slots=True)
class TenpaiCheck:
    shanten: int  # 0 tenpai, 1 one tile from tenpai …
    waits: tuple[Tile, ...]  # the tiles that complete the hand (never a fifth copy)

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
    shanten = Shanten.calculate_shanten(concealed, use_chiitoitsu=not tiles.melds, use_kokushi=not tiles.melds)
    held = Counter(tile.index for tile in tiles.every_tile())  # the melds' copies count too
    waits = []
    if shanten == 0:
        for index in range(34):
            concealed[index] += 1
            if held[index] < 4 and Shanten.calculate_shanten(
                    concealed, use_chiitoitsu=not tiles.melds, use_kokushi=not tiles.melds) == -1:
                waits.append(Tile(index))
            concealed[index] -= 1
    return TenpaiCheck(shanten, tuple(waits))
