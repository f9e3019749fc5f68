"""Many rows into one table, fast: one statement per batch (``executemany``; PostgreSQL:
``COPY``, a round trip per batch instead of per row). For rows whose values are ready for
the database; Django's ``bulk_create`` prepares every value of every object in Python, which
for the hundred thousands of rows of a rating recompute or the benchmark's club takes longer
than the work itself."""

from collections.abc import Sequence
from typing import Any

from django.db import connection


def insert_rows(table: str, columns: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """Insert ``rows`` (tuples in the order of ``columns``, database column names) into ``table``."""
    if not rows:
        return
    quote = connection.ops.quote_name
    names = ", ".join(quote(column) for column in columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {quote(table)} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})", rows)
