"""The read pages come from the cache, answer 304 while unchanged, and go stale
exactly when something they show changes; anonymous pages set no CSRF cookie."""

import uuid

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.test import RequestFactory
from django.urls import reverse

from scoring.caching import pages, versions
from scoring.models import Season
from scoring.records import services

from .conftest import record_draw

pytestmark = pytest.mark.django_db


def read_pages(club) -> dict[str, str]:
    game, night, ann = club["playing"], club["session"], club["players"][0]
    return {
        "rules": reverse("scoring:rules"),
        "statistics": reverse("scoring:statistics_help"),
        "games": reverse("scoring:games"),
        "game": reverse("scoring:game", args=[game.pk]),
        "finished game": reverse("scoring:game", args=[club["finished"].pk]),
        "leaderboard": reverse("scoring:leaderboard"),
        "american board": reverse("scoring:american_board"),
        "player": reverse("scoring:player", args=[ann.pk]),
        "session": reverse("scoring:session", args=[night.pk]),
        "seasons": reverse("scoring:seasons"),
        "season": reverse("scoring:season", args=[Season.objects.get().pk]),
    }


CACHED = {"games", "game", "finished game", "leaderboard", "american board", "player", "session", "seasons", "season"}


def etags(client, club) -> dict[str, str]:
    return {name: client.get(url)["ETag"] for name, url in read_pages(club).items() if name in CACHED}


def test_anonymous_read_pages_set_no_csrf_cookie_and_are_cacheable(client, club):
    for name, url in read_pages(club).items():
        response = client.get(url)
        assert response.status_code == 200, name
        assert "csrftoken" not in response.cookies, name
        assert not response.cookies, name
        assert "x-csrftoken" not in response.content.decode(), name
        if name in CACHED:
            assert response["ETag"], name
            cache_control = response["Cache-Control"]
            assert "no-cache" in cache_control and "public" in cache_control, name
            assert "private" not in cache_control and "no-store" not in cache_control, name


def test_an_unchanged_page_is_a_304_and_a_recorded_hand_makes_it_200_again(client, club):
    url = reverse("scoring:game", args=[club["playing"].pk])
    first = client.get(url)
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    assert again.content == b""

    record_draw(club["playing"], "h1")
    after = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert after.status_code == 200
    assert after["ETag"] != first["ETag"]
    assert after.content != first.content


def test_a_cached_page_is_served_with_one_query_its_version_tokens(client, club, django_assert_num_queries):
    url = reverse("scoring:leaderboard")
    rendered = client.get(url)
    with django_assert_num_queries(1) as queries:
        cached = client.get(url)
    assert cached.content == rendered.content
    assert "scoring_pageversion" in queries.captured_queries[0]["sql"]


# what each write makes stale (True) and leaves as it was (False)
STALE = {
    "a hand in a game in progress": (
        lambda club: record_draw(club["playing"], "h1"),
        {
            "game": True,
            "finished game": False,
            "session": True,
            "games": False,
            "player": False,
            "leaderboard": False,
            "american board": False,
            "seasons": False,
            "season": False,
        },
    ),
    "finishing a game": (
        lambda club: services.finish_game(game=club["playing"]),
        {
            "game": True,
            "finished game": False,
            "leaderboard": True,
            "american board": False,
            "player": True,
            "session": True,
            "season": True,
        },
    ),
    "undoing the last hand of a finished game": (
        lambda club: services.undo_last_hand(game=club["finished"]),
        {"finished game": True, "game": False, "leaderboard": True, "american board": False, "player": True},
    ),
    "abandoning a game": (
        lambda club: services.abandon_game(game=club["playing"]),
        {"game": True, "finished game": False, "games": True, "session": True},
    ),
    "copying a ruleset": (
        lambda club: services.copy_ruleset(ruleset=club["playing"].ruleset),
        {name: True for name in CACHED},
    ),
}


@pytest.mark.parametrize("write", STALE, ids=list(STALE))
def test_a_write_makes_stale_exactly_the_pages_that_show_it(client, club, write):
    change, expected = STALE[write]
    before = etags(client, club)
    change(club)
    after = etags(client, club)
    for name, stale in expected.items():
        assert (after[name] != before[name]) == stale, name


def test_renaming_a_player_in_admin_makes_every_page_stale(client, club):
    before = etags(client, club)
    staff = User.objects.create_superuser("stu", password="pw-stu-123")
    admin = type(client)()
    admin.force_login(staff)
    ann = club["players"][0]
    response = admin.post(reverse("admin:scoring_player_change", args=[ann.pk]), {"name": "Annabel", "active": "on"})
    assert response.status_code == 302
    after = etags(client, club)
    assert all(after[name] != before[name] for name in CACHED)
    assert "Annabel" in client.get(reverse("scoring:game", args=[club["playing"].pk])).content.decode()


def test_the_language_is_part_of_the_cache_key_and_the_etag(client, club):
    url = reverse("scoring:leaderboard")
    english = client.get(url, headers={"Accept-Language": "en"})
    spanish = client.get(url, headers={"Accept-Language": "es"})
    assert english["ETag"] != spanish["ETag"]
    assert "<h1>Leaderboard" in english.content.decode()
    assert 'lang="es"' in spanish.content.decode() and "<h1>Leaderboard" not in spanish.content.decode()
    assert "Accept-Language" in english["Vary"]


