"""The scorer's pages: start a game, the table page with the hand form and its live
preview, undo, finish and abandon, and the player type-ahead.

Every region the scorer changes is a ``{% partialdef %}`` of ``scoring/table/table.html``; a
write answers htmx with every region out of band (``#refresh``) and anything else with a
redirect back to the table page, so the pages work without JavaScript too.
"""

import random

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, replace_url, trigger_client_event

from scoring.boards import handlog
from scoring.boards.snapshot import snapshot
from scoring.caching import versions
from scoring.models import ClubSession, Game, Player, for_seats, seat_index
from scoring.permissions import login_required_htmx, recorder_required
from scoring.records import services
from scoring.rulebook.messages import rule_message
from scoring.rulebook.numbers import points
from scoring.rulebook.offences import stored_offence
from scoring.rules import RuleError, bounds
from scoring.table.forms import HandForm, hand_form
from scoring.table.forms.base import offer_seats
from scoring.table.forms.offers import outcomes, table_piece
from scoring.table.forms.rows import ROW_ACTIONS, ROW_PREFIXES, removed_row, rows_from, without_row
from scoring.table.forms.start import DEFAULT_FAMILY, StartGameForm, last_ruleset
from scoring.table.preview import preview as form_preview

# ---- starting a game ----------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
@login_required_htmx
def start_game(request: HttpRequest) -> HttpResponse:
    """Pick or create tonight's session, a ruleset, its players in seat order."""
    action = request.POST.get("action", "start")
    if request.method == "POST" and action == "start":
        form = StartGameForm(request.POST, user=request.user)
        if form.is_valid():
            data = form.cleaned_data
            try:
                game = services.start_game(
                    ruleset=data["ruleset"],
                    players=[player if player.pk else player.name for player in form.players],
                    session=data["session"],
                    new_session=data["new_session"],
                    session_kind=data.get("session_kind"),
                    rounds=form.rounds(),
                    user=request.user,
                )
            except (services.ServiceError, RuleError) as error:
                form.add_error(None, rule_message(error))
            else:
                messages.success(request, _("Game started. East deals first."))
                return redirect("scoring:table", game_id=game.pk)
    elif request.method == "POST":
        form = StartGameForm(request.POST, user=request.user)
        if action == "shuffle":
            form = StartGameForm(form.shuffled(random.SystemRandom()), user=request.user)
        elif action == "refresh":
            form = StartGameForm(form.family_turned(), user=request.user)
        form.quiet()
    else:
        form = StartGameForm(user=request.user, initial=_start_initial(request))
    # the family changed: its rulesets shown, to pick one
    context = {"form": form, "players": Player.objects.filter(active=True)[:50], "show_rulesets": action == "refresh"}
    template = "scoring/table/start_game.html#start_form" if request.htmx else "scoring/table/start_game.html"
    return render(request, template, context)


def _start_initial(request) -> dict:
    """Today's latest session, the ruleset last used, the scorer in the East seat."""
    initial = {"family": DEFAULT_FAMILY, **last_ruleset(request.user)}
    session = ClubSession.objects.filter(date=timezone.localdate()).order_by("-id").first()
    if session:
        initial["session"] = session.pk
    player = getattr(request.user, "player", None)
    if player is not None:
        initial["east"] = player.name
    return initial


@require_safe
@login_required_htmx
def player_search(request: HttpRequest) -> HttpResponse:
    """The type-ahead: ``<option>``s of club players whose name contains what was typed (the
    field's own name carries the text, or ``q``)."""
    query = request.GET.get("q") or next((v for v in request.GET.values() if v.strip()), "")
    players = Player.objects.filter(active=True)
    if bounds.character_problem(query):  # no name holds a control character (and PostgreSQL refuses a NUL)
        players = players.none()
    elif query.strip():
        players = players.filter(name__icontains=query.strip())
    return render(request, "scoring/table/start_game.html#player_options", {"players": players[:20]})


# ---- the table page -----------------------------------------------------------------------


def _state(game: Game):
    """Seats in order, names, the engine's rules and the table before the next hand."""
    seats = sorted(game.seats.all(), key=lambda s: s.seat)
    rules = game.rules
    table = game.table(seat.table_score for seat in seats)
    return seats, tuple(s.player.name for s in seats), rules, table


def _hand_form(game: Game, data=None, *, outcome: str | None, action: str = "") -> HandForm | None:
    if not outcome or not game.is_open:
        return None
    _seats, names, rules, table = _state(game)
    if outcome not in outcomes(rules):
        return None
    rows = None if data is None else rows_from(data, rules, action)
    return hand_form(
        data,
        rules=rules,
        names=names,
        table=table,
        outcome=outcome,
        tournament=game.tournament,
        expected_number=game.next_hand_number,
        rows=rows,
    )


