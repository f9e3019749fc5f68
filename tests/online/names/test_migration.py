"""0034 on a database of the previous release: each line of a player's online names (which named
no site) becomes that player's name on Tenhou and Mahjong Soul; a name two players held (which
the import refused) becomes neither's; back again, the names are lines once more."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.models import OnlineName

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoring", "0033_event_days_and_stages")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_the_online_names_text_becomes_a_name_on_each_site():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    OldPlayer = migrate(BEFORE).get_model("scoring", "Player")
    ann = OldPlayer.objects.create(name="Ann", aliases="Kaze\n  カゼ  \n\nShared")
    OldPlayer.objects.create(name="Bob", aliases="shared")
    migrate(latest)
    assert sorted(OnlineName.objects.values_list("player_id", "site", "name")) == sorted(
        (ann.pk, site, name) for site in ("tenhou", "mahjong_soul") for name in ("Kaze", "カゼ")
    )
    Player = migrate(BEFORE).get_model("scoring", "Player")
    assert Player.objects.get(pk=ann.pk).aliases == "Kaze\nカゼ"
    migrate(latest)
