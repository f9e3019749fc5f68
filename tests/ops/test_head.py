"""HEAD answers like GET, without a body, wherever GET is allowed: health checkers and link
checkers use it (it was a 405 on every page, ``/healthz`` and ``/readyz`` included)."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring.events import services as events
from scoring.models import ClubSession, Game, Player, Ruleset, Season
from scoring.records import services

pytestmark = pytest.mark.django_db
# a GET that changes something: the language switch (it sets the cookie and goes back)
NOT_PAGES = {"scoring:language"}


def named_patterns(resolver=None, namespace=""):
    """(name with its namespace, pattern) of every named URL of the site."""
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace != "admin":  # Django's own views answer HEAD like GET already
                inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                yield from named_patterns(entry, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            yield f"{namespace}{entry.name}", entry


@pytest.fixture
def site(client):
    """A staff member who sits at a game, in a club with a session, a season and an event: every
    page of the site opens for him."""
    user = User.objects.create_user("ann", password="pw-ann-123", is_staff=True, is_superuser=True)
    players = [
        Player.objects.create(name=name, user=user if name == "Ann" else None) for name in "Ann Bo Cho Dee".split()
    ]
    session = ClubSession.objects.create(name="Tuesday", date=datetime.date(2026, 11, 3))
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players, session=session)
    season = Season.objects.create(name="Autumn", start=datetime.date(2026, 9, 1), end=datetime.date(2026, 11, 30))
    event = events.create_event(
        name="Friday", date=datetime.date(2026, 12, 4), ruleset=game.ruleset, players=players, seed=1
    )
    client.force_login(user)
    pks = {"player": players[0].pk, "session": session.pk, "season": season.pk}
    return client, {"game_id": game.pk, "pk": event.pk, "code": "en"}, pks


def url_of(name: str, pattern: URLPattern, ids: dict, pks: dict) -> str:
    wanted = pattern.pattern.regex.groupindex
    kwargs = {key: ids[key] for key in wanted}
    if "pk" in kwargs:
        kwargs["pk"] = pks.get(name.removeprefix("scoring:"), ids["pk"])
    return reverse(name, kwargs=kwargs)


def test_head_answers_like_get_on_every_page(site):
    client, ids, pks = site
    checked = []
    for name, pattern in named_patterns():
        if name in NOT_PAGES or not pattern.pattern.regex.groupindex.keys() <= ids.keys():
            continue  # the language switch; a password-reset link (its token)
        url = url_of(name, pattern, ids, pks)
        got = client.get(url)
        if got.status_code == 405:  # a POST-only action
            assert client.head(url).status_code == 405, url
            continue
        head = client.head(url)
        assert head.status_code == got.status_code, f"{url}: HEAD {head.status_code}, GET {got.status_code}"
        assert b"".join(head.streaming_content if head.streaming else [head.content]) == b"", url
        assert head.get("Content-Type") == got.get("Content-Type"), url
        checked.append(url)
    assert {"/healthz", "/readyz", "/", "/leaderboard/", f"/games/{ids['game_id']}/table/"} <= set(checked)
    assert len(checked) > 30


def test_head_on_a_confirmation_only_asks(site):
    """Undo, finish and abandon ask first on GET: HEAD asks too, and never does it."""
    client, ids, _pks = site
    for action in ("undo", "finish", "abandon"):
        assert client.head(reverse(f"scoring:{action}", args=[ids["game_id"]])).status_code == 200
    assert Game.objects.get().status == Game.IN_PROGRESS
