"""What the offline outbox needs from the server: the service worker at
the root of the site, a ``Hand-Result`` header on every save that tells a recorded hand from a
conflict and from a form with errors, the outbox on the table page, and htmx 2."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from scoring.models import Hand
from scoring.records import services
from scoring.rules import RiichiHand

HX = {"HX-Request": "true"}


@pytest.fixture
def client_ann(client, member):
    client.force_login(member)
    return client


def draw(client, game, **extra):
    """A fresh draw form of the table page (nobody tenpai), saved."""
    html = client.get(reverse("scoring:table", args=[game.pk]) + "?outcome=draw").content.decode()
    data = {
        "outcome": "draw",
        "action": "save",
        "submission_key": re.search(r'name="submission_key" value="(\w+)"', html).group(1),
        "expected_number": re.search(r'name="expected_number" value="(\d+)"', html).group(1),
        **extra,
    }
    return client.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX), data


def test_the_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript"
    assert response["Cache-Control"] == "no-cache"
    assert b"".join(response.streaming_content) == open(finders.find("js/sw.js"), "rb").read()


def test_a_recorded_hand_says_so_and_so_does_its_replay(client_ann, game):
    first, data = draw(client_ann, game)
    again = client_ann.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX)
    assert first["Hand-Result"] == again["Hand-Result"] == "recorded"
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_recorded_by_another_phone_first_is_a_conflict(client_ann, game):
    html = client_ann.get(reverse("scoring:table", args=[game.pk]) + "?outcome=draw").content.decode()
    services.record_hand(game=game, facts=RiichiHand("draw"), expected_number=1, submission_key="other phone")
    data = {
        "outcome": "draw",
        "action": "save",
        "expected_number": 1,
        "submission_key": re.search(r'name="submission_key" value="(\w+)"', html).group(1),
    }
    response = client_ann.post(reverse("scoring:record_hand", args=[game.pk]), data, headers=HX)
    assert response.status_code == 200  # htmx swaps no 4xx: the scorer online sees the form's message
    assert response["Hand-Result"] == "conflict"
    assert 'name="expected_number" value="2"' in response.content.decode()  # what the outbox offers
    assert Hand.objects.filter(game=game).count() == 1


def test_a_form_with_errors_has_no_result(client_ann, game):
    response, _data = draw(client_ann, game, riichi=2)  # Cho in riichi, nobody tenpai: chombo, not saved
    assert response.status_code == 200
    assert "Hand-Result" not in response
    assert not Hand.objects.filter(game=game).exists()


def test_the_table_page_has_the_outbox_and_its_script(client_ann, game):
    html = client_ann.get(reverse("scoring:table", args=[game.pk])).content.decode()
    assert re.search(r'<section id="outbox"[^>]* hidden\s+data-table="/games/\d+/table/" data-next="1"', html)
    assert re.search(r'<script src="/static/js/outbox\.js" defer></script>', html)
    assert "<script>" not in html and " style=" not in html and "hx-on" not in html


def test_htmx_is_version_2(client_ann, game):
    html = client_ann.get(reverse("scoring:table", args=[game.pk])).content.decode()
    served = re.findall(r'<script src="/static/(django_htmx/[^"]*htmx[^"]*)"', html)
    htmx = [path for path in served if "django-htmx.js" not in path]
    assert htmx == ["django_htmx/htmx-2.min.js"]
    source = open(finders.find(htmx[0])).read()
    assert re.search(r'version:"2\.\d+\.\d+"', source)
