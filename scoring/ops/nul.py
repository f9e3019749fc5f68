"""A NUL in the admin's query string is a 400 Bad Request (``RefuseNulInAdminQueries``)."""

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponseBase
from django.views.defaults import bad_request


class RefuseNulInAdminQueries:
    """Django admin's search and filters hand the query's values to the database as they are,
    and PostgreSQL cannot hold a NUL in text: ``/admin/…/?q=%00`` was a 500 there. The site's
    own pages check their parameters themselves. Answered here, not raised: a raised BadRequest
    is logged with its traceback, a 400 answered is one line ("Bad Request: /admin/…")."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path.startswith("/admin/") and any(
            "\x00" in key or any("\x00" in value for value in values) for key, values in request.GET.lists()
        ):
            return bad_request(request, BadRequest("a NUL character in the query"))
        return self.get_response(request)
