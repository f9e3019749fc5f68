"""What the records page asks the database, whatever the size of the history (counts of queries,
never times): a family nobody has finished a game of is looked up once and not searched through
the other families' wins; the most common yaku are read as values of the family's finished games."""

import pytest

from scoring.honours import reads
from scoring.rules.vocabulary import FamilyName
from tests.honours.test_records import DAISANGEN, game, ron

pytestmark = pytest.mark.django_db


@pytest.fixture
def riichi_history():
    game([ron("Bea", "Ann", yakuman=1, tiles=DAISANGEN), ron("Bea", "Cid", han=3, fu=40)])
    game([ron("Ann", "Dee", han=4, fu=30)], session="Another night")


@pytest.mark.parametrize("read", [reads.biggest_hands, reads.biggest_by_fan, reads.best_session_results])
@pytest.mark.parametrize("family", [FamilyName.SANMA, FamilyName.MCR])
def test_a_family_without_finished_games_costs_one_query(riichi_history, django_assert_num_queries, read, family):
    with django_assert_num_queries(1):
        assert read(family) == []


def test_the_most_common_yaku_are_two_queries_whatever_the_wins(riichi_history, django_assert_num_queries):
    with django_assert_num_queries(2):  # the family's wins with yaku, then their winners' seats
        rows = reads.common_yaku(FamilyName.RIICHI)
    assert [name for name, _yaku in rows] == ["Bea"]
