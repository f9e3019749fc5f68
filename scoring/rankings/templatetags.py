"""``{% load rankings %}`` (registered in settings): the player page's ranking history, a chart per
ranking system the player is ranked in."""

from typing import Any, NamedTuple

from django import template
from django.utils.translation import gettext as _

from scoring.boards import charts
from scoring.models import Player
from scoring.rules.rankings import SYSTEMS

from . import reads
from .views import points_text

register = template.Library()


class _Value(NamedTuple):
    day: object
    ordinal: float  # the name the boards' line chart reads


@register.simple_tag
def player_rankings(player: Player) -> list[dict[str, Any]]:
    """Each system the player has ranking points in: its name, his points now and the chart of
    his points on each day a result of his counted from."""
    found = reads.stored(None, player)
    shown = []
    for system in SYSTEMS.values():
        points = reads.history(system, player, found)
        if not points:
            continue
        chart = charts.rating_chart(
            [_Value(p.day, float(p.points)) for p in points],
            title=_("%(system)s: ranking points") % {"system": _(system.name)},
            summary=_("His ranking points after each event he played, now %(points)s.")
            % {"points": points_text(points[-1].points)},
        )
        shown.append({"system": system, "points": points_text(points[-1].points), "chart": chart})
    return shown
