"""Every page passes axe-core at 360 and 1280 px: no violation of any impact,
for a visitor, a member and staff, the table with a hand form and the tile picker open, the
admin included; and again in French at 360 x 740 (longer words, another language's admin).
axe-core comes from npm (package.json: `npm ci`); without it the test is skipped, and pytest
says why."""

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.demo.club import seed_club
from scoring.events import services
from scoring.models import ClubSession, Event, Game, Player, Ruleset, Season, Team
from scoring.records import services as records

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not AXE.exists(), reason=f"accessibility test skipped: no {AXE} (run `npm ci`)"),
]
SIZES = ((360, 740), (1280, 800))


def violations(page) -> list[str]:
    """axe-core's violations of the page as it is now, of any impact (minor to critical), one line each."""
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    return [
        f"{v['impact']} {v['id']}: {v['help']} — {', '.join(str(n['target']) for n in v['nodes'][:3])}" for v in found
    ]


@pytest.fixture
def demo(db):
    """The demo club (sessions, a season's worth of games of every family, tonight's event), a
    member (Aiko, who sits at a game in play) and a superuser."""
    seed_club()
    aiko = User.objects.create_user("aiko", password="pw-aiko-123")
    Player.objects.filter(name="Aiko").update(user=aiko)
    User.objects.create_superuser("boss", password="pw-boss-123")
    return aiko


def pages(who: str) -> list[str]:
    game = Game.objects.filter(status=Game.FINISHED).first()
    american = Game.objects.filter(status=Game.FINISHED, ruleset__slug="american").first()
    event, player = Event.objects.first(), Player.objects.first()
    league = Season.objects.filter(stages__isnull=False).first()
    common = [
        "/",
        "/games/",
        f"/games/{game.pk}/",
        f"/games/{american.pk}/",
        "/leaderboard/",
        "/leaderboard/american/",
        "/leaderboard/sanma/",
        "/leaderboard/mcr/",
        f"/players/{player.pk}/",
        f"/sessions/{ClubSession.objects.first().pk}/",
        "/seasons/",
        "/statistics/",
        "/records/",
        "/rules/",
        "/events/",
        f"/events/{event.pk}/",
        f"/events/{event.pk}/room/",
        f"/events/{event.pk}/standings/",
        "/leagues/",  # the demo's league and its teams: the walk of a newcomer
        f"/leagues/{league.pk}/",
        f"/leagues/{league.pk}/teams/",
        "/teams/",
        f"/teams/{Team.objects.first().pk}/",
    ]
    if who == "visitor":
        return [*common, "/accounts/login/"]
    if who == "member":
        return ["/", "/games/new/", f"/events/{event.pk}/"]  # tonight's event: "Check me in"
    for entry in event.entries.all():  # staff see it with round 1 drawn: start it, swap two seats
        services.check_in(event=event, player=entry.player)
    services.draw_round(event=event)
    return [
        *common,
        "/games/new/",
        "/games/import/",
        "/admin/",
        "/admin/scoring/game/",
        f"/admin/scoring/game/{game.pk}/change/",
        "/admin/auth/user/",
    ]


@pytest.mark.parametrize(
    ("who", "language"), [("visitor", "en"), ("member", "en"), ("staff", "en"), ("visitor", "fr"), ("staff", "fr")]
)
def test_every_page_passes_axe(page, live_server, demo, sign_in, who, language):
    page.context.add_init_script(path=str(AXE))  # in every document, before its own scripts (and its CSP)
    page.set_extra_http_headers({"Accept-Language": language})
    username = {"member": "aiko", "staff": "boss"}.get(who)
    found = {}
    for path in pages(who):
        for width, height in SIZES if language == "en" else SIZES[:1]:
            page.set_viewport_size({"width": width, "height": height})
            if username:
                sign_in(page, username, path)
            else:
                page.goto(f"{live_server.url}{path}")
            expect(page.locator("html")).to_have_attribute("lang", language)
            found[f"{path} at {width} px"] = violations(page)
    assert {where: lines for where, lines in found.items() if lines} == {}


@pytest.mark.parametrize(
    ("slug", "outcome", "language"),
    [
        ("ema-2016", "ron", "en"),
        ("american", "mahjong", "en"),
        ("ema-2016", "ron", "fr"),
        ("american", "mahjong", "fr"),
    ],
)
def test_the_table_with_a_hand_form_and_the_tile_picker_open_passes_axe(
    page, live_server, sign_in, slug, outcome, language
):
    players = [Player.objects.create(name=name) for name in ("Ann", "Bo", "Cho", "Dee")]
    players[0].user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].save()
    game = records.start_game(ruleset=Ruleset.objects.preset(slug), players=players)
    page.context.add_init_script(path=str(AXE))
    page.set_extra_http_headers({"Accept-Language": language})
    found = {}
    for width, height in SIZES if language == "en" else SIZES[:1]:
        page.set_viewport_size({"width": width, "height": height})
        sign_in(page, "ann", f"/games/{game.pk}/table/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        found[f"table at {width} px"] = violations(page)
        page.goto(f"{live_server.url}/games/{game.pk}/table/?outcome={outcome}")
        expect(page.locator("form#hand")).to_be_visible()
        found[f"hand form at {width} px"] = violations(page)
        if slug != "american":  # a winner chosen, the first winner's tile picker opened
            page.locator("#win0-winner-group label").nth(1).click()
            picker = page.locator(".tiles-picker").first
            if picker.get_attribute("open") is None:  # the phone may keep it open from the last width
                picker.locator("summary").click()
            expect(page.locator(".tile-button").first).to_be_visible()
            found[f"tile picker at {width} px"] = violations(page)
    assert {where: lines for where, lines in found.items() if lines} == {}
