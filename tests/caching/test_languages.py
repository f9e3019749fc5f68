"""The six languages: the header's switch lists each under its own name, whatever language
the page is in, and a first visit follows the browser's Accept-Language (the cookie the switch
sets wins over it)."""

import re

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

NAMES = ["Deutsch", "English", "Español", "Français", "Nederlands", "Português (Brasil)"]


def switch(html: str) -> list[tuple[str, str]]:
    nav = html.split('<nav class="lang"', 1)[1].split("</nav>", 1)[0]
    return re.findall(r'<a href="/language/([\w-]+)/[^"]*" lang="[\w-]+" hreflang="[\w-]+"[^>]*>([^<]+)</a>', nav)


@pytest.mark.parametrize("code", [code for code, _name in settings.LANGUAGES])
def test_the_switch_lists_six_languages_each_in_its_own_name(client, code):
    html = client.get("/rules/", headers={"Accept-Language": code}).content.decode()
    assert f'<html lang="{code}">' in html
    assert switch(html) == list(zip(["de", "en", "es", "fr", "nl", "pt-br"], NAMES, strict=True))
    assert re.search(rf'<a [^>]*hreflang="{code}" aria-current="true">', html)


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("de-AT", "de"),
        ("nl-BE,nl;q=0.9", "nl"),
        ("pt-BR", "pt-br"),
        ("pt", "pt-br"),
        ("es-AR", "es"),
        ("ja, de;q=0.5", "de"),
        ("ja", "en"),
        ("", "en"),
    ],
)
def test_a_first_visit_follows_accept_language(client, header, language):
    html = client.get("/", headers={"Accept-Language": header}).content.decode()
    assert f'<html lang="{language}">' in html


def test_the_cookie_of_the_switch_wins_over_accept_language(client):
    response = client.get("/language/de/?next=/rules/", headers={"Accept-Language": "fr"})
    assert response.status_code == 302 and response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert '<html lang="de">' in client.get("/rules/", headers={"Accept-Language": "fr"}).content.decode()
