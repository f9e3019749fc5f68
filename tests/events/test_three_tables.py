"""A club night that seats the rest at three-player tables, through the
services and the pages: the event's three-player ruleset (validated), a night of 13 drawn at
one table of four and three of three, each game under its table's ruleset, a hand recorded
at a table of three, the event standings, the staff page, the room view and "Go to your
table".

No family seats three on main yet: the three-player ruleset is American told it seats three
(``tests.test_seat_count.three``)."""

import re

import pytest
from django.contrib.auth.models import User

from scoring.events import reads, services
from scoring.models import Event, Ruleset
from scoring.records import services as records
from scoring.rules import AmericanHand, RiichiHand
from tests.builders import make_event
from tests.test_seat_count import three  # noqa: F401 (a fixture: American for three)

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def thirteen(club, three):  # noqa: F811 (the fixture imported above)
    """A club night of 13 on EMA 2016 that seats the rest at tables of American for three."""
    return make_event(club, three_player_ruleset=three)


def record(game, facts):
    return records.record_hand(game=game, facts=facts, expected_number=game.hand_count + 1, submission_key="")


def test_a_night_of_thirteen_seats_one_table_of_four_and_three_of_three(thirteen, club, three):  # noqa: F811
    round_ = services.draw_round(event=thirteen)
    tables = list(round_.tables.order_by("number"))
    assert [len(t.players) for t in tables] == [4, 3, 3, 3] and round_.sitting_out == []
    assert sorted(p for t in tables for p in t.players) == sorted(p.pk for p in club)
    services.start_round(round_=round_)
    games = [t.game for t in round_.tables.select_related("game__ruleset").order_by("number")]
    assert [(g.ruleset.slug, g.seat_count) for g in games] == [("ema-2016", 4)] + [("american-three", 3)] * 3
    for table in round_.tables.all():
        assert [s.player_id for s in table.game.seats.order_by("seat")] == table.players
    record(games[1], AmericanHand("mahjong", winner=0, discarder=1, value=25))
    assert [s.table_score for s in games[1].seats.order_by("seat")] == [75, -50, -25]
    record(games[0], RiichiHand("draw", tenpai=(1,)))
    for game in games:
        records.finish_game(game=game)
    second = services.draw_round(event=thirteen)
    assert [len(t.players) for t in second.tables.order_by("number")] == [4, 3, 3, 3]


def test_the_event_standings_count_the_games_at_tables_of_three(thirteen, three):  # noqa: F811
    round_ = services.start_round(round_=services.draw_round(event=thirteen))
    game = round_.tables.get(number=2).game
    record(game, AmericanHand("mahjong", winner=2, value=30))
    for table in round_.tables.all():
        records.finish_game(game=table.game)
    lines = {line.player.pk: line for line in reads.standings(thirteen)}
    assert len(lines) == 13 and all(line.games == 1 for line in lines.values())
    results = {s.player_id: s.result for s in game.seats.all()}
    assert {p: lines[p].points for p in results} == results and max(results.values()) > 0
    best = max(results, key=results.get)
    assert lines[best].place == 1


def test_without_a_three_player_ruleset_the_rest_sit_out(club):
    round_ = services.draw_round(event=make_event(club))
    assert [len(t.players) for t in round_.tables.all()] == [4, 4, 4] and len(round_.sitting_out) == 1


def test_five_players_seat_one_table_of_four_and_one_sits_out(club, three):  # noqa: F811
    round_ = services.draw_round(event=make_event(club[:5], three_player_ruleset=three))
    assert [len(t.players) for t in round_.tables.all()] == [4] and len(round_.sitting_out) == 1


def test_three_players_make_a_table_of_three(club, three):  # noqa: F811
    round_ = services.draw_round(event=make_event(club[:3], three_player_ruleset=three))
    assert [len(t.players) for t in round_.tables.all()] == [3]
    with pytest.raises(services.ServiceError, match=r"^At least 3 players must be checked in"):
        services.draw_round(event=make_event(club[:2], name="Two", three_player_ruleset=three))


def test_substitutes_fill_only_as_many_seats_as_leave_no_one_sitting_out(club, three):  # noqa: F811
    event = make_event(club[:5], kind="tournament", substitutes=True, three_player_ruleset=three)
    with pytest.raises(services.ServiceError, match="1 more substitutes"):  # 6 is two tables of three
        services.draw_round(event=event)
    services.check_in(event=event, player=club[5], substitute=True)
    assert [len(t.players) for t in services.draw_round(event=event).tables.all()] == [3, 3]


