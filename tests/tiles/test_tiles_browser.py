"""A ron and a tsumo entered by their tiles on a 360 px phone, with screenshots."""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Game, Player, Ruleset, Win
from scoring.records import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def game(db):
    players = [Player.objects.create(name=name) for name in ("Ann", "Bo", "Cho", "Dee")]
    players[0].user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].save()
    return services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players)


def chip(page, group, text):
    page.locator(f"#{group}-group label", has_text=re.compile(f"^{re.escape(text)}$")).click()


def tap_tiles(picker, notation):
    for digits, suit in re.findall(r"(\d+)([mpsz])", notation):
        for digit in digits:
            picker.locator(f".tile-button[data-tile='{digit}{suit}']").click()


def bo_in_riichi_rons_off_ann(page, sign_in, game):
    """East 1 on the table page: Bo (South) declares riichi and wins on Ann's discard; the first
    winner's tile picker, opened."""
    sign_in(page, "ann", f"/games/{game.pk}/table/?outcome=ron")
    chip(page, "win0-winner", "Bo")
    chip(page, "discarder", "Ann")
    chip(page, "riichi", "Bo")
    picker = page.locator(".tiles-picker").first
    picker.locator("summary").click()
    return picker


@pytest.mark.parametrize("width", [360, 1280])
def test_a_ron_and_a_tsumo_by_their_tiles(page, live_server, game, width, screenshot, sign_in):
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 800})
    table = f"/games/{game.pk}/table/"
    # hand 1, East 1: Bo (South) declares riichi and wins on Ann's 4m: riichi pinfu, 2 han 30 fu
    picker = bo_in_riichi_rons_off_ann(page, sign_in, game)
    expect(picker.get_by_role("button", name="Ura dora")).to_be_enabled()  # Bo declared riichi
    tap_tiles(picker, "23m456789p234s55s")
    expect(picker.locator(".tile-button[data-tile='5s'] .left")).to_have_text("2")
    picker.get_by_role("button", name="Winning tile").click()
    tap_tiles(picker, "4m")
    result = picker.locator(".tiles-result")
    expect(result).to_contain_text("Riichi")
    expect(result).to_contain_text("Pinfu")
    expect(result).to_contain_text("2 han 30 fu · ron 2,000")
    expect(page.locator("#win0-han-group input[value='2']")).to_be_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"tiles-ron-{width}", full_page=True)
    screenshot(picker, f"tiles-picker-{width}")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")

    # hand 2, East 2 (Bo deals): Cho self-draws 3s on a closed wait, typed in the notation box
    page.goto(f"{live_server.url}{table}?outcome=tsumo")
    chip(page, "win0-winner", "Cho")
    picker = page.locator(".tiles-picker").first
    expect(picker).not_to_have_attribute("open", "")  # each hand's picker opens collapsed: the chips keep their place
    picker.locator("summary").click()
    picker.locator(".tiles-notation").fill("123m456p789s24s33z")
    picker.get_by_role("button", name="Winning tile").click()
    tap_tiles(picker, "3s")
    expect(picker.locator(".tiles-result")).to_contain_text("Menzen Tsumo")
    expect(picker.locator(".tiles-fu")).to_contain_text("closed wait 2")
    expect(picker.locator(".tiles-result")).to_contain_text("1 han 30 fu · tsumo 300/500")
    screenshot(page, f"tiles-tsumo-{width}", full_page=True)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 2 recorded.")

    wins = list(Win.objects.filter(hand__game=game).order_by("hand__number"))
    assert [(w.han, w.fu, w.tiles) for w in wins] == [
        (2, 30, {"hand": "23m456789p23455s", "win": "4m"}),  # written sorted
        (1, 30, {"hand": "123m456p24789s33z", "win": "3s"}),
    ]
    # at a draw, Dee's tenpai claim checked by her tiles
    page.goto(f"{live_server.url}{table}?outcome=draw")
    check = page.locator(".tenpai-check")
    check.locator("summary").click()
    check.locator("label", has_text=re.compile("^Dee$")).click()
    check.locator("#tenpai-hand").fill("19m19p19s1234567z")
    check.get_by_role("button", name="Check tenpai").click()
    expect(check.locator(".tenpai-result")).to_contain_text("Dee is tenpai.")
    expect(check.locator(".tenpai-result img")).to_have_count(13)
    screenshot(check, f"tiles-tenpai-{width}")

    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".hand-by-tiles")).to_have_count(2)
    expect(page.locator(".hand-by-tiles").first).to_contain_text("Bo's hand")
    screenshot(page.locator(".hand-by-tiles").first, f"tiles-game-page-{width}")
    services.finish_game(game=Game.objects.get(pk=game.pk))
    page.goto(f"{live_server.url}/records/")
    expect(page.locator("h1")).to_have_text("Club records")
    expect(page.locator("#yaku-title ~ dl")).to_contain_text("Riichi ×1")
    screenshot(page, f"tiles-records-{width}", full_page=True)
    scores = [s.table_score for s in Game.objects.get(pk=game.pk).seats.order_by("seat")]
    assert scores == [30000 - 2000 - 300, 30000 + 2000 - 500, 30000 + 1100, 30000 - 300]


