"""The sanma board and the page of a player with both riichi and sanma games on a 360×740 phone:
they fit the screen (the board scrolls sideways in its own region), the board has three places,
and the player page keeps the two families' figures apart."""

import random

import pytest
from playwright.sync_api import expect

from scoring.models import Player
from scoring.records import services
from scoring.rules import random_game

from ..conftest import RON
from .test_sanma_boards import GAMES, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bob", "Cho", "Dee", "Eve")


@pytest.fixture
def club(transactional_db):
    players = [Player.objects.create(name=name) for name in NAMES]
    for hands in GAMES:
        play(players[:3], hands, preset="tenhou-sanma")
    play(players[:4], [RON])
    rng = random.Random(7)
    for preset, seats in (("tenhou-sanma", 3), ("ema-2016", 4)) * 4:
        doc = random_game(rng, preset, players=rng.sample(NAMES, seats))
        doc["finished"] = True
        services.import_document(doc=doc)
    return players


def test_the_sanma_board_and_a_player_page_fit_a_phone(page, live_server, club, screenshot):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/leaderboard/sanma/")
    expect(page.locator("h1")).to_have_text("Leaderboard")
    expect(page.locator("[aria-current=page]", has_text="Sanma")).to_be_visible()
    expect(page.locator("#board thead")).to_contain_text("3rd %")
    expect(page.locator("#board thead")).not_to_contain_text("4th %")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # the table scrolls, not the page
    screenshot(page, "sanma-board-360", full_page=True)
    page.locator("#board .table-scroll").evaluate("region => { region.scrollLeft = region.scrollWidth }")
    screenshot(page.locator("#board"), "sanma-board-360-scrolled")
    page.locator("#board tbody tr td.player a", has_text="Ann").click()
    expect(page.locator("h1")).to_have_text("Ann")
    expect(page.locator("#family-riichi")).to_be_visible()
    expect(page.locator("#family-sanma")).to_be_visible()
    sanma = page.locator("section[aria-labelledby=family-sanma]")
    expect(sanma).to_contain_text("3rd places")
    expect(sanma).not_to_contain_text("4th places")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "sanma-player-360", full_page=True)
    screenshot(sanma, "sanma-player-360-sanma")  # the section alone, readable at its size
