"""The stored event as an event log (the event-log format): ``manage.py export_event`` writes it,
``score_event`` over the file gives the standings page's ranking and totals, for a riichi and an
MCR tournament; the engine's totals are the seats' stored results; the page's queries are as
many whatever the rounds played."""

import csv
import datetime
import io
from fractions import Fraction

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.events import reads, services
from scoring.management.commands.score_game import stored_ruleset
from scoring.models import EventStage, Seat
from scoring.records import services as records
from scoring.rules import Penalty, RiichiHand, Win
from scoring.rules.eventlog import decode, parse_event, score_event_document
from scoring.tiles.gamelog import check_log
from tests.builders import make_event
from tests.events.mcr.test_mcr_event import tournament  # noqa: F401 (a fixture: an MCR tournament of 2 rounds)

# round 1: a ron and a chombo with a penalty at table 1 (written as its whole game), a
# self-draw at table 2 (written as its scores); round 2: a tenpai draw at each table
ROUND_ONE = (
    (
        RiichiHand("win", wins=(Win(0, 1, 3, 30),)),
        RiichiHand("chombo", offender=2),
        RiichiHand("draw", tenpai=(0,), penalties=(Penalty(3, 2000, "result", "slow play"),)),
    ),
    (RiichiHand("win", wins=(Win(2, None, 2, 30),)),),
)
ROUND_TWO = ((RiichiHand("draw", tenpai=(1,)),), (RiichiHand("draw", tenpai=(0, 3)),))


def play(event, tables) -> None:
    round_ = services.start_round(round_=services.draw_round(event=event))
    for table, hands in zip(round_.tables.order_by("number"), tables, strict=True):
        for number, hand in enumerate(hands, start=1):
            records.record_hand(game=table.game, facts=hand, expected_number=number, submission_key="")
        records.finish_game(game=table.game)


@pytest.fixture
def riichi(club):
    """A riichi tournament of 8 over a weekend, two rounds played; some players with an EMA
    number and a country."""
    for number, player in enumerate(club[2:5]):
        player.ema_number, player.country = f"0417000{number}", "es"
        player.save()
    club[5].ema_number = "EMA-17"  # not an EMA number: left out
    club[5].save()
    event = make_event(
        club[:8],
        name="Leiden Open",
        kind="tournament",
        rounds=2,
        last_day=datetime.date(2026, 12, 5),
        city="Leiden",
        country="NL",
        mers_weight="1.5",
    )
    play(event, ROUND_ONE)
    play(event, ROUND_TWO)
    return event


def exported(event) -> dict:
    out = io.StringIO()
    call_command("export_event", event.pk, stdout=out)
    return decode(out.getvalue())


def scored(event) -> dict:
    """``score_event`` over the exported file, as ``manage.py score_event`` scores it."""
    return score_event_document(exported(event), stored_ruleset, check_log)


def page_ranking(event, unit: int) -> list[tuple[int, Fraction]]:
    """The standings page's places and totals (result units)."""
    return [
        (line.place, line.table_points if line.table_points is not None else Fraction(line.points, unit))
        for line in reads.standings(event)
    ]


def test_a_riichi_tournament_exported_and_scored_gives_the_standings_pages_ranking(riichi):
    output = scored(riichi)
    assert [(row["place"], Fraction(str(row["total"]))) for row in output["final"]] == page_ranking(riichi, 1000)
    assert [row["player"] for row in output["final"]] == [line.player.name for line in reads.standings(riichi)]


def test_the_engines_totals_are_the_seats_stored_results(riichi):
    """Tables written by their scores, and the one with a chombo and a penalty by its game: the
    results the site stored, exactly."""
    stored: dict[int, int] = {}
    for player, result in Seat.objects.filter(game__session=riichi.session).values_list("player", "result"):
        stored[player] = stored.get(player, 0) + result
    assert {line.player.pk: line.points for line in reads.standings(riichi)} == stored
    tables = [table for stage in exported(riichi)["stages"] for tables in stage["rounds"] for table in tables]
    assert sum("game" in table for table in tables) == 1 and sum("scores" in table for table in tables) == 3