def test_htmx_partials_and_full_pages_are_cached_apart(client, club):
    url = reverse("scoring:leaderboard")
    page = client.get(url)
    partial = client.get(url, headers={"HX-Request": "true"})
    assert page["ETag"] != partial["ETag"]
    assert "<html" in page.content.decode() and "<html" not in partial.content.decode()


def test_members_get_their_own_header_and_a_private_page(client, club):
    url = reverse("scoring:game", args=[club["playing"].pk])
    anonymous = client.get(url)
    for name in ("ann", "bo"):
        member = type(client)()
        member.force_login(User.objects.create_user(name, password=f"pw-{name}-123"))
        assert "csrftoken" in member.get(url).cookies  # a login has its CSRF cookie from then on
        response = member.get(url)
        html = response.content.decode()
        assert f'<span class="who">{name}</span>' in html
        assert "x-csrftoken" in html
        assert "private" in response["Cache-Control"]
        assert response["ETag"] != anonymous["ETag"]
        assert member.get(url, headers={"If-None-Match": response["ETag"]}).status_code == 304


def test_a_page_with_a_message_waiting_is_neither_served_from_nor_put_into_the_cache(client, club):
    from django.contrib.messages import constants
    from django.contrib.messages.storage.cookie import CookieStorage

    url = reverse("scoring:leaderboard")
    plain = client.get(url)
    storage = CookieStorage(type("Request", (), {"COOKIES": {}})())
    storage.add(constants.SUCCESS, "Game started.")
    response = type(plain)()
    storage.update(response)
    client.cookies["messages"] = response.cookies["messages"].value
    shown = client.get(url)
    assert "Game started." in shown.content.decode()
    assert "Game started." not in client.get(url).content.decode()


def test_the_versions_move_with_the_write_in_its_transaction(club):
    """The tokens are rows written in the write's own transaction: the write sees its new
    version at once, and a write that fails after bumping rolls its bump back with it."""
    game = club["playing"]
    start = versions.game_version(game.pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        record_draw(game, "h1")
        assert versions.game_version(game.pk) != start
        raise RuntimeError("the write fails after its bump")
    assert versions.game_version(game.pk) == start
    assert not game.hand_set.exists()
    record_draw(game, "h1")
    assert versions.game_version(game.pk) != start


def test_game_version_is_stable_until_the_game_changes(club):
    game = club["playing"]
    assert versions.game_version(game.pk) == versions.game_version(game.pk)
    other = versions.game_version(club["finished"].pk)
    before = versions.game_version(game.pk)
    record_draw(game, "h1")
    assert versions.game_version(game.pk) != before
    assert versions.game_version(club["finished"].pk) == other


def test_the_database_cache_serves_pages_and_rolls_back_with_the_test(client, club, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "club_cache"}}
    url = reverse("scoring:game", args=[club["playing"].pk])
    first = client.get(url)
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    record_draw(club["playing"], "h1")
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_redis_serves_the_same_pages_when_redis_url_is_set(client, club, settings):
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url("redis://127.0.0.1:6379/0", socket_timeout=1).ping()
    except redis.RedisError:
        pytest.skip("no Redis answers on 127.0.0.1:6379")
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/0",
            "KEY_PREFIX": uuid.uuid4().hex,
        }
    }
    url = reverse("scoring:game", args=[club["playing"].pk])
    first = client.get(url)
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    record_draw(club["playing"], "h1")
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_a_page_that_must_render_each_time_still_gets_its_304(rf, club):
    from django.contrib.auth.models import AnonymousUser
    from django.http import HttpResponse

    from scoring.caching.pages import cached

    renders = []

    @cached(versions.game_page, store=False)
    def scoreboard(request, game_id):
        renders.append(game_id)
        return HttpResponse(f"key {len(renders)}")

    def get(headers=None):
        request = rf.get("/scoreboard/", headers=headers)
        request.user, request.htmx = AnonymousUser(), False
        request.session = type("Session", (), {"session_key": None})()
        return scoreboard(request, game_id=club["playing"].pk)

    first, second = get(), get()
    assert (first.content, second.content) == (b"key 1", b"key 2")
    assert first["ETag"] == second["ETag"]
    assert get({"If-None-Match": first["ETag"]}).status_code == 304
    assert len(renders) == 2


def test_while_a_changed_page_renders_other_visitors_get_the_copy_before_the_change(client, club):
    """One render at a time: a visitor who asks while the first request renders the changed page
    gets the copy before the change with its own ETag (their next poll asks again); once it is
    rendered, everyone gets the new one. A member's page always renders its own version."""
    url = reverse("scoring:game", args=[club["playing"].pk])
    first = client.get(url)
    record_draw(club["playing"], "h1")
    page = pages._page(_request_like(url))
    cache.add(f"rendering:{page}", "another request", pages.RENDERING_FOR)  # another visitor is rendering it
    meanwhile = client.get(url)
    assert meanwhile.content == first.content and meanwhile["ETag"] == first["ETag"]
    cache.delete(f"rendering:{page}")
    after = client.get(url)
    assert after["ETag"] != first["ETag"]
    assert client.get(url, headers={"if-none-match": after["ETag"]}).status_code == 304

    client.force_login(User.objects.create_user("mia", password="pw-mia-123"))
    mine = client.get(url)
    record_draw(club["playing"], "h2")
    cache.add(f"rendering:{page}", "another request", pages.RENDERING_FOR)
    assert client.get(url)["ETag"] != mine["ETag"]


def _request_like(url):
    """A request for ``url`` as the client sends it (for the page's digest)."""
    request = RequestFactory().get(url)
    request.htmx = False
    return request
