"""Fixtures of teams: the events' club, and a team club night of 12 players in four teams
of three (each with a captain) plus a substitute of the first team."""

import pytest

from scoring.events import services as events
from scoring.models import Game, Player
from scoring.records import services as records
from scoring.rules import RiichiHand, Win
from scoring.teams import services
from tests.builders import club as club  # a fixture: the club of 13 players
from tests.builders import make_event
from tests.builders import scorer as scorer  # a fixture: a member of the "scorers" group


@pytest.fixture
def teams(club):
    """Red (Ann, Bo, Cho; substitute Max), Green (Dee, Eli, Fay), Blue (Gus, Hal, Ivy), Gold
    (Jo, Kai, Lu); the first of each is the captain."""
    made = [
        services.create_team(name=name, players=club[i * 3 : i * 3 + 3], captain=club[i * 3])
        for i, name in enumerate(("Red", "Green", "Blue", "Gold"))
    ]
    services.add_member(team=made[0], player=club[12], substitute=True)
    return made


@pytest.fixture
def team_night(club, teams):
    event = make_event(club[:12])
    services.set_team_competition(event=event, teams=teams)
    return event


def player(name: str) -> Player:
    return Player.objects.get(name=name)


def play_round(event, user, han=(1, 2, 3, 4)):
    """Draw and start the next round; at table n East wins a tsumo of ``han[n - 1]`` han
    (30 fu), and the game is finished."""
    round_ = events.draw_round(event=event)
    events.start_round(round_=round_, user=user)
    for table in round_.tables.all():
        game = Game.objects.get(pk=table.game_id)
        win = RiichiHand("win", wins=(Win(0, None, han[table.number - 1], 30),))
        records.record_hand(game=game, facts=win, expected_number=1, submission_key="")
        records.finish_game(game=game)
    return round_
