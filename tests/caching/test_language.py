"""The language switch is a link (a GET), so anonymous pages need no CSRF token."""

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def switch(client, code, next_url):
    return client.get(reverse("scoring:language", args=[code]), {"next": next_url})


def test_the_switch_sets_the_language_cookie_and_goes_back(client):
    response = switch(client, "es", "/rules/?x=1")
    assert response.status_code == 302
    assert response["Location"] == "/rules/?x=1"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    assert "<h1>Reglas</h1>" in client.get("/rules/").content.decode()


@pytest.mark.parametrize(
    "next_url",
    [
        "https://evil.example/",
        "//evil.example/",
        "",
        "javascript:alert(1)",
        "abc",
        "scoring:leaderboard",
        "9" * 40,
        "a\x00",
        "rules/",
    ],
)
def test_the_switch_never_leaves_the_site(client, next_url):
    assert switch(client, "en", next_url)["Location"] == "/"


def test_an_unknown_language_is_a_404(client):
    assert switch(client, "xx", "/").status_code == 404


def test_the_header_links_to_the_switch_for_this_page(client):
    html = client.get("/rules/").content.decode()
    assert f'href="{reverse("scoring:language", args=["es"])}?next=/rules/"' in html
    assert 'action="/i18n/setlang/"' not in html
