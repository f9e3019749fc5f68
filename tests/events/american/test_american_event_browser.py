"""An American tournament on a 360 × 740 phone: the event page's next game at a table, the room
view's moves for the next round, the standings with games won and the best game, the season
board and the player's tournament record, each without sideways scrolling."""

import datetime

import pytest
from django.contrib.auth.models import Group, User

from scoring.events import services
from scoring.events.american import services as american
from scoring.models import Player, Ruleset
from tests.events.american.test_american_event import VARIED, play, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Ann Arbor", "Bo Berg", "Cho Chen", "Dee Dunn", "Eli Egan", "Fay Fox", "Gus Gray", "Maximilian Longname")


def fits(page, selector="body"):
    width = page.locator(selector).first.evaluate("e => [e.scrollWidth, e.clientWidth]")
    return width[0] <= width[1]


@pytest.fixture
def cup(db):
    players = [Player.objects.create(name=name) for name in NAMES]
    event = services.create_event(
        name="Spring Cup",
        date=datetime.date(2026, 12, 4),
        ruleset=Ruleset.objects.preset("american"),
        kind="tournament",
        rounds=3,
        players=players,
        seed=7,
        rotation="mahjcon",
    )
    for player in players:
        services.check_in(event=event, player=player)
    return event, players


def test_the_american_pages_fit_a_phone(page, live_server, screenshot, cup, sign_in):
    event, players = cup
    play_round(event, hands=VARIED)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/events/{event.pk}/room/")
    screenshot(page, "american-room-360", full_page=True)
    moves = page.locator(".next-moves")
    assert moves.locator("li .name").count() == len(players)
    assert fits(page)
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    screenshot(page, "american-standings-360", full_page=True)
    headers = page.locator(".event-standings thead th").all_inner_texts()
    assert headers == ["#", "Player", "Games", "Won", "Best game", "Points"]
    assert fits(page, ".table-wrap")
    page.goto(f"{live_server.url}/events/american/2026/")
    screenshot(page, "american-season-360", full_page=True)
    assert page.locator(".season-board tbody tr").count() == len(players)
    assert fits(page, ".table-wrap")
    page.goto(f"{live_server.url}/players/{players[0].pk}/")
    screenshot(page, "american-player-record-360", full_page=True)
    assert "Spring Cup" in page.locator(".tournament-record").inner_text()


def test_a_scorer_starts_the_next_game_from_the_event_page(page, live_server, screenshot, cup, sign_in):
    event, _players = cup
    scorer = User.objects.create_user("sam", password="pw-sam-123")
    scorer.groups.add(Group.objects.get_or_create(name="scorers")[0])
    round_ = services.draw_round(event=event)
    services.start_round(round_=round_)
    table = round_.tables.get(number=1)
    play(table)
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "sam", f"/games/{table.game_id}/table/")  # the finished game's table page offers it too
    screenshot(page, "american-table-next-game-360", full_page=True)
    assert page.get_by_role("button", name="Start game 2 of 4").is_visible()
    page.goto(f"{live_server.url}/events/{event.pk}/")
    button = page.get_by_role("button", name="Start game 2 of 4")
    screenshot(button, "american-next-game-360")
    button.click()
    page.wait_for_url("**/games/*/table/")
    table.refresh_from_db()
    assert page.url.endswith(f"/games/{table.game_id}/table/")
    assert american.games_played(table) == 2
