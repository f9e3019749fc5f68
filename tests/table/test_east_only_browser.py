"""An East-only game at a 360×740 phone (Tenhou rules, East-only games, tonpuusen): chosen on the
start form, named on the table page, over after East 4 with its final standings, and named on the
game page."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game

from .conftest import choose_ruleset
from .test_table_browser import Scorer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_east_only_game_from_the_start_form_to_its_end(page, club, screenshot, sign_in, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", "/games/new/")
    choose_ruleset(page, "EMA 2016")
    length = page.locator("#length-group")
    expect(length.locator("label.chip input:checked")).to_have_value("")  # the ruleset's own unless chosen
    length.locator("label.chip", has_text="East-only").click()
    screenshot(page, "start-form-east-only-360", full_page=True)
    seats = page.locator("#players input[type=text]")
    for seat, name in enumerate(("Ann", "Bo", "Cho", "Dee")):
        seats.nth(seat).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/table/"))
    expect(page.locator("p.meta")).to_contain_text("EMA 2016 · East-only")

    s = Scorer(page)
    for number, round_ in enumerate(("E1", "E2", "E3"), 1):  # nobody tenpai: the deal passes
        expect(page.locator("#scoreboard .round dd")).to_have_text(round_)
        s.outcome("Draw")
        s.save(number)
    expect(page.locator("#scoreboard .round dd")).to_have_text("E4")
    s.outcome("Ron")  # Bo off Cho, 1 han 30 fu: the deal passes Dee, the last dealer of East
    s.chip("win0-winner", "Bo")
    s.chip("discarder", "Cho")
    s.chip("win0-han", "1 han")
    s.chip("win0-fu", "30")
    expect(page.locator("#preview")).to_contain_text("After this hand the game ends.")
    screenshot(page, "table-east-4-360")
    s.button("Save hand")
    expect(page.locator("#alerts")).to_contain_text("The game is over")
    expect(page.locator("#scoreboard caption")).to_have_text("Final standings")
    expect(page.locator(".outcomes")).to_have_count(0)  # no more hands
    screenshot(page, "table-east-only-over-360", full_page=True)

    game = Game.objects.get()
    assert (game.status, game.hand_count, game.rules.rounds) == (Game.FINISHED, 4, 1)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("p.meta").first).to_contain_text("EMA 2016 · East-only")
