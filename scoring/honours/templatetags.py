"""``{% load honours %}`` (registered in settings): the player page's most common yaku, per family."""

from django import template

from scoring.models import Player

from . import reads

register = template.Library()


@register.simple_tag
def player_yaku(player: Player, family: str) -> list[reads.YakuCount]:
    """The most common yaku of ``player`` in the games of ``family`` (``reads.common_yaku``)."""
    rows = reads.common_yaku(family, player=player)
    return rows[0][1] if rows else []
