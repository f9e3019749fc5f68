"""Fixtures of rankings: three finished riichi tournaments of a club and one still being played."""

import datetime

import pytest

from scoring.events import services
from scoring.models import Player, Ruleset
from scoring.records import services as records
from scoring.rules import RiichiHand, Win
from tests.builders import EVENT_NAMES as NAMES
from tests.builders import staff as staff  # a fixture: a staff login

# a ron at table 1 and a self-draw at table 2, then a tenpai draw at each table
ROUNDS = (
    ((RiichiHand("win", wins=(Win(0, 1, 3, 30),)),), (RiichiHand("win", wins=(Win(2, None, 2, 30),)),)),
    ((RiichiHand("draw", tenpai=(1,)),), (RiichiHand("draw", tenpai=(0, 3)),)),
)


def play(event, tables) -> None:
    round_ = services.start_round(round_=services.draw_round(event=event))
    for table, hands in zip(round_.tables.order_by("number"), tables, strict=True):
        for number, hand in enumerate(hands, start=1):
            records.record_hand(game=table.game, facts=hand, expected_number=number, submission_key="")
        records.finish_game(game=table.game)


def tournament(players, *, name, day, seed, rounds=ROUNDS, planned=2, slug="ema-2016"):
    event = services.create_event(
        name=name,
        date=day,
        ruleset=Ruleset.objects.preset(slug),
        players=players,
        seed=seed,
        kind="tournament",
        rounds=planned,
        city="Leiden",
        country="NL",
    )
    for player in players:
        services.check_in(event=event, player=player)
    for tables in rounds:
        play(event, tables)
    return event


@pytest.fixture
def club(db):
    players = [Player.objects.create(name=name) for name in NAMES]
    for number, player in enumerate(players[:4]):
        player.ema_number, player.country = f"0417000{number}", "ES"
        player.save()
    return players


@pytest.fixture
def season(club):
    """Three finished tournaments of 8 (of the club's 13, different fields) and one with a round
    of two played."""
    return [
        tournament(club[:8], name="Leiden Open", day=datetime.date(2026, 3, 7), seed=1),
        tournament(club[2:10], name="Delft Cup", day=datetime.date(2026, 6, 13), seed=2),
        tournament(club[4:12], name="Utrecht Riichi", day=datetime.date(2026, 9, 19), seed=3),
        tournament(club[:8], name="Unfinished", day=datetime.date(2026, 11, 1), seed=4, rounds=ROUNDS[:1]),
    ]
