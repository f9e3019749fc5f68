"""Fixes flow through: a ranking page is cached on the version keys of its families, of the
imports and of the club, so a corrected hand or a late penalty in a finished tournament (through
the records' services, as the admin makes it) shows at once in every ranking it counts in."""

import datetime

import pytest
from django.urls import reverse

from scoring.models import EventTable
from scoring.rankings import reads
from scoring.rankings.views import points_text
from scoring.records import services as records
from scoring.rules import Penalty, RiichiHand, Win
from scoring.rules.rankings import SYSTEMS

pytestmark = pytest.mark.django_db

ON = {"on": "2026-12-01"}


def first_game(event):
    return EventTable.objects.filter(round__event=event, round__number=1).order_by("number").first().game


def line_of(slug, player):
    made = reads.ranking(SYSTEMS[slug], on=datetime.date(2026, 12, 1))
    return next(line for line in made.lines if line.player == reads.player_key(player))


def test_the_cached_page_is_one_query(client, season, django_assert_num_queries):
    url = reverse("scoring:ranking", args=["mers-riichi"])
    first = client.get(url, ON)
    with django_assert_num_queries(1):  # the version tokens
        again = client.get(url, ON)
    assert again.content == first.content


def test_a_corrected_hand_in_a_finished_tournament_changes_the_ranking_page(client, season):
    """A hand of the Utrecht tournament's first round edited after the event (the winner of its
    ron becomes the one who dealt in): the places move, and so does the cached ranking."""
    url = reverse("scoring:ranking", args=["mers-riichi"])
    game = first_game(season[2])
    seats = {s.seat: s.player for s in game.seats.select_related("player")}
    before_winner, before_loser = line_of("mers-riichi", seats[0]), line_of("mers-riichi", seats[1])
    assert points_text(before_winner.points) in client.get(url, ON).content.decode()
    records.edit_hand(game=game, number=1, facts=RiichiHand("win", wins=(Win(1, 0, 3, 30),)))
    after_winner, after_loser = line_of("mers-riichi", seats[0]), line_of("mers-riichi", seats[1])
    assert after_winner.points < before_winner.points and after_loser.points > before_loser.points
    page = client.get(url, ON).content.decode()
    assert points_text(after_loser.points) in page
    breakdown = client.get(reverse("scoring:ranking_player", args=["mers-riichi", seats[1].pk]), ON)
    assert points_text(after_loser.points) in breakdown.content.decode()


def test_a_late_penalty_in_a_finished_tournament_changes_the_ranking(client, season):
    """A penalty given after the event closed (written into its hand through the services)."""
    url = reverse("scoring:ranking", args=["club"])
    client.get(url, ON)
    game = first_game(season[2])
    seats = {s.seat: s.player for s in game.seats.select_related("player")}
    before = line_of("club", seats[0])
    hand = RiichiHand("win", wins=(Win(0, 1, 3, 30),), penalties=(Penalty(0, 30000, "result", "late: slow play"),))
    records.edit_hand(game=game, number=1, facts=hand)
    after = line_of("club", seats[0])
    assert after.points < before.points
    assert points_text(after.points) in client.get(url, ON).content.decode()


def test_a_tournament_s_finishes_are_read_once_until_its_games_change(season, django_assert_num_queries):
    """Each tournament's finishes are kept under its games', rounds' and the club's version keys:
    a second ranking reads no event log (the tournaments with their stages, the tokens, the players,
    the imported events: 5 queries whatever the number of tournaments); a corrected hand re-reads
    its tournament alone, and the ranking follows it."""
    system, on = SYSTEMS["club"], datetime.date(2026, 12, 1)
    first = reads.ranking(system, on=on)
    with django_assert_num_queries(5):
        assert reads.ranking(system, on=on).lines == first.lines
    game = first_game(season[2])
    records.edit_hand(game=game, number=1, facts=RiichiHand("win", wins=(Win(1, 0, 3, 30),)))
    assert reads.ranking(system, on=on).lines != first.lines
