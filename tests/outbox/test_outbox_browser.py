"""The offline outbox in Chromium: hands saved offline survive a reload
and are recorded once each, in order, when the network returns; a save whose answer was lost
is recorded once; a hand another phone recorded first is shown to the scorer."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from scoring.records import services
from scoring.rules import RiichiHand

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    # what a phone without network (or with an expired login) logs, on purpose here
    pytest.mark.console_errors(
        r"htmx:(sendError|afterRequest|timeout)",
        r"net::ERR_(INTERNET_DISCONNECTED|CONNECTION_RESET)",
        r"status of 403 \(Forbidden\)",
    ),
]

KEPT_KEYS = """() => new Promise((resolve) => indexedDB.open("mahjong-club-outbox").onsuccess = (event) => {
    const request = event.target.result.transaction("hands").objectStore("hands").getAll();
    request.onsuccess = () => resolve(request.result.map((hand) => hand.key));
})"""


def log_in_by_the_form(page, live_server, username, password, next_url):
    """The login form, typed as a member does."""
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(re.escape(next_url)))


def open_table(page, sign_in, game):
    """Ann logs in and opens the table; the service worker has its copies of the hand forms."""
    sign_in(page, "ann", f"/games/{game.pk}/table/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    for _ in range(100):
        kept = page.evaluate(
            "caches.open('mahjong-club-table-1').then((cache) => cache.keys())"
            ".then((keys) => keys.map((key) => key.url))"
        )
        if all(any(f"outcome={name}&hx-partial=1" in url for url in kept) for name in ("ron", "draw")):
            break
        page.wait_for_timeout(100)
    else:
        pytest.fail(f"the service worker kept no hand forms: {kept}")


def tap(page, group, text):
    page.locator(f"#{group}-group label", has_text=re.compile(f"^{re.escape(text)}$")).click()


def outcome(page, name):
    page.locator(".outcomes a", has_text=re.compile(f"^{name}$")).click()
    page.locator(f"form#hand.outcome-{name.lower()}").wait_for()


def save(page):
    page.get_by_role("button", name="Save hand").click()


def test_three_hands_saved_offline_survive_a_reload_and_are_recorded_once_in_order(
    page, member, game, screenshot, sign_in
):
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(page, sign_in, game)
    outbox = page.locator("#outbox")
    status = outbox.locator(".outbox-status")

    # 1. Bo ron off Cho, 3 han 30 fu: the form was opened online, its preview came back
    outcome(page, "Ron")
    tap(page, "win0-winner", "Bo")
    tap(page, "discarder", "Cho")
    tap(page, "win0-han", "3 han")
    expect(page.locator("#preview")).to_contain_text("Cho pays Bo 3,900")
    page.context.set_offline(True)
    save(page)
    expect(status).to_contain_text("No network: hand 1 is kept on this phone.")
    expect(status).to_contain_text("Hands waiting: 1, sent in order")
    # 2. a draw, Ann tenpai; 3. Dee ron off Ann, mangan: forms from the service worker's copy
    outcome(page, "Ron")
    page.get_by_role("button", name="+ Another winner on the same discard").click()
    expect(status).to_contain_text("No network: that needs it.")
    outcome(page, "Draw")
    tap(page, "tenpai", "Ann")
    save(page)
    outcome(page, "Ron")
    tap(page, "win0-winner", "Dee")
    tap(page, "discarder", "Ann")
    tap(page, "win0-han", "Mangan (5)")
    save(page)
    expect(status).to_contain_text("Hands waiting: 3, sent in order")
    expect(page.locator("#hand-form-title")).to_have_text("Hand 4: what happened?")
    expect(outbox.locator(".outbox-hands li")).to_have_text(
        [
            re.compile(r"^Hand 1 · Ron · Cho pays Bo 3,900"),
            re.compile(r"^Hand 2 · Draw · payments shown"),
            re.compile(r"^Hand 3 · Ron · payments shown"),
        ]
    )
    # the scoreboard as it will be: after hand 1, whose preview the server sent; 2 and 3 pending
    expect(outbox.locator(".outbox-scores")).to_contain_text("Scores after hand 1, as they will be")
    expect(outbox.locator(".outbox-scores li")).to_have_text(["Ann 30,000", "Bo 33,900", "Cho 26,100", "Dee 30,000"])
    outbox.scroll_into_view_if_needed()
    screenshot(page, "outbox-360-waiting")
    kept = page.evaluate(KEPT_KEYS)
    assert len(set(kept)) == 3

    # reload while still offline: the page is the service worker's copy, the outbox is kept
    response = page.reload()
    assert response.headers.get("outbox-copy") == "1"
    expect(status).to_contain_text("Hands waiting: 3, sent in order")
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "outbox-1280-waiting")
    page.set_viewport_size({"width": 360, "height": 740})
    assert not Hand.objects.filter(game=game).exists()

    # the network returns: exactly those three hands, in order, with their keys
    page.context.set_offline(False)
    expect(status).to_contain_text("Every kept hand was sent and recorded.")
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    assert [h.submission_key for h in hands] == kept
    assert [(h.number, h.result, [(w.winner, w.discarder) for w in h.wins.all()], list(h.tenpai)) for h in hands] == [
        (1, "win", [(1, 2)], []),
        (2, "draw", [], [0]),
        (3, "win", [(3, 0)], []),
    ]
    expect(page.locator("#scoreboard .round dd")).to_have_text("E4")
    expect(page.locator("#hand-form-title")).to_have_text("Hand 4: what happened?")
    assert page.evaluate(KEPT_KEYS) == []
    screenshot(page, "outbox-360-sent")


def test_a_save_whose_answer_was_lost_is_replayed_and_recorded_once(page, member, game, sign_in):
    open_table(page, sign_in, game)

    def answer_lost(route):
        route.fetch()  # the server records the hand ...
        route.abort("connectionreset")  # ... and the phone never hears of it

    page.route("**/table/hands/", answer_lost, times=1)
    outcome(page, "Draw")
    key = page.locator("input[name=submission_key]").input_value()
    save(page)
    expect(page.locator("#outbox .outbox-status")).to_contain_text("Every kept hand was sent and recorded.")
    assert list(Hand.objects.filter(game=game).values_list("submission_key", flat=True)) == [key]


def test_a_save_without_an_answer_in_time_is_kept_and_recorded_once(page, member, game, sign_in):
    open_table(page, sign_in, game)
    page.locator("#outbox").evaluate("box => box.dataset.saveTimeout = '1500'")  # rather than 10 s
    page.route("**/table/hands/", lambda route: route.fetch(), times=1)  # recorded, never answered
    outcome(page, "Draw")
    key = page.locator("input[name=submission_key]").input_value()
    save(page)
    expect(page.locator("#outbox .outbox-status")).to_contain_text("Every kept hand was sent and recorded.")
    assert list(Hand.objects.filter(game=game).values_list("submission_key", flat=True)) == [key]


def test_a_hand_another_phone_recorded_first_is_shown_to_the_scorer(page, member, game, screenshot, sign_in):
    page.set_viewport_size({"width": 360, "height": 740})
    open_table(page, sign_in, game)
    page.context.set_offline(True)
    outcome(page, "Draw")
    tap(page, "tenpai", "Bo")
    save(page)
    services.record_hand(game=game, facts=RiichiHand("draw"), expected_number=1, submission_key="other phone")
    page.context.set_offline(False)

    problem = page.locator("#outbox .problem")
    expect(problem).to_contain_text("Not recorded: Someone else recorded hand 1 first.")
    expect(page.locator("#outbox .outbox-status")).to_contain_text("Hands waiting: 1, sent in order")
    problem.scroll_into_view_if_needed()
    screenshot(page, "outbox-360-conflict")
    assert Hand.objects.filter(game=game).count() == 1
    expect(page.locator("#hand-log .log-hand")).to_have_count(1)  # the other phone's hand, on the page
    expect(page.locator("#hand-form-title")).to_have_text("Hand 2: what happened?")
    problem.get_by_role("button", name="Record it as hand 2").click()
    expect(page.locator("#outbox .outbox-status")).to_contain_text("Every kept hand was sent and recorded.")
    expect(page.locator("#hand-form-title")).to_have_text("Hand 3: what happened?")
    hands = Hand.objects.filter(game=game).order_by("number")
    assert [(h.number, list(h.tenpai)) for h in hands] == [(1, []), (2, [1])]


def test_a_hand_kept_while_the_login_expired_is_sent_after_logging_in_again(page, live_server, member, game, sign_in):
    open_table(page, sign_in, game)
    page.context.set_offline(True)
    outcome(page, "Draw")
    save(page)
    # the table's poll would (rightly) take this page to the login page if it fell between the
    # end of the session and the login on the other page; the outbox's own answer is tested here
    page.locator("#live").evaluate("poller => poller.remove()")
    page.context.clear_cookies()  # the session ended while the phone was offline
    page.context.set_offline(False)
    problem = page.locator("#outbox .problem")
    expect(problem).to_contain_text("Not recorded: the site asks you to log in again.")
    log_in_by_the_form(page.context.new_page(), live_server, "ann", "pw-ann-123", "/games/")
    problem.get_by_role("button", name="Send it again").click()
    expect(page.locator("#outbox .outbox-status")).to_contain_text("Every kept hand was sent and recorded.")
    assert Hand.objects.filter(game=game).count() == 1
