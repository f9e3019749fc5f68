"""A tournament in stages (the event-log format, "Stages"): the qualifying rounds, then staff see
who goes on and open the final in two taps; the final seats the first four by rank and brings
half their totals; the standings show each stage and the final ranking, the non-finalists below
every finalist; a per-table knockout; the export scores as the page; a late correction that
changes the cut is said, never a 500."""

import io
import uuid

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.events import by_rank, reads, seating, services
from scoring.models import EventRound, EventStage
from scoring.records import services as records
from scoring.records.services import ServiceError
from scoring.rules import RiichiHand, Win
from scoring.rules.eventlog import decode, score_event_document
from tests.builders import make_event

# each qualifying round: a ron at table 1 and a self-draw at table 2 (distinct totals: no tie on the line)
QUALIFYING = (
    (RiichiHand("win", wins=(Win(0, 1, 3, 30),)),),
    (RiichiHand("win", wins=(Win(2, None, 2, 30),)),),
)
SECOND = ((RiichiHand("win", wins=(Win(3, 0, 4, 30),)),), (RiichiHand("win", wins=(Win(1, 2, 1, 30),)),))
FINAL = ((RiichiHand("win", wins=(Win(3, None, 3, 30),)),),)


def play(event, tables, method="random") -> list[list[int]]:
    """Draw, start and play the next round, table n by ``tables[n - 1]``; its tables' players."""
    round_ = services.start_round(round_=services.draw_round(event=event, method=method))
    for table, hands in zip(round_.tables.order_by("number"), tables, strict=True):
        for number, hand in enumerate(hands, start=1):
            records.record_hand(game=table.game, facts=hand, expected_number=number, submission_key="")
        records.finish_game(game=table.game)
    return [table.players for table in round_.tables.order_by("number")]


def staged(club, **final) -> object:
    event = make_event(club[:8], name="Stage Open", kind="tournament", rounds=3, city="Leiden", country="NL")
    EventStage.objects.create(event=event, number=1, name="Qualifying", rounds=2)
    rule = {"entry": EventStage.CUT, "count": 4, "carry": "half", "seating": EventRound.RANK} | final
    EventStage.objects.create(event=event, number=2, name="Final", rounds=1, **rule)
    return event


@pytest.fixture
def cup(club):
    """Qualifying played (two rounds); the final (the first 4, half their totals) not opened."""
    event = staged(club)
    play(event, QUALIFYING)
    play(event, SECOND)
    return event


def qualifying_order(event) -> list[int]:
    return [line.player.pk for line in reads.standings(event)]


def test_the_next_stage_opens_only_once_the_stage_is_played(club):
    event = staged(club)
    play(event, QUALIFYING)
    with pytest.raises(ServiceError, match="Qualifying has 2 rounds: open the next stage once every table"):
        services.open_next_stage(event=event)
    play(event, SECOND)
    with pytest.raises(ServiceError, match="Qualifying has 2 rounds; all of them are drawn. Open the next stage."):
        services.draw_round(event=event)


def test_staff_see_the_cut_line_then_open_the_final_in_two_taps(client, scorer, cup):
    client.force_login(scorer)
    page = client.get(reverse("scoring:event", args=[cup.pk])).content.decode()
    assert "Close Qualifying and open Final</summary>" in page  # the first tap opens the preview
    assert "4 players go on to Final; check before confirming." in page
    assert page.count("goes on</td>") == 4 and page.count('class="cut-line"') == 1
    first_four = qualifying_order(cup)[:4]
    form = {"submission_key": uuid.uuid4().hex}
    response = client.post(reverse("scoring:event_open_stage", args=[cup.pk]), form, follow=True)
    assert "Final is open: draw its first round." in response.content.decode()  # the second tap
    again = client.post(reverse("scoring:event_open_stage", args=[cup.pk]), form, follow=True)
    assert "That stage was opened already." in again.content.decode()
    assert reads.current_stage(cup).name == "Final"
    tables = play(cup, FINAL)
    assert tables == [first_four]  # by rank: the first at East


