"""Spanish, French and German on every page, the Django admin included: the demo club walked
link by link in each as a staff member, a member and a visitor, and no page shows English, so
no template string is left unmarked for translation.

English is recognised by words these languages never use (below); the club's data (players,
sessions, rulebook titles) is left as it is written, and the demo's has none of these words. What
a catalogue keeps in English on purpose (the Green Book's fan names, the NMJL's "Singles and
Pairs" in French and German: their glossaries say why) is taken out of a page before it is read.
"""

import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import Resolver404, resolve

from scoring.demo.club import seed_club
from scoring.models import Player, Ruleset
from scoring.records import services

from .test_catalogues import LOCALE, entries

WORDS = "the|and|of|by|with|decided|Filter|Search|Select|Pagination|Run|Logout|Singles|Pairs|penalties|attempts?"
# "Filter" is German too, "Pagination" French (Django's admin: "Pagination des groupes")
ENGLISH = {
    "es": re.compile(rf"\b({WORDS})\b"),
    "fr": re.compile(rf"\b({WORDS.replace('Pagination|', '')})\b"),
    "de": re.compile(rf"\b({WORDS.replace('Filter|', '')})\b"),
}
NMJL = ["Singles and Pairs"]  # the card's section, as American players in France and Germany name it


def kept(language: str) -> list[str]:
    """What the catalogue of ``language`` keeps in English on purpose (names of two words or
    more: "W" or "Hand" are German too), longest first."""
    same = {
        entry["msgid"]
        for entry in entries(LOCALE / language / "LC_MESSAGES" / "django.po")
        if entry.get("msgstr") == entry["msgid"] and " " in entry["msgid"]
    }
    return sorted(same | (set(NMJL) if language != "es" else set()), key=len, reverse=True)


PER_VIEW = 2  # pages walked per view and query (two games, two players, two change forms of each model …)
NOT_WALKED = ("/language/", "logout", "/delete/", ".csv", ".json", "/static/")


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def walk(client, start: list[str], language: str = "es") -> dict[str, list[str]]:
    """Every page reachable by a link from ``start`` (``PER_VIEW`` per view): its English, by URL."""
    queue, seen, walked, english = list(start), set(), {}, {}
    keep = kept(language)
    while queue:
        url = queue.pop(0)
        if url in seen or any(part in url for part in NOT_WALKED):
            continue
        seen.add(url)
        path, _sep, query = url.partition("?")
        try:  # a view with each of its queries (the table's outcomes, a board's sort …), ids aside
            view = resolve(path).view_name + re.sub(r"\d+", "", query)
        except Resolver404:
            continue
        if walked.get(view, 0) >= PER_VIEW:
            continue
        walked[view] = walked.get(view, 0) + 1
        response = client.get(url)
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        html = response.content.decode()
        assert f'<html lang="{language}"' in html, url
        text = visible_text(html)
        for words in keep:
            text = text.replace(words, " ")
        found = [text[max(0, m.start() - 30) : m.end() + 30] for m in ENGLISH[language].finditer(text)]
        if found:
            english[url] = found
        queue += [unescape(href) for href in re.findall(r'href="(/[^"#]*)"', html)]
    assert len(walked) > 10, walked
    return english


@pytest.fixture
def demo(db):
    seed_club()
    players = list(Player.objects.order_by("name")[:4])
    for slug in ("ema-2016", "mcr", "tenhou-sanma"):  # a table in play of each family (the demo's are American)
        ruleset = Ruleset.objects.preset(slug)
        services.start_game(ruleset=ruleset, players=players[: ruleset.seats])
    Player.objects.filter(name="Aiko").update(user=User.objects.create_user("aiko", password="pw-aiko-123"))
    User.objects.create_superuser("boss", password="pw-boss-123")


@pytest.mark.parametrize("language", ["es", "fr", "de"])
def test_every_page_reads_in_the_language(demo, language):
    """Staff from the front door and the admin's index, a member and a visitor from the front door."""
    from django.contrib import admin

    for who, start in (("boss", ["/", "/admin/"]), ("aiko", ["/"]), (None, ["/"])):
        client = Client()
        if who:
            client.force_login(User.objects.get(username=who))
        client.cookies["django_language"] = language
        assert walk(client, start, language) == {}, who
    client.force_login(User.objects.get(username="boss"))
    index = client.get("/admin/").content.decode()  # the walk reaches every registered model from it
    for model in admin.site._registry:
        assert f"/admin/{model._meta.app_label}/{model._meta.model_name}/" in index, model._meta.label


def test_a_permission_reads_in_the_readers_language(admin_client, django_user_model):
    """Django stores "Can add player" in English; the login's form names it in Spanish."""
    admin_client.cookies["django_language"] = "es"
    member = django_user_model.objects.create_user("aiko", password="pw-aiko-123")
    html = admin_client.get(f"/admin/auth/user/{member.pk}/change/").content.decode()
    assert "Puede añadir jugador" in html and "Can add" not in html
