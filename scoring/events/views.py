"""The event pages: the event (check-in, the draw, the round's tables and their state), one
table's live scores (``table``: what a spectator follows), the room view for a projector, the
standings with every chombo and penalty, the results CSV.

Writes go through ``scoring.events.services``; staff and scorers run the event, a member
checks in themself and finds their table. The read pages come from the page cache and answer
304 while nothing they show has changed (``_shows``: a hand at one table changes only that
table's page, and the game's); a member's are their own
(``scoring.caching.pages``: keyed on the login).
"""

from dataclasses import dataclass
from functools import wraps

from django.contrib import messages
from django.db.models import Prefetch
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from scoring.caching import versions
from scoring.caching.pages import cached
from scoring.events import eventlog, reads, services
from scoring.events.american import reads as american_reads
from scoring.models import SEAT_CHOICES, Event, EventRound, EventTable, Game, Player, Seat, table_seats
from scoring.permissions import is_scorer, login_required_htmx, refuse, results_visible
from scoring.records import services as records
from scoring.rulebook.knobs import knob_row
from scoring.rulebook.messages import rule_message
from scoring.rulebook.numbers import points
from scoring.rules import RuleError, bounds
from scoring.rules.families import ranks_by_table_points

WALK_IN_MATCHES = 6  # the players a walk-in's typing suggests at most


def _seats(table: EventTable, players: dict) -> list[tuple[Player, str, str]]:
    """The table's players, East first, each with their score once the game has started and
    their seat's wind."""
    scores = {s.player_id: points(s.table_score) for s in table.game.seats.all()} if table.game else {}
    winds = table_seats(len(table.players))
    return [(players[p], scores.get(p, ""), wind) for p, (_index, wind) in zip(table.players, winds, strict=True)]


def _rounds(event: Event, *, last_only: bool = False) -> list[EventRound]:
    """The event's rounds (``last_only``: its last) with their tables, each table's players and
    game seats loaded, and whether it is a table of the rest under the event's three-player
    ruleset."""
    seats = Prefetch("tables__game__seats", queryset=Seat.objects.order_by("seat"))  # no join for the order
    rounds = event.round_set.select_related("stage").prefetch_related(seats)
    rounds = list(rounds.order_by("-number")[:1] if last_only else rounds.order_by("number"))
    players = Player.objects.in_bulk(
        {p for r in rounds for t in r.tables.all() for p in t.players} | {p for r in rounds for p in r.sitting_out}
    )
    for round_ in rounds:
        round_.seated = [(t, _seats(t, players)) for t in round_.tables.all()]
        for table in round_.tables.all():
            table.three_player = len(table.players) == event.rest_seats
        round_.out = [players[p] for p in round_.sitting_out]
        round_.done = bool(round_.started_at) and all(
            t.game is None or t.game.status != Game.IN_PROGRESS for t in round_.tables.all()
        )
        american_reads.games_of_round(event, round_)
    return rounds


def _viewer(request, event: Event) -> dict:
    """Who is looking: their player, if any, and whether they run the event."""
    player = getattr(request.user, "player", None) if request.user.is_authenticated else None
    return {"event": event, "staff": is_scorer(request.user), "me": player}


def _check_in_context(request, event: Event) -> dict:
    """What the check-in section shows: the list, and who may tick whom."""
    viewer = _viewer(request, event)
    player, staff = viewer["me"], viewer["staff"]
    entries = reads.entries_of(event)
    entry = next((e for e in entries if e.player == player), None) if player else None
    return viewer | {
        "entries": entries,
        "here": sum(1 for e in entries if e.present),
        "waiting": sum(1 for e in entries if not e.present),
        "my_entry": entry,
        "self_check_in": player and not staff and (entry or not event.is_tournament),
    }


