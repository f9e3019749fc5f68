"""Every family gives the site its class (``scoring/families/<name>/site.py``: ``SITE``), whose
pieces mypy checks against what the parts ask (``SiteFamily``); these checks hold what mypy
cannot: each engine family has one, it names itself, and its pieces are found by name."""

from importlib import import_module

import pytest

from scoring.families import PIECES, site_family
from scoring.families.site import SiteFamily
from scoring.rules.families import FAMILIES


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_a_class_that_names_it(family):
    site = import_module(f"scoring.families.{family}.site").SITE
    assert isinstance(site, SiteFamily) and site.name == family
    for piece in PIECES:
        assert site_family(family, piece) is getattr(site, piece)


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_whose_wins_carry_tiles_checks_them(family):
    """The engine's ``TILES`` (a win may carry its tiles) and the site's ``tiles`` piece go
    together: a game log's tiles are checked for every family that takes them."""
    assert (site_family(family, "tiles") is not None) == FAMILIES[family].TILES


def test_sanma_is_riichi_where_it_only_differs():
    """Sanma's table, records and tile check are riichi's (its form at three seats, its rows); its board,
    standings and rules-page knobs are its own."""
    assert site_family("sanma", "table") is site_family("riichi", "table")
    assert site_family("sanma", "records") is site_family("riichi", "records")
    assert site_family("sanma", "tiles") is site_family("riichi", "tiles")
    assert site_family("sanma", "reads") is not site_family("riichi", "reads")
    assert site_family("sanma", "rulebook") is not site_family("riichi", "rulebook")


def test_the_registry_refuses_an_unknown_family_or_piece():
    with pytest.raises(LookupError, match="no rule family"):
        site_family("hongkong", "table")
    with pytest.raises(LookupError, match="no piece"):
        site_family("riichi", "scoreboard")
