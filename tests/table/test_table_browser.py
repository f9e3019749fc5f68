"""The table in Chromium: a whole EMA 2016 hanchan recorded by tapping, an
American game with its incidents, undo, the tap budget, and screenshots at 360 and 1280 px.

The scores the page shows are checked against ``score_document(game_document(game))``, i.e.
``score_game`` on the exported game log.
"""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game, Ruleset
from scoring.records import services
from scoring.records.gamelogs import game_document
from scoring.rulebook.numbers import points
from scoring.rules import score_document

from .conftest import choose_ruleset

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Ann", "Bo", "Cho", "Dee")


class Scorer:
    """A scorer's thumb on the table page; ``taps`` counts every click."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, locator):
        locator.click()
        self.taps += 1

    def outcome(self, name):
        self.tap(self.page.locator(".outcomes a", has_text=re.compile(f"^{name}$")))
        key = {
            "Ron": "ron",
            "Tsumo": "tsumo",
            "Draw": "draw",
            "Chombo": "chombo",
            "Mahjong": "mahjong",
            "Wall game": "wall",
            "Abortive draw": "abortive",
        }[name]
        self.page.locator(f"form#hand.outcome-{key}").wait_for()

    def chip(self, group, text):
        self.tap(self.page.locator(f"#{group}-group label", has_text=re.compile(f"^{re.escape(text)}$")))

    def option(self, group, text):
        self.tap(self.page.locator(f"#{group}-group label", has_text=text))

    def button(self, name):
        self.tap(self.page.get_by_role("button", name=name))

    def save(self, number):
        self.button("Save hand")
        expect(self.page.locator("#alerts")).to_contain_text(f"Hand {number} recorded.")

    def count(self):
        taps, self.taps = self.taps, 0
        return taps


def page_scores(page):
    """Name -> score as the scoreboard shows it."""
    return dict(
        page.locator("#scoreboard .seat").evaluate_all(
            "seats => seats.map(s => [s.querySelector('.name'), s.querySelector('.score')]"
            ".map(e => e.innerText.trim()))"
        )
    )


def expected_scores(game, number):
    scored = score_document(game_document(game))
    return {name: points(score) for name, score in scored["hands"][number - 1]["scores"].items()}


def check_against_score_game(page, game, number):
    game.refresh_from_db()
    assert page_scores(page) == expected_scores(game, number)


def test_a_whole_ema_2016_hanchan(page, live_server, club, screenshot, sign_in):
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", "/games/new/")

    # start the game on the page: the scorer (Ann) is East already; type the others
    for seat, name in (("South", "Bo"), ("West", "Cho"), ("North", "Dee")):
        page.get_by_label(seat, exact=True).fill(name)
    choose_ruleset(page, "EMA 2016")
    page.locator("summary", has_text="A new session").click()  # a disclosure under the session's select
    page.get_by_label("Or start a new session named").fill("Club night")
    screenshot(page, "start-game-360", full_page=True)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/table/$"))
    game = Game.objects.get()
    assert [s.player.name for s in game.seats.order_by("seat")] == list(NAMES)
    s = Scorer(page)
    expect(page.locator("#scoreboard .round dd")).to_have_text("E1")

    # 1. E1: Bo ron off Cho, 3 han 30 fu (the default fu), Bo in riichi — 6 taps
    s.outcome("Ron")
    s.chip("win0-winner", "Bo")
    s.chip("discarder", "Cho")
    s.chip("win0-han", "3 han")
    s.chip("riichi", "Bo")
    expect(page.locator("#preview")).to_contain_text("Cho pays Bo 3,900")
    expect(page.locator("#preview")).to_contain_text("Bo takes 1 riichi stick")
    screenshot(page, "table-360-ron", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "table-1280-ron", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    s.save(1)
    assert s.count() == 6
    check_against_score_game(page, game, 1)
    expect(page.locator("#scoreboard .round dd")).to_have_text("E2")

    # 2. E2: Dee tsumo 2 han 20 fu (pinfu tsumo) — 5 taps
    def dee_pinfu_tsumo():
        s.outcome("Tsumo")
        s.chip("win0-winner", "Dee")
        s.chip("win0-han", "2 han")
        s.chip("win0-fu", "20")

    dee_pinfu_tsumo()
    expect(page.locator("#preview")).to_contain_text("Bo pays Dee 700")
    s.save(2)
    assert s.count() == 5
    check_against_score_game(page, game, 2)

    # undo it, with the confirmation, then record it again
    page.get_by_role("link", name="Undo last hand").click()
    expect(page.locator("#game-actions")).to_contain_text("Undo hand 2 (E2: Dee tsumo, 2 han 20 fu)?")
    page.get_by_role("button", name="Undo hand 2").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 2 undone.")
    expect(page.locator("#scoreboard .round dd")).to_have_text("E2")
    check_against_score_game(page, game, 1)
    dee_pinfu_tsumo()
    s.save(2)
    s.count()

    # 3. E3: draw, Ann and Dee tenpai (Cho deals and is noten: the deal passes) — 4 taps
    s.outcome("Draw")
    s.chip("tenpai", "Ann")
    s.chip("tenpai", "Dee")
    expect(page.locator("#preview")).to_contain_text("Bo pays Ann 1,500")
    s.save(3)
    assert s.count() == 4
    check_against_score_game(page, game, 3)
    expect(page.locator("#scoreboard .round dd")).to_have_text("E4")

    # 4. E4, 1 counter: a draw where Bo declared riichi but is noten: one tap turns it into chombo
    s.outcome("Draw")
    s.chip("riichi", "Bo")
    s.chip("tenpai", "Dee")
    offer = page.locator("#chombo-offer").get_by_role("button", name="Record as chombo by Bo")
    expect(page.locator("#preview")).to_contain_text("EMA Riichi Competition Rules 2016, §3.4.6")
    s.tap(offer)
    expect(page.locator("#alerts")).to_contain_text("Recorded as chombo by Bo.")
    check_against_score_game(page, game, 4)
    expect(page.locator("#scoreboard .round dd")).to_have_text("E4")

    # 5. E4: double ron off Bo: Ann 2 han 30 fu, Cho mangan; Ann in riichi
    s.outcome("Ron")
    s.chip("win0-winner", "Ann")
    s.chip("discarder", "Bo")
    s.chip("win0-han", "2 han")
    s.button("+ Another winner on the same discard")
    page.locator("#win1-winner-group").wait_for()
    expect(page.locator("#win0-winner-group input[value='0']")).to_be_checked()
    s.chip("win1-winner", "Cho")
    s.chip("win1-han", "Mangan (5)")
    s.chip("riichi", "Ann")
    expect(page.locator("#preview")).to_contain_text("Bo pays Cho 8,000 + 300 for counters")
    s.save(5)
    check_against_score_game(page, game, 5)
    expect(page.locator("#scoreboard .round dd")).to_have_text("S1")
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "table-1280", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "table-360", full_page=False)
    screenshot(page, "table-360-full", full_page=True)

    # 6. S1: Cho tsumo yakuman (big three dragons), Dee liable: Dee pays the whole hand
    s.outcome("Tsumo")
    s.chip("win0-winner", "Cho")
    s.chip("win0-han", "Yakuman")
    page.locator("#win0-liable-group").wait_for()
    s.chip("win0-liable", "Dee")
    expect(page.locator("#preview")).to_contain_text("Dee pays Cho 32,000 (liable)")
    s.save(6)
    check_against_score_game(page, game, 6)

    # 7. S2: chombo by Cho, the offence from the ruleset's list; the cost shown before saving
    s.outcome("Chombo")
    expect(page.locator("#hand-form")).to_contain_text("EMA Riichi Competition Rules 2016, §3.4.6")
    s.chip("offender", "Cho")
    s.option("offence", "Invalidly declaring a win")
    expect(page.locator("#preview")).to_contain_text("Cho pays Bo 4,000 (chombo)")
    s.save(7)
    check_against_score_game(page, game, 7)

    # 8. S2: Bo (dealer) ron off Ann, 1 han 40 fu: the fu choices drop 25 fu for 1 han
    s.outcome("Ron")
    s.chip("win0-winner", "Bo")
    s.chip("discarder", "Ann")
    s.chip("win0-han", "1 han")
    expect(page.locator("#win0-fu-group label", has_text=re.compile("^25$"))).to_have_count(0)
    s.chip("win0-fu", "40")
    expect(page.locator("#preview")).to_contain_text("Ann pays Bo 2,000")
    s.save(8)
    check_against_score_game(page, game, 8)

    # 9. S2, 1 counter: nobody tenpai; 10. S3: Ann tsumo 4 han 30 fu
    s.outcome("Draw")
    s.save(9)
    s.outcome("Tsumo")
    s.chip("win0-winner", "Ann")
    s.chip("win0-han", "4 han")
    s.save(10)
    check_against_score_game(page, game, 10)
    expect(page.locator("#scoreboard .round dd")).to_have_text("S4")

    # 11. S4: Bo ron off Dee (the dealer), haneman: the deal passes North in South, the game ends
    s.outcome("Ron")
    s.chip("win0-winner", "Bo")
    s.chip("discarder", "Dee")
    s.chip("win0-han", "Haneman (6–7)")
    expect(page.locator("#preview")).to_contain_text("After this hand the game ends.")
    s.button("Save hand")
    expect(page.locator("#alerts")).to_contain_text("The game is over")
    expect(page.locator("#scoreboard caption")).to_have_text("Final standings")

    game.refresh_from_db()
    assert game.status == Game.FINISHED
    scored = score_document(game_document(game))
    assert scored["finished"] is True
    rows = page.locator("#scoreboard table.standings tbody tr").all()
    shown = [
        (r.locator("th").inner_text(), r.locator("td.num").first.inner_text(), r.locator("td.result").inner_text())
        for r in rows
    ]
    expected = [
        (line["player"], points(line["score"]), points(line["result"], signed=True) if line["result"] else "0")
        for line in scored["standings"]
    ]
    assert shown == expected
    wrap = page.locator("#scoreboard .table-wrap")
    assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth")  # the final standings fit a phone
    screenshot(page, "table-360-final", full_page=True)

    # the game page: log, chart, download
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.locator("svg polyline").count() == 4
    assert page.locator(".hand-cards > li").count() == 11
    with page.expect_download() as download:
        page.get_by_role("link", name="Download game log").click()
    assert download.value.suggested_filename == f"game-{game.pk}.json"
    screenshot(page, "game-360", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "game-1280", full_page=True)


def test_an_american_game_with_a_misnamed_discard_and_a_dead_hand_challenge(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("american"), players=club)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    s = Scorer(page)
    expect(page.locator("#scoreboard .round dd")).to_have_text("1")

    # 1. Ann mahjong on Cho's misnamed discard, 30: Cho alone pays 4 x 30
    s.outcome("Mahjong")
    s.chip("winner", "Ann")
    s.chip("discarder", "Cho")
    page.get_by_label("Card value").fill("30")
    page.locator("label.toggle", has_text="On a misnamed discard").click()
    expect(page.locator("#preview")).to_contain_text("Cho pays Ann 120 (misnamed discard")
    s.save(1)
    check_against_score_game(page, game, 1)

    # 2. a wall game with a dead-hand challenge: Bo declared Dee dead, and Dee's hand was valid
    s.outcome("Wall game")
    s.button("+ Dead-hand challenge")
    page.locator("#chal0-challenger-group").wait_for()
    s.chip("chal0-challenger", "Bo")
    s.chip("chal0-challenged", "Dee")
    s.option("chal0-upheld", "The hand was valid")
    expect(page.locator("#preview")).to_contain_text("Bo pays Dee 25")
    screenshot(page, "table-360-american", full_page=True)
    s.save(2)
    check_against_score_game(page, game, 2)

    # 3. Dee self-picked jokerless mahjong, 25: each pays 2 x 2 x 25
    s.outcome("Mahjong")
    s.chip("winner", "Dee")
    s.chip("discarder", "Self-picked")
    page.get_by_label("Card value").fill("25")
    page.locator("label.toggle", has_text="Jokerless").click()
    expect(page.locator("#preview")).to_contain_text("Ann pays Dee 100")
    s.save(3)
    check_against_score_game(page, game, 3)

    # finish: the final standings are the scores (no uma, no oka)
    page.get_by_role("link", name="Finish game").click()
    page.get_by_role("button", name="Finish the game").click()
    expect(page.locator("#scoreboard caption")).to_have_text("Final standings")
    scored = score_document(game_document(Game.objects.get(pk=game.pk)))
    results = [r.inner_text() for r in page.locator("#scoreboard td.result").all()]
    assert results == [points(line["result"], signed=True) if line["result"] else "0" for line in scored["standings"]]


def test_noten_riichi_error_appears_next_to_tenpai_on_save(page, club, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    s = Scorer(page)
    s.outcome("Draw")
    s.chip("riichi", "Cho")
    s.button("Save hand")
    error = page.locator("#tenpai-error")
    expect(error).to_contain_text("Cho declared riichi but is not tenpai")
    expect(page.locator("#tenpai-group")).to_have_attribute("aria-describedby", "tenpai-error")
    page.locator("#hand-form").get_by_role("button", name="Record as chombo by Cho").first.click()
    expect(page.locator("#alerts")).to_contain_text("Recorded as chombo by Cho.")


@pytest.mark.parametrize("width", [360, 1280])
def test_table_fits_and_every_control_is_labelled(page, live_server, club, width, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("reach"), players=club)
    page.set_viewport_size({"width": width, "height": 800})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    for outcome in ("ron", "tsumo", "draw", "abortive", "chombo"):
        page.goto(f"{live_server.url}/games/{game.pk}/table/?outcome={outcome}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        unlabelled = page.evaluate("""() => [...document.querySelectorAll(
                'input:not([type=hidden]), select, textarea, button')]
            .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.textContent.trim())
            .map(el => el.outerHTML)""")
        assert unlabelled == []
        # every shown target at once (closed <details> lay out their content at zero size)
        small = page.locator("#hand label.chip span, .outcomes a, #hand button").evaluate_all(
            "targets => targets.map(t => [t.innerText, t.getBoundingClientRect()])"
            ".filter(([, box]) => box.width && box.height < 44).map(([text]) => text)"
        )
        assert small == []


def test_the_form_works_without_javascript(browser, club, sign_in):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=club)
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    page.get_by_role("link", name="Ron", exact=True).click()
    page.wait_for_url(re.compile(r"outcome=ron"))
    page.locator("#win0-winner-group label", has_text="Cho").click()
    page.locator("#discarder-group label", has_text="Ann").click()
    page.locator("#win0-han-group label", has_text="Yakuman").click()
    page.get_by_role("button", name="Preview").click()  # shows the liability choice for a yakuman
    page.locator("#win0-liable-group label", has_text=re.compile("^Bo$")).click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    hand = Game.objects.get(pk=game.pk).hand_set.get()
    assert [(w.winner, w.discarder, w.yakuman, w.liable) for w in hand.wins.all()] == [(2, 0, 1, 1)]
    context.close()


def test_the_spanish_table_fits_a_phone(page, club, screenshot, sign_in):
    game = services.start_game(ruleset=Ruleset.objects.preset("reach"), players=club)
    page.set_extra_http_headers({"Accept-Language": "es"})
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    s = Scorer(page)
    s.tap(page.locator(".outcomes a", has_text="Empate abortivo"))
    page.locator("form#hand.outcome-abortive").wait_for()
    s.tap(page.locator("#reason-group label", has_text="cuatro vientos"))
    expect(page.locator("#preview")).to_contain_text("Siguiente")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "table-360-es", full_page=True)
