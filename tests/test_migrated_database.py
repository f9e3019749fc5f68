"""The database a browser test starts from (tests/migrated.py, tests/conftest.py's migrated_database):
the rows the migrations stored, with their own ids, whatever the test before it in its process left."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import IntegrityError, connection

from scoring.models import Player, Ruleset
from tests.migrated import ROWS, refuse_serialized_rollback, restore_rows

# What the test before may have left: the database as migrated (the first test of a process), a
# transactional test's flush (the content types and permissions made again under new ids), a
# serialized-rollback test's (no row at all), or a test's that reset the ids (fewer than the copy's).
LEFT_BEFORE = {
    "nothing": lambda: None,
    "a transactional test": lambda: call_command("flush", verbosity=0, interactive=False, reset_sequences=False),
    "a serialized-rollback test": lambda: call_command(
        "flush", verbosity=0, interactive=False, reset_sequences=False, inhibit_post_migrate=True
    ),
    "a test that reset the ids": lambda: call_command("flush", verbosity=0, interactive=False),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("before", LEFT_BEFORE)
def test_a_browser_test_starts_from_the_rows_the_migrations_stored(before):
    restore_rows()
    last_preset = Ruleset.objects.latest("pk").pk
    LEFT_BEFORE[before]()
    Player.objects.create(name="Ann")  # and a row of the test before's own

    restore_rows()

    assert connection.creation.serialize_db_to_string() == ROWS[connection.alias]
    assert {"ema-2016", "mcr", "american"} <= set(Ruleset.objects.values_list("slug", flat=True))
    assert not Player.objects.exists()
    # the next ids, whatever the ids the tests before took
    assert Player.objects.create(name="Bo").pk == 1
    copy = Ruleset.objects.create(slug="club-ema", name="Club EMA", family="riichi", based_on="ema-2016")
    assert copy.pk == last_preset + 1


@pytest.mark.django_db(transaction=True)
def test_the_copy_loaded_beside_a_flushs_new_content_types_breaks_their_unique_names():
    """Why restore_rows empties the database first: Django's serialized_rollback loads the copy as it is."""
    restore_rows()
    LEFT_BEFORE["a transactional test"]()
    assert ContentType.objects.exists()

    with pytest.raises(IntegrityError):
        connection.creation.deserialize_db_from_string(ROWS[connection.alias])


class BrowserTest:
    """What refuse_serialized_rollback reads of a collected browser test."""

    nodeid = "tests/table/test_table_browser.py::test_a_hand"

    def __init__(self, marker):
        self.marker = marker

    def get_closest_marker(self, name):
        return self.marker.mark if name == "django_db" else None


def test_a_browser_test_with_serialized_rollback_stops_the_run_and_says_why():
    refuse_serialized_rollback([BrowserTest(pytest.mark.django_db(transaction=True))])

    with pytest.raises(pytest.UsageError, match="test_a_hand: .*serialized_rollback .*django_content_type"):
        refuse_serialized_rollback([BrowserTest(pytest.mark.django_db(transaction=True, serialized_rollback=True))])
