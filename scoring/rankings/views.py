"""The ranking pages: the systems, a system's ranking (filters, pages of 100, CSV), a player's
breakdown (which results count, which were dropped, each result's base points, weight and age
share), an imported event, and the staff's import of an EMA results file."""

import csv
import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.contrib.auth.decorators import user_passes_test
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scoring.boards.csv_cells import inert
from scoring.caching import versions
from scoring.caching.pages import cached
from scoring.models import ImportedEvent, Player, Ruleset
from scoring.permissions import Login, results_visible
from scoring.rankings import emafile, reads, services
from scoring.rankings.forms import RankingFilter, UploadForm
from scoring.records.services import ServiceError
from scoring.rulebook.numbers import number, plain_numbers
from scoring.rules.eventlog.write import thousandths
from scoring.rules.rankings import SYSTEMS, Counted, Ranked, System
from scoring.rules.rankings.rank import age_share

PER_PAGE = 100
FILTERS = ("family", "country", "on", "since")


def points_text(value: Fraction) -> str:
    """Ranking points as the command prints them, to 0.001, in the reader's style."""
    return number(Decimal(thousandths(value)) / 1000, decimals=3)


def _system(slug: str) -> System:
    try:
        return SYSTEMS[slug]
    except KeyError:
        raise Http404(_("No such ranking.")) from None


def depends(slug: str = "", **_kwargs: object) -> list[str]:
    """A ranking shows the finished games of its families, the imports and the events' dates."""
    families = SYSTEMS[slug].families if slug in SYSTEMS else tuple(f for f, _label in Ruleset.FAMILY_CHOICES)
    return [versions.CLUB, versions.RANKINGS, *(versions.family(f) for f in families)]


def family_names(system: System) -> str:
    labels = dict(Ruleset.FAMILY_CHOICES)
    return ", ".join(str(labels[f]) for f in system.families)


@require_safe
@results_visible
@cached(depends)
def rankings(request: HttpRequest) -> HttpResponse:
    """The ranking systems, each with its families; the imported events."""
    systems = [{"system": s, "families": family_names(s)} for s in SYSTEMS.values()]
    imported = ImportedEvent.objects.order_by("-last_day", "name")[:20]
    return render(request, "scoring/rankings/rankings.html", {"systems": systems, "imported": imported})


def _ranking(request: HttpRequest, system: System) -> tuple[RankingFilter, reads.Ranking]:
    form = RankingFilter(request.GET or None, system=system)
    return form, reads.ranking(system, **form.values())


