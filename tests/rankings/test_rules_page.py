"""The rules page shows every knob of each ranking system with its source (the EMA's MERS rules,
the RUKRS proposal, "the club's rule" where the texts are silent)."""

import pytest

from scoring.rulebook import rankings
from scoring.rules.rankings import SOURCES, SYSTEMS


@pytest.mark.parametrize("slug", sorted(SYSTEMS))
def test_every_knob_has_a_value_and_its_source(slug):
    system = SYSTEMS[slug]
    rows = rankings.rows(system)
    assert [row.name for row in rows] == list(system.knobs())
    assert all(row.value and row.source == SOURCES[slug][row.name] for row in rows)


@pytest.mark.django_db
def test_the_rules_page_lists_each_system(client):
    page = client.get("/rules/").content.decode()
    for slug, system in SYSTEMS.items():
        assert f'id="ranking-{slug}"' in page and system.name in page
    assert "Part B: the best results" in page and "the club&#x27;s rule" in page
