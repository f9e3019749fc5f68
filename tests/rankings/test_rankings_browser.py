"""The ranking pages on a phone (360 × 740): the ranking, a player's breakdown and the player
page's ranking chart fit the screen (wide tables scroll inside their own region)."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.browser


@pytest.mark.django_db(transaction=True)
def test_the_ranking_pages_fit_a_phone(page, live_server, screenshot, season, club):
    page.set_viewport_size({"width": 360, "height": 740})
    for name, path in (
        ("rankings", reverse("scoring:rankings")),
        ("ranking-mers", reverse("scoring:ranking", args=["mers-riichi"]) + "?on=2026-12-01"),
        ("ranking-club", reverse("scoring:ranking", args=["club"])),
        ("ranking-breakdown", reverse("scoring:ranking_player", args=["mers-riichi", club[4].pk]) + "?on=2026-12-01"),
        ("ranking-player-page", reverse("scoring:player", args=[club[4].pk])),
    ):
        page.goto(f"{live_server.url}{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, name
        screenshot(page, f"{name}-360", full_page=True)
