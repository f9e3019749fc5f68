"""The table page on a phone: where things are on a 360×740 screen, asserted by
element positions; focus after a swap; the page of the other players updating by itself.

Every test here fails on a console error of the page (tests/conftest.py).
"""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game, Ruleset
from scoring.records import services
from scoring.rules import RiichiHand, Win

from .conftest import choose_ruleset
from .test_table_browser import Scorer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def on_screen(page, selector):
    """The element lies wholly inside the viewport as it is scrolled now."""
    b = box(page, selector)
    height = page.viewport_size["height"]
    return b is not None and b["y"] >= 0 and b["y"] + b["height"] <= height


def open_table(page, sign_in, game, size=PHONE):
    page.set_viewport_size(size)
    sign_in(page, "ann", f"/games/{game.pk}/table/")


def test_a_phone_shows_the_outcomes_and_the_save_button_without_scrolling(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    open_table(page, sign_in, game)
    assert box(page, ".site-header")["height"] <= 48  # one slim row
    for selector in ("#scoreboard", ".outcomes a:last-child"):
        assert on_screen(page, selector), selector
    screenshot(page, "phone-360-table")
    s = Scorer(page)
    for name in ("Ron", "Tsumo", "Draw"):
        s.outcome(name)
        save = page.get_by_role("button", name="Save hand")
        expect(save).to_be_in_viewport()
        assert on_screen(page, "#hand .save") and on_screen(page, "#preview")
        assert page.evaluate("document.activeElement.id") == "hand-form-title"
        screenshot(page, f"phone-360-{name.lower()}")
    # a draw with nobody tenpai: saved, the updated scoreboard is in view
    s.button("Save hand")
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    expect(page.locator("#alerts")).to_have_attribute("aria-live", "polite")  # announced
    expect(page.locator("#scoreboard .round dd")).to_have_text("E2")
    assert on_screen(page, "#scoreboard")
    assert page.evaluate("document.activeElement.id") == "hand-form-title"
    screenshot(page, "phone-360-saved")


def test_the_scoreboard_is_seen_from_the_scorers_seat(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club[1:] + club[:1])
    open_table(page, sign_in, game)  # Ann sits North: at the bottom, East (Bo) to her right

    def centre(name):
        b = page.locator("#scoreboard .seat", has_text=name).bounding_box()
        return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

    ann, bo, cho, dee = (centre(n) for n in ("Ann", "Bo", "Cho", "Dee"))
    assert ann[1] > cho[1]  # Ann below Cho, who sits across
    assert bo[0] > ann[0] > dee[0]  # Bo (next to play) on her right, Dee on her left
    turn = page.get_by_role("link", name="Turn to Bo")
    assert turn.bounding_box()["height"] >= 44  # a thumb's target, like every control at the table
    turn.click()
    bo = centre("Bo")
    assert bo[1] > centre("Dee")[1] and centre("Cho")[0] > bo[0]
    screenshot(page, "phone-360-seen-from-bo")
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "table-1280-seen-from-bo")
    assert on_screen(page, ".outcomes a:last-child")


def test_a_phone_shows_every_name_whole_beside_its_wind(page, club, screenshot, sign_in):
    for player, name in zip(club[1:], ("Carmen", "Jonathan", "Tomoko"), strict=True):
        player.name = name
        player.save()
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    open_table(page, sign_in, game)
    for seat in page.locator("#scoreboard .seat").all():
        name = seat.locator(".name")
        assert name.evaluate("el => el.scrollWidth <= el.clientWidth"), name.inner_text()  # no "Carm…"
        inside, wind = seat.bounding_box(), seat.locator(".wind").bounding_box()
        assert inside["x"] <= wind["x"] and wind["x"] + wind["width"] <= inside["x"] + inside["width"]
        assert inside["y"] <= wind["y"] and wind["y"] + wind["height"] <= inside["y"] + inside["height"]
    assert on_screen(page, ".outcomes a:last-child")
    screenshot(page.locator("#scoreboard"), "phone-360-long-names")


