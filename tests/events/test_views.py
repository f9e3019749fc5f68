"""The event pages: check-in rights, the draw and start by staff, the room view,
the timer on the table page, standings and the results CSV."""

import csv
import datetime
import io
import re

import pytest
from django.contrib.auth.models import User
from openpyxl import load_workbook

from scoring.events import reads, services
from scoring.events.seating import seating_cost
from scoring.models import ClubSession, Event, EventPlayer, EventRound, Game, Player, Ruleset
from scoring.records import services as records
from scoring.rules import Penalty, RiichiHand
from scoring.rules.eventlog import EMA_COLUMNS
from tests.builders import make_event


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


def test_the_results_csv_has_the_emas_19_columns_and_no_formulas(client, club):
    club[0].name, club[0].ema_number, club[0].country = "=HYPERLINK(1) Arbor", "04170001", "ES"
    club[0].save()
    event = make_event(club[:8], name="Cup", kind="tournament", rounds=1, city="Leiden", country="NL")
    round_ = services.start_round(round_=services.draw_round(event=event))
    for table in round_.tables.all():
        records.finish_game(game=table.game)
    response = client.get(f"/events/{event.pk}/results.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert tuple(rows[0]) == EMA_COLUMNS
    assert len(rows) == 9 and all(row[2] == "1" for row in rows[1:])  # nothing played: all tie
    ann = next(row for row in rows if row[4] == "ARBOR")
    assert ann == [
        "Cup 2026",
        "8",
        "1",
        "'=HYPERLINK(1)",
        "ARBOR",
        "04170001",
        "1",
        "0",
        "YES",
        "ES",
        "04.12.2026",
        "NL",
        "Leiden",
        "",
        "",
        "Riichi",
        "04.12.2026",
        "1",
        "NO",
    ]
    bo = next(row for row in rows if row[4] == "BERG")
    assert (bo[5], bo[8], bo[9]) == ("", "", "NL")  # no EMA number, no country: the event's


def test_the_results_spreadsheet_holds_the_csvs_rows_numbers_as_numbers_and_no_formulas(client, club):
    """The EMA's results file as .xlsx: the CSV's 19 columns and rows; counts and points are
    numbers, an EMA number keeps its leading zero, a name starting with "=" is text."""
    club[0].name, club[0].ema_number = "=HYPERLINK(1) Arbor", "04170001"
    club[0].save()
    event = make_event(club[:8], name="Cup", kind="tournament", rounds=1, city="Leiden", country="NL")
    round_ = services.start_round(round_=services.draw_round(event=event))
    for table in round_.tables.all():
        records.finish_game(game=table.game)
    response = client.get(f"/events/{event.pk}/results.xlsx")
    assert response["Content-Disposition"] == f'attachment; filename="event-{event.pk}-results.xlsx"'
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    written = list(csv.reader(io.StringIO(client.get(f"/events/{event.pk}/results.csv").content.decode())))
    assert tuple(rows[0]) == EMA_COLUMNS and len(rows) == len(written) == 9
    ann = next(row for row in rows if row[4] == "ARBOR")
    assert ann[1:8] == [8, 1, "=HYPERLINK(1)", "ARBOR", "04170001", 1, 0]
    assert next(c for c in sheet.iter_rows(min_row=2) if c[4].value == "ARBOR")[3].data_type == "s"
    assert [row[17] for row in rows[1:]] == [1] * 8  # NbDays


def test_the_results_csv_of_an_event_the_log_cannot_describe_says_why(client, night):
    response = client.get(f"/events/{night.pk}/results.csv", follow=True)
    assert response.redirect_chain[-1][0] == f"/events/{night.pk}/standings/"
    assert "Only a tournament is written as an event log" in response.content.decode()


def test_standings_page_lists_chombos_and_penalties_each_linked_to_its_hand(client, night):
    round_ = services.start_round(round_=services.draw_round(event=night))
    game = round_.tables.first().game
    records.record_hand(game=game, facts=RiichiHand("chombo", offender=1), expected_number=1, submission_key="")
    foul = RiichiHand("draw", tenpai=(0,), penalties=(Penalty(3, 8000, "result", "slow play"),))
    records.record_hand(game=game, facts=foul, expected_number=2, submission_key="")
    records.finish_game(game=game)
    page = client.get(f"/events/{night.pk}/standings/").content.decode()
    offender, slow = (game.seats.get(seat=s).player.name for s in (1, 3))
    assert f"Round 1, table 1, hand 1:\n      chombo — {offender}" in page
    assert f"Round 1, table 1, hand 2:\n      penalty of 8,000 — {slow} (slow play)" in page
    assert page.count(f'href="/games/{game.pk}/#hand-1"') == 1 and f'href="/games/{game.pk}/#hand-2"' in page
    row = re.search(rf"{slow}</a></td>\s*<td[^>]*>1</td><td[^>]*>([^<]*)</td>", page)
    assert row and row.group(1) == "\u22128,000"


@pytest.mark.parametrize(
    "name, taken",
    [
        ("Spring cup", "An event with this name already exists."),  # a second event of that name
        ("Old night", "The session Old night is of Dec. 5, 2025"),  # another day's session
        ("Esc\x1bape", "contains a control character"),
    ],
)
def test_the_admin_refuses_a_name_whose_session_is_taken_without_a_server_error(client, club, name, taken):
    make_event(club[:4], name="Spring cup")
    ClubSession.objects.create(name="Old night", date=datetime.date(2025, 12, 5))
    client.force_login(User.objects.create_superuser("root", password="pw"))
    form = {
        "name": name,
        "date": "2026-12-05",
        "kind": "club_night",
        "ruleset": Ruleset.objects.preset("ema-2016").pk,
        "round_minutes": "80",
        "seed": "",
        "entries-TOTAL_FORMS": "0",
        "entries-INITIAL_FORMS": "0",
    }
    response = client.post("/admin/scoring/event/add/", form)
    assert response.status_code == 200 and taken in response.content.decode()
    assert Event.objects.count() == 1 and ClubSession.objects.count() == 2


@pytest.mark.parametrize(
    "url, data",
    [
        ("check-in/", {"player": "abc", "present": "1"}),
        ("check-in/", {}),
        ("draw/", {"method": "interval", "step": "²"}),
        ("swap/", {"first": "².0", "second": "1.1"}),
        ("swap/", {"first": "0.0", "second": "1.1"}),  # no table 0 (not the last table)
        ("swap/", {"first": "1.4", "second": "1.1"}),  # no fifth seat
    ],
)
def test_hostile_event_forms_are_refused_without_a_server_error(client, night, scorer, url, data):
    client.force_login(scorer)
    services.draw_round(event=night)
    before = [t.players for t in EventRound.objects.get().tables.all()]
    response = client.post(f"/events/{night.pk}/{url}", data)
    assert response.status_code in (302, 404)
    if url == "swap/":
        assert [t.players for t in EventRound.objects.get().tables.all()] == before


def test_a_swap_or_a_start_before_any_draw_is_a_message(client, night, scorer):
    client.force_login(scorer)
    for url in ("swap/", "start/"):
        response = client.post(f"/events/{night.pk}/{url}", {"first": "1.0", "second": "1.1"}, follow=True)
        assert response.status_code == 200 and "Draw a round first." in response.content.decode()


def test_a_swap_says_the_seating_cost_before_and_after(client, night, scorer):
    client.force_login(scorer)
    first = services.draw_round(event=night)
    services.start_round(round_=first)
    for table in first.tables.all():
        records.finish_game(game=table.game)
    second = services.draw_round(event=night)
    before = second.cost
    page = client.post(f"/events/{night.pk}/swap/", {"first": "1.0", "second": "2.1"}, follow=True).content.decode()
    second.refresh_from_db()
    assert second.cost == seating_cost(reads.past_of(night, before=2), [t.players for t in second.tables.all()])
    assert second.cost != before
    assert f"the seating cost is {second.cost} (it was {before})" in page and f"seating cost {second.cost}" in page


def test_a_followed_tables_live_scores_are_in_the_clubs_number_style(client, night):
    round_ = services.start_round(round_=services.draw_round(event=night))
    table = round_.tables.first()
    records.record_hand(game=table.game, facts=RiichiHand("draw", tenpai=(0,)), expected_number=1, submission_key="")
    url = f"/events/{night.pk}/tables/{table.number}/"
    live = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert '<span class="num">33,000</span>' in live and '<span class="num">29,000</span>' in live
    assert "33000" not in live


def test_the_live_region_shows_a_members_seat_then_their_table_button(client, night, club, member):
    client.force_login(member)
    round_ = services.draw_round(event=night)
    table = next(t for t in round_.tables.all() if club[0].pk in t.players)
    wind = ("East", "South", "West", "North")[table.players.index(club[0].pk)]
    live = client.get(f"/events/{night.pk}/", headers={"HX-Request": "true"}).content.decode()
    assert f"Your seat in round 1: table {table.number}, {wind}." in live and "Go to your table" not in live
    services.start_round(round_=round_)
    live = client.get(f"/events/{night.pk}/", headers={"HX-Request": "true"}).content.decode()
    assert f"Go to your table: table {table.number}" in live  # the poll brings it: no reload needed


def test_staff_add_a_walk_in_from_the_event_page_between_rounds(client, club, scorer):
    event = make_event(club[:8])
    client.force_login(scorer)
    assert 'id="walk-in" name="q"' in client.get(f"/events/{event.pk}/").content.decode()
    matches = client.get(f"/events/{event.pk}/walk-ins/", {"q": "a"}).content.decode()
    assert f'value="{club[12].pk}"' in matches and f'value="{club[0].pk}"' not in matches  # Ann Arbor is listed
    assert "Nobody else matches" in client.get(f"/events/{event.pk}/walk-ins/", {"q": "Ann"}).content.decode()
    client.post(f"/events/{event.pk}/check-in/", {"player": club[12].pk, "present": "1"})
    assert EventPlayer.objects.get(event=event, player=club[12]).present


def test_a_walk_in_typed_in_full_without_the_suggestions_is_checked_in(client, club, scorer):
    event = make_event(club[:8])
    client.force_login(scorer)
    client.post(f"/events/{event.pk}/check-in/", {"q": " max MOSS ", "present": "1"})
    assert EventPlayer.objects.get(event=event, player=club[12]).present
    response = client.post(f"/events/{event.pk}/check-in/", {"q": "Nobody", "present": "1"}, follow=True)
    assert "Type a player&#x27;s name, then choose them." in response.content.decode()


def test_only_staff_see_walk_ins_and_check_everyone_in(client, club, member):
    event = make_event(club[:8], present=False)
    client.force_login(member)
    assert client.get(f"/events/{event.pk}/walk-ins/", {"q": "m"}).status_code == 403
    assert client.post(f"/events/{event.pk}/check-in/everyone/").status_code == 403
    assert not event.entries.filter(present=True).exists()


def test_staff_check_in_everyone_listed_at_once(client, club, scorer):
    event = make_event(club[:8], present=False)
    services.check_in(event=event, player=club[0])
    client.force_login(scorer)
    response = client.post(f"/events/{event.pk}/check-in/everyone/", headers={"HX-Request": "true"})
    assert "7 players checked in." in response.content.decode() and 'id="checkin"' in response.content.decode()
    assert event.entries.filter(present=True).count() == 8


def test_a_finished_event_table_sends_its_scorer_back_to_the_event_not_to_a_next_game(client, night, scorer):
    client.force_login(scorer)
    round_ = services.start_round(round_=services.draw_round(event=night))
    game = round_.tables.first().game
    records.finish_game(game=game)
    page = client.get(f"/games/{game.pk}/table/").content.decode()
    assert f'href="/events/{night.pk}/"' in page and "Back to the event" in page and "next-game" not in page
    games = Game.objects.count()
    client.post(f"/games/{game.pk}/table/next/")
    assert Game.objects.count() == games


def test_a_tournaments_unfinished_round_stays_out_of_the_page_and_the_csv(client, club):
    """A tournament's standings count whole rounds (the event log's rule), hidden or not."""
    event = make_event(club[:8], name="Cup", kind="tournament", rounds=2, hide_standings=True)
    round_ = services.start_round(round_=services.draw_round(event=event))
    first, last = (t.game for t in round_.tables.order_by("number"))
    records.record_hand(game=first, facts=RiichiHand("draw", tenpai=(0,)), expected_number=1, submission_key="")
    records.finish_game(game=first)
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event.pk}/results.csv").content.decode())))
    assert rows == [list(EMA_COLUMNS)]
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "+18,000" not in page and "Rounds that every table has finished" in page
    # nor do the event's session page, the home page (tonight's standings, the latest results)
    # and the games list show it
    for url in (f"/sessions/{event.session.pk}/", "/"):
        assert "+18,000" not in client.get(url).content.decode(), url
    assert f'href="/games/{first.pk}/"' not in client.get("/games/").content.decode()
    records.finish_game(game=last)
    assert "+18,000" in client.get(f"/sessions/{event.session.pk}/").content.decode()
    assert f'href="/games/{first.pk}/"' in client.get("/games/").content.decode()
    assert "+18,000" in client.get(f"/events/{event.pk}/standings/").content.decode()
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event.pk}/results.csv").content.decode())))
    assert (rows[1][2], rows[1][7]) == ("1", "18")  # 33,000 first: +3 and the uma's 15
    assert [row[2] for row in rows[2:]] == ["2"] * 4 + ["6"] * 3  # 0 at the other table, level on scores: shared


