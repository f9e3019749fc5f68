"""The event pages (issue 12): check-in rights, the draw and start by staff, the room view,
the timer on the table page, standings and the results CSV."""

import csv
import io

import pytest
from django.contrib.auth.models import User

from scoring.events import services
from scoring.models import Event, EventPlayer, EventRound, Ruleset
from scoring.records import services as records
from scoring.rules import RiichiHand
from tests.events.conftest import make_event


@pytest.fixture
def member(club):
    user = User.objects.create_user("ann", password="pw")
    club[0].user = user
    club[0].save()
    return user


def test_a_member_checks_in_themself_but_not_others(client, club, member):
    event = make_event(club[:8], present=False)
    client.force_login(member)
    url = f"/events/{event.pk}/check-in/"
    assert client.post(url, {"player": club[0].pk, "present": "1"}).status_code == 302
    assert EventPlayer.objects.get(event=event, player=club[0]).present
    assert client.post(url, {"player": club[1].pk, "present": "1"}).status_code == 403
    assert not EventPlayer.objects.get(event=event, player=club[1]).present


@pytest.mark.parametrize("player", ["abc", "", "1.5", "\x00", "9" * 40])
def test_checking_in_no_such_player_is_a_404(client, club, member, player):
    event = make_event(club[:8], present=False)
    client.force_login(member)
    assert client.post(f"/events/{event.pk}/check-in/", {"player": player, "present": "1"}).status_code == 404


def test_staff_draw_swap_and_start_a_round_and_the_scorer_lands_on_their_table(client, club, scorer, member):
    event = make_event(club[:12])
    client.force_login(scorer)
    client.post(f"/events/{event.pk}/draw/", {"method": "random"})
    round_ = EventRound.objects.get(event=event)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Start round 1" in page and "seating cost 0" in page
    client.post(f"/events/{event.pk}/swap/", {"first": "1.0", "second": "2.0"})
    client.post(f"/events/{event.pk}/start/")
    round_.refresh_from_db()
    assert round_.started_at and all(t.game_id for t in round_.tables.all())
    client.force_login(member)
    table = next(t for t in round_.tables.all() if club[0].pk in t.players)
    assert client.get(f"/events/{event.pk}/my-table/").url == f"/games/{table.game_id}/table/"
    page = client.get(f"/games/{table.game_id}/table/").content.decode()
    assert 'data-ends-at="' in page and "One more hand may be started after the gong" in page
    assert "js/round-timer.js" in page


def test_a_member_cannot_draw(client, club, member):
    event = make_event(club[:8])
    client.force_login(member)
    assert client.post(f"/events/{event.pk}/draw/").status_code == 403
    assert not EventRound.objects.exists()


def test_the_event_page_polls_its_live_tables_and_the_room_view_is_big(client, night):
    services.draw_round(event=night)
    live = client.get(f"/events/{night.pk}/", headers={"HX-Request": "true"}).content.decode()
    assert live.lstrip().startswith('<section id="live"') and "Table 3" in live
    room = client.get(f"/events/{night.pk}/room/").content.decode()
    assert "room-board" in room and "data-clock" in room and "find your table" in room


def test_the_results_csv_is_in_the_emas_order_with_base_points_and_no_formulas(client, club):
    club[0].name, club[0].ema_number, club[0].country = "=HYPERLINK(1) Arbor", "04170001", "ES"
    club[0].save()
    event = make_event(club[:8], name="Cup", kind="tournament", rounds=1)
    round_ = services.start_round(round_=services.draw_round(event=event))
    for table in round_.tables.all():
        records.finish_game(game=table.game)
    response = client.get(f"/events/{event.pk}/results.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["place", "ema_number", "last_name", "first_name", "country", "points", "base_points"]
    assert len(rows) == 9 and all(row[0] == "1" for row in rows[1:])  # nothing played: all tie
    assert {row[6] for row in rows[1:]} == {"1000"}
    ann = next(row for row in rows if row[2] == "Arbor")
    assert ann[1] == "04170001" and ann[3] == "'=HYPERLINK(1)" and ann[4] == "ES"


def test_standings_page_lists_chombos(client, night):
    round_ = services.start_round(round_=services.draw_round(event=night))
    game = round_.tables.first().game
    records.record_hand(game=game, facts=RiichiHand("chombo", offender=1), expected_number=1, submission_key="")
    page = client.get(f"/events/{night.pk}/standings/").content.decode()
    offender = game.seats.get(seat=1).player.name
    assert "Round 1, table 1, hand 1" in page and offender in page


def test_staff_create_an_event_in_the_admin_with_its_session_and_a_seed(client, club):
    staff = User.objects.create_superuser("root", password="pw")
    client.force_login(staff)
    assert client.get("/admin/scoring/event/add/").status_code == 200
    form = {"name": "Spring cup", "date": "2026-12-05", "kind": "tournament", "ruleset": Ruleset.objects.preset(
        "ema-2016").pk, "rounds": "4", "round_minutes": "80", "seed": "",
        "entries-TOTAL_FORMS": "1", "entries-INITIAL_FORMS": "0", "entries-0-player": club[0].pk}
    assert client.post("/admin/scoring/event/add/", form).status_code == 302
    event = Event.objects.get(name="Spring cup")
    assert event.session.name == "Spring cup" and event.session.is_tournament and event.seed is not None
    assert list(event.entries.values_list("player", flat=True)) == [club[0].pk]
    assert client.get(f"/admin/scoring/event/{event.pk}/change/").status_code == 200
