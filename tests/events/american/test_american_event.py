"""An American tournament through its services and pages: rounds of games at one table, the next
round by the organiser's rotation, the standing by tournament points with the organisers'
tie-break, the player's record, the Mahjic CSV and the season board (the rulebook's American
tournament points). The existing ``american`` preset's settle-up results stand in for the
tournament points: the pages sum each game's stored result either way."""

import csv
import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.events import reads, services
from scoring.events.american import reads as american_reads
from scoring.events.american import services as american
from scoring.models import EventRound, EventTableGame, Game, Seat
from scoring.records import services as records
from scoring.rules import AmericanHand
from scoring.rules.american_events import rank_tournament, rotate
from tests.builders import make_event

# the winner is East of each game; the discarder South
MAHJONG = AmericanHand("mahjong", winner=0, discarder=1, value=25)


def record(game, facts):
    return records.record_hand(game=game, facts=facts, expected_number=game.hand_count + 1, submission_key="")


@pytest.fixture
def cup(club):
    """Eight players, three rounds, the Destination rotation; games per round: the default."""
    return make_event(club[:8], name="Spring Cup", slug="american", kind="tournament", rounds=3, rotation="destination")


def play(table, facts=MAHJONG):
    """The table's current game: one hand, then finished."""
    game = Game.objects.get(pk=table.game_id)
    record(game, facts)
    records.finish_game(game=game)


# a round of varied games: a mahjong by discard, a wall game, a self-picked mahjong, another by discard
VARIED = (
    MAHJONG,
    AmericanHand("wall"),
    AmericanHand("mahjong", winner=2, value=50),
    AmericanHand("mahjong", winner=3, discarder=0, value=30),
)


def play_round(event, *, method=EventRound.RANDOM, hands=(MAHJONG,)):
    """Draw (or rotate), start and play a round: each table's games, the hands in turn."""
    round_ = services.draw_round(event=event, method=method)
    services.start_round(round_=round_)
    for table in round_.tables.all():
        for number in range(event.round_games):
            if number:
                american.start_next_game(table=table)
                table.refresh_from_db()
            play(table, hands[number % len(hands)])
    return round_


def test_an_american_event_plays_rounds_of_four_games_by_default(cup):
    """Rounds of four games at one table (the rulebook: "4 in a timed hour at most events")."""
    assert cup.round_games == 4
    cup.games_per_round = 2
    assert cup.round_games == 2


def test_a_table_plays_its_round_of_games_the_deal_passing_right(cup):
    round_ = services.draw_round(event=cup)
    services.start_round(round_=round_)
    round_.refresh_from_db()
    table = round_.tables.get(number=1)
    with pytest.raises(services.ServiceError, match="still being played"):
        american.start_next_game(table=table)
    seen = [table.game_id]
    for number in range(2, 5):
        play(table)
        game = american.start_next_game(table=table)
        table.refresh_from_db()
        seen.append(game.pk)
        seats = [s.player_id for s in game.seats.order_by("seat")]
        assert seats == american.next_game_order(list(table.players), number)
        assert seats[0] == table.players[number - 1]  # game n: the round's seat n deals
        assert game.gong_at == round_.ends_at
    play(table)
    with pytest.raises(services.ServiceError, match="played the round's 4 games"):
        american.start_next_game(table=table)
    assert list(EventTableGame.objects.filter(table=table).values_list("game_id", flat=True)) == seen[:3]
    assert set(reads.event_games(cup)) >= set(seen)


def test_the_next_round_waits_for_every_tables_games_until_time_up(cup):
    round_ = services.draw_round(event=cup)
    services.start_round(round_=round_)
    for table in round_.tables.all():
        play(table)
    with pytest.raises(services.ServiceError, match="played 1 of the round's 4 games"):
        services.draw_round(event=cup)
    EventRound.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
    table = round_.tables.first()
    with pytest.raises(services.ServiceError, match="time is up"):
        american.start_next_game(table=table)
    assert services.draw_round(event=cup).number == 2


