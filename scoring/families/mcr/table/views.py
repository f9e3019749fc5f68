"""The tile picker's server call at an MCR table: the fan list of the winner's tiles, counted
by PyMahjongGB with the seat and prevalent winds of the hand being entered."""

from collections import Counter

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.models import Game, seat_index
from scoring.permissions import recorder_required
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError, bounds
from scoring.rules.families.mcr import facts
from scoring.rules.families.mcr.fans import BY_NAME
from scoring.tiles.mcr import MCRTiles, fans_from_tiles

from . import TEMPLATE

MAX_FLOWERS = facts.MAX_FLOWERS


def _flowers(text: str | None) -> int:
    try:
        return max(0, min(int(text or 0), MAX_FLOWERS))
    except ValueError:
        return 0


def _rows(names: tuple[str, ...]) -> list[tuple[str, int, int]]:
    """Each fan once, in the list's order: its name in the reader's language, how often it
    counts and the points it brings."""
    counts = Counter(names)
    return [(_(name), count, BY_NAME[name].points * count) for name, count in counts.items()]


@require_POST
@recorder_required
def score_tiles(request: HttpRequest, game: Game) -> HttpResponse:
    """The fans and points of the winner's tiles (``table.html#tiles_score``)."""
    winner = seat_index(request.POST.get("winner"), game.seat_count)
    context: dict[str, object] = {}
    if winner is None:
        context["error"] = _("Tap the winner first.")
        return render(request, f"{TEMPLATE}#tiles_score", context)
    hand = game.hand_count
    try:
        tiles = MCRTiles.from_json(bounds.loads(request.POST.get("tiles", "")))
        fan_list = fans_from_tiles(
            tiles,
            self_drawn=seat_index(request.POST.get("discarder"), game.seat_count) is None,
            flowers=_flowers(request.POST.get("flowers")),
            seat_wind=facts.seat_wind(hand, winner),
            prevalent_wind=facts.prevalent_wind(hand),
        )
    except RuleError as error:  # before ValueError: a RuleError is one
        context["error"] = rule_message(error)
    except (ValueError, RecursionError):  # no JSON, or nested too deeply to read
        context["error"] = _("The tiles could not be read: enter them again.")
    else:
        context.update(fan_list=fan_list, fans=_rows(fan_list.fans))
        if fan_list.fan < game.rules.min_fan:
            context["below_minimum"] = _("Under the %(least)s-point minimum (flowers not counted): not a win.") % {
                "least": game.rules.min_fan
            }
    return render(request, f"{TEMPLATE}#tiles_score", context)
