"""Who may see and record, and CSRF on every write."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Hand

HX = {"HX-Request": "true"}


def url(name, game):
    return reverse(f"scoring:{name}", args=[game.pk])


WRITE_VIEWS = ["record_hand", "preview", "undo", "finish", "abandon"]


@pytest.mark.parametrize("name", ["table", "undo", "finish", "abandon"])
def test_anonymous_recording_pages_send_to_login(client, game, name):
    response = client.get(url(name, game))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.parametrize("name", WRITE_VIEWS)
def test_an_expired_session_on_htmx_redirects_the_whole_page_to_login(client, game, name):
    response = client.post(
        url(name, game), {}, headers={**HX, "HX-Current-URL": f"http://testserver/games/{game.pk}/table/"}
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/accounts/login/?next=%2Fgames%2F{game.pk}%2Ftable%2F"


def test_a_member_not_at_the_table_is_refused_clearly(client, outsider, game):
    client.force_login(outsider)
    response = client.get(url("table", game))
    assert response.status_code == 403
    html = response.content.decode()
    assert "You can record only games you sit at" in html and f'href="/games/{game.pk}/"' in html
    response = client.post(url("record_hand", game), {"outcome": "draw"}, headers=HX)
    assert response.status_code == 200  # htmx 2 swaps no 4xx: the refusal goes into the alerts region
    assert response["HX-Retarget"] == "#alerts" and response["HX-Reswap"] == "innerHTML"
    assert "You can record only games you sit at" in response.content.decode()
    assert Hand.objects.count() == 0


@pytest.mark.parametrize("who", ["member", "scorer", "staff"])
def test_members_at_the_table_scorers_and_staff_may_record(client, game, who, request):
    client.force_login(request.getfixturevalue(who))
    assert client.get(url("table", game)).status_code == 200


def test_a_game_that_does_not_exist_is_a_404_not_a_500(client_ann):
    assert client_ann.get("/games/999/table/").status_code == 404
    assert client_ann.get("/games/999/").status_code == 404


def test_wrong_methods_are_refused(client_ann, game):
    assert client_ann.get(url("record_hand", game)).status_code == 405
    assert client_ann.get(url("preview", game)).status_code == 405


def test_results_are_public_by_default(client, game):
    assert client.get(url("game", game)).status_code == 200
    assert client.get(url("game_log", game)).status_code == 200
    assert client.get(reverse("scoring:games")).status_code == 200


def test_private_club_needs_a_login_to_see_results(client, game, settings, member):
    settings.PUBLIC_RESULTS = False
    for name in ("game", "game_log"):
        response = client.get(url(name, game))
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert client.get(reverse("scoring:games")).status_code == 302
    client.force_login(member)
    assert client.get(url("game", game)).status_code == 200


# ---- CSRF ---------------------------------------------------------------------------------


@pytest.fixture
def csrf_client(member):
    client = Client(enforce_csrf_checks=True)
    client.force_login(member)
    return client


def test_a_post_without_the_csrf_token_is_refused(csrf_client, game):
    response = csrf_client.post(url("record_hand", game), {"outcome": "draw", "action": "save"})
    assert response.status_code == 403
    assert Hand.objects.count() == 0


def test_the_form_token_and_the_htmx_header_token_are_accepted(csrf_client, game):
    page = csrf_client.get(url("table", game) + "?outcome=draw").content.decode()
    assert 'hx-headers=\'{"x-csrftoken": "' in page  # on <body>: every htmx request carries it
    import re

    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    key = re.search(r'name="submission_key" value="(\w+)"', page).group(1)
    header_token = re.search(r'"x-csrftoken": "([^"]+)"', page).group(1)
    data = {"outcome": "draw", "submission_key": key, "expected_number": 1, "tenpai": [0], "action": "save"}
    response = csrf_client.post(url("record_hand", game), data, headers={**HX, "X-CSRFToken": header_token})
    assert response.status_code == 200 and "Hand 1 recorded." in response.content.decode()
    page = csrf_client.get(url("table", game) + "?outcome=draw").content.decode()
    key = re.search(r'name="submission_key" value="(\w+)"', page).group(1)
    data = {**data, "submission_key": key, "expected_number": 2, "csrfmiddlewaretoken": token}
    assert csrf_client.post(url("record_hand", game), data).status_code == 302
    assert Hand.objects.count() == 2


def test_start_game_and_undo_need_the_token(csrf_client, game, players):
    assert csrf_client.post(reverse("scoring:start_game"), {"action": "start"}).status_code == 403
    assert csrf_client.post(url("undo", game), {}).status_code == 403
    assert csrf_client.post(url("abandon", game), {}).status_code == 403
