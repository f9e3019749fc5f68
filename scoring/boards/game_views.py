"""Read-only game pages : the games list, one game's hand log with every
delta, the running scores as a server-rendered SVG chart, the standings, and its game log.

A game in progress keeps its page live: the page polls ``game_live`` every few
seconds with the version it shows, and an unchanged game answers 304 Not Modified."""

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import condition, require_safe

from scoring.boards import charts, handlog
from scoring.boards.snapshot import snapshot
from scoring.caching import versions
from scoring.caching.pages import cached, club
from scoring.models import Game
from scoring.permissions import can_record, results_visible
from scoring.records.gamelogs import game_document


@require_safe
@results_visible
@cached(club(versions.GAMES))
def game_list(request: HttpRequest) -> HttpResponse:
    """Tables in progress first, then the latest games."""
    games = Game.objects.with_seats().order_by("-created_at", "-id")
    playing = [g for g in games.filter(status=Game.IN_PROGRESS)[:20]]
    recent = [g for g in games.exclude(status=Game.IN_PROGRESS).shown()[:30]]
    return render(request, "scoring/boards/games.html", {"playing": playing, "recent": recent})


def _game_context(request: HttpRequest, game_id: int) -> dict:
    with snapshot():  # a hand recorded or undone meanwhile is wholly in or wholly out
        game = get_object_or_404(Game.objects.with_seats(), pk=game_id)
        seats = sorted(game.seats.all(), key=lambda s: s.seat)
        rules = game.rules
        rows = handlog.hand_rows(game, seats, rules)
        standings = handlog.standings_rows(game, seats, rules)
    return {
        "game": game,
        "rules": rules,
        "seats": seats,
        "hands": rows,
        "standings": standings,
        "chart": charts.scores_chart(seats, rows, rules.start_points),
        "can_record": game.is_open and can_record(request.user, game),
        "version": versions.game_version(game.pk),
    }


@require_safe
@results_visible
@cached(versions.game_page)
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    return render(request, "scoring/boards/game.html", _game_context(request, game_id))


@require_safe
@results_visible
@condition(etag_func=lambda request, game_id: versions.game_version(game_id))
def game_live(request: HttpRequest, game_id: int) -> HttpResponse:
    """The live region of the game page (htmx polling; 304 while nothing changed)."""
    return render(request, "scoring/boards/game.html#live", _game_context(request, game_id))


@require_safe
@results_visible
@cached(versions.game_page)
def game_log(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game's facts as a game log, as a download."""
    with snapshot():
        game = get_object_or_404(Game.objects.select_related("ruleset", "session"), pk=game_id)
        document = game_document(game)
    response = HttpResponse(
        json.dumps(document, indent=2, ensure_ascii=False) + "\n", content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.json"'
    return response
