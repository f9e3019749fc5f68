"""The front door: what a member can do now and what the club has just played.

A member sees the games in play they may record (round and leader), "Start a game", tonight's
session standings and the latest results; a visitor the latest results and the top of each
board. A fixed number of queries, whatever the size of the history.
"""

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from scoring.boards import stats
from scoring.boards.views import standings_tables, with_results
from scoring.models import ClubSession, Game, Season
from scoring.permissions import can_view_results, is_scorer
from scoring.rules import round_label

LATEST = 5
TOP = 5
PLAYING = 12
TOP_HIDES = ("avg_place", "first", "second", "third", "fourth")  # the top of a board: rank, player, games, total


def games_to_record(user):
    """Games in progress ``user`` may record, newest first, each with ``round`` (riichi),
    ``hand_number`` (American: the hand to play) and ``leaders`` (the players in first place
    now; none before the first hand): two queries."""
    games = Game.objects.in_progress().with_seats().order_by("-created_at", "-id")
    if not is_scorer(user):
        games = games.filter(seats__player__user=user)
    games = list(games[:PLAYING])
    for game in games:
        seats = sorted(game.seats.all(), key=lambda seat: seat.seat)
        table = game.table(seat.table_score for seat in seats)
        game.round, game.hand_number = round_label(game.rules, table), table.hands + 1
        game.leaders = [seat for seat in seats if seat.place == 1] if table.hands else []
    return games


def league_list() -> QuerySet[Season]:
    """The leagues (seasons with stages), newest first, with their stages, divisions and team
    competition (the home page's "Leagues and teams" and the leagues page): three queries."""
    seasons = Season.objects.filter(stages__isnull=False).distinct().select_related("team_competition")
    return seasons.prefetch_related("stages", "divisions").order_by("-start", "-id")


def latest_results(limit: int = LATEST):
    """The last ``limit`` finished games, seats in place order with their results (two queries)."""
    return with_results(Game.objects.finished().shown().with_seats().order_by("-date", "-id")[:limit])


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The front door (a member: 10 queries; a visitor: 4)."""
    member = request.user.is_authenticated
    context = {"member": member, "public": can_view_results(request.user)}
    if member:
        tonight = ClubSession.objects.filter(date=timezone.localdate()).order_by("-id").first()
        context |= {
            "playing": games_to_record(request.user),
            "tonight": tonight,
            "standings": standings_tables(stats.counted_seats().in_session(tonight)) if tonight else [],
        }
    elif context["public"]:
        context["boards"] = standings_tables(stats.counted_seats(), top=TOP, exclude=TOP_HIDES)
    if context["public"]:
        context["latest"] = latest_results()
        context["leagues"] = league_list()[:3]  # a newcomer finds the leagues and their teams
    return render(request, "scoring/boards/home.html", context)
