"""The event pages (event, room view, standings, a table's page) come from the page cache and
answer 304 to a known ETag until something they show changes: a check-in, a draw, a swap, a
start, the gong, a game's end, a foul; a plain hand changes only its own table's page (a
spectator following table 3 is not sent table 1's hands); a member's page is theirs alone."""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from scoring.events import services
from scoring.records import services as records
from scoring.rules import Penalty, RiichiHand

PAGES = ("/events/{}/", "/events/{}/room/", "/events/{}/standings/", "/events/{}/tables/1/")
DRAW = RiichiHand("draw", tenpai=(0, 1, 2, 3))


def _first_game(event):
    return event.round_set.get().tables.get(number=1).game


def _record(event, facts=DRAW):
    game = _first_game(event)
    records.record_hand(game=game, facts=facts, expected_number=game.hand_count + 1, submission_key="")


# what changes an event's pages, before its round starts and after
BEFORE_START = {
    "check-in": lambda event, club: services.check_in(event=event, player=club[12]),
    "leaving": lambda event, club: services.check_in(event=event, player=club[0], present=False),
    "draw again": lambda event, club: services.draw_round(event=event, method="swiss"),
    "swap": lambda event, club: services.swap_seats(round_=event.round_set.get(), first=(1, 0), second=(2, 0)),
    "start": lambda event, club: services.start_round(round_=event.round_set.get()),
}
AFTER_START = {
    "hand": lambda event, club: _record(event),
    "penalty": lambda event, club: _record(
        event, RiichiHand("draw", tenpai=(0,), penalties=(Penalty(3, 8000, "result", "slow play"),))
    ),
    "gong": lambda event, club: records.set_gong(game=_first_game(event), at=timezone.now()),
    "game end": lambda event, club: records.finish_game(game=_first_game(event)),
}


def _etag_then_304(client, url, **headers):
    first = client.get(url, headers=headers)
    assert first.status_code == 200 and first["ETag"]
    again = client.get(url, headers={**headers, "If-None-Match": first["ETag"]})
    assert again.status_code == 304
    return first["ETag"]


@pytest.mark.parametrize(
    "page, write",
    [(page, write) for page in PAGES for write in [*BEFORE_START, *AFTER_START] if write != "hand" or page == PAGES[3]],
)
def test_an_event_page_answers_304_until_something_it_shows_changes(client, night, club, page, write):
    round_ = services.draw_round(event=night)
    if write in AFTER_START:
        services.start_round(round_=round_)
    url = page.format(night.pk)
    etag = _etag_then_304(client, url)
    (BEFORE_START | AFTER_START)[write](night, club)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_a_hand_without_a_foul_leaves_the_standings_as_they_are(client, night):
    """The standings show the games that ended and the fouls: a plain hand in a game that goes
    on changes neither; nor the event page or the room view, which show no running score."""
    services.start_round(round_=services.draw_round(event=night))
    pages = [page.format(night.pk) for page in PAGES[:3]]
    etags = {url: _etag_then_304(client, url) for url in pages}
    _record(night)
    for url in pages:
        assert client.get(url, headers={"If-None-Match": etags[url]}).status_code == 304, url


@pytest.mark.parametrize("htmx", [False, True])
def test_a_hand_at_one_table_leaves_another_tables_page_unchanged(client, night, htmx):
    """Versions per table: a spectator following table 2 keeps getting 304 while table 1
    records hands; table 1's page (and its live region) changes with each of them."""
    services.start_round(round_=services.draw_round(event=night))
    headers = {"HX-Request": "true"} if htmx else {}
    first, second = (f"/events/{night.pk}/tables/{number}/" for number in (1, 2))
    etags = {url: _etag_then_304(client, url, **headers) for url in (first, second)}
    for _hand in range(2):
        _record(night)
        assert client.get(second, headers={**headers, "If-None-Match": etags[second]}).status_code == 304
        changed = client.get(first, headers={**headers, "If-None-Match": etags[first]})
        assert changed.status_code == 200 and changed["ETag"] != etags[first]
        etags[first] = changed["ETag"]


