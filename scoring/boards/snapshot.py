"""One consistent view of the database for the several queries of a page."""

from contextlib import contextmanager

from django.db import connection, transaction


@contextmanager
def snapshot():
    """The queries inside see the database as of the first one. On PostgreSQL each statement
    otherwise sees what was committed when it started: a hand recorded or undone between the
    hand log's queries showed half of it (its hand row without its wins or seat rows), a 500.
    Inside a transaction already (a write, a test) and on SQLite the queries run as they are."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield
        return
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        yield
