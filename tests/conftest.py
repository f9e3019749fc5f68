"""Suite-wide setup: Chromium for the browser tests, or a visible reason why they skip; the database
each browser test starts from."""

import os
import re
import shutil
import threading
import time
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.test.utils import override_settings
from hypothesis import settings as hypothesis_settings
from playwright.sync_api import Locator, expect

from scoring.demo import bench_stats
from tests import migrated
from tests.builders import HTMX_WATCH

# A loaded CI machine (two cores, the whole suite) can take longer than Playwright's 5 s.
expect.set_options(timeout=15_000)

# Playwright's sync API runs an event loop in the test thread; Django's ORM would refuse.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Hypothesis: ``ci`` (HYPOTHESIS_PROFILE=ci, set by .ci/run) runs every property test its full
# count of examples and prints the blob that reproduces a failure; ``dev`` (the default, make
# test) half of it (tests/hypothesis_budget.py). Neither has a deadline: a loaded machine is
# slow, not wrong.
hypothesis_settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
hypothesis_settings.register_profile("dev", max_examples=50, deadline=None)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


def find_chromium() -> str | None:
    """$CHROMIUM if set, else Debian's headless shell (apt-get install chromium-headless-shell:
    the old headless mode, which Playwright itself runs headless, a third less work than the
    whole browser), else /usr/bin/chromium, else chromium on PATH."""
    if "CHROMIUM" in os.environ:
        path = os.environ["CHROMIUM"]
        return path if os.access(path, os.X_OK) else None
    for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium"):
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


CHROMIUM = find_chromium()


def pytest_collection_modifyitems(config, items):
    browser_tests = [item for item in items if "browser" in item.keywords]
    migrated.refuse_serialized_rollback(browser_tests)
    if CHROMIUM:
        return
    skip = pytest.mark.skip(
        reason="browser test skipped: no Chromium at $CHROMIUM, /usr/bin/chromium-headless-shell, "
        "/usr/bin/chromium or on PATH (apt-get install -y chromium-headless-shell)"
    )
    for item in browser_tests:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive the system (Debian) Chromium rather than a Playwright download."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM or "/usr/bin/chromium",
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    }


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and a copy of the rows its migrations stored (tests/migrated.py)."""
    with django_db_blocker.unblock():
        migrated.keep_rows()


@pytest.fixture(autouse=True)
def migrated_database(request):
    """Every browser test starts from the database as the migrations left it (the presets, content
    types and permissions of a freshly migrated site), whatever the tests before it in its process
    left: none, a transactional test's flush or another browser test's, in any order."""
    if "browser" in request.keywords:
        request.getfixturevalue("transactional_db")
        migrated.restore_rows()


@pytest.fixture(scope="session", autouse=True)
def fast_password_hasher():
    """The suite hashes passwords with MD5: PBKDF2's deliberate slowness (seconds per login on
    a loaded machine) buys nothing in a test. The site's settings keep Django's PBKDF2 default
    (tests/ops/test_production.py checks that a process started without the tests has it)."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def english():
    """Messages are compared in English, whatever language an earlier request left active (a
    request activates the reader's language for the thread and leaves it so)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def page_cache(settings):
    """Every test starts with an empty page cache in local memory, so the query counts the
    tests assert are the pages' own (tests/caching also runs the database cache)."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "mahjong-club-tests"}
    }
    cache.clear()


@pytest.fixture
def screenshot():
    """screenshot(page or locator, name, **options): test-artifacts/<name>.png (gitignored), for
    a human to look at, when SCREENSHOTS is set (make screenshots). Otherwise no picture is
    taken (it costs time and checks nothing), but a locator must still be visible, as a
    screenshot would wait for it to be."""
    wanted = bool(os.environ.get("SCREENSHOTS"))
    if wanted:
        ARTIFACTS.mkdir(exist_ok=True)

    def take(target, name: str, **options):
        if wanted:
            scrolled = target.evaluate("scrollY") if options.get("full_page") else None
            target.screenshot(path=str(ARTIFACTS / f"{name}.png"), **options)
            if scrolled is not None:  # Chromium leaves a full page's shot with stale scroll: taps land off target
                target.evaluate("y => { scrollTo(0, 0); scrollTo(0, y); }", scrolled)
        elif isinstance(target, Locator):
            expect(target).to_be_visible()

    return take