def test_the_event_page_says_its_rulesets_time_up_rule_and_where_it_comes_from(client, club):
    page = client.get(f"/events/{make_event(club[:4]).pk}/").content.decode()
    assert "When time is up</summary>" in page and "one more hand may be started after the gong" in page
    assert "EMA Riichi Competition Rules 2016, time limit" in page
    copy = records.copy_ruleset(ruleset=Ruleset.objects.preset("wrc"))
    copy.knobs = {**copy.knobs, "time_up": "one_more_hand"}
    copy.save()
    page = client.get(f"/events/{make_event(club[:4], name='Copy', ruleset=copy).pk}/").content.decode()
    assert "When time is up</summary>" in page and "one more hand may be started after the gong" in page
    assert "the club&#x27;s choice (WRC: the hand in progress is the last)" in page


def test_a_member_not_on_a_tournaments_list_cannot_check_in_there(client, club, member):
    cup = make_event(club[1:9], name="Cup", kind="tournament", rounds=2, present=False)
    client.force_login(member)
    assert "Check me in" not in client.get(f"/events/{cup.pk}/").content.decode()
    assert client.post(f"/events/{cup.pk}/check-in/", {"player": club[0].pk, "present": "1"}).status_code == 403
    assert not EventPlayer.objects.filter(event=cup, player=club[0]).exists()
    night = make_event(club[1:9], present=False)  # a club night: anyone may come
    assert "Check me in" in client.get(f"/events/{night.pk}/").content.decode()


