"""The leaderboard figures are the documented definitions over the stored seat rows
(templates/scoring/boards/statistics_help.html), in one query."""

from collections import defaultdict
from datetime import date

import pytest

from scoring.boards import stats
from scoring.families.american import reads as american_reads
from scoring.models import ClubSession, Game, Hand, Seat
from scoring.records import services
from scoring.rules import AmericanHand, RiichiHand, Win

from .conftest import CHOMBO, DOUBLE_RON, DRAW, MAHJONG, RON, SELF_PICK, TSUMO, WALL, play

pytestmark = pytest.mark.django_db


def board(family="riichi", seats=None):
    seats = stats.counted_seats(family) if seats is None else seats
    rows = seats.leaderboard(family) if family == "riichi" else seats.american_board("american")
    return {row["name"]: row for row in rows}


def test_a_multiple_ron_is_one_deal_in_and_a_win_for_each_winner(players):
    play(players[:4], [DOUBLE_RON])
    rows = board()
    assert rows["Dee"]["n_hands"] == 1
    assert rows["Dee"]["deal_in_rate"] == 1.0  # one deal-in in one hand, two winners
    assert rows["Bob"]["n_wins"] == rows["Cho"]["n_wins"] == 1
    assert rows["Ann"]["deal_in_rate"] == 0.0


def test_chombo_hands_count_as_hands(players):
    play(players[:4], [CHOMBO, RON])
    rows = board()
    assert {row["n_hands"] for row in rows.values()} == {2}
    assert rows["Dee"]["n_chombo"] == 1
    assert rows["Bob"]["win_rate"] == 0.5


def test_rates_are_per_hand_and_tsumo_share_is_per_win(players):
    play(players[:4], [RON, TSUMO, DRAW, TSUMO])
    rows = board()
    ann, bob, cho = rows["Ann"], rows["Bob"], rows["Cho"]
    assert ann["n_hands"] == 4
    assert ann["win_rate"] == 0.5 and ann["tsumo_share"] == 1.0
    assert bob["riichi_rate"] == 0.25 and bob["tsumo_share"] == 0.0
    assert cho["deal_in_rate"] == 0.25 and cho["riichi_rate"] == 0.25
    assert rows["Dee"]["tsumo_share"] is None  # no win: nothing to divide by


def test_average_win_is_the_winners_gain_in_the_hand(players):
    game = play(players[:4], [RON])
    bob = Seat.objects.get(game=game, player__name="Bob")
    (row,) = Hand.objects.get(game=game).hand_seats.filter(seat=bob)
    assert board()["Bob"]["avg_win"] == row.delta == bob.win_points
    assert row.delta == 3900 + 1000 - 1000  # 3 han 30 fu; his own riichi stick comes back


def test_ties_share_the_better_place(players):
    play(players[:4], [])  # nothing happened: four players tied for first
    rows = board()
    for row in rows.values():
        assert row["avg_place"] == 1.0
        assert row["first"] == 1.0 and row["second"] == 0.0
        assert row["rank"] == 1


def test_shares_add_up_and_rank_follows_the_total(players, bulk):
    bulk(60)
    rows = list(stats.counted_seats("riichi").leaderboard("riichi"))
    for row in rows:
        assert row["first"] + row["second"] + row["third"] + row["fourth"] == pytest.approx(1.0)
    totals = [row["total"] for row in rows]
    assert totals == sorted(totals, reverse=True)
    for row in rows:
        assert row["rank"] == 1 + sum(total > row["total"] for total in totals)


