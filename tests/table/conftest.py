"""Fixtures of the table pages: a club with players, logins and games."""

import pytest
from django.contrib.auth.models import Group, User

from scoring.models import Player, Ruleset
from scoring.records import services

NAMES = ("Ann", "Bo", "Cho", "Dee")


@pytest.fixture
def players(db):
    return [Player.objects.create(name=name) for name in NAMES]


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


@pytest.fixture
def scorer(db):
    user = User.objects.create_user("sam", password="pw-sam-123")
    user.groups.add(Group.objects.get_or_create(name="scorers")[0])
    return user


@pytest.fixture
def staff(db):
    return User.objects.create_user("stu", password="pw-stu-123", is_staff=True)


def start(players, slug="ema-2016", **kwargs):
    return services.start_game(ruleset=Ruleset.objects.preset(slug), players=players, **kwargs)


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
