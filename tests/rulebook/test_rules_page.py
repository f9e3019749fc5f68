"""The rules page lists every preset with every knob and where it comes from."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.rulebook import knobs
from scoring.rules.ruleset import KNOBS, PRESETS, source_of


@pytest.fixture
def page(client):
    response = client.get(reverse("scoring:rules"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


def preset_section(html: str, slug: str) -> str:
    match = re.search(rf'<section class="preset card" id="{re.escape(slug)}".*?</section>', html, re.S)
    assert match, f"no section with anchor #{slug}"
    return match.group(0)


def test_home_links_to_the_rules(client, db):
    response = client.get("/")
    assert response.status_code == 200
    assert f'href="{reverse("scoring:rules")}"' in response.content.decode()


@pytest.mark.parametrize("slug", list(PRESETS))
def test_every_preset_has_an_anchored_section_with_each_of_its_knobs(page, slug):
    section = preset_section(page, slug)
    ruleset = PRESETS[slug]
    assert ruleset.name in section
    for knob in knobs.knobs_for(ruleset):
        assert f'href="#knob-{knob.name}"' in section
        assert str(knob.label) in section


@pytest.mark.parametrize("slug", list(PRESETS))
def test_every_knob_says_where_it_comes_from(page, slug):
    section = preset_section(page, slug)
    with translation.override("en"):
        for row in knobs.knob_rows(PRESETS[slug]):
            assert row.source == source_of(slug, row.name)
            assert _escaped(row.source) in section


def _escaped(text: str) -> str:
    from django.utils.html import escape

    return escape(text)


def test_every_knob_is_explained_once(page):
    for knob in KNOBS:
        assert page.count(f'id="knob-{knob}"') == 1
        assert _escaped(str(knobs.KNOB_INFO[knob].help)) in page


def test_riichi_presets_show_every_riichi_knob_sanma_two_more_american_and_mcr_their_own():
    mcr_only = {"min_fan", "false_mahjong_points", "table_points"}
    riichi_knobs = {k.name for k in knobs.knobs_for(PRESETS["ema-2016"])}
    american_only = {"lowest_hand_value", "american_scoring", "discarder_loss"}
    assert riichi_knobs == set(KNOBS) - american_only - {"tsumo_payment", "north"} - mcr_only
    sanma_knobs = {k.name for k in knobs.knobs_for(PRESETS["tenhou-sanma"])}
    assert sanma_knobs == riichi_knobs | {"tsumo_payment", "north"}
    assert {k.name for k in knobs.knobs_for(PRESETS["american"])} == {
        "start_points",
        "return_points",
        "lowest_hand_value",
        "american_scoring",
        "discarder_loss",
        "time_up",
    }
    assert {k.name for k in knobs.knobs_for(PRESETS["mcr"])} == {"start_points", "time_up"} | mcr_only


@pytest.mark.parametrize(
    "slug, knob, shown",
    [
        ("ema-2016", "uma", "+15,000 / +5,000 / \u22125,000 / \u221215,000"),
        ("ema-2008", "uma", "+30,000 / +10,000 / \u221210,000 / \u221230,000"),
        (
            "jpml-a",
            "uma_situational",
            "3 players below start: +12,000 / \u22121,000 / \u22123,000 / \u22128,000; "
            "1 player below start: +8,000 / +3,000 / +1,000 / \u221212,000",
        ),
        ("ema-2016", "uma_situational", "none"),
        ("wrc", "kiriage", "yes"),
        ("ema-2016", "kiriage", "no"),
        ("ema-2016", "abortive_draws", "none"),
        ("ema-2008", "abortive_draws", "nine terminals, four winds, four kongs, four riichi"),
        ("reach", "pao_hands", "big three dragons, big four winds, four kongs"),
        ("ema-2016", "chombo", "deduction in tournament games, reverse mangan otherwise"),
        ("reach", "chombo", "reverse mangan, paid at the table"),
        ("reach", "chombo_points", "20,000 (not used: chombo is a reverse mangan)"),
        ("wrc", "chombo_points", "30,000"),
        ("reach", "mistaken_call_to_pot", "1,000"),
        ("wrc", "mistaken_call_to_pot", "no such penalty"),
        ("wrc", "multi_ron", "head bump: only the first in turn order wins"),
        ("wrc", "leftover_riichi", "lost"),
        ("reach", "start_points", "25,000"),
        ("ema-2008", "min_han_at_5_counters", "2"),
        ("american", "lowest_hand_value", "25"),
        ("ema-2016", "rounds", "Hanchan"),
        ("tenhou-sanma", "rounds", "Hanchan"),
    ],
)
def test_values_read_as_people_write_them(slug, knob, shown):
    with translation.override("en"):
        assert knobs.format_knob(PRESETS[slug], knob) == shown


def test_the_length_says_where_it_comes_from_in_english_and_spanish(client):
    """The game length of every riichi and sanma preset, with its source (EMA Riichi Competition
    Rules 2016, §3.5: the East and South rounds)."""
    html = preset_section(client.get(reverse("scoring:rules")).content.decode(), "ema-2016")
    assert "Game length" in html and "EMA Riichi Competition Rules 2016, §3.5: the East and South rounds" in html
    spanish = client.get(reverse("scoring:rules"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Duración de la partida" in preset_section(spanish, "ema-2008")
    assert "§3.5: las rondas Este y Sur (hanchan)" in preset_section(spanish, "ema-2008")
    assert "Game length" not in preset_section(client.get(reverse("scoring:rules")).content.decode(), "american")


def test_uma_reads_as_signed_thousands_on_the_page(page):
    assert "+15,000 / +5,000 / \u22125,000 / \u221215,000" in preset_section(page, "ema-2016")


def test_spanish_by_accept_language(client):
    html = client.get(reverse("scoring:rules"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<html lang="es">' in html
    assert "<h1>Reglas</h1>" in html
    # numbers group the Spanish way (Django's es format), yes/no are translated, mahjong terms stay
    nbsp = "\u00a0"
    assert f"+15{nbsp}000 / +5{nbsp}000 / \u22125{nbsp}000 / \u221215{nbsp}000" in html
    assert "sí" in html
    assert "Uma" in html


def test_spanish_chosen_with_the_language_switcher(client):
    """The header's switch is a link (scoring.caching.views.set_language); Django's i18n/ POST view is not mounted."""
    response = client.get(reverse("scoring:language", args=["es"]), {"next": reverse("scoring:rules")})
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:rules")
    html = client.get(reverse("scoring:rules")).content.decode()
    assert "<h1>Reglas</h1>" in html
    assert client.post("/i18n/setlang/", {"language": "en"}).status_code == 404


def test_page_has_the_csrf_header_htmx_and_the_stylesheet(page, client, django_user_model):
    assert "x-csrftoken" not in page  # anonymous pages carry no CSRF token (tests/caching)
    client.force_login(django_user_model.objects.create_user("member"))
    assert 'hx-headers=\'{"x-csrftoken": "' in client.get(reverse("scoring:rules")).content.decode()
    assert "htmx" in page
    assert "css/club.css" in page


def test_login_page_renders(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert 'name="password"' in response.content.decode()


@pytest.mark.django_db
def test_a_logged_in_member_sees_a_logout_button(admin_client):
    html = admin_client.get(reverse("scoring:rules")).content.decode()
    assert f'action="{reverse("logout")}" method="post"' in html
    assert "Log in</a>" not in html


def test_the_stages_of_a_tournament_are_the_clubs_rules(page):
    """Where the federations' texts are silent on stages (who goes on, what is carried, ties, the
    final ranking, sitting out), the rules page says the club's rule, as the event pages apply it."""
    match = re.search(r'<section class="card" id="stages".*?</section>', page, re.S)
    assert match, "no section with anchor #stages"
    section = match.group(0)
    for rule in ("Who plays the next stage", "What a player brings", "Equal totals", "A tie on the cut line",
                 "The final ranking", "Sitting out"):  # fmt: skip
        assert rule in section
    assert section.count("the club's rule</dd>") == 6
    assert "17.65 is 17.7" in section
