"""Every family gives the rules page its knobs (``site_family(family, "rulebook").KNOBS``), and
the online import offers the rulesets of the families the club plays online (the engine
family's ``ONLINE_LOBBIES``)."""

import re

import pytest
from django.urls import reverse

from scoring.families import site_family
from scoring.models import Ruleset
from scoring.online.forms import UploadForm
from scoring.online.importer import ruleset_row
from scoring.records import services
from scoring.rulebook import knobs
from scoring.rules import PRESETS
from scoring.rules.families import FAMILIES, ONLINE


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_a_rulebook_piece_naming_known_knobs(family):
    names = site_family(family, "rulebook").KNOBS
    assert names and set(names) <= set(knobs.KNOB_INFO)
    assert {"start_points", "time_up"} <= set(names)  # every family starts with points and meets the gong


def test_every_knob_is_some_familys():
    """The glossary lists no knob that no preset shows."""
    shown = {name for family in FAMILIES for name in site_family(family, "rulebook").KNOBS}
    assert shown == set(knobs.KNOB_INFO)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", PRESETS)
def test_the_rules_page_shows_each_preset_the_knobs_of_its_family_in_the_page_order(client, slug):
    html = client.get(reverse("scoring:rules")).content.decode()
    section = re.search(rf'<section class="preset card" id="{re.escape(slug)}".*?</section>', html, re.S).group(0)
    shown = re.findall(r'href="#knob-(\w+)"', section)
    family_knobs = site_family(PRESETS[slug].family, "rulebook").KNOBS
    assert shown == [name for name in knobs.KNOB_INFO if name in family_knobs]


# ---- the online import ---------------------------------------------------------------------------


def test_some_family_is_played_online_and_the_online_ones_are_the_engines_say():
    assert ONLINE and set(ONLINE) == {name for name, family in FAMILIES.items() if family.ONLINE_LOBBIES}


@pytest.mark.django_db
def test_the_upload_form_offers_the_rulesets_of_the_families_played_online_only():
    offered = {slug for slug, _name in UploadForm().fields["ruleset"].choices}
    assert offered == {""} | {slug for slug, rules in PRESETS.items() if rules.family in ONLINE}  # "": the lobby's


@pytest.mark.django_db
@pytest.mark.parametrize("family", FAMILIES)
def test_a_club_ruleset_is_imported_with_only_if_its_family_is_played_online(family):
    preset = next(slug for slug, rules in PRESETS.items() if rules.family == family)
    ours = services.copy_ruleset(ruleset=Ruleset.objects.preset(preset))
    offered = {slug for slug, _name in UploadForm().fields["ruleset"].choices}
    assert (ours.slug in offered) is (family in ONLINE)
    if family in ONLINE:
        assert ruleset_row(ours.slug) == ours
    else:
        with pytest.raises(ValueError, match=f"unknown riichi ruleset '{ours.slug}'"):
            ruleset_row(ours.slug)