def test_staff_add_a_walk_in_substitute_to_a_tournament(client, club, scorer):
    cup = make_event(club[:10], name="Cup", kind="tournament", rounds=2, substitutes=True)
    client.force_login(scorer)
    assert 'name="substitute"' in client.get(f"/events/{cup.pk}/").content.decode()
    client.post(f"/events/{cup.pk}/check-in/", {"player": club[11].pk, "present": "1", "substitute": "1"})
    assert EventPlayer.objects.get(event=cup, player=club[11]).substitute


def test_staff_are_offered_a_draw_only_when_one_can_be_made(client, club, scorer):
    cup = make_event(club[:8], name="Cup", kind="tournament", rounds=1)
    client.force_login(scorer)
    assert "Draw the next round" in client.get(f"/events/{cup.pk}/").content.decode()
    round_ = services.start_round(round_=services.draw_round(event=cup))
    page = client.get(f"/events/{cup.pk}/").content.decode()
    assert "Draw the next round" not in page and "Round 1 is being played" in page
    for table in round_.tables.all():
        records.finish_game(game=table.game)
    page = client.get(f"/events/{cup.pk}/").content.decode()
    assert "Draw the next round" not in page and "Every round of this tournament has been played." in page


def test_the_events_list_leads_staff_to_the_admins_new_event_form(client, club):
    assert "/admin/scoring/event/add/" not in client.get("/events/").content.decode()
    client.force_login(User.objects.create_superuser("root", password="pw"))
    assert 'href="/admin/scoring/event/add/"' in client.get("/events/").content.decode()


