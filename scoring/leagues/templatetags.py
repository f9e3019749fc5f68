"""``{% load leagues %}`` (registered in settings): the player page's line in each league standing."""

from django import template

from scoring.models import Player

from . import reads

register = template.Library()


@register.simple_tag
def player_leagues(player: Player) -> list[reads.PlayerStanding]:
    """The player's line in every standing of the recent leagues (``reads.player_standings``)."""
    return reads.player_standings(player)
