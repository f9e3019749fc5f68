"""A whole MCR session of 16 hands on a 360×740 phone, started on the start page: hands by their
total (steps, and Enter in the points field saving), by ticked fans (found with the search),
by tiles (where PyMahjongGB is installed), a false mahjong, a referee penalty and draws; the
scoreboard checked after each against the Green Book's payments worked here, the seat change
announced, the final table points.

Every test here fails on a console error of the page (tests/conftest.py).
"""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game
from scoring.rulebook.numbers import points
from scoring.rules.families.mcr.facts import dealer
from scoring.tiles.mcr import AVAILABLE

from ..test_table_browser import Scorer, page_scores

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Ann", "Bo", "Cho", "Dee")
# the Green Book's seat changes, announced by the preview of a wind's last hand
ANNOUNCED = {
    8: "Next: W1, Cho deals. West round: East moves to West, West to South, South to North and North to East.",
    12: "Next: N1, Dee deals. North round: East and South change seats, so do West and North.",
}
MELD_SIZE = {"chow": 3, "pung": 3, "kong": 4, "concealed_kong": 4}
CHICKEN = {"chow": "1m 2m 3m 5p 6p 7p", "pung": "4s 4s 4s", "hand": "6s 7s 1z 1z", "win": "8s"}


def win(winner, discarder, fan, flowers=0):
    """The Green Book's payment: fan + flowers + 8 from the discarder (from each on a self-draw), 8 from the others."""
    deltas = [0] * 4
    for payer in range(4):
        if payer != winner:
            paid = fan + flowers + 8 if discarder in (None, payer) else 8
            deltas[payer] -= paid
            deltas[winner] += paid
    return deltas


def false_mahjong(caller):
    return [-30 if seat == caller else 10 for seat in range(4)]


class MCRScorer(Scorer):
    def mcr_outcome(self, name):
        self.tap(self.page.locator(".outcomes a", has_text=re.compile(f"^{name}$")))
        self.page.locator(f"form#hand.outcome-{name.lower()}").wait_for()

    def step(self, field, times):
        """Tap + (or − where ``times`` is negative) beside the field, ``times`` times."""
        name = "One more" if times > 0 else "One less"
        for _ in range(abs(times)):
            self.tap(self.page.locator(f".stepper:has(#id_{field})").get_by_role("button", name=name))

    def tiles(self, groups):
        picker = self.page.locator(".tiles-picker")
        self.tap(picker.locator("summary"))
        for mode, tiles in groups.items():
            tiles = tiles.split()
            if mode in MELD_SIZE:  # a meld is one tap of its (lowest) tile, then the hand again
                for first in tiles[:: MELD_SIZE[mode]]:
                    self.tap(picker.locator(f"[data-mode='{mode}']"))
                    self.tap(picker.locator(f".tile-button[data-tile='{first}']"))
                continue
            self.tap(picker.locator(f"[data-mode='{mode}']"))
            for tile in tiles:
                self.tap(picker.locator(f".tile-button[data-tile='{tile}']"))


