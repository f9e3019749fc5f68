"""The team pages: the teams (staff add one), a team's page (roster, captain, its results and
each player's contribution; staff change the roster), and an event's or a league's team board
beside its individual standings (staff enter the teams, set how many results count, record team
penalties), with its CSV. Writes go through ``scoring.teams.services``."""

import csv
from collections.abc import Callable
from functools import partial, wraps
from typing import TYPE_CHECKING, Any, cast

from django.contrib import messages
from django.db import models
from django.db.models import Count
from django.db.models.functions import Lower
from django.http import Http404, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from scoring.boards.csv_cells import inert
from scoring.caching.pages import HtmxHttpRequest
from scoring.models import Event, Player, Season, Stage, Team, TeamCompetition
from scoring.permissions import Answering, login_required_htmx, refuse, results_visible
from scoring.records.services import AlreadySubmitted, ServiceError, once
from scoring.rulebook.messages import rule_message
from scoring.rules import bounds
from scoring.rules.families import ranks_by_table_points
from scoring.teams import reads, services

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_stubs_ext import StrOrPromise

NO_PLAYER = gettext_lazy("Choose a player from the club's list.")
NO_TEAM = gettext_lazy("Choose a team from the club's list.")


def _staff_only[**P](view: Answering[P]) -> Answering[P]:
    """A POST by staff (the club's organisers; not the scorers at the tables)."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
        if not request.user.is_staff:
            return refuse(request, _("Only staff set up teams."))
        return view(request, *args, **kwargs)

    return require_POST(login_required_htmx(wrapper))


def _act(request: HtmxHttpRequest, write: Callable[[], str], back: HttpResponse) -> HttpResponse:
    """Run one write, say what became of it (a refusal in the club's words; a form sent twice:
    that its change is stored already), and go ``back``."""
    try:
        said = write()
    except AlreadySubmitted as done:
        messages.info(request, str(done))
    except ServiceError as error:
        messages.error(request, rule_message(error))
    else:
        messages.success(request, said)
    return back


def _posted[Row: models.Model](request: HtmxHttpRequest, model: type[Row], field: str, problem: "StrOrPromise") -> Row:
    """The row of ``model`` whose id the form's ``field`` holds; ServiceError saying ``problem``
    if it names none (no number, 5,000 digits, an id no row has)."""
    row: Row | None = cast(Any, model).objects.filter(pk=bounds.whole(request.POST.get(field, "")) or 0).first()
    if row is None:
        raise ServiceError(str(problem))
    return row


def _submitted[Row: models.Model](request: HtmxHttpRequest, kind: str, write: Callable[[], Row]) -> Row:
    """``write()`` once for the form's submission key (a double tap stores one row)."""
    return once(key=request.POST.get("submission_key", ""), kind=kind, write=write)


@require_safe
@results_visible
def teams(request: HtmxHttpRequest) -> HttpResponse:
    listed = Team.objects.select_related("captain").annotate(size=Count("members")).order_by(Lower("name"))
    context = {"teams": listed, "staff": request.user.is_staff}
    return render(request, "scoring/teams/teams.html", context)


@_staff_only
def create_team(request: HtmxHttpRequest) -> HttpResponse:
    name = request.POST.get("name", "")

    def write() -> str:
        team = _submitted(request, "team", lambda: services.create_team(name=name))
        return _("Team %(name)s created: add its players.") % {"name": team.name}

    return _act(request, write, redirect("scoring:teams"))


