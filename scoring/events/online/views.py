"""The staff page of an online night: pick an event round and the online games of an evening
(imported ones, by date and ruleset, or files uploaded straight into the round); the games whose
players are the event's entrants by their online names become the round's tables
(``services.take_online_games``). What was not taken is listed with why; online names nobody
holds are mapped to members here, once (``services.add_online_name``)."""

import datetime

from django.contrib import messages
from django.db.models import F, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.dateparse import parse_date
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from scoring.events.online import services
from scoring.models import Event, Game, OnlineName, Player, Ruleset, Seat
from scoring.online import bulk
from scoring.permissions import is_scorer, login_required_htmx, refuse
from scoring.records import services as records
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError, bounds

from .matching import Reason, Verdict, unknown_names

MAX_LISTED = 200  # the imported games of one evening the page lists at most
MAX_NAMES = 40  # the names one mapping form maps at most


def _evening(request: HttpRequest, event: Event) -> tuple[datetime.date, Ruleset | None]:
    """The evening asked for (``date``, the event's first day unless given) and its room's
    ruleset (``ruleset``, any if not given)."""
    try:
        day = parse_date(request.GET.get("date", "")[:10])
    except ValueError:  # well formed, not a day (30 February)
        day = None
    slug = request.GET.get("ruleset", "")[:100]
    return day or event.date, Ruleset.objects.filter(slug=slug).first() if slug else None


def _games(day: datetime.date, ruleset: Ruleset | None) -> list[Game]:
    """The online games of that day (of that ruleset), play order, with their seats and the
    event table each already is, if any."""
    games = Game.objects.filter(status=Game.FINISHED, date=day).exclude(source="")
    if ruleset is not None:
        games = games.filter(ruleset=ruleset)
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("seat"))
    games = games.select_related("ruleset", "event_table__round__event").prefetch_related(seats)
    return list(games.order_by(F("start").asc(nulls_last=True), "pk")[:MAX_LISTED])


def _why(verdict: Verdict, taken: services.Taken) -> str:
    """One line: what became of a game."""
    names = ", ".join(verdict.names)
    if verdict.key in taken.refused:
        return _("refused by the import, nothing stored: %(why)s") % {"why": taken.refused[verdict.key]}
    game = taken.games.get(verdict.key)
    table = getattr(game, "event_table", None) if game else None
    lines = {
        Reason.TAKE: _("taken as table %(table)s of round %(round)s")
        % {"table": table and table.number, "round": taken.round_ and taken.round_.number},
        Reason.IN_ROUND: _("already a table of this round: nothing done"),
        Reason.ELSEWHERE: _("already a table of another round: not taken again"),
        Reason.UNKNOWN: _("online names no member holds: %(names)s (map them below)") % {"names": names},
        Reason.NOT_ENTERED: _("not on the event's list: %(names)s") % {"names": names},
        Reason.SEATS: _("the event has no tables of this many players"),
        Reason.SEATED: _("already at a table of this round: %(names)s (take it into the next round)")
        % {"names": names},
        Reason.TWICE: _("one player in two seats: %(names)s") % {"names": names},
    }
    return lines[verdict.reason]


def _staff(view):
    """Staff and scorers run the event; the view gets the event instead of its id."""

    def wrapper(request, pk):
        if not is_scorer(request.user):
            return refuse(request, _("Only staff and scorers run an event."))
        return view(request, get_object_or_404(Event.objects.select_related("session", "ruleset"), pk=pk))

    wrapper.__name__ = wrapper.__qualname__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return login_required_htmx(wrapper)


@require_http_methods(["GET", "HEAD", "POST"])
@_staff
def online_night(request: HttpRequest, event: Event) -> HttpResponse:
    """The evening's online games and the upload; a POST takes the ticked games and the files."""
    day, ruleset = _evening(request, event)
    report, unknown = [], []
    if request.method == "POST":
        number = bounds.whole(request.POST.get("round", ""), 32767)  # a round's number is a small integer
        chosen = [pk for pk in map(bounds.whole, request.POST.getlist("games")[:MAX_LISTED]) if pk is not None]
        files = []
        for upload in request.FILES.getlist("files"):
            for name, data in bulk.logs(upload.name, upload):
                files.append((name, data if isinstance(data, bytes) else b""))
        try:
            taken = services.take_online_games(
                event=event,
                round_number=number,
                games=list(Game.objects.filter(pk__in=chosen)),
                files=files,
                event_rules=request.POST.get("rules") == "event",
                user=request.user,
            )
        except (services.ServiceError, RuleError) as error:
            messages.error(request, rule_message(error))
        else:
            report = [(v, taken.games.get(v.key), _why(v, taken)) for v in taken.verdicts]
            report += [
                (None, name, why) for name, why in taken.refused.items() if name not in {v.key for v in taken.verdicts}
            ]
            unknown = unknown_names(taken.verdicts)[:MAX_NAMES]
            if taken.taken:
                messages.success(
                    request,
                    ngettext(
                        "%(count)s game taken into round %(round)s.",
                        "%(count)s games taken into round %(round)s.",
                        len(taken.taken),
                    )
                    % {"count": len(taken.taken), "round": taken.round_ and taken.round_.number},
                )
    rounds = list(event.round_set.exclude(started_at=None).order_by("number"))
    games = _games(day, ruleset)
    rulesets = Ruleset.objects.filter(games__in=Game.objects.exclude(source="").filter(date=day)).distinct()
    entrants = Player.objects.filter(entries__event=event).order_by("name")
    return render(
        request,
        "scoring/events/online.html",
        {
            "event": event,
            "day": day,
            "ruleset": ruleset,
            "rulesets": rulesets,
            "rounds": rounds,
            "games": games,
            "report": report,
            "unknown": unknown,
            "entrants": entrants,
            "sites": OnlineName.SITE_CHOICES,
        },
    )


@require_POST
@_staff
def map_names(request: HttpRequest, event: Event) -> HttpResponse:
    """Each unknown online name chosen a member becomes that member's online name on its site."""
    entrants = {str(p.pk): p for p in Player.objects.filter(entries__event=event)}
    sites = dict(OnlineName.SITE_CHOICES)
    mapped = 0
    for index in range(MAX_NAMES):
        name = request.POST.get(f"name-{index}", "").strip()
        player = entrants.get(request.POST.get(f"player-{index}", ""))
        site = request.POST.get(f"site-{index}", "")
        if not name or player is None or site not in sites:
            continue
        try:
            mapped += records.add_online_name(player=player, site=site, name=name, user=request.user)
        except records.ServiceError as error:
            messages.error(request, str(error))
    if mapped:
        messages.success(
            request,
            ngettext(
                "%(count)s online name mapped: take the games again (upload the files again).",
                "%(count)s online names mapped: take the games again (upload the files again).",
                mapped,
            )
            % {"count": mapped},
        )
    return redirect("scoring:event_online", pk=event.pk)
