"""The rows the migrations stored (every preset, the content types, the permissions): copied once
the test database is made, put back before each browser test (tests/conftest.py)."""

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection

ROWS: dict[str, str] = {}  # the copy, serialized, by database alias


def keep_rows():
    """Copy the rows of the database as it is now (just migrated, before any test changes it)."""
    ROWS[connection.alias] = connection.creation.serialize_db_to_string()


def restore_rows():
    """Empty the database and put back the rows the migrations stored, with their own ids; every
    table's next id follows its rows, as after the migrations.

    Emptied first, without the post_migrate signal: a transactional test's flush makes the content
    types and permissions again under new ids, and loading the copy beside them breaks their unique
    names (Django's serialized_rollback does just that, tickets #23727 and #25251). PostgreSQL's
    sequences are not moved by rows stored with their ids: they are set after."""
    call_command("flush", verbosity=0, interactive=False, inhibit_post_migrate=True)
    connection.creation.deserialize_db_from_string(ROWS[connection.alias])
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), apps.get_models()):
            cursor.execute(sql)


def refuse_serialized_rollback(browser_tests):
    """A browser test marked ``django_db(serialized_rollback=True)`` stops the run: Django would load
    the copy before restore_rows empties the database."""
    for item in browser_tests:
        marker = item.get_closest_marker("django_db")
        if marker and marker.kwargs.get("serialized_rollback"):
            raise pytest.UsageError(
                f"{item.nodeid}: a browser test starts from the rows the migrations stored (tests/migrated.py); "
                "serialized_rollback would load them beside the content types the test before made again, "
                "an IntegrityError on django_content_type"
            )