def test_the_final_brings_half_and_the_others_rank_below_every_finalist(client, cup):
    qualifying = {line.player.pk: line for line in reads.standings(cup)}
    services.open_next_stage(event=cup)
    play(cup, FINAL)
    found = reads.standings_of(cup)
    finalists = {line.player.pk for line in found.lines[:4]}
    assert finalists == set(list(qualifying)[:4])
    assert [line.player.pk for line in found.lines[4:]] == list(qualifying)[4:]
    assert [line.place for line in found.lines[4:]] == [5, 6, 7, 8]
    (qualifying_name, first), (final_name, second) = found.stages
    assert (qualifying_name, final_name) == ("Qualifying", "Final")
    half = {line.player.pk: line.carried for line in second}
    top = first[0]
    total = qualifying[top.player.pk].points  # in points; half of it to 0.1 of a thousand, half away from zero
    assert total == 43500 and half[top.player.pk] == "+21,800"
    page = client.get(reverse("scoring:event_standings", args=[cup.pk])).content.decode()
    assert "Final ranking" in page and '<h2 id="stage-1">Qualifying</h2>' in page and "Brought" in page
    out = io.StringIO()
    call_command("export_event", cup.pk, stdout=out)
    scored = score_event_document(decode(out.getvalue()))
    assert [row["player"] for row in scored["final"]] == [line.player.name for line in found.lines]
    assert [stage["name"] for stage in scored["stages"]] == ["Qualifying", "Final"]


def test_a_knockout_sends_the_best_two_of_each_table_of_the_last_round(club):
    event = staged(club, entry=EventStage.PER_TABLE, count=2, carry="none", seating=EventRound.SNAKE)
    play(event, QUALIFYING)
    last = play(event, SECOND)
    order = qualifying_order(event)
    services.open_next_stage(event=event)
    field = {p.pk for p in services.stage_field(event=event, stage=reads.current_stage(event))}
    assert field == {p for table in last for p in sorted(table, key=order.index)[:2]}


def test_a_late_correction_that_changes_the_cut_is_said_on_the_standings_page(client, cup):
    services.open_next_stage(event=cup)
    play(cup, FINAL)
    fifth = reads.standings(cup)[4].player
    game = cup.session.games.filter(seats__player=fifth).order_by("pk").first()
    seat = game.seats.get(player=fifth).seat
    # a yakuman for the fifth, entered after the final: he would have made the cut
    records.edit_hand(game=game, number=1, facts=RiichiHand("win", wins=(Win(seat, None, 13, 30),)))
    page = client.get(reverse("scoring:event_standings", args=[cup.pk]))
    assert page.status_code == 200
    assert (
        "The stages cannot be ranked" in page.content.decode() and "does not play this stage" in page.content.decode()
    )


def test_a_first_stage_is_everyones_and_a_cut_needs_its_n():
    with pytest.raises(ServiceError, match="The first stage is played by everyone"):
        services.check_stage(number=1, entry=EventStage.CUT, count=4, carry="full")
    with pytest.raises(ServiceError, match="need their N"):
        services.check_stage(number=2, entry=EventStage.CUT, count=None, carry="half")
    services.check_stage(number=2, entry=EventStage.EVERYONE, count=None, carry="none")


@pytest.mark.parametrize(
    ("across", "tables"),
    [
        (False, ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))),
        (True, ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))),
    ],
)
def test_seating_by_rank_puts_the_first_four_together_or_one_of_each_quarter_at_every_table(across, tables):
    assert by_rank.draw_by_rank(range(1, 17), seating.Past(seats=4), across=across).tables == tables


def test_the_stage_preview_speaks_spanish(client, scorer, cup):
    client.force_login(scorer)
    page = client.get(reverse("scoring:event", args=[cup.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Cerrar Qualifying y abrir Final" in page and "4 jugadores pasan a Final" in page


def test_spectators_see_the_stage_of_the_round_on_the_event_page_and_the_room_view(client, cup):
    services.open_next_stage(event=cup)
    services.start_round(round_=services.draw_round(event=cup))
    page = client.get(reverse("scoring:event", args=[cup.pk])).content.decode()
    assert 'id="round-title">Round 3 · Final' in page and "Round 1 · Qualifying</summary>" in page
    assert "Round 3 · Final" in client.get(reverse("scoring:event_room", args=[cup.pk])).content.decode()
