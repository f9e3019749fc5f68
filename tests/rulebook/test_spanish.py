"""Spanish everywhere: no translation keeps an English sentence, and no page rendered in
Spanish shows a string the catalogue translates. That the catalogue has every string the code
marks, none empty or fuzzy, is checked for every language in test_catalogues."""

import re
from datetime import date
from html import unescape
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.models import ClubSession, Player, Ruleset, Season
from scoring.records import services
from scoring.rulebook.offences import stored_offence
from scoring.rules import AmericanHand, Penalty, RiichiHand, Win

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "scoring" / "locale" / "es" / "LC_MESSAGES" / "django.po"


def catalogue(path: Path) -> list[tuple[str, str, bool]]:
    """(msgid, msgstr, fuzzy) of every entry; plural forms joined; the header left out."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields, current = {}, None
        for line in block.splitlines():
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', line)
            if match:
                current = match.group(1)
                fields[current] = match.group(2)
            elif line.startswith('"') and current:
                fields[current] += line[1:-1]
        if fields.get("msgid"):
            strs = [value for key, value in fields.items() if key.startswith("msgstr")]
            entries.append(
                (
                    fields["msgid"],
                    "" if not all(strs) else strs[0],
                    "#, fuzzy" in block or re.search(r"^#,.*\bfuzzy\b", block, re.M) is not None,
                )
            )
    return entries


def test_no_translation_keeps_english_words():
    """A Spanish string may keep a term of the game or a rulebook's title, never an English
    sentence: none has a word Spanish never uses ("Singles and Pairs", «decided» were left)."""
    english = re.compile(r"\b(the|and|of|by|with|decided)\b")
    assert [msgid for msgid, msgstr, _fuzzy in catalogue(CATALOGUE) if english.search(msgstr)] == []


@pytest.fixture
def club(db):
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee")]
    night = ClubSession.objects.create(name="Noche", date=date(2026, 3, 5))
    Season.objects.create(name="Primavera", start=night.date, end=night.date)
    riichi = services.start_game(
        ruleset=Ruleset.objects.preset("ema-2016"), players=players, session=night, date=night.date
    )
    hands = [
        RiichiHand("win", wins=(Win(1, 2, 3, 30),), riichi=(1,)),
        RiichiHand("chombo", offender=3),
        RiichiHand("draw", tenpai=(0, 2)),
    ]
    comments = ["", stored_offence(riichi.rules, "noten_riichi"), ""]
    for number, (facts, comment) in enumerate(zip(hands, comments, strict=True), 1):
        services.record_hand(
            game=riichi, facts=facts, expected_number=number, submission_key=f"r{number}", comment=comment
        )
    services.finish_game(game=riichi)
    american = services.start_game(
        ruleset=Ruleset.objects.preset("american"), players=players, session=night, date=night.date
    )
    services.record_hand(
        game=american,
        facts=AmericanHand("mahjong", winner=0, discarder=1, value=25, penalties=(Penalty(2, 10),)),
        expected_number=1,
        submission_key="a1",
    )
    services.finish_game(game=american)
    playing = services.start_game(ruleset=Ruleset.objects.preset("reach"), players=players, session=night)
    staff = User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    return {"players": players, "night": night, "games": [riichi, american, playing], "staff": staff}


def english_left(html: str, entries) -> list[str]:
    """Translated catalogue strings of two words or more that still show in English."""
    body = html.split('id="main"', 1)[1]
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())
    return sorted(
        {
            msgid
            for msgid, msgstr, _fuzzy in entries
            if msgstr != msgid and " " in msgid and "%" not in msgid and msgid in text
        }
    )


@pytest.mark.django_db
def test_every_page_reads_in_spanish(client, club):
    entries = [(unescape(m).replace('\\"', '"'), s, f) for m, s, f in catalogue(CATALOGUE)]
    client.force_login(club["staff"])
    client.cookies["django_language"] = "es"
    riichi, american, playing = club["games"]
    urls = [
        "/",
        "/rules/",
        reverse("scoring:games"),
        reverse("scoring:game", args=[riichi.pk]),
        reverse("scoring:game", args=[american.pk]),
        reverse("scoring:leaderboard"),
        reverse("scoring:american_board"),
        reverse("scoring:session", args=[club["night"].pk]),
        reverse("scoring:seasons"),
        reverse("scoring:season", args=[Season.objects.get().pk]),
        reverse("scoring:statistics_help"),
        reverse("scoring:start_game"),
        reverse("scoring:table", args=[playing.pk]),
        reverse("scoring:table", args=[riichi.pk]),
        *[reverse("scoring:player", args=[p.pk]) for p in club["players"]],
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert '<html lang="es">' in html, url
        assert english_left(html, entries) == [], url
    game_page = client.get(reverse("scoring:game", args=[riichi.pk])).content.decode()
    assert "Declarar riichi en una mano que no está en espera" in game_page  # the offence, in Spanish
    board = client.get(reverse("scoring:leaderboard")).content.decode()
    assert "Valoración (μ − 3σ)" in board and "Rating" not in board
    rules = client.get("/rules/").content.decode()
    assert "la regla del club, decidida donde el reglamento calla" in rules and "(seed" not in rules
