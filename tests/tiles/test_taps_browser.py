"""A hand by its tiles in at most 18 taps after the outcome's on a 360×740 phone: a closed
tsumo, a ron, a riichi ron with ura dora, an open pon hand and a kan hand ("+ Run" and one tile
put a run of three in the hand; a meld is one tap of its tile); the mode buttons and the chosen
tiles stay in view, uncovered, as the hand grows; every tile button is at least 44 px wide and
the grid stays inside the picker; each hand's picker opens collapsed, so the fu and riichi chips
keep their place after a hand by tiles."""

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
                    assert picker.locator(".tile-chosen").last.evaluate(ON_TOP), "a chosen tile is covered"

    def runs(self, picker, lowest):
        """Closed runs: "+ Run" and the run's lowest tile, each."""
        for tile in lowest:
            self.tap(picker.get_by_role("button", name="+ Run"))
            self.tap(picker.locator(f".tile-button[data-tile='{tile}']"))

    def meld(self, picker, kind, tile):
        self.tap(picker.get_by_role("button", name=kind, exact=True))
        self.tap(picker.locator(f".tile-button[data-tile='{tile}']"))


def inside(picker):
    """The grid stays inside its picker (its card), no tile past its edge."""
    edges = picker.evaluate(
        "p => [p.getBoundingClientRect().left, p.getBoundingClientRect().right, "
        "...[...p.querySelectorAll('.tile-button')].flatMap(b => [b.getBoundingClientRect().left, "
        "b.getBoundingClientRect().right])]"
    )
    left, right, *tiles = edges
    assert left - 0.5 <= min(tiles) and max(tiles) <= right + 0.5, edges


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
    assert len(widths) == 34 and min(widths) >= 44, widths  # EMA 2016: no red fives
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    inside(picker)
    thumb.tiles(picker, "123m456p789s24s33z3s")  # the fourteenth, 3s, is the winning tile
    expect(picker.get_by_role("button", name="Dora indicators")).to_have_attribute("aria-pressed", "true")
    thumb.tiles(picker, "2m")
    expect(picker.locator(".tiles-result")).to_contain_text("Menzen Tsumo")
    expect(picker.locator(".tiles-result")).to_contain_text("2 han 30 fu · tsumo 500/1,000")
    screenshot(page, "tiles-taps-tsumo-360")
    thumb.tap(page.locator("#hand .save"))
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    assert thumb.taps - outcome_taps <= 18, (thumb.taps, thumb.scrolls)
    first = thumb.taps

    # hand 2, East 2: Dee wins a pinfu on Ann's 4m; the picker opens collapsed, the chips in place
    thumb.tap(page.get_by_role("link", name="Ron", exact=True))
    expect(page.locator("#win0-winner-group")).to_be_visible()
    outcome_taps = thumb.taps
    picker = page.locator(".tiles-picker").first
    expect(picker).not_to_have_attribute("open", "")
    thumb.chip("win0-winner", "Dee")
    thumb.chip("discarder", "Ann")
    thumb.tap(picker.locator("summary"))
    thumb.tiles(picker, "23m")
    thumb.runs(picker, ["4p", "7p", "2s"])
    thumb.tiles(picker, "55s4m")
    thumb.tiles(picker, "9p")  # 1p dora
    expect(picker.locator(".tiles-result")).to_contain_text("1 han 30 fu · ron 1,000")
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
def test_every_pickers_tile_buttons_are_44_px_wide(page, game, sign_in, slug, seats, outcome, count):
    """Riichi's 34 tiles, sanma's 29 (no 2m–8m, two red fives) and MCR's 34, nine a row."""
    players = [seat.player for seat in game.seats.order_by("seat")][:seats]
    other = services.start_game(ruleset=Ruleset.objects.preset(slug), players=players)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{other.pk}/table/?outcome={outcome}")
    picker = page.locator(".tiles-picker").first
    picker.locator("summary").click()
    widths = picker.locator(".tile-button").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().width)")
    assert len(widths) == count and min(widths) >= 44, widths
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    inside(picker)


