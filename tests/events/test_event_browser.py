"""A club night in Chromium: 12 players checked in by staff, three rounds drawn
and started from the event page at 360 × 740, each table's game played, final standings;
screenshots of every step in test-artifacts/ (the room view at 1280 × 800 too)."""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.events import reads, services
from scoring.models import Game, Player, Ruleset, Seat
from scoring.records import services as records
from scoring.rulebook.numbers import points
from scoring.rules import RiichiHand, Win
from tests.builders import EVENT_NAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = EVENT_NAMES[:12]  # twelve: three tables


def play(round_number, table):
    """East wins a tsumo of (round + table) han, then the scorer finishes the game."""
    game = Game.objects.get(pk=table.game_id)
    win = RiichiHand("win", wins=(Win(0, None, (round_number + table.number) % 4 + 1, 30),))
    records.record_hand(game=game, facts=win, expected_number=game.hand_count + 1, submission_key="")
    records.finish_game(game=game)


def test_a_club_night_of_twelve_players_and_three_rounds(page, live_server, screenshot, new_context, sign_in):
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    players = [Player.objects.create(name=name) for name in NAMES]
    players[0].user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].save()
    event = services.create_event(
        name="Friday club night",
        date=datetime.date(2026, 12, 4),
        ruleset=Ruleset.objects.preset("ema-2016"),
        players=players,
        seed=12,
    )
    url = f"/events/{event.pk}/"
    ann = new_context(viewport={"width": 360, "height": 740}).new_page()  # a member, on her phone (closed after)
    ann.clock.install()  # Playwright's clock: moved on to the event page's next poll below
    sign_in(ann, "ann", url)
    ann.get_by_role("button", name="Check me in").click()
    expect(ann.get_by_role("button", name="I am leaving (from the next round)")).to_be_visible()
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "stu", url)

    for name in NAMES[1:]:  # staff tick everyone else off the list
        row = page.locator(".checkin-row", has_text=name)
        row.get_by_role("button", name="Check in").click()
        expect(page.locator(".checkin-row", has_text=name).get_by_role("button", name="Here")).to_be_visible()
    screenshot(page, "event-checkin-360", full_page=True)

    for number in (1, 2, 3):
        page.get_by_role("button", name="Draw the next round").click()
        expect(page.locator("#round-title")).to_contain_text(f"Round {number}")
        expect(page.locator("#live .event-table")).to_have_count(3)
        screenshot(page, f"event-round{number}-drawn-360", full_page=True)
        page.get_by_role("button", name=f"Start round {number}").click()
        expect(page.locator("#round-title")).to_contain_text("playing")
        expect(page.locator("#live .timer-left")).to_have_text(re.compile(r"^\d+:\d\d:\d\d$|^\d+:\d\d$"))
        round_ = event.round_set.get(number=number)
        tables = list(round_.tables.select_related("game").order_by("number"))
        if number == 1:  # Ann's event page brings her table's button by itself; she scores a hand there
            mine = next(t for t in tables if players[0].pk in t.players)
            go = ann.get_by_role("link", name=f"Go to your table: table {mine.number}")
            ann.clock.fast_forward(15_000)  # the page polls every 15 s
            expect(go).to_be_visible()
            go.click()
            expect(ann).to_have_url(re.compile(f"/games/{mine.game_id}/table/$"))
            expect(ann.locator(".round-timer .timer-left")).to_have_text(re.compile(r"^1:(29|30):\d\d$"))
            ann.locator("a.outcome-draw").click()
            ann.locator("#hand .save").click()
            expect(ann.locator("#hand-log")).to_contain_text("Draw")
            screenshot(ann, "event-table-timer-360")
        for table in tables:
            play(number, table)
        page.reload()
        expect(page.locator("#round-title")).to_contain_text("finished")
        screenshot(page, f"event-round{number}-finished-360", full_page=True)

    # everyone played every round, and nobody had a wind three times
    past = reads.past_of(event, before=4)
    assert all(sorted(p for table in tables for p in table) == sorted(p.pk for p in players) for tables in past.rounds)
    assert all(max(counts) <= 1 for counts in past.winds.values())

    page.get_by_role("link", name="Standings").click()
    rows = page.locator(".event-standings tbody tr")
    expect(rows).to_have_count(12)
    shown = {row.locator("td").nth(1).inner_text(): row.locator("td").nth(4).inner_text() for row in rows.all()}
    totals = {
        name: points(sum(s.result for s in Seat.objects.filter(player__name=name, finished=True)), signed=True)
        for name in NAMES
    }
    assert shown == totals
    places = [int(row.locator("td").first.inner_text()) for row in rows.all()]
    assert places == sorted(places) and places[0] == 1
    screenshot(page, "event-standings-360", full_page=True)

    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/events/{event.pk}/room/")
    expect(page.locator(".room-clock")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    screenshot(page, "event-room-1280")
    page.goto(f"{live_server.url}{url}")
    screenshot(page, "event-1280", full_page=True)


def _round_of_sixteen_tables(players, **options):
    """An event of 64 players whose first round is drawn (and started with ``start``)."""
    start = options.pop("start", False)
    event = services.create_event(
        name="Big cup",
        date=datetime.date(2026, 12, 4),
        kind="tournament",
        rounds=4,
        ruleset=Ruleset.objects.preset("ema-2016"),
        players=players,
        seed=7,
        **options,
    )
    for player in players:
        services.check_in(event=event, player=player)
    round_ = services.draw_round(event=event)
    if start:
        services.start_round(round_=round_)
    return event


def test_the_room_view_fills_a_projector_with_big_type(page, live_server, screenshot):
    players = [Player.objects.create(name=f"Player {n:02}") for n in range(64)]
    event = _round_of_sixteen_tables(players)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/events/{event.pk}/room/")
    expect(page.locator(".event-table")).to_have_count(16)
    screenshot(page, "event-room-64-1920")
    assert not page.locator(".site-header").is_visible()  # no site chrome on the projector
    board = page.locator("#board").bounding_box()
    assert board["width"] > 1800
    name_size = float(page.locator(".event-seats .name").first.evaluate("e => getComputedStyle(e).fontSize")[:-2])
    assert name_size >= 22
    last = page.locator(".event-table").last.bounding_box()
    assert last["y"] + last["height"] <= 1080  # all sixteen tables on one screen
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "event-room-64-1280")
    page.set_viewport_size({"width": 360, "height": 740})
    expect(page.locator(".site-header")).to_be_visible()  # a phone keeps the way back
    screenshot(page, "event-room-64-360")