def test_the_final_standings_fit_a_phone_in_spanish(page, live_server, club, screenshot, sign_in):
    for player, name in zip(club[1:], ("Carmen", "Dmitri", "Tomoko"), strict=True):
        player.name = name
        player.save()
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    services.record_hand(
        game=game, facts=RiichiHand("win", wins=(Win(1, 2, 3, 30),)), expected_number=1, submission_key="k1"
    )
    services.finish_game(game=game)  # a score, an uma and a result column, all with five digits
    page.set_extra_http_headers({"Accept-Language": "es"})
    open_table(page, sign_in, game)
    for url in (f"/games/{game.pk}/table/", f"/games/{game.pk}/"):
        page.goto(live_server.url + url)
        standings = page.locator(".table-wrap", has=page.locator("table.standings"))
        expect(standings).to_contain_text("Resultado")
        assert standings.evaluate("el => el.scrollWidth <= el.clientWidth"), url  # no result cut off
    screenshot(standings, "phone-360-final-es")


def test_the_other_phones_and_the_game_page_update_by_themselves(page, new_context, live_server, club, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    open_table(page, sign_in, game)
    # pytest-playwright's new_context closes them after the test: a page left open would go on
    # polling the live server through the tests after it
    # their clocks are Playwright's, moved on to each next poll (every 3 s) instead of waiting for it
    other = new_context(viewport=PHONE).new_page()
    other.clock.install()
    sign_in(other, "ann", f"/games/{game.pk}/table/")
    watcher = new_context().new_page()
    watcher.clock.install()
    watcher.goto(f"{live_server.url}/games/{game.pk}/")

    # the other phone starts a hand: Tsumo, Bo the winner; its polls cost 304s meanwhile
    Scorer(other).outcome("Tsumo")
    Scorer(other).chip("win0-winner", "Bo")
    with other.expect_response(lambda r: "/table/live/" in r.url and r.status == 304):
        other.clock.fast_forward(3_000)
    s = Scorer(page)
    s.outcome("Ron")
    s.chip("win0-winner", "Bo")
    s.chip("discarder", "Cho")
    s.chip("win0-han", "3 han")
    s.save(1)
    for screen in (other, watcher):
        screen.clock.fast_forward(3_000)
        expect(
            screen.locator("#scoreboard .seat, .game-standings tbody tr").filter(has_text="Bo").first
        ).to_contain_text("33,900")
    expect(watcher.locator(".hand-cards > li")).to_have_count(1)
    # the half-filled form was left alone; saving it now says someone was first
    expect(other.locator("#win0-winner-group input[value='1']")).to_be_checked()
    expect(other.locator("#preview")).to_contain_text("The table changed on another phone")
    Scorer(other).chip("win0-han", "Mangan (5)")
    Scorer(other).button("Save hand")
    expect(other.locator("#hand .errors")).to_contain_text("Someone else recorded hand 1 first")
    assert Game.objects.get(pk=game.pk).hand_count == 1


def test_american_card_value_chips_and_typing_update_the_preview(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("american"), players=club)
    open_table(page, sign_in, game)
    s = Scorer(page)
    s.outcome("Mahjong")
    s.chip("winner", "Bo")
    s.chip("discarder", "Cho")
    field, chip = box(page, "#id_value"), box(page, ".card-value[data-value='35']")
    assert chip["y"] < field["y"] + field["height"] + 60  # the chips sit just below the field
    s.tap(page.locator(".card-value", has_text="35"))
    expect(page.locator("#id_value")).to_have_value("35")
    expect(page.locator("#preview")).to_contain_text(re.compile(r"Cho pays Bo 70(?!0)"))
    page.locator("#id_value").press_sequentially("0")  # typing: 350, no change event needed
    expect(page.locator("#preview")).to_contain_text("Cho pays Bo 700")
    page.locator("#id_value").fill("35")
    expect(page.locator("#preview")).to_contain_text(re.compile(r"Cho pays Bo 70(?!0)"))
    assert on_screen(page, "#hand .save")
    screenshot(page, "phone-360-american")
    s.button("Save hand")
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    assert s.count() == 5  # Mahjong, Bo, Cho, 35, Save

    # a referee penalty of 10 (the game's units) shows on the scoreboard at once
    s.outcome("Wall game")
    s.button("+ Referee penalty")
    page.locator("#ref0-player-group").wait_for()
    s.chip("ref0-player", "Dee")
    page.get_by_label("Points").fill("10")
    expect(page.locator("#preview")).to_contain_text("10")
    s.button("Save hand")
    expect(page.locator("#scoreboard .seat", has_text="Dee")).to_contain_text("penalties −10")
    for seat in page.locator("#scoreboard .seat").all():  # no wind: the lines start at one edge
        assert seat.locator(".gap").bounding_box()["x"] == seat.locator(".name").bounding_box()["x"]
    screenshot(page, "phone-360-american-penalty")


def test_start_errors_are_summarised_in_view_and_an_empty_save_marks_the_fields(
    page, live_server, club, screenshot, sign_in
):
    page.set_viewport_size(PHONE)
    sign_in(page, "ann", "/games/new/")
    page.get_by_label("South", exact=True).fill("Ann")
    page.get_by_label("West", exact=True).fill("Zed")
    choose_ruleset(page, "EMA 2016")
    page.get_by_role("button", name="Start the game").click()
    summary = page.locator("#start-errors")
    expect(summary).to_be_focused()
    expect(summary).to_be_in_viewport()
    for says in ("Ann already sits at East", "No club player is called “Zed”", "enter the North player"):
        expect(summary).to_contain_text(says)
    screenshot(page, "phone-360-start-errors")

    # the focus ring shows on the green header: white, not the header's own green
    page.keyboard.press("Shift+Tab")
    page.locator(".site-nav a").first.focus()
    ring = page.evaluate(
        "(({outlineStyle, outlineWidth, outlineColor}) => [outlineStyle, outlineWidth, "
        "outlineColor])(getComputedStyle(document.activeElement))"
    )
    assert ring == ["solid", "3px", "rgb(255, 255, 255)"]  # a ring, not the link's own white text colour

    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    page.goto(f"{live_server.url}/games/{game.pk}/table/")
    Scorer(page).outcome("Ron")
    Scorer(page).button("Save hand")
    for group, says in (
        ("win0-winner", "Tap who won."),
        ("discarder", "Tap who discarded the winning tile."),
        ("win0-han", "Tap the han, or the limit."),
    ):
        expect(page.locator(f"#{group}-error")).to_have_text(says)
    assert on_screen(page, "#win0-winner-error")
    assert page.evaluate("document.activeElement.id") == "win0-winner-group"  # the first error
    screenshot(page, "phone-360-empty-save")


def test_after_a_game_the_next_one_is_one_tap(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("american"), players=club)
    open_table(page, sign_in, game)
    # the one-tap chombo of a riichi game shows what it pays, like any outcome (checked in
    # test_evening); here: an American game finished, then the next one
    page.get_by_role("link", name="Finish game").click()
    page.get_by_role("button", name="Finish the game").click()
    expect(page.locator("#scoreboard caption")).to_have_text("Final standings")
    expect(page.get_by_role("link", name="Abandon game")).to_have_count(0)
    following = page.get_by_role("button", name="Next game: the same four, seats drawn again")
    expect(following).to_be_in_viewport()
    screenshot(page, "phone-360-finished")
    s = Scorer(page)
    s.tap(following)
    page.wait_for_url(lambda url: f"/games/{game.pk}/" not in url)
    new = Game.objects.exclude(pk=game.pk).get()
    assert s.count() == 1 and page.url.endswith(f"/games/{new.pk}/table/")
    assert {seat.player.name for seat in new.seats.all()} == {"Ann", "Bo", "Cho", "Dee"}
    assert new.ruleset_id == game.ruleset_id and new.session_id == game.session_id
    expect(page.locator("#alerts")).to_contain_text("Next game started")


def test_the_one_tap_chombo_shows_its_payments(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    open_table(page, sign_in, game)
    s = Scorer(page)
    s.outcome("Draw")
    s.chip("riichi", "Cho")
    offer = page.get_by_role("button", name="Record as chombo by Cho")
    expect(offer).to_be_visible()
    expect(page.locator("#chombo-offer .chombo-payments")).to_contain_text("Cho pays Ann 4,000")
    screenshot(page, "phone-360-chombo-offer")
    # nothing a scorer must tap sits in the bar: the offer is above it, in the form, whole on screen
    assert page.locator(".save-bar").get_by_role("button", name="Record as chombo by Cho").count() == 0
    offer.scroll_into_view_if_needed()
    bar, button = page.locator(".save-bar").bounding_box(), offer.bounding_box()
    assert button["y"] + button["height"] <= bar["y"], (button, bar)
    assert bar["height"] <= 0.25 * 740, bar  # the bar at most a quarter of the screen
    offer.click()
    expect(page.locator("#alerts")).to_contain_text("Recorded as chombo by Cho.")