@pytest.fixture
def sign_in(live_server):
    """sign_in(page, username, path): the page at ``path``, signed in as ``username`` by the
    session cookie a login leaves (the login form itself is driven in tests/outbox and
    tests/ops/test_csp_browser.py; the client tests cover its rules)."""
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    def go(page, username: str, path: str):
        client = Client()
        client.force_login(User.objects.get(username=username))
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
        page.goto(f"{live_server.url}{path}")

    return go


@pytest.fixture
def member(players):
    """Ann's login (the first of the part's ``players``): she sits at the games of the tests."""
    from django.contrib.auth.models import User

    user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].user = user
    players[0].save()
    return user


@pytest.fixture
def bulk(db):
    """bulk(games) -> a club of 12 players and ``games`` finished games, made in bulk."""

    def make(games: int, players: int = 12, seed: int = 7):
        return bench_stats.build_club(players=players, games=games, distinct=min(games, 40), seed=seed)

    return make


class LiveRequests:
    """How many requests the live server's threads are answering now (the test client's,
    made in the test's own thread, are not counted)."""

    def __init__(self):
        self.count = 0
        self.lock = threading.Lock()
        request_started.connect(self.started, weak=False)
        request_finished.connect(self.finished, weak=False)

    def _add(self, step):
        if threading.current_thread() is not threading.main_thread():
            with self.lock:
                self.count += step

    def started(self, **kwargs):
        self._add(1)

    def finished(self, **kwargs):
        self._add(-1)


LIVE_REQUESTS = LiveRequests()


@pytest.fixture(autouse=True)
def live_server_at_rest(request):
    """After a browser test, before its database is emptied: every browser context is closed
    (pytest-playwright closes them later, and a second close does nothing), then the requests
    its pages left on their way (a poll, the outbox's replay, the service worker's copies) may
    finish. On PostgreSQL the TRUNCATE that empties the database deadlocks beside one."""
    yield
    if "browser" in request.fixturenames:  # the test drove Chromium
        for context in request.getfixturevalue("browser").contexts:
            context.close()
        deadline = time.monotonic() + 10
        while LIVE_REQUESTS.count > 0 and time.monotonic() < deadline:
            time.sleep(0.02)


@pytest.fixture(autouse=True)
def htmx_watch(request):
    """Every browser test's pages keep count of what htmx has yet to do (``builders.htmx_idle``
    waits on it, where a test would otherwise wait a fixed time)."""
    if "browser" in request.keywords and "context" in request.fixturenames:
        request.getfixturevalue("context").add_init_script(HTMX_WATCH)


@pytest.fixture(autouse=True)
def fail_on_console_errors(request):
    """Every browser test fails on a console error or an uncaught exception in any page of its
    browser context (a missing favicon, an htmx selector that matches nothing …), except the
    errors a test provokes on purpose, named by ``@pytest.mark.console_errors(pattern, …)``
    (regular expressions; e.g. the failed requests of a phone that lost the network)."""
    if "browser" not in request.keywords or "context" not in request.fixturenames:
        yield
        return
    markers = request.node.iter_markers("console_errors")
    expected = [re.compile(pattern) for marker in markers for pattern in marker.args]
    errors = []
    context = request.getfixturevalue("context")
    context.on(
        "console",
        lambda message: (
            message.type == "error" and errors.append(f"console error: {message.text} at {message.location.get('url')}")
        ),
    )
    context.on("weberror", lambda error: errors.append(f"uncaught: {error.error}"))
    yield errors
    errors = [error for error in errors if not any(pattern.search(error) for pattern in expected)]
    assert not errors, "\n".join(errors)
