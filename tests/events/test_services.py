"""Events through their services: check-in, draws, rounds, the gong, standings."""

import datetime
import threading

import pytest
from django.db import connection
from django.utils import timezone

from scoring.events import reads, seating, services
from scoring.events.seating import seating_cost, wind_imbalance
from scoring.models import Event, EventRound, EventTable, Game, Hand, Player, Ruleset
from scoring.records import services as records
from scoring.rules import PRESETS, AmericanHand, MCRHand, Penalty, RiichiHand, Win
from scoring.rules.vocabulary import FamilyName
from tests.builders import make_event

TSUMO = RiichiHand("win", wins=(Win(0, None, 3, 30),))
DRAW = RiichiHand("draw", tenpai=(1,))
CHOMBO = RiichiHand("chombo", offender=2)
MAHJONG = AmericanHand("mahjong", winner=0, discarder=1, value=25, exposures=0)  # tournament points need them
AMERICAN_CHOMBO = AmericanHand("wall")  # American has no chombo; a wall game stands in for "any hand"
# a hand of each family, for the tests of the gong that play "any hand"
ANY_HAND = {
    FamilyName.RIICHI: DRAW,
    FamilyName.SANMA: DRAW,
    FamilyName.AMERICAN: MAHJONG,
    FamilyName.MCR: MCRHand("draw"),
}


def record(game, facts):
    return records.record_hand(game=game, facts=facts, expected_number=game.hand_count + 1, submission_key="")


def test_a_round_seats_everyone_present_and_starts_every_tables_game(night, club, scorer):
    round_ = services.draw_round(event=night)
    tables = list(round_.tables.all())
    assert len(tables) == 3 and round_.sitting_out == []
    assert sorted(p for t in tables for p in t.players) == sorted(p.pk for p in club[:12])
    services.start_round(round_=round_, user=scorer)
    round_.refresh_from_db()
    games = [t.game for t in round_.tables.select_related("game")]
    assert all(g.session == night.session and g.gong_at == round_.ends_at for g in games)
    for table in round_.tables.all():
        assert [s.player_id for s in table.game.seats.order_by("seat")] == table.players
    assert round_.ends_at - round_.started_at == datetime.timedelta(minutes=night.round_minutes)


def test_the_next_round_waits_for_every_table_and_players_come_and_go(night, club):
    first = services.draw_round(event=night)
    services.start_round(round_=first)
    with pytest.raises(services.ServiceError, match="still being played"):
        services.draw_round(event=night)
    for table in first.tables.all():
        records.finish_game(game=table.game)
    services.check_in(event=night, player=club[0], present=False)  # Ann leaves
    services.check_in(event=night, player=club[12])  # Max arrives
    second = services.draw_round(event=night)
    seated = {p for t in second.tables.all() for p in t.players}
    assert club[0].pk not in seated and club[12].pk in seated and second.number == 2


def test_a_draw_is_stored_and_repeated_from_the_events_seed(club):
    one = make_event(club[:13], name="One")
    two = make_event(club[:13], name="Two")
    a, b = services.draw_round(event=one), services.draw_round(event=two)
    assert [t.players for t in a.tables.all()] == [t.players for t in b.tables.all()]
    assert a.sitting_out == b.sitting_out and len(a.sitting_out) == 1
    again = services.draw_round(event=one, method=EventRound.SWISS)
    assert again.pk == a.pk and again.method == EventRound.SWISS and again.tables.count() == 3


def test_a_swap_before_the_start_exchanges_two_seats_and_stores_the_cost(night):
    round_ = services.draw_round(event=night)
    tables = [t.players for t in round_.tables.all()]
    services.swap_seats(round_=round_, first=(1, 0), second=(2, 3))
    swapped = [t.players for t in round_.tables.all()]
    assert swapped[0][0] == tables[1][3] and swapped[1][3] == tables[0][0]
    round_.refresh_from_db()
    assert round_.cost == seating_cost(reads.past_of(night, before=1), swapped)
    services.start_round(round_=round_)
    with pytest.raises(services.ServiceError, match="can no longer change"):
        services.swap_seats(round_=round_, first=(1, 0), second=(2, 3))


def test_a_tournament_fills_the_last_table_with_substitutes(club):
    event = make_event(club[:10], name="Cup", kind="tournament", rounds=3, substitutes=True)
    with pytest.raises(services.ServiceError, match="2 more substitutes"):
        services.draw_round(event=event)
    services.check_in(event=event, player=club[10], substitute=True)
    services.check_in(event=event, player=club[11], substitute=True)
    round_ = services.draw_round(event=event)
    assert round_.sitting_out == [] and round_.tables.count() == 3
    services.start_round(round_=round_)
    for table in round_.tables.all():
        records.finish_game(game=table.game)
    names = {line.player.name for line in reads.standings(event)}
    assert club[10].name not in names and club[0].name in names and len(names) == 10