def _context(request, event: Event, *, whole: bool = True) -> dict:
    """What the event page shows; not ``whole`` (its live region, the room view): the last
    round only, no list."""
    rounds = _rounds(event, last_only=not whole)
    context = _check_in_context(request, event) if whole else _viewer(request, event)
    player = context["me"]
    current = rounds[-1] if rounds else None
    teams = reads.team_of(event)
    if current:
        current.draw_note = reads.draw_note(event, current)
        current.teams_note = reads.teams_note(event, current, teams)
    mine = next((t for t in current.tables.all() if player and player.pk in t.players), None) if current else None
    return (
        context
        | _stage_context(event, current)
        | {
            "rounds": rounds,
            "current": current,
            "team_competition": bool(teams),
            "my_table": mine,
            "my_wind": dict(SEAT_CHOICES)[mine.players.index(player.pk)] if mine else None,
            "i_sit_out": bool(player and current and any(p.pk == player.pk for p in getattr(current, "out", ()))),
            "methods": EventRound.DRAWN_CHOICES,
            "default_method": EventRound.ROTATION if event.rotation and current else getattr(current, "method", ""),
            "moves": american_reads.next_round_moves(event, current),
            "time_up": knob_row(event.ruleset.to_rules(), "time_up"),
        }
    )


@dataclass(frozen=True)
class Going:
    """A line of the stage just played in the preview of the next: whether the player goes on,
    and whether the cut line falls under him."""

    rank: int
    player: Player
    total: str
    going: bool
    line_under: bool = False


def _stage_context(event: Event, current: EventRound | None) -> dict:
    """The stage being played and, once its every round has been played, the next one with who
    goes on (``services.stage_field``'s decision, before staff confirm it), or why that cannot be told."""
    stage = reads.current_stage(event)
    if stage is None:
        return {}
    following = event.stages.filter(number=stage.number + 1).first()
    done = bool(current and current.done) and reads.stage_rounds(event, stage).count() >= stage.rounds
    context = {"stage": stage, "next_stage": following, "stage_done": done}
    if not (done and following):
        return context
    try:
        described, lines, field = eventlog.going_on(event, following)
    except services.ServiceError as error:
        return context | {"stage_problem": str(error)}
    assert described.log is not None  # a stage played through is in the log
    cut = following.entry == following.CUT
    preview = [
        Going(
            line.rank,
            described.players[line.player],
            reads.total_text(line.total, described.log),
            line.player in field,
            cut and at == len(field),
        )
        for at, line in enumerate(lines, 1)
    ]
    return context | {"preview": preview, "going_count": len(field)}


def _session_of(pk: int) -> int | None:
    return Event.objects.filter(pk=pk).values_list("session_id", flat=True).first()


def _shows(pk: int) -> list[str]:
    """The version keys of the event page and the room view: the names, the event (its list,
    check-in, draws, seats and clock) and its session's standing (a game's end or a foul: the
    round's state, the stage's preview). No running score: a hand at one table leaves them
    as they are (each table's scores are its own page, ``table``)."""
    session_id = _session_of(pk)
    return [versions.CLUB, versions.event(pk), *([versions.standing(session_id)] if session_id else [])]


def _results(pk: int) -> list[str]:
    """The version keys of the event standings: the names, the event (its list and rounds),
    and its session's standing (its games' ends and fouls: a hand without a foul in a game
    that goes on leaves the standings as they are, and so does any game outside the event)."""
    return _shows(pk)


def _table_shows(pk: int, number: int) -> list[str]:
    """The version keys of one table of the event (of the last round that has it): the names, the event (its
    draw and clock) and that table's game (its hands and scores), not the other tables'."""
    game_id = (
        EventTable.objects.filter(round__event_id=pk, number=number)
        .order_by("-round__number")
        .values_list("game_id", flat=True)
        .first()
    )
    return [versions.CLUB, versions.event(pk), *([versions.game(game_id)] if game_id else [])]


