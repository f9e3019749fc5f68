"""The page where a member (or staff) keeps a player's online names."""

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.caching.pages import HtmxHttpRequest
from scoring.models import Player
from scoring.permissions import Login, login_required_htmx, refuse
from scoring.records import services

from .forms import OnlineNamesForm


def may_edit(user: Login, player: Player) -> bool:
    """The player's own login, or staff."""
    if not user.is_authenticated:
        return False
    return bool(user.is_staff) or getattr(user, "player", None) == player


@require_http_methods(["GET", "HEAD", "POST"])
@login_required_htmx
def online_names(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Each site's names, one a line; a name another player holds there is refused, nothing changed."""
    player = get_object_or_404(Player, pk=pk)
    if not may_edit(request.user, player):
        return refuse(
            request, _("Only %(name)s or the club's staff may change these online names.") % {"name": player.name}
        )
    if request.method == "POST":
        form = OnlineNamesForm(request.POST)
        if form.is_valid():
            try:
                with transaction.atomic():
                    for site, names in form.names().items():
                        services.set_online_names(player=player, site=site, names=names, user=request.user)
            except services.ServiceError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("The online names are saved."))
                return redirect("scoring:online_names", pk=player.pk)
    else:
        form = OnlineNamesForm.of(player)
    return render(request, "scoring/online/names.html", {"player": player, "form": form})
