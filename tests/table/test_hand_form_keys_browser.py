"""The hand form on a 360×740 phone: Enter in any field saves the hand, or does
nothing while it is incomplete, and never adds a row; every added row can be removed; the focus
goes to a row just added, to the first error of a refused save and to the final standings after
the last hand; a preview made stale by another phone is cleared where the scorer looks.

Every test here fails on a console error of the page (tests/conftest.py).
"""

import pytest
from playwright.sync_api import expect

from scoring.models import Game, Ruleset
from scoring.records import services
from scoring.rules import RiichiHand
from tests.builders import htmx_idle

from .test_phone_browser import PHONE, on_screen, open_table
from .test_table_browser import Scorer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def focused(page) -> str:
    return page.evaluate("document.activeElement.id")


def quiet(page):
    """Until a preview, and a save it would start, have come back."""
    htmx_idle(page)
    expect(page.locator("#preview.htmx-request")).to_have_count(0)


def test_enter_in_an_american_value_saves_once_the_hand_is_complete(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("american"), players=club)
    open_table(page, sign_in, game)
    s = Scorer(page)
    s.outcome("Mahjong")
    value = page.locator("#id_value")
    value.fill("35")
    value.press("Enter")  # no winner tapped yet: nothing happens, no challenge row
    quiet(page)
    expect(page.locator("#hand .incident")).to_have_count(0)
    expect(page.locator("#hand .errors, #hand .invalid")).to_have_count(0)
    assert Game.objects.get(pk=game.pk).hand_count == 0
    s.chip("winner", "Bo")
    s.chip("discarder", "Cho")
    value.fill("50")
    value.press("Enter")  # what was just typed counts: Cho pays 100
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    expect(page.locator("#scoreboard .seat", has_text="Cho")).to_contain_text("−100")
    screenshot(page, "phone-360-american-enter")


@pytest.mark.parametrize("slug, seats", [("ema-2016", 4), ("tenhou-sanma", 3)])
def test_enter_in_the_tile_notation_box_adds_no_winner(page, club, sign_in, slug, seats):
    game = services.start_game(ruleset=Ruleset.objects.preset(slug), players=club[:seats])
    open_table(page, sign_in, game)
    s = Scorer(page)
    s.outcome("Ron")
    s.tap(page.locator("#win0 .tiles-picker summary"))
    box = page.locator("#win0-notation")
    box.fill("123m456p")
    box.press("Enter")
    quiet(page)
    expect(page.locator("#win1")).to_have_count(0)
    expect(page.locator("#hand .errors, #hand .invalid")).to_have_count(0)
    # complete by han and fu, the half-entered tiles taken back: Enter in the box saves
    s.chip("win0-winner", "Bo")
    s.chip("discarder", "Cho")
    s.chip("win0-han", "Mangan (5)")
    box.fill("")
    box.press("Enter")
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")


def test_enter_in_the_mcr_tile_box_adds_no_false_mahjong(page, club, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("mcr"), players=club)
    open_table(page, sign_in, game)
    s = Scorer(page)
    s.tap(page.locator(".outcomes a").first)
    page.locator("form#hand").wait_for()
    s.tap(page.locator(".tiles-picker summary"))
    page.locator("#mcr-notation").fill("123m")
    page.locator("#mcr-notation").press("Enter")
    quiet(page)
    expect(page.locator("#hand .incident")).to_have_count(0)
    expect(page.locator("#hand .errors, #hand .invalid")).to_have_count(0)  # no refused save either
    assert Game.objects.get(pk=game.pk).hand_count == 0