def test_the_board_equals_the_definitions_over_seat_rows(bulk):
    bulk(80)
    expected = defaultdict(lambda: defaultdict(int))
    for seat in Seat.objects.filter(game__status=Game.FINISHED, game__ruleset__family="riichi"):
        figures = expected[seat.player_id]
        figures["games"] += 1
        figures["total"] += seat.result
        figures["places"] += seat.place
        figures[f"place{seat.place}"] += 1
        for name in ("hands", "wins", "deal_ins", "riichi", "tsumo_wins", "win_points", "chombo"):
            figures[name] += getattr(seat, name)
    rows = {row["player"]: row for row in stats.counted_seats("riichi").leaderboard("riichi")}
    assert rows.keys() == expected.keys()
    for player, figures in expected.items():
        row = rows[player]
        assert row["games"] == figures["games"]
        assert row["total"] == figures["total"]
        assert row["average"] == pytest.approx(figures["total"] / figures["games"])
        assert row["avg_place"] == pytest.approx(figures["places"] / figures["games"])
        assert row["first"] == pytest.approx(figures["place1"] / figures["games"])
        assert row["fourth"] == pytest.approx(figures["place4"] / figures["games"])
        assert row["win_rate"] == pytest.approx(figures["wins"] / figures["hands"])
        assert row["deal_in_rate"] == pytest.approx(figures["deal_ins"] / figures["hands"])
        assert row["riichi_rate"] == pytest.approx(figures["riichi"] / figures["hands"])
        assert row["tsumo_share"] == pytest.approx(figures["tsumo_wins"] / figures["wins"])
        assert row["avg_win"] == pytest.approx(figures["win_points"] / figures["wins"])
        assert row["n_chombo"] == figures["chombo"]


def test_games_in_progress_and_abandoned_games_do_not_count(players):
    play(players[:4], [RON])
    play(players[:4], [TSUMO], finish=False)
    abandoned = play(players[:4], [TSUMO], finish=False)  # a finished game is not abandoned
    services.abandon_game(game=abandoned)
    assert {row["games"] for row in board().values()} == {1}


def test_the_american_board(players):
    play(players[:4], [MAHJONG, WALL, SELF_PICK, WALL], preset="american")
    rows = board("american")
    assert rows["Ann"]["n_wins"] == 1 and rows["Cho"]["n_wins"] == 1
    assert {row["wall_games"] for row in rows.values()} == {2}
    assert rows["Ann"]["avg_win"] == 25 * 2 + 25 + 25  # the discarder pays double
    assert rows["Cho"]["avg_win"] == 3 * 2 * 30  # self-picked: everybody pays double
    assert rows["Ann"]["total"] == Seat.objects.get(player__name="Ann").result
    assert board("riichi") == {}


def test_the_american_board_sums_settled_up_games_only(players):
    """US tournament rules: a game in tournament points is ranked by its event and the season
    board of tournament points, never summed with settled-up scores."""
    play(players[:4], [MAHJONG], preset="american")
    tournament = AmericanHand("mahjong", winner=0, discarder=1, value=25, exposures=2)
    play(players[:4], [tournament], preset="american-tournament")
    rows = board("american", stats.counted_seats("american").filter(american_reads.SETTLED_UP))
    assert {row["games"] for row in rows.values()} == {1}
    assert rows["Ann"]["total"] == 25 * 2 + 25 + 25  # the settled-up game's only
    shown = {row["name"]: row for row in american_reads.board(stats.counted_seats("american"))}
    assert shown.keys() == rows.keys() and {row["games"] for row in shown.values()} == {1}


def test_filters_by_kind_season_and_dates(players, night):
    league = ClubSession.objects.create(name="League 1", date=date(2026, 4, 2), kind=ClubSession.LEAGUE)
    play(players[:4], [RON], session=night)
    play(players[1:5], [RON], session=league)
    play(players[2:6], [RON], day=date(2026, 5, 1))  # no session: a club night
    seats = stats.counted_seats("riichi")
    assert set(board(seats=seats.of_kind(ClubSession.LEAGUE))) == {"Bob", "Cho", "Dee", "Eve"}
    assert set(board(seats=seats.of_kind(ClubSession.CASUAL))) == {"Ann", "Bob", "Cho", "Dee", "Eve", "Fay"}
    assert set(board(seats=seats.between(date(2026, 4, 2), date(2026, 4, 2)))) == {"Bob", "Cho", "Dee", "Eve"}
    assert board(seats=seats.between(date(2026, 5, 1), None))["Fay"]["games"] == 1
    assert board(seats=seats)["Cho"]["games"] == 3


