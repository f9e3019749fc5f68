"""``{% load tiles %}`` (registered in settings): a hand drawn by its tiles, face by face."""

from django import template

from scoring.rulebook.knobs import points
from scoring.rules import RuleError

from . import records
from .notation import HandTiles

register = template.Library()


@register.filter
def tile_groups(data) -> list[tuple[str, list[str]]]:
    """A win's tiles object -> (what, tile names) per group: the hand, each meld, the winning
    tile, the indicators; empty where the stored tiles cannot be read."""
    try:
        tiles = HandTiles.from_json(data)
    except RuleError:
        return []
    groups = [("hand", [str(t) for t in tiles.concealed])]
    groups += [(meld.kind, [str(t) for t in meld.tiles]) for meld in tiles.melds]
    groups += [(what, [str(t) for t in group]) for what, group in
               (("win", [tiles.win] if tiles.win else []), ("dora", tiles.dora), ("ura", tiles.ura)) if group]
    return groups


@register.simple_tag
def player_yaku(player) -> list[tuple[str, int, int, int]]:
    """The player page's most common yaku of ``player`` (``records.common_yaku``)."""
    rows = records.common_yaku(player=player)
    return rows[0][1] if rows else []


@register.filter
def signed_points(value: int) -> str:
    """A game or session result as the boards write it: ``+12,300``."""
    return points(value, signed=True)
