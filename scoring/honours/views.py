"""The club's records page, cached like the boards (the keys of the families it counts and the names')."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring.caching import versions
from scoring.caching.pages import cached
from scoring.models import Ruleset
from scoring.permissions import results_visible
from scoring.rulebook.numbers import number

from . import reads


def _newest(rows: list) -> str | None:
    """How many rows a list shows, as numbers read, when it shows only the newest."""
    return number(len(rows)) if len(rows) == reads.LATEST else None


@require_safe
@results_visible
@cached(lambda: [versions.CLUB, *(versions.family(family) for family in reads.counted())])
def club_records(request: HttpRequest) -> HttpResponse:
    """The club's records from the finished games of the families that count for them (``records.html``)."""
    yakuman, chombo = reads.yakuman_wall(), reads.chombo_and_penalties()
    return render(
        request,
        "scoring/honours/records.html",
        {
            "yakuman": yakuman,
            "yakuman_newest": _newest(yakuman),
            "chombo": chombo,
            "chombo_newest": _newest(chombo),
            "biggest": reads.biggest_hands(),
            "biggest_fan": reads.biggest_by_fan(),
            "fan_families": ", ".join(str(dict(Ruleset.FAMILY_CHOICES)[f]) for f in reads.counted_by("biggest_fan")),
            "best_games": reads.best_game_results(),
            "best_sessions": reads.best_session_results(),
            "most_wins": reads.most_wins_in_one_game(),
            "common_yaku": reads.common_yaku(),
        },
    )
