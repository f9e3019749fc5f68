"""The league page (stages, divisions, the cut line, who goes up and down), each stage's CSV, and
the staff's actions: close or reopen a stage, start the next season from the proposed divisions.

Reads come from ``scoring.leagues.reads``; writes go through ``scoring.leagues.services``. Staff set
stages and divisions up here or in the admin. The forms that add a row (a stage, a division, the
next season) carry a submission key: sent twice, they add it once (``services.once``)."""

import csv
from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoring.boards.csv_cells import inert
from scoring.boards.home import league_list
from scoring.caching import versions
from scoring.caching.pages import HtmxHttpRequest, cached, club
from scoring.leagues import carry, reads, services
from scoring.leagues.forms import DivisionForm, NextSeasonForm, StageForm
from scoring.models import Division, Season, Stage
from scoring.permissions import Answering, login_required_htmx, refuse, results_visible
from scoring.records.services import AlreadySubmitted, ServiceError, once
from scoring.rulebook.numbers import plain_numbers
from scoring.rules.families import FAMILIES

EVERY_FAMILY = [versions.family(family) for family in FAMILIES]


@require_safe
@results_visible
def leagues(request: HtmxHttpRequest) -> HttpResponse:
    """Every league and the team competitions, where a newcomer finds them (the header's "Leagues")."""
    return render(request, "scoring/leagues/leagues.html", {"leagues": league_list()})


@require_safe
@results_visible
@cached(club(versions.GAMES, *EVERY_FAMILY))
def league(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A season's league: each stage's standing in each division."""
    season = get_object_or_404(Season.objects.select_related("team_competition"), pk=pk)  # its team board linked
    found = reads.read_league(season)
    context = {"league": found, "season": season, "moved_cuts": carry.moved_cuts(found)}
    return render(request, "scoring/leagues/league.html", context)


@require_safe
@results_visible
@cached(club(versions.GAMES, *EVERY_FAMILY))
def stage_csv(request: HtmxHttpRequest, pk: int, stage: int) -> HttpResponse:
    """A stage's standing in every division, one line per player, the numbers plain."""
    season = get_object_or_404(Season, pk=pk)
    view = next((view for view in reads.read_league(season).stages if view.stage.pk == stage), None)
    if view is None:
        raise Http404(_("This season has no such stage."))
    filename = f"league-{season.pk}-stage-{view.stage.order}.csv"
    response = HttpResponse(
        content_type="text/csv; charset=utf-8", headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )
    writer = csv.writer(response)
    writer.writerow(
        [
            _("Division"),
            _("Place"),
            _("Player"),
            _("Evenings"),
            _("Evenings counted"),
            _("Carried"),
            _("This stage"),
            _("Total"),
            _("Table points"),
            _("Goes on"),
            _("Moves"),
        ]
    )
    with plain_numbers():
        for board in view.boards:
            for index, row in enumerate(board.rows + board.apart):
                line = row.line
                goes_on = board.cut is not None and index < board.cut
                writer.writerow(
                    inert(cell)
                    for cell in (
                        board.division.name if board.division else "",
                        line.rank or "",
                        row.name,
                        line.nights,
                        line.counted_nights,
                        line.carried.result,
                        line.counted.result,
                        line.total.result,
                        row.table_points,
                        _("yes") if goes_on else "",
                        row.move_label,
                    )
                )
    return response


def _staff_only[**P](
    view: Callable[Concatenate[HtmxHttpRequest, Season, P], HttpResponseBase],
) -> Answering[...]:
    """Staff only; the view gets the season instead of its id (the URL's ``pk``, by name)."""

    @wraps(view)
    @login_required_htmx
    def wrapper(request: HtmxHttpRequest, /, pk: int, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
        if not request.user.is_staff:
            return refuse(request, _("Only staff run a league."))
        return view(request, get_object_or_404(Season, pk=pk), *args, **kwargs)

    return wrapper


def _on_stage(
    request: HtmxHttpRequest, season: Season, stage: int, write: Callable[..., object], done: str
) -> HttpResponse:
    """A staff action ``write(stage=…)`` on a stage of the season, then the league page with ``done``
    (given the stage's name and what the write returned as ``count``) or the refusal."""
    the_stage = get_object_or_404(Stage, pk=stage, season=season)
    try:
        count = write(stage=the_stage)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done % {"stage": the_stage.name, "count": count})
    return redirect("scoring:league", season.pk)


@require_POST
@_staff_only
def close_stage(request: HtmxHttpRequest, season: Season, stage: int) -> HttpResponse:
    """Close a stage: its cut and carry-over make the next stage's entries."""
    done = _("“%(stage)s” is closed; %(count)s entered the next stage.")
    return _on_stage(request, season, stage, services.close_stage, done)


@require_POST
@_staff_only
def reopen_stage(request: HtmxHttpRequest, season: Season, stage: int) -> HttpResponse:
    return _on_stage(request, season, stage, services.reopen_stage, _("“%(stage)s” is open again."))


@require_POST
@_staff_only
def apply_cut(request: HtmxHttpRequest, season: Season, stage: int) -> HttpResponse:
    """After a fix moved a closed stage's cut line: the next stage's field as its standing sends it on now."""
    done = _("The new cut of “%(stage)s” is applied: %(count)s in the next stage.")
    return _on_stage(request, season, stage, services.apply_cut, done)


def _setup_page(request: HtmxHttpRequest, season: Season, **forms_: forms.BaseForm) -> HttpResponse:
    context = {
        "season": season,
        "stage_form": forms_.get("stage_form") or StageForm(initial={"order": season.stages.count() + 1}),
        "division_form": forms_.get("division_form") or DivisionForm(initial={"order": season.divisions.count() + 1}),
    }
    return render(request, "scoring/leagues/setup.html", context)


@require_safe
@_staff_only
def setup(request: HtmxHttpRequest, season: Season) -> HttpResponse:
    """Staff add stages and divisions to a season (the admin edits them)."""
    return _setup_page(request, season)


def _add(
    request: HtmxHttpRequest,
    season: Season,
    form: "forms.ModelForm[Any]",
    write: "Callable[[Any], Stage | Division]",
    name: str,
) -> HttpResponse:
    """Validate ``form`` and ``write`` its object once per submission; the page again with the
    errors (status 200) if not."""
    if form.is_valid():
        try:
            added = once(
                key=request.POST.get("submission_key", ""), kind=name.removesuffix("_form"), write=lambda: write(form)
            )
        except AlreadySubmitted as done:
            messages.info(request, done.message)
            return redirect("scoring:league_setup", season.pk)
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("“%(name)s” is added.") % {"name": added.name})
            return redirect("scoring:league_setup", season.pk)
    return _setup_page(request, season, **{name: form})


