"""The staff page that imports online games: upload files or zips of them, then a summary that
starts with the totals and goes on with each file; a room's rules made from a refused game's
values in one step."""

from collections import Counter
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import user_passes_test
from django.core import signing
from django.core.exceptions import TooManyFilesSent
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.http import require_http_methods, require_POST

from scoring.records import services

from . import bulk
from .forms import UploadForm
from .importer import Outcome, import_file
from .measure import reason_of
from .rooms import RoomRules

SALT = "scoring.online.room"


@require_http_methods(["GET", "HEAD", "POST"])
@user_passes_test(lambda user: user.is_staff)
def upload(request: HttpRequest) -> HttpResponse:
    """Each file is imported whole or not at all; the page lists what was stored, skipped and
    refused (or, checking only, what would be), the totals first. Past Django's limit of files in
    one upload (``DATA_UPLOAD_MAX_NUMBER_FILES``) the request cannot be read: ``too_many_files``
    answers it with the limit and the zip route."""
    outcomes: list[Outcome] = []
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            options = form.options()
            for upload in form.cleaned_data["files"]:
                for name, data in bulk.logs(upload.name, upload):
                    if isinstance(data, str):
                        outcomes.append(Outcome(name, "refused", message=data))
                    else:
                        outcomes.append(import_file(name, data, options, user=request.user))
            form = UploadForm(initial={"ruleset": options.ruleset or "", "session": options.session or ""})
    else:
        form = UploadForm()
    return render(request, "scoring/online/upload.html", _context(form, outcomes))


def _context(form: UploadForm, outcomes: list[Outcome], *, too_many: bool = False) -> dict[str, Any]:
    return {
        "form": form,
        "outcomes": outcomes,
        "totals": totals(outcomes),
        "rooms": _rooms(outcomes),
        "too_many": too_many,
        "limit": settings.DATA_UPLOAD_MAX_NUMBER_FILES,
    }


def totals(outcomes: list[Outcome]) -> dict[str, Any]:
    """The summary's first lines: how many files were stored (or would be), already stored, and
    refused, by reason (the reason without its round and numbers, most common first)."""
    reasons = Counter(reason_of(o.message) for o in outcomes if o.status == "refused")
    return {
        "files": len(outcomes),
        "stored": sum(o.status == "stored" for o in outcomes),
        "checked": any(o.status == "stored" and o.game is None for o in outcomes),  # a dry run
        "skipped": sum(o.status == "skipped" for o in outcomes),
        "refused": sum(reasons.values()),
        "reasons": reasons.most_common(),
    }


def _rooms(outcomes: list[Outcome]) -> list[tuple[RoomRules, str]]:
    """Each room's rules the refused files propose, once, with its signed proposal for the form."""
    seen: dict[RoomRules, str] = {}
    for outcome in outcomes:
        if outcome.room is not None and outcome.room not in seen:
            room = outcome.room
            seen[room] = signing.dumps({"base": room.base, "changes": room.knobs}, salt=SALT)
    return list(seen.items())


@require_POST
@user_passes_test(lambda user: user.is_staff)
def create_room(request: HttpRequest) -> HttpResponse:
    """Create the club copy of a lobby's preset with a room's values ("… (this room's rules)"),
    through the rulesets' service; the values are the page's own proposal (signed), the name the
    staff's."""
    try:
        proposal = signing.loads(request.POST.get("proposal", ""), salt=SALT)
        base, changes = proposal["base"], proposal["changes"]
    except (signing.BadSignature, KeyError, TypeError):
        return HttpResponseBadRequest(_("This room's rules are not the import page's own: import the file again."))
    name = request.POST.get("name", "").strip() or RoomRules(base, tuple(changes.items())).name
    try:
        ruleset = services.room_ruleset(based_on=base, name=name, changes=changes)
    except services.ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("The ruleset %(name)s holds this room's rules: import the room's games again.") % {"name": ruleset.name},
        )
    return redirect("scoring:import_online")


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The site's answer to a bad request (``handler400``): Django's page, but for the import
    page's upload of more files than Django reads in one request (``DATA_UPLOAD_MAX_NUMBER_FILES``,
    which Django refuses before any view runs): the import page again, with the limit and the zip
    route (to staff; anyone else gets Django's page)."""
    user = getattr(request, "user", None)
    if (
        isinstance(exception, TooManyFilesSent)
        and request.path == reverse("scoring:import_online")
        and user is not None
        and user.is_staff
    ):
        return render(request, "scoring/online/upload.html", _context(UploadForm(), [], too_many=True), status=400)
    return defaults.bad_request(request, exception)