@pytest.mark.parametrize(
    "main, rest, refusal",
    [
        ("ema-2016", "ema-2016", "EMA 2016 is not a three-player ruleset: its tables seat 4."),
        ("american-three", "american-three", "Only an event of four-player tables seats its rest"),
    ],
)
def test_the_three_player_ruleset_seats_three_and_the_events_four(club, three, main, rest, refusal):  # noqa: F811
    rulesets = {"american-three": three}
    ruleset, rest_ruleset = (rulesets.get(slug) or Ruleset.objects.preset(slug) for slug in (main, rest))
    with pytest.raises(services.ServiceError, match=re.escape(refusal)):
        make_event(club[:4], ruleset=ruleset, three_player_ruleset=rest_ruleset)
    assert not Event.objects.exists()


def admin_form(**fields):
    return {
        "name": "Friday night",
        "date": "2026-12-05",
        "kind": "club_night",
        "ruleset": Ruleset.objects.preset("ema-2016").pk,
        "round_minutes": "80",
        "seed": "",
        "entries-TOTAL_FORMS": "0",
        "entries-INITIAL_FORMS": "0",
        "stages-TOTAL_FORMS": "0",
        "stages-INITIAL_FORMS": "0",
    } | fields


def test_the_admin_offers_three_player_rulesets_and_refuses_a_main_ruleset_of_three(client, club, three):  # noqa: F811
    client.force_login(User.objects.create_superuser("root", password="pw"))
    page = client.get("/admin/scoring/event/add/").content.decode()
    offered = re.search(r'<select name="three_player_ruleset"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert f'value="{three.pk}"' in offered and f'value="{Ruleset.objects.preset("ema-2016").pk}"' not in offered
    response = client.post("/admin/scoring/event/add/", admin_form(ruleset=three.pk, three_player_ruleset=three.pk))
    assert "Only an event of four-player tables seats its rest" in response.content.decode()
    assert not Event.objects.exists()
    response = client.post("/admin/scoring/event/add/", admin_form(three_player_ruleset=three.pk))
    assert response.status_code == 302 and Event.objects.get().three_player_ruleset == three
    event = Event.objects.get()
    response = client.post(
        f"/admin/scoring/event/{event.pk}/change/",
        admin_form(ruleset=three.pk, three_player_ruleset=three.pk, kind="club_night"),
    )
    assert "Only an event of four-player tables seats its rest" in response.content.decode()


def test_the_staff_page_and_the_room_view_show_a_table_of_three_with_three_seats(client, thirteen, scorer):
    client.force_login(scorer)
    services.draw_round(event=thirteen)
    for url in (f"/events/{thirteen.pk}/", f"/events/{thirteen.pk}/room/"):
        html = client.get(url).content.decode()
        seats = re.findall(r'<ol class="event-seats">(.*?)</ol>', html, re.S)
        winds = [re.findall(r'<span class="wind">([^<]+)</span>', table) for table in seats]
        assert winds == [["East", "South", "West", "North"]] + [["East", "South", "West"]] * 3
        assert html.count("Three players · American for three") == 3
        assert "Sitting out" not in html
    staff = client.get(f"/events/{thirteen.pk}/").content.decode()
    assert re.search(
        r'id="draw-note">the best seating found: \d+ pairs? of players meet again \(a prepared schedule is for tables '
        r"of four only\)<",
        staff,
    )
    swap = re.search(r'<select id="first" name="first">(.*?)</select>', staff, re.S).group(1)
    assert "4.2" in swap and "4.3" not in swap  # the swap offers a table of three's three seats
    spanish = client.get(f"/events/{thirteen.pk}/", headers={"Accept-Language": "es"}).content.decode()
    assert spanish.count("Tres jugadores · American for three") == 3
    assert "(un calendario preparado es solo para mesas de cuatro)" in spanish


def test_go_to_your_table_leads_to_a_table_of_three(client, thirteen, club):
    round_ = services.draw_round(event=thirteen)
    table = round_.tables.get(number=4)
    player = next(p for p in club if p.pk == table.players[2])
    player.user = User.objects.create_user("west", password="pw")
    player.save()
    client.force_login(player.user)
    live = client.get(f"/events/{thirteen.pk}/", headers=HX).content.decode()
    assert "Your seat in round 1: table 4, West." in live
    services.start_round(round_=round_)
    live = client.get(f"/events/{thirteen.pk}/", headers=HX).content.decode()
    assert "Go to your table: table 4" in live
    table.refresh_from_db()
    response = client.get(f"/events/{thirteen.pk}/my-table/")
    assert response.status_code == 302 and response["Location"] == f"/games/{table.game_id}/table/"
