"""The American tournament pages: the next game at a table (staff and scorers), the results as a
CSV for Mahjic, the season board. Thin: parse, call a service or a read, render."""

import csv
import datetime

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scoring.boards.csv_cells import inert
from scoring.events.american import reads, services
from scoring.models import Event, EventTable
from scoring.permissions import is_scorer, login_required_htmx, refuse, results_visible
from scoring.records.services import ServiceError


@require_POST
@login_required_htmx
def next_game(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Start the next game of the round at a table (its last has finished): its table page."""
    if not is_scorer(request.user):
        return refuse(request, _("Only staff and scorers run an event."))
    found = get_object_or_404(EventTable.objects.select_related("round"), pk=table, round__event_id=pk)
    try:
        game = services.start_next_game(table=found, user=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
        return redirect("scoring:event", pk=pk)
    return redirect("scoring:table", game_id=game.pk)


@require_safe
@results_visible
def mahjic_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's results for Mahjic: a row per player per counted game (``reads.mahjic_rows``)."""
    event = get_object_or_404(Event.objects.select_related("ruleset", "session"), pk=pk)
    if not reads.ranks_as_us_tournaments(event):
        raise Http404(_("Only an American event's results go to Mahjic."))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-mahjic.csv"'
    csv.writer(response).writerows([inert(value) for value in row] for row in reads.mahjic_rows(event))
    return response


@require_safe
@results_visible
def season(request: HttpRequest, season: int | None = None) -> HttpResponse:
    """The season board of tournament points across the season's American tournaments."""
    if season is None:
        season = reads.season_of(timezone.localdate())
    if not datetime.MINYEAR < season < datetime.MAXYEAR:
        raise Http404(_("There is no such season."))
    events, lines = reads.season_board(season)
    return render(
        request,
        "scoring/events/american/season.html",
        {"season": season, "events": events, "lines": lines, "previous": season - 1, "next": season + 1},
    )