@require_safe
@results_visible
@cached(depends, reads=(*FILTERS, "page"))
def ranking(request: HttpRequest, slug: str) -> HttpResponse:
    """A system's ranking, 100 players a page."""
    system = _system(slug)
    form, made = _ranking(request, system)
    page = Paginator(made.lines, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    rows = [_row(made, line) for line in page.object_list]
    return render(
        request,
        "scoring/rankings/ranking.html",
        {
            "system": system,
            "families": family_names(system),
            "form": form,
            "made": made,
            "page": page,
            "rows": rows,
            "query": query.urlencode(),
            "resets": [*system.resets],
        },
    )


def _row(made: reads.Ranking, line: Ranked) -> dict[str, Any]:
    return {
        "line": line,
        "player": made.player(line),
        "points": points_text(line.points),
        "counted": len(line.counted),
        "dropped": len(line.dropped),
    }


@require_safe
@results_visible
@cached(depends, reads=FILTERS)
def ranking_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The ranking as CSV: rank, player, EMA number, country, points, results counted and dropped."""
    system = _system(slug)
    _form, made = _ranking(request, system)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="ranking-{slug}.csv"'
    out = csv.writer(response)
    out.writerow(["rank", "player", "ema_number", "country", "points", "counted", "dropped"])
    with plain_numbers():
        for line in made.lines:
            player = made.player(line)
            out.writerow(
                inert(cell)
                for cell in (
                    line.rank,
                    line.name,
                    player.ema_number if player else "",
                    player.country if player else "",
                    points_text(line.points),
                    len(line.counted),
                    len(line.dropped),
                )
            )
    return response


def _result(system: System, made: reads.Ranking, item: Counted) -> dict[str, Any]:
    """A result as a player checks it: the event, its day, place and field, base points, the
    event's weight, the share its age keeps, and the weight they make together."""
    finish = item.finish
    assert made.on is not None  # a result is of a ranking made on a day
    source = made.stored.sources.get((finish.event, finish.days[-1]))
    return {
        "event": finish.event,
        "source": source,
        "day": item.day,
        "place": finish.place,
        "field": finish.field,
        "points": item.points,
        "event_weight": points_text(finish.weight if system.weighted else Fraction(1)),
        "age": points_text(age_share(system, item.day, made.on) or Fraction(0)),
        "weight": points_text(item.weight),
        "weighted": points_text(item.points * item.weight),
    }


@require_safe
@results_visible
@cached(depends, reads=FILTERS)
def breakdown(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's line of the ranking: the results that count and those dropped, each worked out."""
    system = _system(slug)
    person = get_object_or_404(Player, pk=pk)
    form, made = _ranking(request, system)
    key = reads.player_key(person)
    line = next((line for line in made.lines if line.player == key), None)
    context = {"system": made.system, "families": family_names(system), "person": person, "made": made, "form": form}
    if line is not None:
        context |= {
            "line": line,
            "points": points_text(line.points),
            "counted": [_result(made.system, made, item) for item in line.counted],
            "dropped": [_result(made.system, made, item) for item in line.dropped],
        }
    context["query"] = request.GET.urlencode()
    return render(request, "scoring/rankings/breakdown.html", context)


@require_safe
@results_visible
@cached(depends)
def imported_event(request: HttpRequest, pk: int) -> HttpResponse:
    """An event held elsewhere as imported: where it came from, who imported it and when, its places."""
    event = get_object_or_404(ImportedEvent.objects.select_related("imported_by"), pk=pk)
    results = event.results.select_related("player").order_by("place", "name_in_file")
    return render(request, "scoring/rankings/imported.html", {"event": event, "results": results})


def ranking_url(system: System) -> str:
    return reverse("scoring:ranking", args=[system.slug])


def _staff(user: Login) -> bool:
    """Staff import events, as they import online games."""
    return bool(user.is_authenticated and user.is_staff)


@require_http_methods(["GET", "HEAD", "POST"])
@user_passes_test(_staff)
def import_event(request: HttpRequest) -> HttpResponse:
    """Staff import an event held elsewhere in two steps: upload its EMA results file (the rows
    are read and each matched to the club's players), then confirm the matches by name and the
    new players. The rows travel in the confirmation form and are read again on confirming."""
    context: dict[str, Any] = {"form": UploadForm(), "error": ""}
    if request.method == "POST" and request.POST.get("step") == "confirm":
        try:
            rows = json.loads(request.POST.get("rows", ""))
            if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
                raise emafile.BadFile(_("The file's rows were lost on the way: upload it again."))
            event = emafile.read_event([{str(k): str(v) for k, v in r.items()} for r in rows])
            choices = {p.index: request.POST.get(f"row-{p.index}", "") for p in services.propose(event)}
            imported = services.import_event(
                event=event,
                choices=choices,
                source=request.POST.get("source", ""),
                file_name=request.POST.get("file_name", ""),
                user=request.user,
            )
        except (ValueError, ServiceError) as error:  # json's error is a ValueError
            context["error"] = str(error)
            context.update(
                _confirming(
                    request.POST.get("rows", ""), request.POST.get("source", ""), request.POST.get("file_name", "")
                )
            )
        else:
            return redirect("scoring:imported_event", imported.pk)
    elif request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        context["form"] = form
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                rows = emafile.rows_of(upload.read(emafile.MAX_BYTES + 1), upload.name)
                emafile.read_event(rows)
            except ServiceError as error:
                context["error"] = str(error)
            else:
                context.update(_confirming(json.dumps(rows), form.cleaned_data["source"], upload.name))
    return render(request, "scoring/rankings/import.html", context)


def _confirming(rows: str, source: str, file_name: str) -> dict[str, Any]:
    """The confirmation step: the event read from the rows, each row's proposal."""
    try:
        event = emafile.read_event(json.loads(rows))
    except (ValueError, ServiceError):
        return {}
    return {
        "event": event,
        "proposals": services.propose(event),
        "rows": rows,
        "source": source,
        "file_name": file_name,
        "again": services.already_imported(event),
        "NEW": services.NEW,
    }
