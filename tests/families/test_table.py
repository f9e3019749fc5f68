"""Every family gives the table what the table part asks of it (``site_family(family,
"table")``), and the table page renders each family's games with its own partials.

The names are read from the table part itself, so a new use there is asked of every family."""

import re
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.urls import reverse

from scoring.families import site_family
from scoring.models import Player, Ruleset
from scoring.records import services
from scoring.rules import PRESETS, TableState
from scoring.rules.families import FAMILIES
from scoring.table.forms import hand_form
from scoring.table.forms.base import HandForm

ROOT = Path(__file__).resolve().parents[2]
TABLE_PART = "\n".join(path.read_text() for path in (ROOT / "scoring" / "table").rglob("*.py"))
TABLE_PAGE = (ROOT / "templates" / "scoring" / "table" / "table.html").read_text()
NAMES = ("Ann", "Bo", "Cho", "Dee")


def used_names() -> set[str]:
    """What the table part asks of a table piece: ``table_piece(rules).X`` or ``piece.X``."""
    found = re.findall(r"table_piece\([^)]*\)\.(\w+)|\bpiece\.(\w+)", TABLE_PART)
    return {name for pair in found for name in pair if name}


def used_partials() -> set[str]:
    """The family partials the table page includes: ``family_template|add:"#name"``."""
    return set(re.findall(r'family_template\|add:"#(\w+)"', TABLE_PAGE))


def test_the_table_part_asks_the_pieces_for_something():
    """The lists below are not vacuous: the table part does ask (and never asks the family)."""
    assert {"HandForm", "outcomes", "max_winners", "next_hand", "table_context", "TEMPLATE"} <= used_names()
    assert {"scoreboard_round", "hand_fields", "add_rows"} <= used_partials()
    assert "is_riichi" not in TABLE_PART and "is_riichi" not in TABLE_PAGE


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_a_table_piece_with_what_the_table_part_uses(family):
    piece = site_family(family, "table")
    assert sorted(name for name in used_names() if not hasattr(piece, name)) == []
    assert issubclass(piece.HandForm, HandForm) and piece.HandForm is not HandForm
    for partial in used_partials():
        get_template(f"{piece.TEMPLATE}#{partial}")  # TemplateDoesNotExist if the family lacks it


def preset_of(family: str) -> str:
    return next(slug for slug, rules in PRESETS.items() if rules.family == family)


@pytest.mark.parametrize("family", FAMILIES)
def test_each_outcome_of_a_family_builds_its_form_and_says_what_comes_next(family):
    rules = PRESETS[preset_of(family)]
    piece = site_family(family, "table")
    seats = FAMILIES[family].SEATS
    table = TableState((rules.start_points,) * seats, rotations=1)
    assert piece.outcomes(rules) and piece.max_winners(rules) >= 1
    for outcome in piece.outcomes(rules):
        form = hand_form(rules=rules, names=NAMES[:seats], table=table, outcome=outcome)
        assert type(form) is piece.HandForm and form.outcome_key == outcome
    assert "Bo" in piece.next_hand(rules, table, NAMES[:seats])  # the dealer after one pass: South
    assert isinstance(piece.table_context(rules, tournament=False), dict)


# ---- the table page ------------------------------------------------------------------------

# the fields a fresh form does not draw yet: a riichi winner's liability, once a yakuman is
# chosen (EMA Riichi Competition Rules 2016, §3.3.9); "ended before the gong", once a round's
# gong has sounded
SHOWN_LATER = {"win0-liable", "before_gong"}


@pytest.mark.django_db
@pytest.mark.parametrize("family", FAMILIES)
def test_the_table_page_renders_every_outcome_of_every_family(client, django_user_model, family):
    user = django_user_model.objects.create_user("ann", password="pw-ann-123")
    names = NAMES[: FAMILIES[family].SEATS]
    players = [Player.objects.create(name=name, user=user if name == "Ann" else None) for name in names]
    game = services.start_game(ruleset=Ruleset.objects.preset(preset_of(family)), players=players)
    client.force_login(user)
    url = reverse("scoring:table", args=[game.pk])
    piece, rules = site_family(family, "table"), game.rules
    page = client.get(url)
    assert page.status_code == 200 and 'id="scoreboard"' in page.content.decode()
    for outcome, label in piece.outcomes(rules).items():
        assert f'href="{url}?outcome={outcome}"' in page.content.decode()
        html = client.get(url, {"outcome": outcome}).content.decode()
        assert f'aria-current="true">{label}<' in html
        start = game.table([rules.start_points] * len(names))
        form = hand_form(rules=rules, names=names, table=start, outcome=outcome)
        missing = {name for name in form.fields if f'name="{name}"' not in html}
        assert missing <= SHOWN_LATER, outcome
