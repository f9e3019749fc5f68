"""``{% load tiles %}`` (registered in settings): a hand drawn by its tiles, face by face."""

from django import template

from scoring.rules import RuleError

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
