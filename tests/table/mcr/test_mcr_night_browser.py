"""An MCR club night as a club plays it, on a 360×740 phone: the event's table opened from the
event page, 16 hands entered every way (steps, ticked fans, tiles, typed points saved with
Enter, a draw, a false mahjong, a referee penalty, a hand undone and entered again), the seat
change seen at the scoreboard (the Green Book, "Changing seats"), then the game page, the MCR
board, the event standings with the false mahjong among the fouls and the rules page. Every
page fits the screen's width; screenshots (SCREENSHOTS=1) for a human to look at.

Every test here fails on a console error of the page (tests/conftest.py)."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from scoring.events import services
from scoring.models import Game, Player, Ruleset
from scoring.rulebook.numbers import points
from scoring.tiles.mcr import AVAILABLE

from ..test_table_browser import page_scores
from .test_mcr_browser import CHICKEN, MCRScorer, false_mahjong, win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page):
    """Nothing wider than the phone: no sideways scroll of the page itself."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, page.url


def seen_from_me(page) -> dict[str, tuple[str, str]]:
    """Each name's place around the table as the scoreboard draws it, and their wind."""
    places = {"pos-0": "me", "pos-1": "right", "pos-2": "across", "pos-3": "left"}
    seats = page.locator("#scoreboard .seat").evaluate_all(
        "seats => seats.map(s => [s.className, s.querySelector('.name').innerText.trim(),"
        " s.querySelector('.wind abbr').title])"
    )
    return {name: (next(places[c] for c in classes.split() if c in places), wind) for classes, name, wind in seats}


