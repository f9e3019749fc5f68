"""The service worker, served from the root of the site."""

from django.contrib.staticfiles import finders
from django.http import FileResponse, HttpRequest
from django.views.decorators.http import require_safe


@require_safe
def service_worker(request: HttpRequest) -> FileResponse:
    """``static/js/sw.js`` at ``/sw.js``: a worker controls only the pages under the folder it
    is served from, and the table pages are under ``/games/``. Always revalidated, so that a
    new version takes over at the next page load."""
    found = finders.find("js/sw.js")
    assert isinstance(found, str), "static/js/sw.js is part of the site"
    response = FileResponse(open(found, "rb"), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response
