"""The MCR board and an MCR player's page on a 360×740 phone: they fit the screen (the board
scrolls sideways in its own region) and show the table points exactly."""

import random

import pytest
from playwright.sync_api import expect

from scoring.models import Player
from scoring.records import services
from scoring.rules import random_game

from .test_mcr_boards import GAMES, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bob", "Cho", "Dee", "Eve", "Fay")


@pytest.fixture
def club(transactional_db):
    players = [Player.objects.create(name=name) for name in NAMES]
    for hands in GAMES:
        play(players[:4], hands, preset="mcr")
    rng = random.Random(5)
    for _ in range(8):
        doc = random_game(rng, "mcr", players=rng.sample(NAMES, 4))
        doc["finished"] = True
        services.import_document(doc=doc)
    return players


def test_the_mcr_board_and_a_player_page_fit_a_phone(page, live_server, club, screenshot):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/leaderboard/mcr/")
    expect(page.locator("h1")).to_have_text("Leaderboard")
    expect(page.locator("[aria-current=page]", has_text="MCR")).to_be_visible()
    assert page.locator("#board tbody tr").count() == len(NAMES)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # the table scrolls, not the page
    screenshot(page, "mcr-board-360", full_page=True)
    page.locator("#board .table-scroll").evaluate("region => { region.scrollLeft = region.scrollWidth }")
    screenshot(page.locator("#board"), "mcr-board-360-scrolled")
    page.locator("#board tbody tr td.player a", has_text="Ann").click()
    expect(page.locator("h1")).to_have_text("Ann")
    expect(page.locator("#family-mcr")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "mcr-player-360", full_page=True)
