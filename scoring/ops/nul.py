"""A NUL in the admin's query string is a 400 Bad Request (``RefuseNulInAdminQueries``)."""

from django.core.exceptions import BadRequest


class RefuseNulInAdminQueries:
    """Django admin's search and filters hand the query's values to the database as they are,
    and PostgreSQL cannot hold a NUL in text: ``/admin/…/?q=%00`` was a 500 there. The site's
    own pages check their parameters themselves."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/admin/") and any(
            "\x00" in key or any("\x00" in value for value in values) for key, values in request.GET.lists()
        ):
            raise BadRequest("a NUL character in the query")
        return self.get_response(request)
