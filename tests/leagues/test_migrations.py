"""0031 on a database of the previous release: seasons whose names differ only in capitals (which
that release allowed) are renamed apart before names ignore case, so none is lost."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.models import Season

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_seasons_named_alike_are_renamed_apart():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    OldSeason = migrate([("scoring", "0031_team_penalty_points_bound")]).get_model("scoring", "Season")
    long = "L" * 80
    for name in ("Spring", "spring", "SPRING", "Spring (2)", long, long.lower()):
        OldSeason.objects.create(name=name, start="2026-03-01", end="2026-05-31")
    migrate(latest)
    assert list(Season.objects.order_by("pk").values_list("name", flat=True)) == [
        "Spring",
        "spring (2)",
        "SPRING (3)",
        "Spring (2) (2)",
        long,
        "l" * 76 + " (2)",
    ]