@require_safe
@results_visible
def team(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The team page: roster (captain, substitutes), and each team competition it plays in:
    its place, score and every player's contribution."""
    team = get_object_or_404(Team.objects.select_related("captain"), pk=pk)
    members = list(team.members.select_related("player"))
    lines = []
    for competition in (
        team.competitions.filter(event__isnull=False).select_related("event__ruleset").order_by("-event__date")
    ):
        event = cast(Event, competition.event)  # the competitions of an event (filtered above)
        board = reads.board(event, cast(TeamCompetition, reads.competition_of(event)))
        lines.append((competition.event, next(line for line in board if line.team.pk == team.pk)))
    leagues = []
    for competition in (
        team.competitions.filter(season__isnull=False).select_related("season").order_by("-season__start")
    ):
        season = cast(Season, competition.season)  # the competitions of a league (filtered above)
        for stage in reads.league_boards(cast(TeamCompetition, reads.competition_of(season))):
            leagues.append((season, stage, next(line for line in stage.lines if line.team.pk == team.pk)))
    staff = request.user.is_staff
    others = Player.objects.filter(active=True).exclude(team_memberships__team=team).order_by(Lower("name"))
    players = others if staff else ()
    return render(
        request,
        "scoring/teams/team.html",
        {"team": team, "members": members, "lines": lines, "leagues": leagues, "staff": staff, "players": players},
    )


def _roster(request: HtmxHttpRequest, pk: int, change: Callable[..., object], said: str) -> HttpResponse:
    """One roster write for the player posted: ``change(team, player)``, then ``said`` (naming
    the player and the team), back on the team page."""
    team = get_object_or_404(Team, pk=pk)

    def write() -> str:
        player = _posted(request, Player, "player", NO_PLAYER)
        change(team=team, player=player)
        return said % {"player": player.name, "team": team.name}

    return _act(request, write, redirect("scoring:team", pk=pk))


@_staff_only
def add_member(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    substitute = request.POST.get("substitute") == "1"
    said = _("%(player)s is a substitute of %(team)s.") if substitute else _("%(player)s plays for %(team)s.")
    return _roster(request, pk, partial(services.add_member, substitute=substitute), said)


@_staff_only
def remove_member(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _roster(request, pk, services.remove_member, _("%(player)s is off the roster of %(team)s."))


@_staff_only
def set_captain(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _roster(request, pk, services.set_captain, _("%(player)s is the captain of %(team)s."))


@require_safe
@results_visible
def event_board(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The event's team board, its team penalties with their reasons; for staff, the form
    that makes the event a team competition and the one that records a team penalty."""
    event = get_object_or_404(Event.objects.select_related("ruleset"), pk=pk)
    competition = reads.competition_of(event)
    context = {
        "event": event,
        "lines": reads.board(event, competition) if competition else [],
        "penalties": reads.penalty_lines(competition) if competition else [],
        "by_table_points": ranks_by_table_points(event.ruleset.to_rules()),
    }
    return render(request, "scoring/teams/board.html", context | _setup(request, competition))


def _setup(request: HtmxHttpRequest, competition: TeamCompetition | None) -> dict[str, Any]:
    """What a team board's page shows staff to set the competition up: every team, those entered."""
    staff = request.user.is_staff
    return {
        "competition": competition,
        "staff": staff,
        "all_teams": Team.objects.order_by(Lower("name")) if staff else (),
        "entered": {team.pk for team in competition.teams.all()} if competition else set(),
        "most_points": bounds.MAX_POINTS,
    }


def _enter_teams(
    request: HtmxHttpRequest, enter: Callable[..., TeamCompetition], name: str, back: HttpResponse
) -> HttpResponse:
    """Enter the teams posted with the best results that count: ``enter(teams=, best=)``."""
    posted = {bounds.whole(value) for value in request.POST.getlist("teams")}
    chosen = Team.objects.filter(pk__in={pk for pk in posted if pk is not None})
    best = request.POST.get("best", "").strip()

    def write() -> str:
        if len(chosen) != len(posted):
            raise ServiceError(str(NO_TEAM))
        # no whole number (or 5,000 digits) is 0, which the rule's bounds refuse
        competition = enter(teams=chosen, best=(bounds.whole(best) or 0) if best else None)
        return _("%(count)s teams play in %(event)s.") % {"count": competition.teams.count(), "event": name}

    return _act(request, write, back)


def _penalty(
    request: HtmxHttpRequest,
    competition: TeamCompetition | None,
    name: str,
    back: HttpResponse,
    stage: Stage | None = None,
) -> HttpResponse:
    """Record the team penalty posted against the competition (a league's: in ``stage``)."""

    def write() -> str:
        if competition is None:
            raise ServiceError(_("%(event)s is not a team competition.") % {"event": name})
        team = _posted(request, Team, "team", NO_TEAM)
        # no whole number (or 5,000 digits) is 0, which the services' bound refuses
        points = bounds.whole(request.POST.get("points", ""), bounds.MAX_POINTS) or 0
        penalty = partial(
            services.record_team_penalty,
            competition=competition,
            team=team,
            points=points,
            reason=request.POST.get("reason", ""),
            user=cast("User", request.user),  # staff only: signed in
            stage=stage,
        )
        _submitted(request, "team penalty", penalty)
        return _("Team penalty recorded against %(team)s.") % {"team": team.name}

    return _act(request, write, back)


@_staff_only
def set_competition(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    enter = partial(services.set_team_competition, event=event)
    return _enter_teams(request, enter, event.name, redirect("scoring:event_teams", pk=pk))


@_staff_only
def record_penalty(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    return _penalty(request, reads.competition_of(event), event.name, redirect("scoring:event_teams", pk=pk))


@require_safe
@results_visible
def event_board_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The team board as CSV (``reads.board_rows``)."""
    event = get_object_or_404(Event.objects.select_related("ruleset"), pk=pk)
    competition = reads.competition_of(event)
    lines = reads.board(event, competition) if competition else []
    return _csv(lines, ranks_by_table_points(event.ruleset.to_rules()), f"event-{event.pk}-teams.csv")


def _csv(lines: list[reads.TeamLine], by_table_points: bool, filename: str) -> HttpResponse:
    """A team board as a CSV file (``reads.board_rows``)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    rows = reads.board_rows(lines, by_table_points=by_table_points)
    csv.writer(response).writerows([inert(v) for v in row] for row in rows)
    return response


@require_safe
@results_visible
def league_board(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The league's team board of each stage, its team penalties with their reasons; for staff,
    the form that makes the league a team competition and the one that records a team penalty."""
    season = get_object_or_404(Season, pk=pk)
    competition = reads.competition_of(season)
    context = {"season": season, "stages": reads.league_boards(competition) if competition else []}
    return render(request, "scoring/teams/league.html", context | _setup(request, competition))


@_staff_only
def set_league_teams(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    enter = partial(services.set_league_teams, season=season)
    return _enter_teams(request, enter, season.name, redirect("scoring:league_teams", pk=pk))


@_staff_only
def record_league_penalty(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    stage = Stage.objects.filter(pk=bounds.whole(request.POST.get("stage", "")) or 0, season=season).first()
    back = redirect("scoring:league_teams", pk=pk)
    return _penalty(request, reads.competition_of(season), season.name, back, stage)


@require_safe
@results_visible
def league_board_csv(request: HtmxHttpRequest, pk: int, stage: int) -> HttpResponse:
    """A league stage's team board as CSV."""
    season = get_object_or_404(Season, pk=pk)
    competition = reads.competition_of(season)
    found = reads.league_boards(competition) if competition else []
    board = next((board for board in found if board.stage.pk == stage), None)
    if board is None:
        raise Http404(_("This league has no such stage with teams."))
    return _csv(board.lines, board.by_table_points, f"league-{season.pk}-stage-{board.stage.order}-teams.csv")
