"""Numbers as each language writes them, from Django's locale formats: MCR's table points on
the game page ("1,75" in French and German, not "1.75") and a referee penalty on the club
records ("1.000" in German, "1 000" in French, a no-break space), beside the leaderboard's and the table's."""

import re

import pytest
from django.urls import reverse

from scoring.models import Player, Ruleset
from scoring.records import services
from scoring.rules import MCRHand, Penalty, RiichiHand, Win

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"  # Django's French and Spanish thousands separator


@pytest.fixture
def players(db):
    return [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee")]


def text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


@pytest.mark.parametrize(("language", "quarter"), [("en", "1.75"), ("fr", "1,75"), ("de", "1,75"), ("es", "1,75")])
def test_tied_table_points_read_in_the_readers_decimals(client, players, language, quarter):
    game = services.start_game(ruleset=Ruleset.objects.preset("mcr"), players=players)
    services.record_hand(game=game, facts=MCRHand("draw"), expected_number=1, submission_key="d1")
    services.finish_game(game=game)
    page = text(client.get(reverse("scoring:game", args=[game.pk]), headers={"Accept-Language": language}))
    assert page.count(f" {quarter} ") >= 4, page


@pytest.mark.parametrize(
    ("language", "thousand"), [("en", "1,000"), ("fr", f"1{NBSP}000"), ("de", "1.000"), ("es", f"1{NBSP}000")]
)
def test_a_penalty_on_the_club_records_reads_in_the_readers_grouping(client, players, language, thousand):
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players)
    facts = RiichiHand("win", wins=(Win(1, 2, 3, 30),), penalties=(Penalty(3, 1000, reason="slow play"),))
    services.record_hand(game=game, facts=facts, expected_number=1, submission_key="p1")
    services.finish_game(game=game)
    page = client.get(reverse("scoring:records"), headers={"Accept-Language": language}).content.decode()
    assert f"{thousand}: slow play" in page or f"{thousand} : slow play" in page, page