def _viewer_seat(request: HttpRequest, game: Game) -> int:
    """The seat the scoreboard is seen from: ``?seat=`` (remembered for this game), else the
    logged-in member's own seat, else East."""
    key = f"table-seat-{game.pk}"
    chosen = seat_index(request.GET.get("seat", ""), game.seat_count)
    if chosen is not None:
        request.session[key] = chosen
    if key in request.session:
        return request.session[key]
    player_id = getattr(getattr(request.user, "player", None), "pk", None)
    return next((s.seat for s in game.seats.all() if s.player_id == player_id), 0)


def _around(turn: int, count: int) -> int:
    """Where the player ``turn`` chairs after the viewer's (in the order of play, at a table of
    ``count``) sits as the viewer sees the table: 0 their own seat at the bottom, 1 to their
    right (next to play), 3 to their left (last to play before them), 2 across (any between)."""
    if turn <= 1:
        return turn
    return 3 if turn == count - 1 else 2


def _seen_from(board: dict, rules, viewer: int) -> dict:
    """Each scoreboard row's place around the table as the viewer sees it (``_around``, by the
    chairs the players sit in this hand: MCR's change every 4 hands) and its penalties so far;
    the player on the viewer's right, to turn the table to."""
    rows = board["rows"]
    count = len(rows)
    mine = rows[viewer]["chair"]
    for row in rows:
        row["position"] = _around((row["chair"] - mine) % count, count)
        row["penalty"] = points(-row["seat"].penalties, signed=True) if row["seat"].penalties else ""
    following = next(row for row in rows if row["position"] == 1)
    return {"name": rows[viewer]["name"], "next": following["seat"].seat, "next_name": following["name"]}


def _context(
    request: HttpRequest,
    game: Game,
    *,
    form: HandForm | None = None,
    outcome: str | None = None,
    confirm: str = "",
    alert: str = "",
    alert_kind: str = "success",
    preview=None,
    form_open: bool = False,
) -> dict:
    with snapshot():  # a hand recorded or undone by another phone meanwhile is wholly in or wholly out
        seats, names, rules, table = _state(game)
        board = handlog.scoreboard(game, seats, rules, table)
        if form is None and outcome:
            form = _hand_form(game, outcome=outcome)
        rows = handlog.hand_rows(game, seats, rules, newest_first=True)
        standings = handlog.standings_rows(game, seats, rules)
    last = rows[0] if rows else None
    piece = table_piece(rules)
    return {
        "game": game,
        "rules": rules,
        "board": board,
        "viewer": _seen_from(board, rules, _viewer_seat(request, game)),
        "next_game": for_seats(
            len(seats),
            _("Next game: the same four, seats drawn again"),
            _("Next game: the same players, seats drawn again"),
        ),
        "standings": standings,
        "outcomes": outcomes(rules),
        "outcome": form.outcome_key if form is not None else None,
        "form": form,
        "preview": preview,
        "hands": rows,
        "last_hand": last,
        "confirm": confirm,
        "form_open": form_open,
        "alert": alert,
        "alert_kind": alert_kind,
        "table_url": reverse("scoring:table", args=[game.pk]),
        "after_gong": _first_hand_after_gong(game),
        "version": versions.game_version(game.pk),
        "family_template": piece.TEMPLATE,  # the table page's partials of the family
        **piece.table_context(rules, tournament=game.tournament),
    }


@require_safe
@vary_on_headers("HX-Request")
@recorder_required
def table(request: HttpRequest, game: Game) -> HttpResponse:
    """The scoreboard, the outcome buttons, the hand form of ``?outcome=``, the hand log.

    htmx asks for the hand form alone when an outcome button is tapped.
    """
    context = _context(request, game, outcome=request.GET.get("outcome"))
    if request.htmx:
        response = render(request, "scoring/table/table.html#hand_form", context)
        return _after_swap(response, "#hand-form")
    return render(request, "scoring/table/table.html", context)


def _after_swap(response: HttpResponse, show: str, *, focus: str = "") -> HttpResponse:
    """Ask ``static/js/table.js`` to bring ``show`` (a selector: the scoreboard after a save, the
    first error after a refusal) into view and to move the focus to ``focus`` (the first of
    its matches; the hand form's heading without one)."""
    return trigger_client_event(response, "table:swapped", {"show": show, "focus": focus}, after="settle")


@require_safe
@recorder_required
@condition(etag_func=lambda request, game: versions.game_version(game.pk))
def table_live(request: HttpRequest, game: Game) -> HttpResponse:
    """What the other phones at the table poll (htmx, every 3 s; 304 while the game is
    unchanged): the scoreboard, the actions and the hand log, and the hand form unless one is
    being filled in there (its ``outcome`` comes along with the poll)."""
    form_open = bool(request.GET.get("outcome"))
    alert = _("The table changed on another phone: check the scoreboard before you save.") if form_open else ""
    context = _context(request, game, form_open=form_open, alert=alert, alert_kind="error")
    return render(request, "scoring/table/table.html#live", context)