def test_the_exported_file_names_the_events_days_place_weight_and_players(riichi):
    doc = exported(riichi)
    assert parse_event(doc, stored_ruleset).name == "Leiden Open"
    assert (doc["ruleset"], doc["city"], doc["country"], doc["mers_weight"]) == ("ema-2016", "Leiden", "NL", 1.5)
    assert doc["days"] == [day.isoformat() for day in riichi.days]
    players = {player["name"]: player for player in doc["players"]}
    assert len(players) == 8
    assert sum("ema" in player for player in players.values()) == 3
    assert {player["country"] for player in players.values()} == {"ES", "NL"}  # "es" read as ES; none: the event's


def test_the_ema_rows_of_the_export_are_the_results_csv(client, riichi):
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{riichi.pk}/results.csv").content.decode())))
    assert [list(row.values()) for row in scored(riichi)["ema"]] == rows[1:]
    assert {(row[10], row[13], row[16], row[17]) for row in rows[1:]} == {
        ("05.12.2026", "1.5", "04.12.2026-05.12.2026", "2")
    }


def test_an_mcr_tournament_exported_and_scored_gives_the_standings_pages_ranking(tournament):  # noqa: F811
    event, _totals = tournament
    event.city, event.country = "Madrid", "ES"
    event.save()
    output = scored(event)
    assert [(row["place"], Fraction(row["total"]).limit_denominator(12)) for row in output["final"]] == page_ranking(
        event, 1
    )
    assert output["ema"][0]["Table points"] == "5.75" and output["ema"][0]["Score"] == "32"


def test_export_refuses_an_event_the_log_cannot_describe(night, club):
    with pytest.raises(CommandError, match="Only a tournament is written as an event log"):
        exported(night)
    cup = make_event(club[:8], name="Cup", kind="tournament", rounds=1)
    with pytest.raises(CommandError, match="no round of this event has finished yet"):
        exported(cup)
    play(cup, ((), ()))
    with pytest.raises(CommandError, match="needs the event's city and country"):
        exported(cup)
    with pytest.raises(CommandError, match="there is no event 999999"):
        call_command("export_event", 999999)


def test_sitting_out_keeps_a_tournament_out_of_the_event_log(club):
    cup = make_event(club[:9], name="Cup", kind="tournament", rounds=1, city="Leiden", country="NL")
    play(cup, ((), ()))
    with pytest.raises(CommandError, match="Round 1 has players sitting out"):
        exported(cup)
    assert [line.place for line in reads.standings(cup)][:8] == [1] * 8  # the stored results, as a club night's


@pytest.mark.parametrize("page", ["/events/{}/", "/events/{}/standings/", "/events/{}/results.csv"])
def test_the_event_pages_read_as_many_queries_whatever_the_rounds(client, club, page):
    cup = make_event(club[:8], name="Cup", kind="tournament", rounds=5, city="Leiden", country="NL")
    EventStage.objects.create(event=cup, number=1, name="Qualifying", rounds=5)
    EventStage.objects.create(event=cup, number=2, name="Final", rounds=1, entry=EventStage.CUT, count=4)
    counts = []
    for _round in range(4):
        play(cup, ROUND_TWO)
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(page.format(cup.pk)).status_code == 200
        counts.append(len(queries.captured_queries))
    assert counts[1] == counts[2] == counts[3], counts  # after round 1 the draw note reads earlier rounds' tables too


@pytest.mark.parametrize(("slug", "offered"), [("ema-2016", True), ("mcr", True), ("tenhou-sanma", False)])
def test_the_emas_results_file_is_offered_for_the_families_it_ranks(client, club, slug, offered):
    event = make_event(club[:6], slug=slug, name="Cup", kind="tournament", rounds=1)
    assert ("EMA results (CSV)" in client.get(f"/events/{event.pk}/").content.decode()) is offered


@pytest.mark.parametrize(("slug", "field", "unit"), [("tenhou-sanma", 6, 1000), ("american", 8, 1)])
def test_a_sanma_or_american_tournament_exports_and_scores_as_its_page(club, slug, field, unit):
    """Tables of three (sanma) and the American family's points: the export scores as the page;
    the EMA ranks neither, so no rows for its file."""
    cup = make_event(club[:field], slug=slug, name="Cup", kind="tournament", rounds=1, city="Leiden", country="NL")
    play(cup, ((), ()))
    output = scored(cup)
    assert [(row["place"], Fraction(str(row["total"]))) for row in output["final"]] == page_ranking(cup, unit)
    assert len(output["final"]) == field and output["ema"] == []
