"""Spanish on every page, the Django admin included (issue 30): the demo club walked link by
link in Spanish as a staff member, a member and a visitor, and no page shows English.

English is recognised by words Spanish never uses (below); the club's data (players, sessions,
rulebook titles) is left as it is written, and the demo's has none of these words.
"""

import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.urls import Resolver404, resolve

from scoring.demo.club import seed_club
from scoring.models import Player

ENGLISH = re.compile(
    r"\b(the|and|of|by|with|decided|Filter|Search|Select|Pagination|Run|Logout|Singles|Pairs|penalties|attempts?)\b"
)
PER_VIEW = 2  # pages walked per view (two games, two players, two change forms of each model …)
NOT_WALKED = ("/language/", "logout", "/delete/", ".csv", ".json", "/static/")


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def walk(client, start: list[str]) -> dict[str, list[str]]:
    """Every page reachable by a link from ``start`` (``PER_VIEW`` per view): its English, by URL."""
    queue, seen, walked, english = list(start), set(), {}, {}
    while queue:
        url = queue.pop(0)
        if url in seen or any(part in url for part in NOT_WALKED):
            continue
        seen.add(url)
        try:
            view = resolve(url.split("?")[0]).view_name
        except Resolver404:
            continue
        if walked.get(view, 0) >= PER_VIEW:
            continue
        walked[view] = walked.get(view, 0) + 1
        response = client.get(url)
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        html = response.content.decode()
        assert '<html lang="es"' in html, url
        text = visible_text(html)
        found = [text[max(0, m.start() - 30) : m.end() + 30] for m in ENGLISH.finditer(text)]
        if found:
            english[url] = found
        queue += [unescape(href) for href in re.findall(r'href="(/[^"#]*)"', html)]
    assert len(walked) > 10, walked
    return english


@pytest.fixture
def demo(db):
    seed_club()
    aiko = User.objects.create_user("aiko", password="pw-aiko-123")
    Player.objects.filter(name="Aiko").update(user=aiko)
    return {"staff": User.objects.create_superuser("boss", password="pw-boss-123"), "member": aiko}


@pytest.mark.parametrize("who", ["staff", "member", "visitor"])
def test_every_page_reads_in_spanish(client, demo, who):
    if who != "visitor":
        client.force_login(demo[who])
    client.cookies["django_language"] = "es"
    start = ["/", "/admin/"] if who == "staff" else ["/"]
    assert walk(client, start) == {}


def test_a_permission_reads_in_the_readers_language(client, demo):
    """Django stores "Can add player" in English; the login's form names it in Spanish."""
    client.force_login(demo["staff"])
    client.cookies["django_language"] = "es"
    html = client.get(f"/admin/auth/user/{demo['member'].pk}/change/").content.decode()
    assert "Puede añadir jugador" in html and "Can add" not in html


def test_the_admin_walk_reaches_every_registered_model(client, demo):
    """The walk above reaches each model's list and change form from the admin's index."""
    from django.contrib import admin

    client.force_login(demo["staff"])
    index = client.get("/admin/").content.decode()
    for model in admin.site._registry:
        meta = model._meta
        assert f"/admin/{meta.app_label}/{meta.model_name}/" in index, meta.label