@require_POST
@recorder_required
def preview(request: HttpRequest, game: Game) -> HttpResponse:
    """The live preview (htmx, on every change); also refreshes the fu/liability choices of a
    winner row whose han changed."""
    if not game.is_open:
        return HttpResponse("")
    form = _hand_form(game, request.POST, outcome=request.POST.get("outcome"))
    if form is None:
        return HttpResponse("")
    form.as_shown()
    context = {
        "form": form,
        "preview": form_preview(form),
        "changed_rows": form.changed_rows(request.POST),
        "game": game,
        "family_template": table_piece(form.rules).TEMPLATE,
    }
    return render(request, "scoring/table/table.html#preview_response", context)


def _respond(
    request, game: Game, *, form=None, preview=None, alert="", alert_kind="success", status_ok=True, focus=""
) -> HttpResponse:
    """After a write (or a refused one): htmx gets every region out of band; otherwise the
    page again (a form with errors, status 200) or a redirect to it (success). The focus goes
    to ``focus`` if given, else to the final standings of a game just over, to the first error
    of a refused form, or to the hand form's heading."""
    game = Game.objects.with_seats().get(pk=game.pk).keep_rules_of(game)  # the ruleset parsed once a save
    if request.htmx:
        context = _context(request, game, form=form, preview=preview, alert=alert, alert_kind=alert_kind)
        response = render(request, "scoring/table/table.html#refresh", context)
        if form is None:  # the hand form is closed again: so is the ?outcome= of the address bar
            replace_url(response, context["table_url"])
            return _after_swap(response, "#scoreboard", focus=focus or ("" if game.is_open else "#standings"))
        errors = "#hand .errors, #hand .invalid"
        return _after_swap(response, focus or errors, focus=focus or errors)
    if status_ok and form is None:
        if alert:
            (messages.success if alert_kind == "success" else messages.error)(request, alert)
        return redirect("scoring:table", game_id=game.pk)
    context = _context(request, game, form=form, preview=preview, alert=alert, alert_kind=alert_kind)
    return render(request, "scoring/table/table.html", context)


def _row_focus(form: HandForm, action: str) -> str:
    """Where the focus goes after a row was added (the new row) or removed (the button that adds
    one of its kind): a selector."""
    removed = removed_row(action)
    if removed is not None:
        kind = removed[0]
        return f"#hand [value={next(a for a, k in ROW_ACTIONS.items() if k == kind)}]"
    kind = ROW_ACTIONS.get(action)
    if kind is None:
        return ""
    return f"#{ROW_PREFIXES[kind]}{getattr(form.rows, kind) - 1}"


def _first_hand_after_gong(game: Game) -> bool:
    """The round's gong has sounded and no hand since counts as the one in progress at it: the
    hand form asks whether this one had ended before the gong (recorded late)."""
    return bool(game.gong_at and timezone.now() >= game.gong_at and not game.hands_after_gong().exists())


@require_POST
@vary_on_headers("HX-Request")
@recorder_required
def record_hand(request: HttpRequest, game: Game) -> HttpResponse:
    """Save the hand (action "save"), turn a noten riichi draw into chombo ("chombo:SEATS"),
    or re-render the form with another row / the preview (no JavaScript) without saving.

    The form is validated once; the preview beside it reads that validation. What became of a
    save, the services decide (``services.submit_hand``); this view shows it."""
    action = request.POST.get("action", "save")
    data = without_row(request.POST, action)
    form = _hand_form(game, data, outcome=request.POST.get("outcome"), action=action)
    if form is not None and action != "save" and not action.startswith("chombo:"):
        preview = form_preview(form.as_shown())
        return _respond(
            request, game, form=form.quiet(), preview=preview, status_ok=False, focus=_row_focus(form, action)
        )
    preview = form_preview(form) if form is not None else None
    submission = services.submit_hand(
        game=game,
        submission_key=request.POST.get("submission_key", ""),
        expected_number=_expected_number(request) if form is not None else None,
        user=request.user,
        **_submitted(form, action),
    )
    game.keep_rules_of(submission.game)
    return _shown(request, game, submission, form=form, preview=preview)


def _expected_number(request: HttpRequest) -> int | None:
    """The number of the hand the scorer was recording (None: the form carries none)."""
    try:
        return int(request.POST.get("expected_number", ""))
    except ValueError:
        return None