def start_hand(page, thumb, outcome):
    thumb.tap(page.get_by_role("link", name=outcome, exact=True))
    expect(page.locator("#win0-winner-group")).to_be_visible()
    return thumb.taps


def save(page, thumb, number):
    thumb.tap(page.locator("#hand .save"))
    expect(page.locator("#alerts")).to_contain_text(f"Hand {number} recorded.")


def test_a_riichi_ron_with_ura_dora_in_eighteen_taps(page, game, screenshot, sign_in):
    """East 1: Bo declares riichi and wins on Ann's 5p, a tanki wait: riichi, the dora 1m
    (indicator 9m) and the ura dora 5p (indicator 4p) — after the dora the ura dora are next."""
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    thumb = Thumb(page)
    outcome_taps = start_hand(page, thumb, "Ron")
    thumb.chip("win0-winner", "Bo")
    thumb.chip("discarder", "Ann")
    thumb.chip("riichi", "Bo")
    picker = page.locator(".tiles-picker").first
    thumb.tap(picker.locator("summary"))
    thumb.runs(picker, ["2m", "5p", "3s", "7s"])
    thumb.tiles(picker, "5p5p")  # the thirteenth, then the winning tile
    thumb.tiles(picker, "9m")  # the dora indicator
    expect(picker.get_by_role("button", name="Ura dora")).to_have_attribute("aria-pressed", "true")
    thumb.tiles(picker, "4p")  # the ura dora indicator
    expect(picker.locator(".tiles-result")).to_contain_text("Ura")
    screenshot(page, "tiles-taps-riichi-ura-360")
    save(page, thumb, 1)
    assert thumb.taps - outcome_taps <= 18, (thumb.taps - outcome_taps, thumb.scrolls)
    win = Win.objects.get(hand__game=game)
    assert win.tiles == {"hand": "234m5567p345789s", "win": "5p", "dora": "9m", "ura": "4p"}


def test_an_open_pon_hand_in_eighteen_taps(page, game, sign_in):
    """East 1: Cho called a pon of White Dragons and wins on Ann's 9s (a yakuhai hand)."""
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    thumb = Thumb(page)
    outcome_taps = start_hand(page, thumb, "Ron")
    thumb.chip("win0-winner", "Cho")
    thumb.chip("discarder", "Ann")
    picker = page.locator(".tiles-picker").first
    thumb.tap(picker.locator("summary"))
    thumb.meld(picker, "+ Pon", "5z")
    expect(picker.get_by_role("button", name="Hand", exact=True)).to_have_attribute("aria-pressed", "true")
    thumb.runs(picker, ["2m", "6p", "3s"])
    thumb.tiles(picker, "9s9s")
    thumb.tiles(picker, "1m")
    expect(picker.locator(".tiles-result")).to_contain_text("Yakuhai (haku)")
    save(page, thumb, 1)
    assert thumb.taps - outcome_taps <= 18, (thumb.taps - outcome_taps, thumb.scrolls)
    win = Win.objects.get(hand__game=game)
    assert win.tiles["melds"] == [{"kind": "pon", "tiles": "555z"}]


def test_a_kan_hand_in_eighteen_taps(page, game, sign_in):
    """East 1: Cho called a kan of White Dragons and self-draws 9s; two dora indicators (the
    kan's one more)."""
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    thumb = Thumb(page)
    outcome_taps = start_hand(page, thumb, "Tsumo")
    thumb.chip("win0-winner", "Cho")
    picker = page.locator(".tiles-picker").first
    thumb.tap(picker.locator("summary"))
    thumb.meld(picker, "+ Kan", "5z")
    thumb.runs(picker, ["2m", "6p", "3s"])
    thumb.tiles(picker, "9s9s")
    thumb.tiles(picker, "1m2p")
    expect(picker.locator(".tiles-result")).to_contain_text("Yakuhai (haku)")
    save(page, thumb, 1)
    assert thumb.taps - outcome_taps <= 18, (thumb.taps - outcome_taps, thumb.scrolls)
    win = Win.objects.get(hand__game=game)
    assert win.tiles["melds"] == [{"kind": "kan", "tiles": "5555z"}] and win.tiles["dora"] == "1m2p"
