"""The username django-axes counts failures under (``AXES_USERNAME_CALLABLE``)."""

from collections.abc import Mapping

from django.contrib.auth import get_user_model
from django.http import HttpRequest


def username(request: HttpRequest, credentials: Mapping[str, str] | None = None) -> str:
    """The username tried, cut to what a username holds: axes keeps it in a 255-character
    column, and a longer one (no member's) was a 500 on PostgreSQL."""
    tried = (credentials or getattr(request, "data", request.POST)).get("username") or ""
    return tried[: get_user_model()._meta.get_field("username").max_length]