@pytest.mark.parametrize("rotation", ["destination", "mahjcon", "four_seasons", "fixed"])
def test_the_next_round_follows_the_events_rotation(club, rotation):
    """Each organiser's rotation (Destination, MahjCon, Four Seasons, fixed tables) seats round 2."""
    event = make_event(club[:12], name=f"Cup {rotation}", slug="american", kind="tournament", rounds=2)
    event.rotation, event.games_per_round = rotation, 1
    event.save()
    first = play_round(event)
    second = services.draw_round(event=event, method=EventRound.ROTATION)
    assert second.method == EventRound.ROTATION
    before = tuple(tuple(t.players) for t in first.tables.order_by("number"))
    assert tuple(tuple(t.players) for t in second.tables.order_by("number")) == rotate(rotation, before)


def test_a_rotation_needs_the_same_players_and_a_round_before(cup, club):
    with pytest.raises(services.ServiceError, match="first round is drawn"):
        services.draw_round(event=cup, method=EventRound.ROTATION)
    cup.games_per_round = 1
    cup.save()
    play_round(cup)
    services.check_in(event=cup, player=club[0], present=False)
    services.check_in(event=cup, player=club[8])
    with pytest.raises(services.ServiceError, match="not the same: draw this round"):
        services.draw_round(event=cup, method=EventRound.ROTATION)
    cup.rotation = ""
    cup.save()
    with pytest.raises(services.ServiceError, match="no rotation"):
        services.draw_round(event=cup, method=EventRound.ROTATION)


def test_the_standing_is_the_engines_over_the_stored_results(cup):
    """Total tournament points, then games won, then best game (the organisers' tie-break),
    over every game of every table, earlier games included."""
    play_round(cup)
    found = reads.standings_of(cup)
    assert found.tournament_points
    games = american_reads.games_of(reads.counted_games(cup))
    assert len(games) == 8  # two tables, four games each
    expected = [(line.place, line.player, line.total, line.won, line.best) for line in rank_tournament(games.values())]
    got = [(line.place, line.player.pk, line.points, line.won, line.best) for line in found.lines]
    assert got == expected
    assert sum(line.points for line in found.lines) == sum(
        Seat.objects.filter(game__in=games).values_list("result", flat=True)
    )
    assert sum(line.won for line in found.lines) == 8  # every game a mahjong: one winner each