def test_a_tables_page_shows_its_running_scores_and_the_event_page_links_to_it(client, night):
    services.start_round(round_=services.draw_round(event=night))
    _record(night, RiichiHand("draw", tenpai=(0,)))
    event = client.get(f"/events/{night.pk}/").content.decode()
    assert f'href="/events/{night.pk}/tables/1/"' in event and "1 hand" not in event
    assert "33,000" not in event and "29,000" not in event  # no running score on the event page
    table = client.get(f"/events/{night.pk}/tables/1/").content.decode()
    assert "1 hand" in table and "33,000" in table and 'hx-trigger="every 15s"' in table
    assert client.get(f"/events/{night.pk}/tables/99/").status_code == 404


@pytest.mark.parametrize("page", PAGES)
def test_an_unchanged_event_page_costs_what_a_boards_304_costs(client, night, page, django_assert_num_queries):
    """Served from the cache, or 304: the event's session (a table's page: its game), then the
    tokens; nothing rendered."""
    queries = 2
    services.start_round(round_=services.draw_round(event=night))
    url = page.format(night.pk)
    etag = client.get(url)["ETag"]
    with django_assert_num_queries(queries):
        assert client.get(url).status_code == 200
    with django_assert_num_queries(queries):
        assert client.get(url, headers={"If-None-Match": etag}).status_code == 304


@pytest.fixture
def members(club):
    """Ann and Bo, members who play; Sam, a scorer who runs the event."""
    users = {}
    for name, player in (("ann", club[0]), ("bo", club[1])):
        users[name] = User.objects.create_user(name, password="pw")
        player.user = users[name]
        player.save()
    users["sam"] = User.objects.create_user("sam", password="pw")
    users["sam"].groups.create(name="scorers")
    return users


def _token(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_members_event_page_is_never_served_to_another_viewer(client, night, club, members, htmx):
    """Ann's "go to your table", Bo's, the staff's controls and the anonymous page: each viewer
    gets their own, whoever asked first (the page cache is keyed on the login)."""
    round_ = services.start_round(round_=services.draw_round(event=night))
    table = {p: t.number for t in round_.tables.all() for p in t.players}
    url = f"/events/{night.pk}/"
    headers = {"HX-Request": "true"} if htmx else {}
    seen = {}
    for name in ("sam", "ann", "bo", None, "ann", "sam", None, "bo"):
        client.logout()
        if name:
            client.force_login(members[name])
        response = client.get(url, headers=headers)
        seen.setdefault(name, set()).add(response["ETag"])
        html = response.content.decode()
        for who, player in (("ann", club[0]), ("bo", club[1])):
            assert (f"Go to your table: table {table[player.pk]}" in html) == (name == who)
        assert ('id="run-title"' in html) == (name == "sam" and not htmx)  # the staff's controls
        assert ("csrfmiddlewaretoken" in html) == (name is not None and not htmx)
    assert len(seen[None]) == 1  # one page shared by every anonymous visitor
    etags = [etag for tags in seen.values() for etag in tags]
    assert len(set(etags)) == len(etags)  # a member's (each login's) ETag is theirs alone


def test_a_members_etag_gets_another_viewer_their_own_page_not_a_304(client, night, members):
    url = f"/events/{night.pk}/"
    client.force_login(members["ann"])
    ann = client.get(url)
    client.logout()
    client.force_login(members["bo"])
    bo = client.get(url, headers={"If-None-Match": ann["ETag"]})
    assert bo.status_code == 200 and _token(bo.content.decode()) != _token(ann.content.decode())
    assert "private" in bo["Cache-Control"]
    client.logout()
    anonymous = client.get(url, headers={"If-None-Match": ann["ETag"]})
    assert anonymous.status_code == 200 and "public" in anonymous["Cache-Control"]


def test_go_to_your_table_reads_only_the_last_round(client, night, club, members, django_assert_max_num_queries):
    round_ = services.start_round(round_=services.draw_round(event=night))
    game = next(t.game for t in round_.tables.all() if club[0].pk in t.players)
    client.force_login(members["ann"])
    with django_assert_max_num_queries(6):  # session, user, player, event, round, tables
        response = client.get(f"/events/{night.pk}/my-table/")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/table/"


def test_the_gong_on_the_room_view_is_not_tied_to_when_the_page_was_rendered(client, night):
    """A cached page carries no "now": the timer learns the server's clock from the Date header."""
    services.start_round(round_=services.draw_round(event=night))
    html = client.get(f"/events/{night.pk}/room/").content.decode()
    ends = night.round_set.get().ends_at
    assert f'data-ends-at="{int(ends.timestamp())}"' in html and "data-now" not in html
    assert ends - timezone.now() > datetime.timedelta(minutes=89)