def test_the_timer_counts_to_the_servers_gong_whatever_the_devices_clock(page, live_server, screenshot):
    players = [Player.objects.create(name=f"Player {n:02}") for n in range(8)]
    event = services.create_event(
        name="Skew",
        date=datetime.date(2026, 12, 4),
        round_minutes=90,
        ruleset=Ruleset.objects.preset("ema-2016"),
        players=players,
        seed=7,
    )
    for player in players:
        services.check_in(event=event, player=player)
    services.start_round(round_=services.draw_round(event=event))
    page.clock.set_fixed_time(datetime.datetime.now(datetime.UTC) + datetime.timedelta(minutes=20))  # 20 min fast
    page.goto(f"{live_server.url}/events/{event.pk}/room/")
    expect(page.locator(".timer-left")).to_have_text(re.compile(r"^1:(29|30):\d\d$"))
    expect(page.locator(".timer-policy")).to_be_hidden()


def test_the_standings_fit_a_phone(page, live_server, screenshot):
    players = [Player.objects.create(name=name) for name in NAMES]
    event = services.create_event(
        name="Phone",
        date=datetime.date(2026, 12, 4),
        ruleset=Ruleset.objects.preset("ema-2016"),
        players=players,
        seed=3,
    )
    for player in players:
        services.check_in(event=event, player=player)
    round_ = services.start_round(round_=services.draw_round(event=event))
    for table in round_.tables.all():
        play(1, table)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    screenshot(page, "event-standings-phone-360", full_page=True)
    wrap = page.locator(".table-wrap").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert wrap[0] <= wrap[1]  # the points column is on the screen, no sideways scroll
