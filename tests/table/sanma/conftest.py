"""Fixtures of a three-player table: Ann, Bo and Cho at a game of a sanma preset (Ann deals
first), Ann logged in."""

import re

import pytest
from django.urls import reverse

from scoring.models import Ruleset
from scoring.records import services

HX = {"HX-Request": "true"}


def url(name, game):
    return reverse(f"scoring:{name}", args=[game.pk])


def start(players, slug="tenhou-sanma", **overrides):
    """A game of three under ``slug``, its knobs overridden where asked (a club's own ruleset)."""
    ruleset = Ruleset.objects.preset(slug)
    if overrides:
        ruleset = Ruleset.objects.create(
            slug=f"{slug}-own", name="Own sanma", family="sanma", based_on=slug, knobs={**ruleset.knobs, **overrides}
        )
    return services.start_game(ruleset=ruleset, players=players[:3])


@pytest.fixture
def sanma(players):
    return start(players)


@pytest.fixture
def club_sanma(players):
    return start(players, "sanma-club")


def fresh_form(client, game, outcome):
    """The hidden fields of a fresh hand form for ``outcome``."""
    html = client.get(url("table", game) + f"?outcome={outcome}").content.decode()
    key = re.search(r'name="submission_key" value="(\w+)"', html).group(1)
    number = re.search(r'name="expected_number" value="(\d+)"', html).group(1)
    return {"outcome": outcome, "submission_key": key, "expected_number": number}


def post(client, game, outcome, view="record_hand", **fields):
    """The hand form of ``outcome`` with ``fields`` sent to ``view`` (saved, or previewed)."""
    data = {**fresh_form(client, game, outcome), "action": "save", **fields}
    return client.post(url(view, game), data, headers=HX)


def scores(game):
    return [seat.table_score for seat in game.seats.order_by("seat")]