def test_the_mahjic_csv_has_a_row_per_player_per_game(client, cup):
    play_round(cup)
    response = client.get(reverse("scoring:event_mahjic_csv", args=[cup.pk]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == list(american_reads.MAHJIC_COLUMNS)
    assert len(rows) == 1 + 8 * 4
    assert {row[4] for row in rows[1:]} == {"1", "2", "3", "4"}  # the game of the round
    assert sum(int(row[9]) for row in rows[1:]) == 8  # one winner a game
    assert sum(int(row[8]) for row in rows[1:]) == sum(line.points for line in reads.standings(cup))


def test_a_riichi_event_has_no_mahjic_csv(client, night):
    assert client.get(reverse("scoring:event_mahjic_csv", args=[night.pk])).status_code == 404


def test_the_standings_page_shows_games_won_and_the_best_game(client, cup):
    play_round(cup)
    page = client.get(reverse("scoring:event_standings", args=[cup.pk])).content.decode()
    assert "Best game" in page and "Results for Mahjic (CSV)" in page
    assert "Ranked by tournament points, then by games won, then by the best single game." in page


def test_the_season_board_adds_up_the_seasons_events(client, club, cup):
    play_round(cup)
    other = make_event(club[:8], name="Autumn Cup", slug="american", kind="tournament", rounds=1)
    other.games_per_round = 1
    other.save()
    play_round(other)
    events, lines = american_reads.season_board(2026)
    assert events == [cup, other] or events == [other, cup]
    totals = {line.player.pk: line.points for event in events for line in reads.standings(event) if line.place}
    board = {line.player.pk: line.total for line in lines}
    for player in board:
        assert board[player] == sum(
            line.points for event in events for line in reads.standings(event) if line.player.pk == player
        )
    assert set(board) == set(totals)
    assert all(line.events == 2 for line in lines)
    page = client.get(reverse("scoring:american_season", args=[2026]))
    assert page.status_code == 200 and "Spring Cup" in page.content.decode()
    assert client.get(reverse("scoring:american_season", args=[10**40])).status_code == 404


def test_the_player_page_shows_the_tournament_record(client, cup, club):
    play_round(cup)
    line = next(line for line in reads.standings(cup) if line.player == club[0])
    page = client.get(reverse("scoring:player", args=[club[0].pk])).content.decode()
    assert "American tournaments" in page and "Spring Cup" in page
    assert f"place {line.place} of 8" in page
    [record] = american_reads.tournament_record(club[0])
    assert (record.games, record.won, record.total, record.best) == (4, line.won, line.points, line.best)


def test_the_room_view_shows_where_each_player_goes_next(client, cup):
    first = play_round(cup)
    page = client.get(reverse("scoring:event_room", args=[cup.pk])).content.decode()
    moves = american_reads.next_round_moves(cup, first)
    assert "Next round" in page
    assert len(moves) == 2 and all(len(table) == 4 for _number, table in moves)
    moving = sum(move.next_table != move.table for _number, table in moves for move in table)
    assert page.count(">to table ") == moving and page.count(">stays<") == 8 - moving
    cup.rounds = 1  # the last round: no next one to go to
    assert american_reads.next_round_moves(cup, first) == []


def test_the_event_page_offers_the_next_game_and_starts_it(client, cup, scorer):
    round_ = services.draw_round(event=cup)
    services.start_round(round_=round_)
    table = round_.tables.get(number=1)
    play(table)
    client.force_login(scorer)
    page = client.get(reverse("scoring:event", args=[cup.pk])).content.decode()
    assert "Start game 2 of 4" in page and "game 1 of 4" in page
    response = client.post(reverse("scoring:event_next_game", args=[cup.pk, table.pk]))
    table.refresh_from_db()
    assert response.status_code == 302 and response["Location"] == reverse("scoring:table", args=[table.game_id])
    again = client.post(reverse("scoring:event_next_game", args=[cup.pk, table.pk]), follow=True)
    assert "still being played" in again.content.decode()


def test_a_member_cannot_start_a_tables_next_game(client, cup, django_user_model):
    round_ = services.draw_round(event=cup)
    services.start_round(round_=round_)
    table = round_.tables.get(number=1)
    play(table)
    client.force_login(django_user_model.objects.create_user("mo", password="pw-mo-12345"))
    assert client.post(reverse("scoring:event_next_game", args=[cup.pk, table.pk])).status_code == 403


def test_a_hidden_rounds_earlier_games_stay_hidden_while_it_is_played(cup):
    """``hide_standings``: a round shows once every table has finished, its earlier games too."""
    cup.hide_standings = True
    cup.save()
    round_ = services.draw_round(event=cup)
    services.start_round(round_=round_)
    table = round_.tables.get(number=1)
    first = table.game_id
    play(table)
    american.start_next_game(table=table)
    assert first in set(Game.objects.hidden().values_list("pk", flat=True))
    assert first not in reads.counted_games(cup)


def test_a_team_board_counts_each_tables_earlier_games_in_its_round(cup, club):
    """A team competition of an American event: every game of a round is of that round (best K
    picks among them), the earlier games of a table too."""
    from scoring.teams import reads as team_reads

    play_round(cup)
    games = reads.counted_games(cup)
    found = team_reads.results(games, team_reads.EVENT_ROUND)
    assert len(found) == 8 * 4 and {result.round for result in found} == {1}


def test_the_table_page_of_a_finished_game_offers_the_rounds_next(client, cup, scorer):
    round_ = services.draw_round(event=cup)
    services.start_round(round_=round_)
    table = round_.tables.get(number=1)
    client.force_login(scorer)
    playing = client.get(reverse("scoring:table", args=[table.game_id])).content.decode()
    assert "Start game 2 of 4" not in playing
    play(table)
    page = client.get(reverse("scoring:table", args=[table.game_id])).content.decode()
    assert "Start game 2 of 4" in page
    assert reverse("scoring:event_next_game", args=[cup.pk, table.pk]) in page
    for _number in range(3):
        american.start_next_game(table=table)
        table.refresh_from_db()
        play(table)
    last = client.get(reverse("scoring:table", args=[table.game_id])).content.decode()
    assert "Start game" not in last and "Back to the event" in last
