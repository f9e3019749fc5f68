"""The club's records page, cached like the boards (the riichi family's and the names' keys)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.caching import versions
from scoring.caching.pages import cached
from scoring.models import RIICHI
from scoring.permissions import results_visible

from . import reads


@require_GET
@results_visible
@cached(lambda: [versions.CLUB, versions.family(RIICHI)])
def club_records(request: HttpRequest) -> HttpResponse:
    """The club's records from the finished riichi games (``records.html``)."""
    return render(request, "scoring/honours/records.html", {
        "yakuman": reads.yakuman_wall(), "biggest": reads.biggest_hands(),
        "chombo": reads.chombo_and_penalties(), "best_games": reads.best_game_results(),
        "best_sessions": reads.best_session_results(), "most_wins": reads.most_wins_in_one_game(),
        "common_yaku": reads.common_yaku(),
    })
