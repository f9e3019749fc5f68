"""The page cache is bounded in bytes: a query parameter a page does not read makes no new
entry (nor a new ETag), and a page over ``PAGE_MAX_BYTES`` is served but never stored."""

import pytest
from django.db import connection
from django.urls import reverse

from scoring.caching import pages

from .conftest import record_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_cache(settings):
    """The site's own cache (a table of the database), emptied, so its pages can be counted (not
    the pointers to each page's latest copy beside them)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "club_cache"}}
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM club_cache")

    def entries() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM club_cache WHERE cache_key LIKE '%:page:%'")
            return cursor.fetchone()[0]

    return entries


def test_a_hundred_new_query_strings_the_page_does_not_read_add_no_entry(client, club, database_cache):
    url = reverse("scoring:game", args=[club["playing"].pk])
    first = client.get(url)
    assert database_cache() == 1
    for n in range(100):
        response = client.get(url, {"v": n})
        assert response.status_code == 200
        assert response["ETag"] == first["ETag"]
        assert response.content == first.content  # nor does a link on it carry ?v=
    assert database_cache() == 1


def test_the_parameters_a_board_reads_make_their_own_entry_in_one_order(client, club, database_cache):
    board = reverse("scoring:leaderboard")
    plain = client.get(board, {"utm_source": "mail"})
    sorted_ = client.get(board, {"sort": "-games", "min_games": 1, "v": 1})
    again = client.get(f"{board}?v=2&min_games=1&sort=-games")
    assert plain["ETag"] == client.get(board)["ETag"]
    assert sorted_["ETag"] != plain["ETag"] and again["ETag"] == sorted_["ETag"]
    assert database_cache() == 2
    assert "utm_source" not in plain.content.decode() and "v=1" not in sorted_.content.decode()


def test_a_page_over_the_cap_is_served_with_its_etag_but_not_stored(client, club, database_cache, monkeypatch):
    url = reverse("scoring:game", args=[club["playing"].pk])
    size = len(client.get(url).content)
    assert database_cache() == 1
    monkeypatch.setattr(pages, "PAGE_MAX_BYTES", size - 1)
    record_draw(club["playing"], "h1")  # a new version: the next read renders again
    first = client.get(url)
    assert first.status_code == 200 and len(first.content) > size - 1
    assert database_cache() == 1  # the old version's page only
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    record_draw(club["playing"], "h2")
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 200
    assert database_cache() == 1