def test_an_mcr_club_night_on_a_phone(page, mcr_club, screenshot, sign_in):
    event = services.create_event(
        name="MCR night",
        date=datetime.date.today(),
        ruleset=Ruleset.objects.preset("mcr"),
        players=mcr_club,
        seed=9,
    )
    for player in mcr_club:
        services.check_in(event=event, player=player)
    services.start_round(round_=services.draw_round(event=event))
    game = Game.objects.get()
    names = [seat.player.name for seat in game.seats.order_by("seat")]
    me = names.index("Ann")

    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/events/{event.pk}/")
    fits(page)
    screenshot(page, "night-event-360")
    page.get_by_role("link", name="Go to your table: table 1").click()
    page.wait_for_url(re.compile(rf"/games/{game.pk}/table/"))
    s = MCRScorer(page)
    scores = [0] * 4
    preview = page.locator("#preview")

    def saved(number, deltas, shot=None):
        for seat, delta in enumerate(deltas):
            scores[seat] += delta
        if shot:
            expect(preview).not_to_contain_text("Still to tap")  # the preview has caught up with the taps
            screenshot(page, shot)
        s.save(number)
        assert [page_scores(page)[name] for name in names] == [points(score) for score in scores], number

    def by_total(number, winner, discarder, fan):
        s.mcr_outcome("Win")
        s.chip("winner", names[winner])
        s.chip("discarder", "Self-drawn" if discarder is None else names[discarder])
        page.locator("#id_fan").fill(str(fan))
        expect(preview).to_contain_text("+" + points(fan + 8 + (16 if discarder is not None else 2 * (fan + 8))))
        saved(number, win(winner, discarder, fan))

    # the first hand: the chairs as drawn, each with the wind of its chair
    assert seen_from_me(page) == {
        names[seat]: (("me", "right", "across", "left")[(seat - me) % 4], ("East", "South", "West", "North")[seat])
        for seat in range(4)
    }
    screenshot(page, "night-table-360")
    fits(page)

    # 1. by the steps: 10 points and a flower
    s.mcr_outcome("Win")
    s.chip("winner", names[1])
    s.chip("discarder", names[2])
    s.step("fan", 2)
    s.step("flowers", 1)
    expect(preview).to_contain_text("+35")
    expect(page.get_by_role("button", name="Save hand")).to_be_in_viewport()
    saved(1, win(1, 2, 10, 1), "night-steps-360")

    # 2. by the fans ticked: Mixed Straight and two Pure Double Chows, self-drawn
    s.mcr_outcome("Win")
    s.chip("winner", names[2])
    s.chip("discarder", "Self-drawn")
    s.tap(page.locator(".fan-list summary"))
    page.get_by_label("Find a fan").fill("pure double")
    s.tap(page.locator(".fan", has_text="Pure Double Chow").locator("label").nth(1))
    page.get_by_label("Find a fan").fill("mixed str")
    s.tap(page.locator(".fan", has_text="Mixed Straight").locator("label").first)
    expect(page.locator(".fan-sum")).to_have_text("ticked: 10 points")
    fits(page)
    saved(2, win(2, None, 10), "night-fans-360")

    # 3. by the tiles (a chicken hand, 8) where PyMahjongGB is installed, else typed
    s.mcr_outcome("Win")
    s.chip("winner", names[3])
    s.chip("discarder", names[0])
    if AVAILABLE:
        s.tiles(CHICKEN)
        expect(page.locator(".tiles-score")).to_contain_text("Chicken Hand")
        fits(page)
        screenshot(page, "night-tiles-360", full_page=True)
    else:
        page.locator("#id_fan").fill("8")
    saved(3, win(3, 0, 8))

    # 4. a draw with a false mahjong: the caller pays 10 to each other player
    s.mcr_outcome("Draw")
    s.button("+ False mahjong")
    s.chip("err0-caller", names[0])
    saved(4, false_mahjong(0), "night-false-mahjong-360")

    # after hand 4 the players change chairs: East and South change places, so do West and North
    chairs = {0: 1, 1: 0, 2: 3, 3: 2}  # the first hand's chair of each seat → its chair now
    mine = chairs[me]
    where = {0: "me", 1: "right", 2: "across", 3: "left"}
    winds = ("East", "South", "West", "North")
    assert seen_from_me(page) == {
        names[seat]: (where[(chairs[seat] - mine) % 4], winds[chairs[seat]]) for seat in range(4)
    }  # S1: whoever sits in the East chair deals
    expect(page.locator("#scoreboard .seat.dealer .name")).to_have_text(names[1])
    screenshot(page, "night-south-round-360")

    # 5. a win entered by mistake, undone with its confirmation, then the draw it was
    by_total(5, 0, 3, 8)
    page.get_by_role("link", name="Undo last hand").click()
    expect(page.locator("#game-actions")).to_contain_text("Undo hand 5")
    screenshot(page, "night-undo-360")
    page.get_by_role("button", name="Undo hand 5").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 5 undone.")
    for seat, delta in enumerate(win(0, 3, 8)):
        scores[seat] -= delta
    assert [page_scores(page)[name] for name in names] == [points(score) for score in scores]
    s.mcr_outcome("Draw")
    saved(5, [0] * 4)

    # 6. a draw with a referee penalty: off the player's result, not the score
    s.mcr_outcome("Draw")
    s.button("+ Referee penalty")
    s.chip("ref0-player", names[2])
    saved(6, [0] * 4, "night-penalty-360")

    # 7. typed and saved with Enter
    s.mcr_outcome("Win")
    s.chip("winner", names[3])
    s.chip("discarder", names[1])
    page.locator("#id_fan").fill("16")
    expect(preview).to_contain_text(f"{names[1]} pays {names[3]} 24")
    page.locator("#id_fan").press("Enter")
    expect(page.locator("#alerts")).to_contain_text("Hand 7 recorded.")
    for seat, delta in enumerate(win(3, 1, 16)):
        scores[seat] += delta

    # 8.–16.: by their totals
    rest = [(0, 2, 8), (1, None, 12), (2, 3, 16), (3, 1, 8), (0, None, 9), (1, 0, 32), (2, 1, 8), (3, 2, 13), (0, 3, 8)]
    for number, (winner, discarder, fan) in enumerate(rest, 8):
        if number == 9:
            screenshot(page, "night-west-round-360")
        if number < 16:
            by_total(number, winner, discarder, fan)
    s.mcr_outcome("Win")
    s.chip("winner", names[0])
    s.chip("discarder", names[3])
    page.locator("#id_fan").fill("8")
    s.save(16)
    expect(page.locator("#scoreboard")).to_contain_text("The game is over")
    fits(page)
    standings = page.locator("#scoreboard .table-wrap").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert standings[0] <= standings[1]  # the table points, which rank the night, need no sideways scroll
    screenshot(page, "night-over-360", full_page=True)

    # the game page, the board, the event standings and the rules, as members read them after
    page.get_by_role("link", name="Game page").first.click()
    expect(page.locator("h1")).to_have_text(f"Game {game.pk}")
    expect(page.locator(".hand-card")).to_have_count(16)
    fits(page)
    screenshot(page, "night-game-page-360", full_page=True)
    expect(page.locator("#hand-5 .hand-wind").first).to_have_text(
        "SSouth"
    )  # S1: the first seat moved to the South chair
    screenshot(page.locator("#hand-5"), "night-game-hand-5-360")
    page.goto(page.url.split("/games/")[0] + "/leaderboard/mcr/")
    expect(page.locator("#board tbody tr")).to_have_count(4)
    fits(page)
    screenshot(page, "night-board-360", full_page=True)
    page.goto(page.url.split("/leaderboard/")[0] + f"/events/{event.pk}/standings/")
    fouls = page.locator(".fouls li")
    expect(fouls).to_have_count(2)
    expect(fouls.first).to_contain_text(f"false mahjong — {names[0]}")
    expect(fouls.nth(1)).to_contain_text(f"penalty of 10 — {names[2]}")
    fits(page)
    screenshot(page, "night-standings-360", full_page=True)
    page.goto(page.url.split("/events/")[0] + "/rules/#mcr")
    expect(page.locator("#mcr-title")).to_be_in_viewport()
    fits(page)
    screenshot(page, "night-rules-360")
    assert Player.objects.count() == 4
