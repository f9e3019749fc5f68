"""Fixtures of the table pages: a club with players, logins and games."""

import pytest
from django.contrib.auth.models import User

from scoring.models import Player, Ruleset
from tests.builders import TABLE_NAMES, make_players, start
from tests.builders import scorer as scorer  # a fixture: a member of the "scorers" group
from tests.builders import staff as staff  # a fixture: a staff login

NAMES = TABLE_NAMES


@pytest.fixture
def players(db):
    return make_players(NAMES)


@pytest.fixture
def club(players, member):
    """The browser tests' club: Ann logs in with her password; the presets are loaded."""
    for slug in ("ema-2016", "american"):
        Ruleset.objects.preset(slug)
    return players


@pytest.fixture
def outsider(db):
    """A member who sits at none of these games."""
    user = User.objects.create_user("eve", password="pw-eve-123")
    Player.objects.create(name="Eve", user=user)
    return user


def choose_ruleset(page, name):
    """The start form's ruleset, its list opened first if it is closed (a ruleset preselected)."""
    closed = page.locator("#rules-choice:not([open]) summary")
    if closed.count():
        closed.click()
    page.locator("#ruleset-group label", has_text=name).click()


@pytest.fixture
def game(players):
    return start(players)


@pytest.fixture
def american(players):
    return start(players, "american")


@pytest.fixture
def client_ann(client, member):
    client.force_login(member)
    return client