def _game_with_gong(players, slug, hands_before=1, ruleset=None):
    """A game of an event's round (on ``slug``'s preset or ``ruleset``) whose gong has
    sounded after ``hands_before`` hands."""
    event = make_event(players[:4], slug=slug, ruleset=ruleset, name=f"Gong {slug}")
    round_ = services.draw_round(event=event)
    services.start_round(round_=round_)
    game = round_.tables.get().game
    for _ in range(hands_before):
        record(game, ANY_HAND[PRESETS[slug].family])
    gong = timezone.now()
    Hand.objects.filter(game=game).update(recorded_at=gong - datetime.timedelta(minutes=1))
    Game.objects.filter(pk=game.pk).update(gong_at=gong)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("slug", sorted(PRESETS))
def test_a_hand_started_after_the_gong(club, slug):
    """EMA 2016: the hand in progress and one more; the others: the hand in progress is the last."""
    game = _game_with_gong(club, slug)
    hand = ANY_HAND[PRESETS[slug].family]
    record(game, hand)  # the hand in progress at the gong
    game.refresh_from_db()
    if PRESETS[slug].time_up == "one_more_hand":
        assert game.status == Game.IN_PROGRESS
        record(game, hand)  # the one more hand, started after the gong
        game.refresh_from_db()
    assert game.status == Game.FINISHED and game.finished_by_scorer
    assert all(seat.finished for seat in game.seats.all())


@pytest.mark.parametrize(
    "slug", sorted(slug for slug, rules in PRESETS.items() if rules.family not in ("american", "mcr"))
)  # the families with a chombo
def test_a_chombo_after_the_gong(club, slug):
    """EMA 2016: a chombo is not the one more hand; the others: the game ends with it."""
    game = _game_with_gong(club, slug)
    record(game, DRAW)  # the hand in progress at the gong
    game.refresh_from_db()
    if PRESETS[slug].time_up == "one_more_hand":
        record(game, CHOMBO)  # a chombo after the gong
        game.refresh_from_db()
        assert game.status == Game.IN_PROGRESS
        record(game, TSUMO)
        game.refresh_from_db()
        assert game.hand_count == 4
    assert game.status == Game.FINISHED


def test_a_chombo_as_the_hand_in_progress_ends_a_last_hand_game(club):
    game = _game_with_gong(club, "wrc")
    record(game, CHOMBO)
    game.refresh_from_db()
    assert game.status == Game.FINISHED


@pytest.mark.parametrize("slug, choice", [("ema-2016", "last_hand"), ("wrc", "one_more_hand")])
def test_a_clubs_copy_of_a_ruleset_chooses_its_time_up_rule(club, slug, choice):
    copy = records.copy_ruleset(ruleset=Ruleset.objects.preset(slug))
    copy.knobs = {**copy.knobs, "time_up": choice}
    copy.save()
    game = _game_with_gong(club, slug, ruleset=copy)
    record(game, DRAW)  # the hand in progress at the gong
    game.refresh_from_db()
    assert (game.status == Game.FINISHED) is (choice == "last_hand")
    if choice == "one_more_hand":
        record(game, CHOMBO)  # not the one more hand
        game.refresh_from_db()
        record(game, DRAW)  # the one more hand
        game.refresh_from_db()
        assert game.status == Game.FINISHED and game.hand_count == 4


def test_no_gong_no_end(club):
    game = _game_with_gong(club, "wrc")
    Game.objects.filter(pk=game.pk).update(gong_at=timezone.now() + datetime.timedelta(hours=1))
    game.refresh_from_db()
    record(game, DRAW)
    game.refresh_from_db()
    assert game.status == Game.IN_PROGRESS


def _play_round(event, results):
    """Start the drawn round; give each table's East a tsumo and finish it (``results`` tables)."""
    round_ = event.round_set.order_by("-number").first()
    services.start_round(round_=round_)
    for table in round_.tables.order_by("number")[:results]:
        record(table.game, TSUMO)
        records.finish_game(game=table.game)
    return round_


def test_standings_sum_results_with_penalties_and_ties_share_places(night, club):
    services.draw_round(event=night)
    round_ = _play_round(night, results=3)
    lines = reads.standings(night)
    seats = {s.player_id: s for t in round_.tables.all() for s in t.game.seats.all()}
    assert {line.player.pk: line.points for line in lines} == {pk: seat.result for pk, seat in seats.items()}
    places = [line.place for line in lines]
    assert places == sorted(places) and places[:3] == [1, 1, 1]  # three Easts won the same tsumo
    assert places[3] == 4


def test_hidden_standings_wait_for_every_table_of_the_round(club):
    event = make_event(club[:8], name="Cup", kind="tournament", rounds=2, hide_standings=True)
    services.draw_round(event=event)
    round_ = _play_round(event, results=1)
    assert all(line.games == 0 and line.points == 0 for line in reads.standings(event))
    last = round_.tables.order_by("number").last().game
    records.finish_game(game=last)
    assert sum(line.games for line in reads.standings(event)) == 8


