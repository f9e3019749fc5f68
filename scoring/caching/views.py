"""The language switch as plain links: ``GET /language/<code>/?next=…`` sets the language
cookie and goes back. Django's ``set_language`` wants a POST with a CSRF token, which would
put a CSRF cookie on every anonymous page and make it uncacheable."""

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET


@require_GET
def set_language(request: HttpRequest, code: str) -> HttpResponse:
    """Remember ``code`` in the language cookie and redirect to ``next`` (a path of this site only)."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    next_url = request.GET.get("next", "")
    if not next_url.startswith("/") or not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = "/"  # a path of this site only (redirect() would take "abc" for a view name)
    response = HttpResponseRedirect(next_url)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
