"""The front door: members see what they can do now, visitors the results."""

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from scoring.models import ClubSession

from .conftest import MAHJONG, RON, TSUMO, WALL, play

HOME = "/"


@pytest.mark.django_db
def test_a_visitor_sees_the_latest_results_and_the_top_of_the_board(client, players, django_assert_num_queries):
    old = play(players[:4], [RON, TSUMO], day=date(2026, 3, 1))
    new = play(players[2:6], [TSUMO], day=date(2026, 3, 2))
    with django_assert_num_queries(4):  # latest games + seats, every family's top of the board in one, leagues
        html = client.get(HOME).content.decode()
    assert html.index(reverse("scoring:game", args=[new.pk])) < html.index(reverse("scoring:game", args=[old.pk]))
    assert "Top of the leaderboard" in html
    for player in players:
        assert reverse("scoring:player", args=[player.pk]) in html
    assert reverse("scoring:start_game") not in html.split('id="main"')[1]
    assert reverse("scoring:rules") in html


@pytest.mark.django_db
def test_a_member_sees_the_games_to_continue_with_round_and_leader(client, players, member, django_assert_num_queries):
    playing = play(players[:4], [RON], finish=False)  # South (Bob) leads after his ron, East 2 next
    elsewhere = play(players[2:6], [TSUMO], finish=False)  # Ann does not sit here
    tonight = ClubSession.objects.create(name="Tonight", date=timezone.localdate())
    play(players[:4], [TSUMO], session=tonight)
    client.force_login(member)
    with django_assert_num_queries(10):  # session, user, tonight, groups; playing+seats; standings, latest ×2, leagues
        html = client.get(HOME).content.decode()
    main = html.split('id="main"')[1]
    assert reverse("scoring:start_game") in main
    assert reverse("scoring:table", args=[playing.pk]) in main
    assert reverse("scoring:table", args=[elsewhere.pk]) not in main
    assert "round E2" in main
    assert f'Leading: <a href="{reverse("scoring:player", args=[players[1].pk])}">Bob</a>' in main
    assert "Tonight" in main and reverse("scoring:session", args=[tonight.pk]) in main


@pytest.mark.django_db
def test_an_american_game_shows_its_hand_and_a_new_game_no_leader(client, players, member):
    american = play(players[:4], [MAHJONG, WALL], preset="american", finish=False)  # Ann's mahjong
    fresh = play(players[:4], [], finish=False)
    client.force_login(member)
    html = client.get(HOME).content.decode()
    cards = {
        game: html.split(reverse("scoring:game", args=[game.pk]))[1].split("</li>")[0] for game in (american, fresh)
    }
    assert "hand 3" in cards[american] and "round" not in cards[american]
    assert f'Leading: <a href="{reverse("scoring:player", args=[players[0].pk])}">Ann</a>' in cards[american]
    assert "round E1" in cards[fresh] and "No hands yet." in cards[fresh] and "Leading" not in cards[fresh]


@pytest.mark.django_db
def test_a_scorer_may_continue_any_game(client, players):
    from django.contrib.auth.models import Group

    sam = User.objects.create_user("sam", password="pw-sam-123")
    sam.groups.add(Group.objects.create(name="scorers"))
    game = play(players[2:6], [TSUMO], finish=False)
    client.force_login(sam)
    assert reverse("scoring:table", args=[game.pk]) in client.get(HOME).content.decode()


@pytest.mark.django_db
def test_without_public_results_a_visitor_is_asked_to_log_in(client, players, settings):
    settings.PUBLIC_RESULTS = False
    game = play(players[:4], [TSUMO])
    html = client.get(HOME).content.decode()
    assert reverse("login") in html
    assert reverse("scoring:game", args=[game.pk]) not in html


@pytest.mark.django_db
def test_the_rules_stay_at_rules(client):
    assert client.get("/rules/").status_code == 200
