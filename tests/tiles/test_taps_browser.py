"""A closed hand by its tiles in at most 18 taps on a 360×740 phone: the fourteen
tiles (the last one taken as the winning tile), one dora indicator, save; the mode buttons
stay in view as the hand grows; every tile button is at least 36 px wide."""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Player, Ruleset, Win
from scoring.records import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# the element at a control's centre is the control: in the viewport, under no bar or header
ON_TOP = """el => {
    const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) { return false; }
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
}"""


class Thumb:
    """Taps controls and counts the taps; a control out of view is scrolled to first (a
    scroll, counted apart)."""

    def __init__(self, page):
        self.page, self.taps, self.scrolls = page, 0, 0

    def tap(self, locator):
        if not locator.evaluate(ON_TOP):
            locator.evaluate("el => el.scrollIntoView({block: 'center'})")
            self.scrolls += 1
        locator.click()
        self.taps += 1

    def chip(self, group, text):
        self.tap(self.page.locator(f"#{group}-group label", has_text=re.compile(f"^{re.escape(text)}$")))

    def tiles(self, picker, notation, modes_in_view=True):
        for digits, suit in re.findall(r"(\d+)([mpsz])", notation):
            for digit in digits:
                self.tap(picker.locator(f".tile-button[data-tile='{digit}{suit}']"))
                if modes_in_view:
                    for mode in ("Winning tile", "Dora indicators"):
                        assert picker.get_by_role("button", name=mode).evaluate(ON_TOP), mode


@pytest.fixture
def game(db):
    players = [Player.objects.create(name=name) for name in ("Ann", "Bo", "Cho", "Dee")]
    players[0].user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].save()
    return services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players)


def test_a_closed_hand_by_its_tiles_in_eighteen_taps(page, game, screenshot, sign_in):
    """Hand 1, a tsumo: the outcome, the winner, the picker opened, 14 tiles, a dora, save;
    hand 2, a ron: the picker stays open on this phone, so winner, discarder, 14, dora, save.
    Each is at most 18 taps once its outcome is chosen, the outcome's own tap one more."""
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    thumb = Thumb(page)
    # hand 1, East 1: Cho self-draws 3s on a closed wait; the dora indicator 2m makes 3m dora
    thumb.tap(page.get_by_role("link", name="Tsumo", exact=True))
    expect(page.locator("#win0-winner-group")).to_be_visible()
    outcome_taps = thumb.taps
    thumb.chip("win0-winner", "Cho")
    picker = page.locator(".tiles-picker").first
    thumb.tap(picker.locator("summary"))
    widths = picker.locator(".tile-button").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().width)")
    assert len(widths) == 34 and min(widths) >= 36, widths  # EMA 2016: no red fives
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    thumb.tiles(picker, "123m456p789s24s33z3s")  # the fourteenth, 3s, is the winning tile
    expect(picker.get_by_role("button", name="Dora indicators")).to_have_attribute("aria-pressed", "true")
    thumb.tiles(picker, "2m")
    expect(picker.locator(".tiles-result")).to_contain_text("Menzen Tsumo")
    expect(picker.locator(".tiles-result")).to_contain_text("2 han 30 fu · tsumo 500/1000")
    screenshot(page, "tiles-taps-tsumo-360")
    thumb.tap(page.locator("#hand .save"))
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    assert thumb.taps - outcome_taps <= 18, (thumb.taps, thumb.scrolls)
    first = thumb.taps

    # hand 2, East 2: Dee wins a pinfu on Ann's 4m; the picker is open already
    thumb.tap(page.get_by_role("link", name="Ron", exact=True))
    expect(page.locator("#win0-winner-group")).to_be_visible()
    outcome_taps = thumb.taps
    picker = page.locator(".tiles-picker").first
    expect(picker).to_have_attribute("open", "")
    thumb.chip("win0-winner", "Dee")
    thumb.chip("discarder", "Ann")
    thumb.tiles(picker, "23m456789p234s55s4m")
    thumb.tiles(picker, "9p")  # 1p dora
    expect(picker.locator(".tiles-result")).to_contain_text("1 han 30 fu · ron 1000")
    screenshot(page, "tiles-taps-ron-360")
    thumb.tap(page.locator("#hand .save"))
    expect(page.locator("#alerts")).to_contain_text("Hand 2 recorded.")
    assert thumb.taps - outcome_taps <= 18, (thumb.taps - first, thumb.scrolls)
    wins = list(Win.objects.filter(hand__game=game).order_by("hand__number"))
    assert [w.tiles for w in wins] == [
        {"hand": "123m456p24789s33z", "win": "3s", "dora": "2m"},
        {"hand": "23m456789p23455s", "win": "4m", "dora": "9p"},
    ]
    print(f"taps: hand 1 {first}, hand 2 {thumb.taps - first}; scrolls {thumb.scrolls}")


def test_the_winning_tile_can_still_be_changed(page, game, sign_in):
    """The fourteenth tile is the winning tile unless changed: "Winning tile" and a tap
    replaces it, and the hand's thirteen stay."""
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/?outcome=tsumo")
    thumb = Thumb(page)
    thumb.chip("win0-winner", "Cho")
    picker = page.locator(".tiles-picker").first
    thumb.tap(picker.locator("summary"))
    thumb.tiles(picker, "123m456p789s24s33z3s", modes_in_view=False)
    thumb.tap(picker.get_by_role("button", name="Winning tile"))
    thumb.tiles(picker, "3z", modes_in_view=False)  # a shanpon wait on the other pair, say
    expect(picker.locator(".tiles-line").first).to_contain_text("13/13")
    expect(page.locator("[name='win0-tiles']")).to_have_value(re.compile('"win":"3z"'))
    expect(picker.get_by_role("button", name="Dora indicators")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize(
    ("slug", "seats", "outcome", "count"),
    [("ema-2016", 4, "ron", 34), ("tenhou-sanma", 3, "ron", 29), ("mcr", 4, "win", 34)],
)
def test_every_pickers_tile_buttons_are_36_px_wide(page, game, sign_in, slug, seats, outcome, count):
    """Riichi's 34 tiles, sanma's 29 (no 2m–8m, two red fives) and MCR's 34, nine a row."""
    players = [seat.player for seat in game.seats.order_by("seat")][:seats]
    other = services.start_game(ruleset=Ruleset.objects.preset(slug), players=players)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{other.pk}/table/?outcome={outcome}")
    picker = page.locator(".tiles-picker").first
    picker.locator("summary").click()
    widths = picker.locator(".tile-button").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().width)")
    assert len(widths) == count and min(widths) >= 36, widths
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
