"""An event's results file for the EMA (``reads.results``: its 19 columns, as ``score_event``
writes them), as CSV and as a spreadsheet."""

import csv

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_safe

from scoring.boards.csv_cells import inert
from scoring.events import reads, services
from scoring.events.spreadsheet import results_workbook
from scoring.models import Event
from scoring.permissions import results_visible

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _results_file(request: HttpRequest, pk: int, write) -> HttpResponse:
    """The EMA's results file (``reads.results``: its 19 columns, as ``score_event`` writes them)
    written by ``write(event, rows)``; back to the standings with the reason where the event log
    cannot describe the event."""
    event = get_object_or_404(Event.objects.select_related("ruleset"), pk=pk)
    try:
        rows = reads.results(event)
    except services.ServiceError as error:
        messages.error(request, str(error))
        return redirect("scoring:event_standings", pk=event.pk)
    return write(event, rows)


@require_safe
@results_visible
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The EMA's results file as CSV."""

    def write(event: Event, rows: list[list[str]]) -> HttpResponse:
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-results.csv"'
        csv.writer(response).writerows([inert(v) for v in row] for row in rows)
        return response

    return _results_file(request, pk, write)


@require_safe
@results_visible
def results_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    """The EMA's results file as a spreadsheet (``spreadsheet.results_workbook``)."""

    def write(event: Event, rows: list[list[str]]) -> HttpResponse:
        response = HttpResponse(results_workbook(rows), content_type=XLSX)
        response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-results.xlsx"'
        return response

    return _results_file(request, pk, write)
