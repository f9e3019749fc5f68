"""The start form's defaults and labels: the ruleset last used is
preselected; "Session" is said once."""

import re

import pytest

from scoring.models import Ruleset

from .conftest import start

URL = "/games/new/"


def checked(html: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]+)"[^>]*checked', html)


@pytest.mark.django_db
def test_the_ruleset_last_used_is_preselected(client_ann, players):
    newest = Ruleset.objects.preset("ema-2025")  # before the first game: the EMA's rulebook in force
    html = client_ann.get(URL).content.decode()
    assert checked(html, "family") == ["riichi"] and checked(html, "ruleset") == [str(newest.pk)]
    riichi = re.findall(r'<input type="radio" name="ruleset" value="([^"]+)"', html)
    assert riichi[0] == str(newest.pk), "EMA 2025 is offered first"
    reach = Ruleset.objects.preset("reach")
    start(players, "american")
    start(players, "reach")
    html = client_ann.get(URL).content.decode()
    assert checked(html, "family") == ["riichi"] and checked(html, "ruleset") == [str(reach.pk)]
    american = start(players, "american")
    html = client_ann.get(URL).content.decode()
    assert checked(html, "family") == ["american"] and checked(html, "ruleset") == [str(american.ruleset_id)]


@pytest.mark.django_db
def test_session_is_said_once_and_the_new_session_fields_hide_with_a_session_picked(client_ann):
    html = client_ann.get(URL).content.decode()
    assert len(re.findall(r">Session<", html)) == 1
    assert 'class="more new-session"' in html  # hidden by club.css while a session is picked
