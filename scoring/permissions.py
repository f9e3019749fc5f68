"""Who may see and who may record.

- Results (game pages, game logs) are public unless ``settings.PUBLIC_RESULTS`` is false;
  then they need a login.
- Recording needs a login, and a member may record only the games they sit at, unless
  they are staff or in the "scorers" group.

Refusals are pages that say why (status 403), never a 500; an htmx request whose session
expired is sent to the login page with ``HttpResponseClientRedirect`` instead of having the
login page swapped into a fragment.
"""

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Concatenate
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, render, resolve_url
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from scoring.caching.pages import HtmxHttpRequest
from scoring.models import Game, Player

type Login = User | AnonymousUser
# a view as the decorators below take and give it: the request first, any answer
type Answering[**P] = Callable[Concatenate[HtmxHttpRequest, P], HttpResponseBase]

SCORERS_GROUP = "scorers"


def is_scorer(user: Login) -> bool:
    """Staff and members of the "scorers" group may record any game."""
    if not user.is_authenticated:
        return False
    if user.is_staff or user.is_superuser:
        return True
    cache: bool | None = getattr(user, "_scorer_cache", None)
    if cache is None:
        cache = user.groups.filter(name=SCORERS_GROUP).exists()
        setattr(user, "_scorer_cache", cache)  # noqa: B010 (asked once a request; not a field of the model)
    return cache


def sits_at(user: Login, players: Iterable[Player]) -> bool:
    """Whether the club player of this login is one of ``players``."""
    player = getattr(user, "player", None) if user.is_authenticated else None
    return player is not None and any(p.pk == player.pk for p in players)


def can_record(user: Login, game: Game) -> bool:
    """May ``user`` record hands of ``game`` (and undo, finish, abandon it)?"""
    return can_start(user, [seat.player for seat in game.seats.all()])


def can_start(user: Login, players: Iterable[Player]) -> bool:
    """May ``user`` start a game with these four players?"""
    return user.is_authenticated and (is_scorer(user) or sits_at(user, players))


def can_view_results(user: Login) -> bool:
    return bool(settings.PUBLIC_RESULTS) or user.is_authenticated


def login_redirect(request: HtmxHttpRequest) -> HttpResponseBase:
    """To the login page and back here; for htmx, a client-side redirect of the whole page."""
    if request.htmx:
        back = request.htmx.current_url_abs_path or request.get_full_path()
        login = resolve_url(settings.LOGIN_URL)
        return HttpResponseClientRedirect(f"{login}?{urlencode({'next': back})}")
    return redirect_to_login(request.get_full_path())


def refuse(request: HtmxHttpRequest, message: str, *, game: Game | None = None) -> HttpResponse:
    """A clear refusal: a page with status 403, or for htmx a message swapped into the
    page's alert region (htmx 2 does not swap 4xx answers)."""
    context = {"message": message, "game": game}
    if request.htmx:
        response = render(request, "scoring/refused.html#refusal", context)
        return reswap(retarget(response, "#alerts"), "innerHTML")
    return render(request, "scoring/refused.html", context, status=403)


def login_required_htmx[**P](view: Answering[P]) -> Answering[P]:
    """``login_required`` that answers htmx requests with a client-side redirect."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
        if not request.user.is_authenticated:
            return login_redirect(request)
        return view(request, *args, **kwargs)

    return wrapper


def results_visible[**P](view: Answering[P]) -> Answering[P]:
    """Results are public unless PUBLIC_RESULTS is false; then a login is needed."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
        if not can_view_results(request.user):
            return login_redirect(request)
        return view(request, *args, **kwargs)

    return wrapper


def recorder_required[**P](
    view: Callable[Concatenate[HtmxHttpRequest, Game, P], HttpResponseBase],
) -> Answering[...]:
    """The view gets ``game`` (with seats and players) instead of ``game_id`` (which the URL
    gives by name), and only if the user may record it."""

    @login_required_htmx
    @wraps(view)
    def wrapper(request: HtmxHttpRequest, /, game_id: int, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
        game = get_object_or_404(Game.objects.with_seats(), pk=game_id)
        if not can_record(request.user, game):
            return refuse(
                request,
                _("You can record only games you sit at. Ask a scorer or a member of staff to record this one."),
                game=game,
            )
        return view(request, game, *args, **kwargs)

    return wrapper