@require_POST
@_staff_only
def add_stage(request: HtmxHttpRequest, season: Season) -> HttpResponse:
    form = StageForm(request.POST, instance=Stage(season=season))
    return _add(request, season, form, lambda form: services.add_stage(stage=form.save(commit=False)), "stage_form")


@require_POST
@_staff_only
def add_division(request: HtmxHttpRequest, season: Season) -> HttpResponse:
    form = DivisionForm(request.POST, instance=Division(season=season))

    def write(form: "forms.ModelForm[Any]") -> Division:
        return services.add_division(division=form.save(commit=False), members=form.cleaned_data["members"])

    return _add(request, season, form, write, "division_form")


@require_http_methods(["GET", "HEAD", "POST"])
@_staff_only
def next_season(request: HtmxHttpRequest, season: Season) -> HttpResponse:
    """The season's end: next season's divisions as proposed (promoted up, relegated down); staff
    confirm with the new season's name and dates."""
    form = NextSeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            following = once(
                key=request.POST.get("submission_key", ""),
                kind="next_season",
                write=lambda: services.start_next_season(season=season, **form.cleaned_data),
            )
        except AlreadySubmitted as done:
            messages.info(request, done.message)
            return redirect("scoring:league", done.submission.row)
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("%(season)s is ready.") % {"season": following.name})
            return redirect("scoring:league", following.pk)
    return render(
        request,
        "scoring/leagues/next_season.html",
        {"season": season, "form": form, "proposal": reads.proposal(season)},
    )
