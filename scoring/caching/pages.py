"""``cached(depends, reads=…)``: a read page served from the cache and answered 304 while unchanged.

``depends(**view_kwargs)`` names the version keys the page shows (``versions``). The cache
key and the ETag are made of their tokens (read from the database in one query) and of
everything else the page varies on: the path, the query parameters the page ``reads`` (only
those, in that order), the language, htmx or not, and for a logged-in member their login
(session and CSRF cookies, so the header's name and log-out form stay theirs). An anonymous
page has no cookie in it (``base.html`` renders the CSRF token for members only), so one
cached copy serves every visitor in a language.

The view sees only the parameters it declares: ``request.GET`` and the query string are cut
down to them, so ``?v=1`` or any other parameter the page does not read is the same page, the
same cache entry and the same ETag, and a link the page renders from its own address never
carries a stranger's parameter into a copy served to others.

Bounded in bytes: a page whose body is over ``PAGE_MAX_BYTES`` is rendered each time (it still
gets its ETag and 304s), never stored; the database cache keeps at most ``MAX_ENTRIES`` pages
(settings.CACHES: 2,000), so it holds at most about ``MAX_ENTRIES × PAGE_MAX_BYTES`` (256 MiB;
stored in base64, about 340 MB of the database). Redis is bounded by its own ``maxmemory``.

One render at a time: when a change makes a public page stale, the first request renders it and
the visitors who ask meanwhile get the copy before the change, with that copy's own ETag (so
their next poll asks again), rather than rendering it again each (``RENDERING_FOR``). A
member's page is never served from another version.

Not cached: anything but a 200 without cookies, and a request with flash messages waiting
(the page shows them once). ``Cache-Control: no-cache`` makes a browser ask again every
time, with ``If-None-Match``; members' pages are also ``private``. No ``Last-Modified``: a
second is too coarse for a table recording hands, and it would not tell the languages apart.
"""

import hashlib
from collections.abc import Callable
from functools import partial, wraps
from typing import Concatenate
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, QueryDict
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import get_language
from django_htmx.middleware import HtmxDetails

from scoring.caching import versions

PAGE_TIMEOUT = 24 * 3600  # seconds; a page also goes stale when a token changes
PAGE_MAX_BYTES = 128 * 1024  # a bigger body is rendered each time, never stored
RENDERING_FOR = 10  # seconds: the longest a render keeps others on the copy before the change


class HtmxHttpRequest(HttpRequest):
    """A request as the views see it: django-htmx's middleware gives it ``htmx``."""

    htmx: HtmxDetails


type View[**P] = Callable[Concatenate[HtmxHttpRequest, P], HttpResponse]


def _read_only(request: HttpRequest, reads: tuple[str, ...]) -> None:
    """Cut the request's query down to the parameters the page reads, in that order."""
    query = urlencode([(name, value) for name in reads for value in request.GET.getlist(name)])
    request.GET = QueryDict(query)
    request.META["QUERY_STRING"] = query


def _page(request: HtmxHttpRequest) -> str:
    """A digest of which page this is, whatever its version."""
    parts = [request.get_full_path(), get_language(), "htmx" if request.htmx else "page"]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _variant(request: HtmxHttpRequest, keys: list[str]) -> str:
    """A digest of everything the page's content depends on."""
    found = versions.tokens(keys)
    parts = [
        _page(request),
        *(f"{key}={found[key]}" for key in keys),
    ]
    if request.user.is_authenticated:
        parts += [
            str(request.user.pk),
            request.session.session_key or "",
            request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""),
        ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _storable(response: HttpResponse) -> bool:
    return response.status_code == 200 and not response.cookies and not response.streaming


def _small(response: HttpResponse) -> bool:
    return len(response.content) <= PAGE_MAX_BYTES


def cached[**P](
    depends: Callable[..., list[str]], *, reads: tuple[str, ...] = (), store: bool = True
) -> Callable[[View[P]], View[P]]:
    """Decorate a GET view: cache its responses under their variant, send ETags, answer 304.
    ``reads``: the query parameters the view reads (it sees no other). ``store=False``: ETags
    and 304s only, rendered every time (a page that must be fresh on each render, e.g. one
    carrying a new submission key)."""

    def decorator(view: View[P]) -> View[P]:
        @wraps(view)
        def wrapper(request: HtmxHttpRequest, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            _read_only(request, reads)
            if request.method not in ("GET", "HEAD") or get_messages(request):
                return view(request, *args, **kwargs)
            variant = _variant(request, depends(**kwargs))
            etag = quote_etag(variant)
            private = request.user.is_authenticated
            response: HttpResponse | None
            if etag in parse_etags(request.headers.get("If-None-Match", "")):
                response = HttpResponseNotModified()
            else:
                response = cache.get(f"page:{variant}") if store else None
                if response is None and store and not private:
                    response, etag = _render_once(request, partial(view, request, *args, **kwargs), variant, etag)
                    if not _storable(response):
                        return response
                elif response is None:
                    response = view(request, *args, **kwargs)
                    if not _storable(response):
                        return response
                    if store and _small(response):
                        cache.set(f"page:{variant}", response, PAGE_TIMEOUT)
            response["ETag"] = etag
            patch_cache_control(response, no_cache=True, **({"private": True} if private else {"public": True}))
            return response

        return wrapper

    return decorator


def _render_once(
    request: HtmxHttpRequest, render: Callable[[], HttpResponse], variant: str, etag: str
) -> tuple[HttpResponse, str]:
    """The public page of ``variant`` and its ETag: rendered and stored by the first request
    that finds it missing; while that render runs, the page's copy before the change (its own
    ETag) to the others, or a render of their own where there is none."""
    page = _page(request)
    mine = cache.add(f"rendering:{page}", variant, RENDERING_FOR)
    if not mine:
        latest = cache.get(f"latest:{page}")  # the variant stored last, and its ETag
        before = cache.get(f"page:{latest[0]}") if latest else None
        if before is not None:
            return before, latest[1]
    try:
        response = render()
        if _storable(response) and _small(response):
            cache.set_many({f"page:{variant}": response, f"latest:{page}": (variant, etag)}, PAGE_TIMEOUT)
    finally:
        if mine:
            cache.delete(f"rendering:{page}")
    return response, etag


def club(*keys: str) -> Callable[..., list[str]]:
    """``depends`` for a page that shows fixed keys (and the club's names)."""
    return lambda **_kwargs: [versions.CLUB, *keys]
