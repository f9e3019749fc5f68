"""Random winning MCR hands by their tiles (four sets and a pair, some of the sets called),
with random conditions the tiles allow: for the benchmark and the property tests."""

from collections import Counter
from random import Random

from scoring.rules.vocabulary import MCRCondition, MCRMeld

from ..notation import Tile
from .hand import COPIES, MCRMeldTiles, MCRTiles

SUITED = 27  # tiles 0-26 are the three suits, 27-33 the honours
TILE_KINDS = 34
SETS = 4  # a winning hand's sets besides its pair


def _set(rng: Random, counts: Counter[int]) -> tuple[int, ...]:
    """A chow or a pung (a kong now and then) that four copies of each tile still allow."""
    while True:
        if rng.random() < 0.5:
            start = rng.randrange(SUITED)
            if start % 9 > 6:
                continue
            indexes: tuple[int, ...] = (start, start + 1, start + 2)
        else:
            index = rng.randrange(TILE_KINDS)
            indexes = (index,) * (COPIES if rng.random() < 0.15 else 3)
        if all(counts[i] + indexes.count(i) <= COPIES for i in set(indexes)):
            counts.update(indexes)
            return indexes


def _meld(indexes: tuple[int, ...], rng: Random) -> MCRMeldTiles:
    if len(set(indexes)) > 1:
        kind = MCRMeld.CHOW
    elif len(indexes) == COPIES:
        kind = MCRMeld.CONCEALED_KONG if rng.random() < 0.4 else MCRMeld.KONG
    else:
        kind = MCRMeld.PUNG
    return MCRMeldTiles(kind, tuple(Tile(i) for i in indexes))


def random_tiles(rng: Random) -> MCRTiles:
    """A winning hand: four sets, a pair, up to four of the sets called (every kong is)."""
    counts: Counter[int] = Counter()
    sets = [_set(rng, counts) for _ in range(SETS)]
    pair = next(i for i in rng.sample(range(TILE_KINDS), TILE_KINDS) if counts[i] + 2 <= COPIES)
    called = rng.randint(0, SETS)
    melds = [_meld(s, rng) for number, s in enumerate(sets) if number < called or len(s) == COPIES]
    concealed = [Tile(i) for number, s in enumerate(sets) if not (number < called or len(s) == COPIES) for i in s]
    concealed += [Tile(pair), Tile(pair)]
    win = concealed.pop(rng.randrange(len(concealed)))
    conditions = {MCRCondition.LAST_TILE} if rng.random() < 0.1 else set()
    if win not in concealed and rng.random() < 0.2:
        conditions.add(MCRCondition.FOURTH_TILE)
    return MCRTiles(tuple(sorted(concealed)), tuple(melds), win, frozenset(conditions))
