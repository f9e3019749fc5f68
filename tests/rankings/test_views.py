"""The ranking pages: the systems, a ranking with its filters and CSV, a player's breakdown (which
results count, which were dropped, each worked out), the player page's ranking history."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.rankings.views import points_text

pytestmark = pytest.mark.django_db


def test_the_rankings_page_lists_every_system(client, season):
    page = client.get(reverse("scoring:rankings")).content.decode()
    for slug in ("mers-riichi", "mers-mcr", "rukrs", "club"):
        assert reverse("scoring:ranking", args=[slug]) in page


def test_a_ranking_page_shows_each_ranked_player_linked_to_his_breakdown(client, season, club):
    response = client.get(reverse("scoring:ranking", args=["club"]), {"on": "2026-12-01"})
    page = response.content.decode()
    assert response.status_code == 200
    assert reverse("scoring:ranking_player", args=["club", club[4].pk]) in page
    assert "Club ranking" in page and "results from" in page  # the season's start is its reset


def test_the_family_filter_is_offered_where_the_system_ranks_more_than_one(client, season):
    assert 'name="family"' in client.get(reverse("scoring:ranking", args=["club"])).content.decode()
    assert 'name="family"' not in client.get(reverse("scoring:ranking", args=["mers-riichi"])).content.decode()


def test_a_bad_date_is_a_message_never_a_500(client, season):
    response = client.get(reverse("scoring:ranking", args=["club"]), {"on": "2026-13-45", "since": "x"})
    assert response.status_code == 200
    assert "Check the filters" in response.content.decode()


def test_an_unknown_system_is_a_404(client, db):
    assert client.get(reverse("scoring:ranking", args=["nope"])).status_code == 404


def test_the_csv_has_a_row_per_ranked_player(client, season):
    response = client.get(reverse("scoring:ranking_csv", args=["club"]), {"on": "2026-12-01"})
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["rank", "player", "ema_number", "country", "points", "counted", "dropped"]
    assert len(rows) == 1 + 12  # the 12 players of the three finished tournaments
    assert rows[1][0] == "1"


def test_a_player_s_breakdown_works_out_his_number(client, season, club):
    """MERS: each result's base rank (1000 × (field − place) / (field − 1)), the event's weight,
    its age's share; the points are the mean of the two weighted averages."""
    page = client.get(reverse("scoring:ranking_player", args=["mers-riichi", club[4].pk]), {"on": "2026-12-01"})
    text = page.content.decode()
    assert "Results that count" in text and "Rank" in text
    for event in ("Leiden Open", "Delft Cup", "Utrecht Riichi"):
        assert event in text


def test_a_player_not_ranked_is_told_so(client, season, club):
    text = client.get(reverse("scoring:ranking_player", args=["mers-riichi", club[12].pk])).content.decode()
    assert "Not ranked" in text


def test_the_player_page_charts_his_ranking_points(client, season, club):
    text = client.get(reverse("scoring:player", args=[club[4].pk])).content.decode()
    assert "Rankings across events" in text
    assert "Club ranking: ranking points" in text


def test_points_are_written_to_a_thousandth():
    from fractions import Fraction

    assert points_text(Fraction(2, 3)) == "0.667"
    assert points_text(Fraction(12345, 1)) == "12,345.000"


def test_the_ranking_pages_read_in_spanish(client, season, club, admin_user):
    from html import unescape

    from tests.rulebook.test_spanish import CATALOGUE, catalogue, english_left

    entries = [(unescape(m).replace('\\"', '"'), s, f) for m, s, f in catalogue(CATALOGUE)]
    client.force_login(admin_user)
    client.cookies["django_language"] = "es"
    for url in (
        reverse("scoring:rankings"),
        reverse("scoring:ranking", args=["club"]),
        reverse("scoring:ranking", args=["mers-riichi"]),
        reverse("scoring:ranking_player", args=["mers-riichi", club[4].pk]),
        reverse("scoring:ranking_import"),
        reverse("scoring:player", args=[club[4].pk]),
        "/rules/",
    ):
        html = client.get(url).content.decode()
        assert '<html lang="es">' in html, url
        assert english_left(html, entries) == [], url
