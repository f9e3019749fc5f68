"""The finish in Chromium: the game chart's labels on a phone, the rank
after sorting the leaderboard, a page in Spanish."""

import pytest
from playwright.sync_api import expect

from scoring.models import Player

from .conftest import DRAW, RON, TSUMO, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = [(360, 740), (1280, 800)]


@pytest.fixture
def game(transactional_db):
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee", "Eve")]
    play(players[1:5], [TSUMO, RON])
    # East repeats twice (E1, E1, E1), then the round moves on: 12 hands
    return play(players[:4], [TSUMO, DRAW, TSUMO, RON, RON, DRAW, RON, TSUMO, RON, RON, DRAW, RON])


@pytest.mark.parametrize("width, height", SIZES)
def test_the_game_chart_labels_read_on_a_phone(page, live_server, game, screenshot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    chart = page.locator(".score-chart > svg")
    chart.scroll_into_view_if_needed()
    labels = page.locator(".score-chart .grid > text[text-anchor=middle]")
    texts = [label.text_content() for label in labels.all()]
    assert texts and len(texts) == len(set(texts))  # each round once
    heights = [box["height"] for box in (label.bounding_box() for label in labels.all())]
    assert min(heights) >= 11, heights  # about 12 px on screen, not 8
    boxes = [label.bounding_box() for label in labels.all()]
    assert all(a["x"] + a["width"] <= b["x"] for a, b in zip(boxes, boxes[1:], strict=False))  # no overlap
    screenshot(chart, f"game-chart-{width}")


def test_the_rank_follows_the_sort(page, live_server, game, screenshot):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/leaderboard/")
    page.locator("#board th a", has_text="Games").click()
    expect(page).to_have_url(f"{live_server.url}/leaderboard/?sort=-games")
    ranks = page.locator("#board tbody td.rank").all_inner_texts()
    games = page.locator("#board tbody tr td:nth-child(3)").all_inner_texts()
    assert ranks == [str(1 + games.index(value)) for value in games]
    screenshot(page, "leaderboard-sorted-360")


def test_a_page_in_spanish(page, live_server, game, screenshot):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/")
    page.locator("#site-menu summary").click()  # a phone: the language links are behind the menu
    page.locator(".lang a[lang=es]").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#latest-title")).to_have_text("Últimos resultados")
    screenshot(page, "home-es-360", full_page=True)
