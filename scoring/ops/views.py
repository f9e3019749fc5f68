"""Health endpoints and the password-reset gate."""

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@never_cache
@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """The process answers (touches no database)."""
    return HttpResponse("ok\n", content_type="text/plain")


@never_cache
@require_safe
def readyz(request: HttpRequest) -> HttpResponse:
    """The database answers a query: 200, else 503 (the proxy stops sending requests here)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return HttpResponse("database unavailable\n", status=503, content_type="text/plain")
    return HttpResponse("ok\n", content_type="text/plain")


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico: the icon of base.html, for pages that do not name it (the admin's)."""
    return redirect(static("icons/icon.svg"), permanent=True)


def password_reset(request: HttpRequest) -> HttpResponseBase:
    """Django's reset-by-mail form when mail is configured; otherwise: ask an admin."""
    if settings.PASSWORD_RESET_BY_MAIL:
        return auth_views.PasswordResetView.as_view()(request)
    return render(request, "scoring/ops/ask_an_admin.html")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent without its security token (an expired login, a page kept open for days):
    the club's own 403 page, styled by club.css (Django's carries an inline style the
    Content-Security-Policy blocks)."""
    return render(request, "scoring/ops/csrf_failure.html", status=403)