def _submitted(form: HandForm | None, action: str) -> dict:
    """What a submitted form holds for ``services.submit_hand``: the chombo series its offer
    turns a draw into ("chombo:SEATS"), the hand of a valid form ("save"), or no hand."""
    if form is None:
        return {}
    if action.startswith("chombo:"):
        series = (
            form.chombo_hands(offer_seats(action.partition(":")[2], len(form.names))) if form.chombo_offer else None
        )
        return {"chombo_series": series or (), "comment": stored_offence(form.rules, "noten_riichi")}
    if not form.is_valid():
        return {}
    return {"facts": form.facts, "comment": form.hand_comment(), "before_gong": form.cleaned_data["before_gong"]}


def _shown(request, game: Game, submission: services.Submission, *, form, preview) -> HttpResponse:
    """The table after a save, as the services decided it: a hand stored (also a repeat of one)
    closes the form; a hand undone since opens a fresh one, saying why; a conflict shows the form
    again at the next hand's number; a refusal shows it with its errors."""
    outcome = submission.outcome
    if outcome in (services.Outcome.RECORDED, services.Outcome.ALREADY_RECORDED):
        return _hand_result(_respond(request, game, alert=submission.message), "recorded")
    if outcome == services.Outcome.UNDONE:
        return _respond(request, game, alert=submission.message, alert_kind="error")
    if form is None:
        alert = submission.message or (
            _("Choose what happened: one of the outcome buttons.")
            if game.is_open
            else _("This game is over: nothing more can be recorded.")
        )
        return _respond(request, game, alert=alert, alert_kind="error", status_ok=False)
    if outcome == services.Outcome.CONFLICT:
        form.errors.clear()
        form.data = form.data.copy()
        form.data["expected_number"] = str(submission.game.next_hand_number)
    message = submission.message or next(iter(form.errors.get("submission_key", ())), "")  # a hidden field's
    if message:
        form.add_error(None, message)
    response = _respond(request, game, form=form, preview=preview, status_ok=False)
    return _hand_result(response, "conflict") if outcome == services.Outcome.CONFLICT else response


def _hand_result(response: HttpResponse, result: str) -> HttpResponse:
    """Say in a ``Hand-Result`` header whether the hand is stored ("recorded", also when its
    submission key was seen before) or was refused because the table moved on ("conflict":
    another phone recorded that hand first). The offline outbox (``static/js/outbox.js``)
    replays saves and needs to tell these apart from a form re-rendered with errors, which
    has no header; all three answer 200, as htmx swaps no 4xx."""
    response["Hand-Result"] = result
    return response


# ---- undo, finish, abandon ----------------------------------------------------------------


def _confirm_or_do(request, game: Game, what: str, do) -> HttpResponse:
    """GET (and HEAD): ask first (htmx: in the actions region; else the table page); POST: do it."""
    if request.method != "POST":
        context = _context(request, game, confirm="" if request.GET.get("cancel") else what)
        if request.htmx:
            return render(request, "scoring/table/table.html#game_actions", context)
        return render(request, "scoring/table/table.html", context)
    try:
        alert = do()
    except services.ServiceError as error:
        return _respond(request, game, alert=error.message, alert_kind="error")
    except RuleError as error:
        return _respond(request, game, alert=rule_message(error), alert_kind="error")
    return _respond(request, game, alert=alert)


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
@recorder_required
def undo(request: HttpRequest, game: Game) -> HttpResponse:
    """Undo the last hand, after a confirmation that names it."""

    def do():
        try:
            expected = int(request.POST.get("expected_number", ""))
        except ValueError:
            expected = None
        services.undo_last_hand(game=game, expected_number=expected, user=request.user)
        return _("Hand %(number)s undone.") % {"number": expected or game.hand_count}

    return _confirm_or_do(request, game, "undo", do)


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
@recorder_required
def finish(request: HttpRequest, game: Game) -> HttpResponse:
    """End the game now (a time limit; always for American): final standings."""

    def do():
        services.finish_game(game=game, user=request.user)
        return _("The game is finished: here are the final standings.")

    return _confirm_or_do(request, game, "finish", do)


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
@recorder_required
def abandon(request: HttpRequest, game: Game) -> HttpResponse:
    """The game will not be played on; it stays in the records and counts for nothing."""

    def do():
        services.abandon_game(game=game, user=request.user)
        return _("The game was abandoned.")

    return _confirm_or_do(request, game, "abandon", do)


@require_POST
@recorder_required
def next_game(request: HttpRequest, game: Game) -> HttpResponse:
    """One tap after a game ends: the same players with their seats drawn again, the same ruleset
    and session; the new game's table."""
    try:
        later = services.start_next_game(game=game, rng=random.SystemRandom(), user=request.user)
    except services.ServiceError as error:
        return _respond(request, game, alert=error.message, alert_kind="error")
    messages.success(request, _("Next game started with the seats drawn again. East deals first."))
    url = reverse("scoring:table", args=[later.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
