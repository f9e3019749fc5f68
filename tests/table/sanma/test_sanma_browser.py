"""A three-player game (tenhou-sanma) on a 360×740 phone: a ron, a tsumo by its tiles with two
Norths set aside, a draw with tenpai, and undo; each saved hand's scores are what
``score_game`` gives for the game log. Screenshots (SCREENSHOTS=1) of each step.

Worked by hand (EMA Riichi Competition Rules 2016, §3.4.9; Tenhou three-player rules: tsumo
loss, a 2,000 noten pool): E1 Bo rons Cho 3 han 30 fu, 3,900; E2 (Bo deals) Cho self-draws
111999m 234p 567s 5z-5z, menzen tsumo and two Norths: 3 han 50 fu, B = 1,600: Bo 3,200, Ann
1,600; E3 (Cho deals) a draw, Ann alone tenpai: 1,000 from each of the others.

Every test here fails on a console error of the page (tests/conftest.py)."""

import pytest
from playwright.sync_api import expect

from tests.table.test_table_browser import Scorer, check_against_score_game, page_scores
from tests.tiles.test_tiles_browser import tap_tiles

from .conftest import start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def fits(page):
    """Nothing wider than the phone: the page never scrolls sideways."""
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_game_of_three_on_a_phone(page, players, member, screenshot, sign_in):
    game = start(players)
    page.set_viewport_size(PHONE)
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    expect(page.locator("#scoreboard .seat")).to_have_count(3)
    expect(page.locator(".outcomes a:last-child")).to_be_in_viewport()
    assert fits(page)
    screenshot(page, "sanma-360-table")
    s = Scorer(page)

    # E1: Bo rons Cho, 3 han (30 fu, the default)
    s.outcome("Ron")
    expect(page.locator("#win0-winner-group label")).to_have_count(3)
    s.chip("win0-winner", "Bo")
    s.chip("discarder", "Cho")
    s.chip("win0-han", "3 han")
    expect(page.locator("#preview")).to_contain_text("Cho pays Bo 3,900")
    expect(page.get_by_role("button", name="+ Another winner on the same discard")).to_be_visible()
    assert fits(page)
    screenshot(page, "sanma-360-ron")
    s.save(1)
    check_against_score_game(page, game, 1)
    assert page_scores(page) == {"Ann": "35,000", "Bo": "38,900", "Cho": "31,100"}

    # E2 (Bo deals): Cho self-draws, entered by the tiles, with two Norths set aside
    s.outcome("Tsumo")
    s.chip("win0-winner", "Cho")
    s.chip("win0-norths", "2")
    picker = page.locator(".tiles-picker").first
    picker.locator("summary").click()
    expect(picker.locator(".tile-button")).to_have_count(27 + 2)  # 1m 9m, 9p 9s, 7 honours, red 5p 5s
    expect(picker.locator(".tile-button[data-tile='5m']")).to_have_count(0)
    expect(picker.locator("[data-mode='chi']")).to_have_count(0)
    expect(picker.locator(".tile-button[data-tile='4z'] .left")).to_have_text("2")  # two Norths set aside
    tap_tiles(picker, "111999m234p567s5z")
    picker.get_by_role("button", name="Winning tile").click()
    tap_tiles(picker, "5z")
    result = picker.locator(".tiles-result")
    expect(result).to_contain_text("Menzen Tsumo")
    expect(result).to_contain_text("Nukidora")
    expect(result).to_contain_text("3 han 50 fu")
    expect(page.locator("#win0-han-group input[value='1']")).to_be_checked()  # the han without the Norths
    expect(page.locator("#preview")).to_contain_text("Bo pays Cho 3,200")
    expect(page.locator("#preview")).to_contain_text("Ann pays Cho 1,600")
    expect(page.locator("#win0 .with-norths")).to_have_text("3 han with the 2 Norths set aside.")
    assert fits(page)
    screenshot(page, "sanma-360-tsumo-norths", full_page=True)
    page.locator("#win0-han-group").scroll_into_view_if_needed()
    screenshot(page, "sanma-360-norths-chips")
    result.scroll_into_view_if_needed()
    screenshot(page, "sanma-360-tiles-result")
    screenshot(picker, "sanma-360-picker")
    s.save(2)
    check_against_score_game(page, game, 2)
    assert page_scores(page) == {"Ann": "33,400", "Bo": "35,700", "Cho": "35,900"}

    # E3 (Cho deals): a draw, Ann alone tenpai
    s.outcome("Draw")
    s.chip("tenpai", "Ann")
    expect(page.locator("#preview")).to_contain_text("Bo pays Ann 1,000")
    expect(page.locator("#preview")).to_contain_text("Cho pays Ann 1,000")
    assert fits(page)
    screenshot(page, "sanma-360-draw")
    s.save(3)
    check_against_score_game(page, game, 3)
    assert page_scores(page) == {"Ann": "35,400", "Bo": "34,700", "Cho": "34,900"}

    # undo the draw, with the confirmation
    page.get_by_role("link", name="Undo last hand").click()
    expect(page.locator("#game-actions")).to_contain_text("Undo hand 3")
    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 3 undone.")
    expect(page.locator("#scoreboard .round dd")).to_have_text("E3")
    check_against_score_game(page, game, 2)
    screenshot(page, "sanma-360-undone")


def test_a_rinshan_on_a_norths_replacement_with_the_clubs_payment_line(page, players, member, screenshot, sign_in):
    """The club's three-player rules (bisection) on a 360×740 phone: Cho self-draws 111999m 234p 567s
    5z-5z on the tile that replaced the North he set aside: menzen tsumo, rinshan and the North, 3 han
    50 fu, B = 1,600 (Tenhou three-player rules: the replacement draw's win is rinshan). The picker's
    payment line is the club's bisection, not four-player amounts nor Tenhou's tsumo loss: the North's
    1,600 halved, 800 on each payer: 2,400 from Bo, 4,000 from Ann, the dealer."""
    game = start(players, "sanma-club")
    page.set_viewport_size(PHONE)
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    s = Scorer(page)
    s.outcome("Tsumo")
    s.chip("win0-winner", "Cho")
    s.chip("win0-norths", "1")
    picker = page.locator(".tiles-picker").first
    picker.locator("summary").click()
    tap_tiles(picker, "111999m234p567s5z")
    picker.get_by_role("button", name="Winning tile").click()
    tap_tiles(picker, "5z")
    picker.get_by_text("After a kan or a North").click()
    result = picker.locator(".tiles-result")
    expect(result).to_contain_text("Rinshan Kaihou")
    expect(result).to_contain_text("Nukidora")
    expect(result).to_contain_text("3 han 50 fu · tsumo 2,400/4,000")
    expect(page.locator("#preview")).to_contain_text("Ann pays Cho 4,000")
    expect(page.locator("#preview")).to_contain_text("Bo pays Cho 2,400")
    assert fits(page)
    result.scroll_into_view_if_needed()
    screenshot(page, "sanma-360-rinshan-payment-line")
    picker.locator(".tiles-conditions").scroll_into_view_if_needed()
    screenshot(page, "sanma-360-rinshan-conditions")
    s.save(1)
    check_against_score_game(page, game, 1)
    assert page_scores(page) == {"Ann": "31,000", "Bo": "32,600", "Cho": "41,400"}
