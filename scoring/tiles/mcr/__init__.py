"""MCR hands by their tiles: the ``tiles`` object of an MCR win (``MCRTiles``, its JSON the
game log's) and its fan list counted by PyMahjongGB (``fans_from_tiles``), in the Green
Book's names. Like the rest of ``scoring.tiles`` it never imports Django; when PyMahjongGB
is not installed ``AVAILABLE`` is false and ``UNAVAILABLE`` says why.
"""

from .calculator import AVAILABLE, UNAVAILABLE, FanList, fans_from_tiles
from .hand import MCRMeldTiles, MCRTiles

__all__ = ["AVAILABLE", "UNAVAILABLE", "FanList", "MCRMeldTiles", "MCRTiles", "fans_from_tiles"]