@require_safe
@results_visible
def events(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/events/events.html", {"events": Event.objects.select_related("ruleset")})


@require_safe
@vary_on_headers("HX-Request")
@results_visible
@cached(_shows)
def event(request: HttpRequest, pk: int) -> HttpResponse:
    """The event page; htmx polls its ``live`` partial (the round's tables and scores)."""
    event = get_object_or_404(Event.objects.select_related("ruleset", "three_player_ruleset", "session"), pk=pk)
    template = "scoring/events/event.html#live" if request.htmx else "scoring/events/event.html"
    return render(request, template, _context(request, event, whole=not request.htmx))


@require_safe
@vary_on_headers("HX-Request")
@results_visible
@cached(_shows)
def room(request: HttpRequest, pk: int) -> HttpResponse:
    """For a projector: big type, the round's tables and seats, the clock."""
    event = get_object_or_404(Event.objects.select_related("ruleset", "three_player_ruleset"), pk=pk)
    template = "scoring/events/room.html#board" if request.htmx else "scoring/events/room.html"
    return render(request, template, _context(request, event, whole=False))


@require_safe
@vary_on_headers("HX-Request")
@results_visible
@cached(_table_shows)
def table(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One table of the round, followed by a spectator: its players, their running scores and
    the hands played; htmx polls its ``card`` partial. A hand at another table leaves it as it is."""
    event = get_object_or_404(Event.objects.select_related("ruleset", "three_player_ruleset"), pk=pk)
    seats = Prefetch("game__seats", queryset=Seat.objects.order_by("seat"))
    tables = EventTable.objects.filter(round__event=event, number=number).select_related("round__stage", "game")
    found = tables.prefetch_related(seats).order_by("-round__number").first()
    if found is None:
        raise Http404
    found.three_player = len(found.players) == event.rest_seats
    found.round.seated, found.round.out = [(found, _seats(found, Player.objects.in_bulk(found.players)))], []
    template = "scoring/events/table.html#card" if request.htmx else "scoring/events/table.html"
    context = _viewer(request, event) | {"current": found.round, "table": found}
    return render(request, template, context)


@require_safe
@login_required_htmx
def my_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The scorer's way in: their table's page in the current round, or the event page."""
    event = get_object_or_404(Event, pk=pk)
    player = getattr(request.user, "player", None)
    table = reads.table_of(event, player) if player else None
    if table is not None and table.game_id:
        return redirect("scoring:table", game_id=table.game_id)
    messages.info(request, _("You have no table in this round yet."))
    return redirect("scoring:event", pk=pk)


def _act(request, event: Event, write) -> HttpResponse:
    """Run one write, report a refusal as a message, and go back to the event page."""
    try:
        result = write()
    except (services.ServiceError, RuleError) as error:
        messages.error(request, rule_message(error))
    else:
        if isinstance(result, HttpResponse):
            return result
    return redirect("scoring:event", pk=event.pk)


def _checked_in(request, event: Event, write) -> HttpResponse:
    """Run one check-in write; for htmx the check-in section again, in place, saying what
    became of it (the focused control keeps its focus), else back to the event page."""
    if not request.htmx:
        return _act(request, event, write)
    try:
        alert, kind = write(), "success"
    except (services.ServiceError, RuleError) as error:
        alert, kind = rule_message(error), "error"
    context = _check_in_context(request, event) | {"alert": alert, "alert_kind": kind, "walk_in": "q" in request.POST}
    return render(request, "scoring/events/event.html#checkin", context)


def _walk_in(request) -> Player | None:
    """The player a check-in names: by id, or (typed without the suggestions) by exact name."""
    if "player" in request.POST:
        return get_object_or_404(Player, pk=bounds.whole(request.POST["player"]) or 0)
    return Player.objects.filter(name__iexact=request.POST.get("q", "").strip(), active=True).first()


def _no_player():
    raise services.ServiceError(_("Type a player's name, then choose them."))


@require_POST
@login_required_htmx
def check_in(request: HttpRequest, pk: int) -> HttpResponse:
    """Staff tick anyone on or off the list (a walk-in too); a member checks in (or out) themself."""
    event = get_object_or_404(Event, pk=pk)
    player = _walk_in(request)
    staff = is_scorer(request.user)
    if player is None:
        return _checked_in(request, event, _no_player)
    if not staff:
        if getattr(request.user, "player", None) != player:
            return refuse(request, _("You can check in only yourself. Ask a member of staff to check in others."))
        if event.is_tournament and not event.entries.filter(player=player).exists():
            return refuse(request, _("Only the players on a tournament's list check in. Ask a member of staff."))
    present = request.POST.get("present") == "1"
    substitute = request.POST.get("substitute") == "1" if "substitute" in request.POST else None

    def write():
        services.check_in(event=event, player=player, present=present, substitute=substitute)
        if present:
            return _("%(name)s is checked in.") % {"name": player.name}
        return _("%(name)s is no longer checked in.") % {"name": player.name}

    return _checked_in(request, event, write)


@require_safe
@login_required_htmx
def walk_ins(request: HttpRequest, pk: int) -> HttpResponse:
    """For staff: the active players not on the list whose name holds what is typed, a few."""
    event = get_object_or_404(Event, pk=pk)
    if not is_scorer(request.user):
        return refuse(request, _("Only staff and scorers run an event."))
    typed = request.GET.get("q", "").strip()
    matches = (
        Player.objects.filter(active=True, name__icontains=typed)
        .exclude(entries__event=event)
        .order_by(Lower("name"))[:WALK_IN_MATCHES]
        if typed
        else []
    )
    return render(request, "scoring/events/_walk_ins.html", {"matches": matches, "typed": typed})


def _staff_only(view):
    """A POST by staff or a scorer; the view gets the event instead of its id."""

    @wraps(view)
    def wrapper(request, pk):
        if not is_scorer(request.user):
            return refuse(request, _("Only staff and scorers run an event."))
        return view(request, get_object_or_404(Event, pk=pk))

    return require_POST(login_required_htmx(wrapper))


@_staff_only
def check_in_all(request: HttpRequest, event: Event) -> HttpResponse:
    """Tick everyone on the list off it at once."""

    def write():
        count = services.check_in_everyone(event=event)
        return ngettext("%(count)s player checked in.", "%(count)s players checked in.", count) % {"count": count}

    return _checked_in(request, event, write)


@_staff_only
def draw(request: HttpRequest, event: Event) -> HttpResponse:
    """Draw the next round (or draw the round not yet started again)."""
    method = request.POST.get("method", EventRound.RANDOM)
    if method not in dict(EventRound.DRAWN_CHOICES):
        method = EventRound.RANDOM
    step = bounds.whole(request.POST.get("step", "")) or 0
    return _act(request, event, lambda: services.draw_round(event=event, method=method, step=step))


def _last_round(view):
    """A POST on the event's last round; a message if none is drawn yet."""

    @wraps(view)
    def wrapper(request, event):
        round_ = event.round_set.order_by("-number").first()
        if round_ is None:
            messages.error(request, _("Draw a round first."))
            return redirect("scoring:event", pk=event.pk)
        return view(request, event, round_)

    return wrapper


@_staff_only
@_last_round
def swap(request: HttpRequest, event: Event, round_: EventRound) -> HttpResponse:
    """Exchange the players of two seats, each given as "table.seat" (seat 0 = East); the
    message gives the seating cost before and after."""

    def seat(name):
        table, _dot, index = request.POST.get(name, "").partition(".")
        table_number, seat_index = bounds.whole(table), bounds.whole(index)
        if table_number is None or seat_index is None:
            raise services.ServiceError(_("Choose two seats to swap."))
        return table_number, seat_index

    def write():
        before = round_.cost
        after = services.swap_seats(round_=round_, first=seat("first"), second=seat("second")).cost
        messages.success(
            request,
            _("Seats swapped: the seating cost is %(after)s (it was %(before)s).") % {"after": after, "before": before},
        )

    return _act(request, event, write)


@_staff_only
def open_stage(request: HttpRequest, event: Event) -> HttpResponse:
    """Close the stage being played and open the next (the page showed who goes on); once per
    submission key."""

    def write():
        try:
            following = records.once(
                key=request.POST.get("submission_key", ""),
                kind="open_stage",
                write=lambda: services.open_next_stage(event=event),
            )
        except records.AlreadySubmitted:
            messages.info(request, _("That stage was opened already."))
        else:
            messages.success(request, _("%(name)s is open: draw its first round.") % {"name": following.name})

    return _act(request, event, write)


@_staff_only
@_last_round
def start(request: HttpRequest, event: Event, round_: EventRound) -> HttpResponse:
    """Start every table of the drawn round."""
    return _act(request, event, lambda: services.start_round(round_=round_, user=request.user))


@require_safe
@results_visible
@cached(_results)
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The event standings (apart, the players without a finished game yet), and every chombo
    and penalty of the event with its hand."""
    event = get_object_or_404(Event.objects.select_related("ruleset"), pk=pk)
    found = reads.standings_of(event)
    lines = found.lines
    return render(
        request,
        "scoring/events/standings.html",
        {
            "event": event,
            "lines": [line for line in lines if line.place],
            "waiting": [line for line in lines if not line.place],
            "by_table_points": ranks_by_table_points(event.ruleset.to_rules()),
            "whole_rounds": found.whole_rounds,
            "tournament_points": found.tournament_points,
            "stages": found.stages,
            "problem": found.problem,
            "fouls": reads.fouls(event),
            "team_competition": bool(reads.team_of(event)),
        },
    )