def test_minimum_games_is_a_condition_on_the_aggregate(players):
    play(players[:4], [RON])
    play(players[:4], [TSUMO])
    play(players[2:6], [RON])
    rows = list(stats.counted_seats("riichi").leaderboard("riichi").filter(games__gte=2))
    assert {row["name"] for row in rows} == {"Ann", "Bob", "Cho", "Dee"}
    assert sorted(row["rank"] for row in rows)[0] == 1  # ranks among the players shown


def test_opponents_record(players):
    play(players[:4], [RON])  # Bob wins off Cho
    play(players[:4], [RiichiHand("win", wins=(Win(2, 1, 3, 30),))])  # Cho wins off Bob
    bob = players[1]
    rows = {row["name"]: row for row in stats.counted_seats().opponents_of(bob)}
    assert set(rows) == {"Ann", "Cho", "Dee"}
    cho = rows["Cho"]
    assert cho["games"] == 2
    assert (cho["won"], cho["lost"], cho["tied"]) == (1, 1, 0)
    assert rows["Ann"]["tied"] == 0 and rows["Ann"]["won"] + rows["Ann"]["lost"] == 2


def test_player_summary_and_history(players):
    play(players[:4], [RON, DRAW], day=date(2026, 1, 2))
    play(players[:4], [TSUMO], preset="wrc", day=date(2026, 1, 1))
    play(players[:4], [MAHJONG], preset="american", day=date(2026, 1, 3))
    seats = stats.counted_seats().filter(player=players[1])
    summary = {row["family"]: row for row in seats.player_summary()}
    assert summary["riichi"]["games"] == 2 and summary["american"]["games"] == 1
    assert summary["riichi"]["n_hands"] == 3 and summary["riichi"]["n_riichi"] == 1
    history = list(seats.history())
    assert [row["day"] for row in history] == [date(2026, 1, 1), date(2026, 1, 2), date(2026, 1, 3)]
    assert [row["family"] for row in history] == ["riichi", "riichi", "american"]


def test_the_leaderboard_is_one_query(bulk, django_assert_num_queries):
    bulk(30)
    with django_assert_num_queries(1):
        list(stats.counted_seats("riichi").leaderboard("riichi"))
    with django_assert_num_queries(1):
        list(stats.counted_seats("american").american_board("american"))


def test_the_unfiltered_board_reads_the_seats_alone(bulk, django_assert_num_queries):
    """Its speed rests on it: the seats' copies of family and status, no join to the games
    (the ``seat_board`` index covers the sums)."""
    bulk(10)
    with django_assert_num_queries(1) as queries:
        list(stats.counted_seats("riichi").leaderboard("riichi"))
    sql = queries.captured_queries[0]["sql"].upper()
    assert "JOIN" not in sql and '"SCORING_GAME"' not in sql


def seat_copies(game):
    return set(Seat.objects.filter(game=game).values_list("family", "finished"))


def test_the_seats_copy_the_games_family_and_status_through_every_change(players):
    """A seat counts in the statistics exactly when its game is finished (stats.py)."""
    game = play(players[:4], [RON], finish=False)
    assert seat_copies(game) == {("riichi", False)}
    game = services.finish_game(game=game)
    assert seat_copies(game) == {("riichi", True)}
    services.change_game(game=Game.objects.get(pk=game.pk), finished_by_scorer=False)  # reopened
    assert seat_copies(game) == {("riichi", False)}
    services.abandon_game(game=game)  # only a game in progress is abandoned
    assert seat_copies(game) == {("riichi", False)}
    services.restore_game(game=game)
    game = services.change_game(game=Game.objects.get(pk=game.pk), finished_by_scorer=True)
    assert seat_copies(game) == {("riichi", True)}
    ended = play(players[:4], [RON] * 8)  # E1 … S4 without a dealer repeat: the game ends by itself
    assert ended.status == Game.FINISHED and seat_copies(ended) == {("riichi", True)}
    services.undo_last_hand(game=ended)
    assert seat_copies(ended) == {("riichi", False)}
    american = play(players[:4], [MAHJONG], preset="american")
    assert seat_copies(american) == {("american", True)}