def test_every_added_row_can_be_removed_and_takes_the_focus(page, club, screenshot, sign_in):
    riichi = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    open_table(page, sign_in, riichi)
    s = Scorer(page)
    s.outcome("Ron")
    s.chip("win0-winner", "Bo")
    s.button("+ Another winner on the same discard")
    expect(page.locator("#win1")).to_be_focused()
    assert on_screen(page, "#win1-winner-group")
    s.chip("win1-winner", "Dee")
    s.button("+ A third winner")
    expect(page.locator("#win2")).to_be_focused()
    s.chip("win2-winner", "Ann")
    screenshot(page, "phone-360-three-winners")
    s.tap(page.locator("#win1").get_by_role("button", name="Remove this winner"))
    expect(page.locator("#win2")).to_have_count(0)  # Ann's row moved up: win1 is hers now
    expect(page.locator("#win1-winner-group input[value='0']")).to_be_checked()
    expect(page.locator("#win0-winner-group input[value='1']")).to_be_checked()
    s.tap(page.locator("#win1").get_by_role("button", name="Remove this winner"))
    expect(page.locator("#win1")).to_have_count(0)
    expect(page.get_by_role("button", name="+ Another winner on the same discard")).to_be_focused()
    s.button("+ Referee penalty")
    expect(page.locator("#ref0")).to_be_focused()
    s.tap(page.get_by_role("button", name="Remove this penalty"))
    expect(page.locator("#ref0")).to_have_count(0)

    american = services.start_game(ruleset=Ruleset.objects.preset("american"), players=club)
    open_table(page, sign_in, american)
    s.outcome("Mahjong")
    s.button("+ Dead-hand challenge")
    expect(page.locator("#chal0")).to_be_focused()
    s.button("+ Mahjong in error")
    expect(page.locator("#err0")).to_be_focused()
    assert on_screen(page, "#err0 legend")
    s.tap(page.get_by_role("button", name="Remove this challenge"))
    expect(page.locator("#chal0")).to_have_count(0)
    expect(page.get_by_role("button", name="+ Dead-hand challenge")).to_be_focused()
    s.tap(page.get_by_role("button", name="Remove this mahjong in error"))
    expect(page.locator("#hand .incident")).to_have_count(0)

    mcr = services.start_game(ruleset=Ruleset.objects.preset("mcr"), players=club)
    open_table(page, sign_in, mcr)
    s.tap(page.locator(".outcomes a").first)
    s.button("+ False mahjong")
    expect(page.locator("#err0")).to_be_focused()
    s.tap(page.get_by_role("button", name="Remove this false mahjong"))
    expect(page.locator("#hand .incident")).to_have_count(0)


def test_a_refused_save_focuses_the_first_error_in_view(page, club, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    open_table(page, sign_in, game)
    s = Scorer(page)
    s.outcome("Ron")
    s.chip("win0-winner", "Bo")
    s.button("Save hand")  # no discarder, no han
    expect(page.locator("#discarder-error")).to_be_visible()
    expect(page.locator("#discarder-group")).to_be_focused()
    assert on_screen(page, "#discarder-group legend") and on_screen(page, "#discarder-error")


def test_the_last_hand_focuses_the_final_standings(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    for number in range(1, 8):  # nobody tenpai: the deal passes, E1 … S3
        services.record_hand(game=game, facts=RiichiHand("draw"), expected_number=number, submission_key=f"k{number}")
    open_table(page, sign_in, game)
    s = Scorer(page)
    s.outcome("Draw")
    s.button("Save hand")
    expect(page.locator("#scoreboard caption")).to_have_text("Final standings")
    expect(page.locator("#standings")).to_be_focused()
    screenshot(page, "phone-360-final-focus")


def test_a_stale_preview_is_cleared_where_the_scorer_looks(page, new_context, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    other = new_context(viewport=PHONE).new_page()
    other.clock.install()
    sign_in(other, "ann", f"/games/{game.pk}/table/")
    theirs = Scorer(other)
    theirs.outcome("Tsumo")
    theirs.chip("win0-winner", "Bo")
    theirs.chip("win0-han", "Mangan (5)")
    expect(other.locator("#preview")).to_contain_text("Bo")
    open_table(page, sign_in, game)
    s = Scorer(page)
    s.outcome("Draw")
    s.save(1)
    other.clock.fast_forward(3_000)
    preview = other.locator("#preview")
    expect(preview).to_contain_text("The table changed on another phone")
    expect(preview.locator(".deltas")).to_have_count(0)  # the old table's payments are gone
    assert on_screen(other, "#preview .stale")
    screenshot(other, "phone-360-stale-preview")