def test_a_whole_mcr_session_on_a_phone(page, mcr_club, screenshot, sign_in):
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", "/games/new/")
    page.locator("#family-group label", has_text="MCR").click()
    page.locator("#ruleset-group label", has_text="MCR (Green Book 2006)").click()  # the family's, shown
    for seat, name in (("South", "Bo"), ("West", "Cho"), ("North", "Dee")):
        page.get_by_label(seat, exact=True).fill(name)
    screenshot(page, "mcr-start-360", full_page=True)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/table/$"))
    game = Game.objects.get()
    s = MCRScorer(page)
    scores = [0] * 4
    preview = page.locator("#preview")

    def saved(number, deltas, shot=None):
        for seat, delta in enumerate(deltas):
            scores[seat] += delta
        if shot:
            screenshot(page, shot, full_page=True)
        s.save(number)
        shown = page_scores(page)
        assert [shown[name] for name in NAMES] == [points(score) for score in scores], number
        if number < 16:
            expect(page.locator("#scoreboard .dealer dd")).to_have_text(NAMES[dealer(number)])

    # 1. E1: Bo wins off Cho, 10 points and a flower, by the steps
    s.mcr_outcome("Win")
    s.chip("winner", "Bo")
    s.chip("discarder", "Cho")
    s.step("fan", 2)
    s.step("flowers", 1)
    expect(preview).to_contain_text("Next: E2, Bo deals.")
    expect(preview).to_contain_text("+35")
    expect(page.get_by_role("button", name="Save hand")).to_be_in_viewport()
    assert page.locator(".save-bar").bounding_box()["height"] <= 240  # under a third of the screen
    screenshot(page, "mcr-360-by-total-viewport")
    saved(1, win(1, 2, 10, 1), "mcr-360-by-total")

    # 2. E2: Cho self-drawn, by the fans ticked: Mixed Straight and two Pure Double Chows (10)
    s.mcr_outcome("Win")
    s.chip("winner", "Cho")
    s.chip("discarder", "Self-drawn")
    s.tap(page.locator(".fan-list summary"))
    search = page.get_by_label("Find a fan")
    search.fill("double chow")
    expect(page.locator(".fan:visible")).to_have_count(2)  # Pure and Mixed Double Chow
    double = page.locator(".fan", has_text="Pure Double Chow")
    s.tap(double.locator("label").nth(1))  # ×2 ticks it twice
    search.fill("mixed str")
    s.tap(page.locator(".fan", has_text="Mixed Straight").locator("label").first)
    expect(page.locator(".fan-sum")).to_have_text("ticked: 10 points")
    expect(page.locator("#id_fan")).to_have_value("10")
    expect(preview).to_contain_text("Ann pays Cho 18")
    saved(2, win(2, None, 10), "mcr-360-by-fans")

    # 3. E3: Dee off Ann, by the tiles: a chicken hand (the Green Book, §8 fan 43), 8 points
    s.mcr_outcome("Win")
    s.chip("winner", "Dee")
    s.chip("discarder", "Ann")
    if AVAILABLE:
        s.tiles(CHICKEN)
        expect(page.locator(".tiles-score")).to_contain_text("Chicken Hand")
        expect(page.locator("#id_fan")).to_have_value("8")
    saved(3, win(3, 0, 8), "mcr-360-by-tiles")

    # 4. E4: a draw, Ann called a false mahjong; the preview announces the South round's seat change
    s.mcr_outcome("Draw")
    s.button("+ False mahjong")
    s.chip("err0-caller", "Ann")
    expect(page.locator("#hand")).to_contain_text("the caller pays 10 to each other player")
    expect(preview).to_contain_text(
        "Next: S1, Bo deals. South round: East and South change seats, so do West and North."
    )
    saved(4, false_mahjong(0), "mcr-360-false-mahjong")

    # 5. S1: a plain draw; 6. S2: Ann wins off Dee, points typed and saved with Enter
    s.mcr_outcome("Draw")
    saved(5, [0] * 4)
    s.mcr_outcome("Win")
    s.chip("winner", "Ann")
    s.chip("discarder", "Dee")
    page.locator("#id_fan").fill("24")
    expect(preview).to_contain_text("Dee pays Ann 32")
    page.locator("#id_fan").press("Enter")
    expect(page.locator("#alerts")).to_contain_text("Hand 6 recorded.")
    saved_by_enter = win(0, 3, 24)
    for seat, delta in enumerate(saved_by_enter):
        scores[seat] += delta
    assert [page_scores(page)[n] for n in NAMES] == [points(x) for x in scores]

    # 7. S3: a draw with a referee penalty of 10 for Cho, off his result
    s.mcr_outcome("Draw")
    s.button("+ Referee penalty")
    s.chip("ref0-player", "Cho")
    expect(page.locator("#hand")).to_contain_text("A referee penalty: points off the player's result")
    saved(7, [0] * 4, "mcr-360-penalty")

    # 8.–16.: wins by total, one hand each, winners round the table
    rest = [(0, 2, 8), (1, None, 12), (2, 3, 16), (3, 1, 8), (0, None, 9), (1, 0, 32), (2, 1, 8), (3, 2, 13), (0, 3, 8)]
    for number, (winner, discarder, fan) in enumerate(rest, 8):
        s.mcr_outcome("Win")
        s.chip("winner", NAMES[winner])
        s.chip("discarder", "Self-drawn" if discarder is None else NAMES[discarder])
        page.locator("#id_fan").fill(str(fan))
        if number in ANNOUNCED:
            expect(preview).to_contain_text(ANNOUNCED[number])
        if number < 16:
            saved(number, win(winner, discarder, fan))
    s.save(16)
    for seat, delta in enumerate(win(0, 3, 8)):
        scores[seat] += delta
    expect(page.locator("#scoreboard")).to_contain_text("The game is over")
    cells = page.locator(".standings tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"
    )
    # place, player, score, penalties, result, table points (4 / 2 / 1 / 0)
    assert cells == [
        ["1", "Bo", "46", "0", "+46", "4"],
        ["2", "Ann", "−1", "0", "−1", "2"],
        ["3", "Cho", "3", "−10", "−7", "1"],
        ["4", "Dee", "−48", "0", "−48", "0"],
    ]
    screenshot(page, "mcr-360-final", full_page=True)
    game.refresh_from_db()
    seats = game.seats.order_by("seat")
    assert [seat.score for seat in seats] == scores == [-1, 46, 3, -48]
    # places by result (Cho's penalty of 10 off his 3): Bo, Ann, Cho, Dee: 4 / 2 / 1 / 0 table points
    assert [seat.table_points for seat in seats] == [2 * 48, 4 * 48, 1 * 48, 0]