@pytest.mark.parametrize("field, value", [("rounds", "0"), ("round_minutes", "0"), ("round_minutes", "601")])
def test_the_admin_refuses_an_event_of_no_rounds_or_no_minutes(client, club, field, value):
    client.force_login(User.objects.create_superuser("root", password="pw"))
    form = {
        "name": "Cup",
        "date": "2026-12-05",
        "kind": "tournament",
        "ruleset": Ruleset.objects.preset("ema-2016").pk,
        "rounds": "4",
        "round_minutes": "80",
        "seed": "",
        "entries-TOTAL_FORMS": "0",
        "entries-INITIAL_FORMS": "0",
    } | {field: value}
    response = client.post("/admin/scoring/event/add/", form)
    assert response.status_code == 200 and "errorlist" in response.content.decode()
    assert not Event.objects.exists()


def test_the_event_page_and_the_room_view_say_what_the_draw_used_in_english_and_spanish(client, db):
    players = [Player.objects.create(name=f"Player {n:02}") for n in range(20)]
    event = make_event(players, name="Cup", kind="tournament", rounds=5)
    services.draw_round(event=event)
    for url, note in ((f"/events/{event.pk}/", "designed"), (f"/events/{event.pk}/room/", "Designed")):
        assert f'id="draw-note">{note}: no repeat opponents<' in client.get(url).content.decode()
        spanish = client.get(url, headers={"Accept-Language": "es"}).content.decode()
        assert "iseñado: ningún rival repetido" in spanish
    services.swap_seats(round_=event.round_set.get(), first=(1, 0), second=(2, 0))
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "best found: 0 repeat pairs" in page
    room = client.get(f"/events/{event.pk}/room/", headers={"Accept-Language": "es"}).content.decode()
    assert "El mejor hallado: 0 parejas repetidas" in room


@pytest.mark.parametrize("number", ["9" * 5000, str(2**63), "-1", "x"])
def test_a_number_no_form_sends_is_never_a_server_error(client, night, scorer, number):
    """A check-in's player, a draw's step and a swap's seats are read within the records' bounds
    (``bounds.whole``): 5,000 digits is a 404 or the form's message, never a 500."""
    client.force_login(scorer)
    assert client.post(f"/events/{night.pk}/check-in/", {"player": number, "present": "1"}).status_code == 404
    assert client.post(f"/events/{night.pk}/draw/", {"step": number}).status_code < 500
    swap = client.post(f"/events/{night.pk}/swap/", {"first": f"{number}.0", "second": "1.1"}, follow=True)
    assert swap.status_code == 200