def test_one_call_scores_the_picker_and_the_chips_and_preview_follow(page, live_server, game, sign_in):
    """Tapping a hand makes no request until it is complete, then one call scores it; the han
    and fu chips and the table's preview show what the tiles record (40 fu, not the 30 chip)."""
    page.set_viewport_size({"width": 360, "height": 740})
    table = f"/games/{game.pk}/table/"
    sign_in(page, "ann", f"{table}?outcome=tsumo")
    chip(page, "win0-winner", "Cho")
    expect(page.locator("#preview")).to_contain_text("Still to tap")
    calls = []
    page.on("request", lambda request: calls.append(request.url) if request.method == "POST" else None)
    picker = page.locator(".tiles-picker").first
    picker.locator("summary").click()
    expect(picker.get_by_role("button", name="Ura dora")).to_be_disabled()  # Cho is not in riichi
    tap_tiles(picker, "234m456p79s111z")  # a closed pon of East, the round wind
    box = picker.locator(".tiles-notation")
    box.press("End")
    box.press_sequentially("22m")  # typed: no preview per keystroke
    expect(box).to_have_value("234m456p79s111z22m")
    expect(picker.locator(".tiles-line").first).to_contain_text("13/13")
    picker.get_by_role("button", name="Winning tile").click()
    tap_tiles(picker, "8s")
    expect(picker.locator(".tiles-result")).to_contain_text("2 han 40 fu · tsumo 700/1,300")
    expect(page.locator("#preview")).to_contain_text("+2,700")
    assert [url.removeprefix(live_server.url) for url in calls] == [f"{table}tiles/", f"{table}preview/"]
    expect(page.locator("#win0-han-group input[value='2']")).to_be_checked()
    expect(page.locator("[name='win0-fu'][value='40']")).to_be_checked()
    # a dora indicator (the picker is in dora mode after the winning tile) and a condition, tapped
    # within the picker's 300 ms (in one go: a loaded machine may not click twice that fast)
    picker.evaluate("""picker => {
        picker.querySelector(".tile-button[data-tile='3p']").click();
        [...picker.querySelectorAll("label")].find((label) => label.textContent.includes("Last tile")).click();
    }""")
    expect(picker.locator(".tiles-result")).to_contain_text("Haitei")
    expect(picker.locator(".tiles-result")).to_contain_text("4 han 40 fu")
    assert sum(url.endswith("/tiles/") for url in calls) == 2
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#alerts")).to_contain_text("Hand 1 recorded.")
    assert (Win.objects.get(hand__game=game).han, Win.objects.get(hand__game=game).fu) == (4, 40)


def test_the_picker_takes_the_indicators_of_every_kan_at_the_table(page, game, screenshot, sign_in):
    """EMA Riichi Competition Rules 2016, §3.3.2: any player's kan turns a kan dora, so a winner
    without a kan may show up to five indicators; ura indicators no more than dora indicators."""
    page.set_viewport_size({"width": 360, "height": 740})
    picker = bo_in_riichi_rons_off_ann(page, sign_in, game)
    tap_tiles(picker, "23m456789p234s55s")
    picker.get_by_role("button", name="Winning tile").click()
    tap_tiles(picker, "4m")  # the picker is in dora mode now
    tap_tiles(picker, "1z")  # a riichi winner's ura dora are next after the dora …
    expect(picker.get_by_role("button", name="Ura dora")).to_have_attribute("aria-pressed", "true")
    picker.get_by_role("button", name="Dora indicators").click()  # … unless the table's kans turned more
    tap_tiles(picker, "2z3z3m4z5z")  # a sixth indicator is one too many
    expect(picker.locator(".tiles-result")).to_contain_text("3 han 30 fu · ron 3,900")  # riichi, pinfu, dora 4m
    picker.get_by_role("button", name="Ura dora").click()
    tap_tiles(picker, "6z7z1s2s8s9s")  # the sixth is not taken
    expect(picker.locator(".tiles-notation")).to_have_value("128s67z")
    screenshot(page, "tiles-five-indicators-360", full_page=True)
