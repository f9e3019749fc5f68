"""``{% load american_events %}`` (registered in settings): the player page's tournament record."""

from django import template

from . import reads

register = template.Library()


@register.simple_tag
def tournament_record(player) -> list[reads.RecordLine]:
    """The player's American tournaments (``reads.tournament_record``)."""
    return reads.tournament_record(player)