def test_the_events_chombos_and_penalties_with_their_hands(night):
    services.draw_round(event=night)
    round_ = _play_round(night, results=0)
    game = round_.tables.first().game
    record(game, CHOMBO)
    game.refresh_from_db()
    record(game, RiichiHand("draw", tenpai=(1,), penalties=(Penalty(0, 1000, "result", "slow"),)))
    records.change_game(game=game, penalties=[Penalty(3, 2000, "result", "late")])  # on the whole game
    names = {s.seat: s.player.name for s in game.seats.all()}
    fouls = [(f.round, f.table, f.hand, f.player, f.chombo, f.points_text, f.reason, f.url) for f in reads.fouls(night)]
    assert fouls == [
        (1, 1, 1, names[2], True, "", "", f"/games/{game.pk}/#hand-1"),
        (1, 1, 2, names[0], False, "1,000", "slow", f"/games/{game.pk}/#hand-2"),
        (1, 1, None, names[3], False, "2,000", "late", f"/games/{game.pk}/"),
    ]


def test_an_event_takes_a_session_of_that_day_but_not_another_days(club):
    same_day = records.session_named("Friday night", date=datetime.date(2026, 12, 4))
    assert make_event(club[:4]).session == same_day  # games started by hand that night join it
    records.session_named("Last year", date=datetime.date(2025, 12, 4))
    with pytest.raises(services.ServiceError, match="of Dec. 4, 2025"):
        make_event(club[:4], name="last year")


def test_a_round_does_not_start_with_a_player_who_left_after_the_draw(night, club):
    round_ = services.draw_round(event=night)
    services.check_in(event=night, player=club[3], present=False)
    with pytest.raises(services.ServiceError, match=f"{club[3].name} left after the draw"):
        services.start_round(round_=round_)
    round_.refresh_from_db()
    assert round_.started_at is None and not Game.objects.exists()
    services.check_in(event=night, player=club[3])
    assert services.start_round(round_=round_).started_at


@pytest.mark.django_db(transaction=True)
def test_two_draws_at_once_give_one_round_not_a_server_error(club):
    """A double tap on "Draw": two requests draw at once (PostgreSQL runs them side by side)."""
    event = make_event(club[:12])
    barrier, errors = threading.Barrier(2), []

    def draw():
        try:
            barrier.wait()
            services.draw_round(event=Event.objects.get(pk=event.pk))
        except Exception as error:  # the test reports whatever went wrong
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=draw) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and event.round_set.count() == 1 and EventTable.objects.count() == 3


@pytest.mark.parametrize("slug", ["wrc", "ema-2016"])
def test_a_hand_that_ended_before_the_gong_but_is_recorded_after_it(club, slug):
    """It is not the hand in progress at the gong: the game goes on as if it had been recorded in time."""
    game = _game_with_gong(club, slug)
    records.record_hand(game=game, facts=DRAW, expected_number=2, submission_key="late", before_gong=True)
    game.refresh_from_db()
    assert game.status == Game.IN_PROGRESS
    record(game, DRAW)  # the hand in progress at the gong
    game.refresh_from_db()
    if PRESETS[slug].time_up == "one_more_hand":
        record(game, DRAW)  # the one more hand
        game.refresh_from_db()
    assert game.status == Game.FINISHED


def play(event) -> EventRound:
    """Draw, start and finish the event's next round."""
    round_ = services.draw_round(event=event)
    services.start_round(round_=round_)
    for table in round_.tables.all():
        records.finish_game(game=table.game)
    return round_


def test_a_tournament_of_16_over_5_rounds_is_designed_and_a_substitute_keeps_the_design(db):
    players = [Player.objects.create(name=f"Player {n:02}") for n in range(17)]
    event = make_event(players[:16], name="Cup", kind="tournament", rounds=5, substitutes=True)
    play(event), play(event)
    services.check_in(event=event, player=players[3], present=False)
    services.check_in(event=event, player=players[16], substitute=True)
    rounds = [*event.round_set.all(), play(event), play(event), play(event)]
    assert [reads.draw_note(event, r) for r in rounds] == ["designed: no repeat opponents"] * 5
    assert all(r.cost == 0 for r in rounds)
    past = reads.past_of(event, before=6)
    assert max(past.meetings.values()) == 1 and wind_imbalance(past.rounds) <= 1


def test_a_late_arrival_leaves_the_draw_to_the_search_which_says_its_repeats(db):
    players = [Player.objects.create(name=f"Player {n:02}") for n in range(17)]
    event = make_event(players[:16], name="Cup", kind="tournament", rounds=5)
    assert reads.draw_note(event, play(event)) == "designed: no repeat opponents"
    services.check_in(event=event, player=players[16])
    second = play(event)
    count = seating.repeated_pairs(reads.past_of(event, before=2), [t.players for t in second.tables.all()])
    assert reads.draw_note(event, second) == f"best found: {count} repeat pair{'' if count == 1 else 's'}"
    swiss = services.draw_round(event=event, method=EventRound.SWISS)
    assert reads.draw_note(event, swiss) == ""
