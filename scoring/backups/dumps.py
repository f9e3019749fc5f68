"""``backup`` writes a timestamped file of a database; ``restore`` loads one into an empty
database. Errors are ``BackupError`` with a message for the person at the console."""

import os
import shutil
import signal
import sqlite3
import subprocess
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connections

POSTGRESQL, SQLITE = "postgresql", "sqlite"
SUFFIX = {POSTGRESQL: ".dump", SQLITE: ".sqlite3"}
MAGIC = {POSTGRESQL: b"PGDMP", SQLITE: b"SQLite format 3\0"}
NAMES = {POSTGRESQL: "a PostgreSQL dump", SQLITE: "an SQLite database"}


class BackupError(Exception):
    """A backup or restore refused or failed; nothing was changed."""


def _vendor(database: str) -> str:
    vendor = connections[database].vendor
    if vendor not in SUFFIX:
        raise BackupError(f"Backups know PostgreSQL and SQLite, not {vendor}.")
    return vendor


def _libpq_env(database: str) -> dict[str, str]:
    """pg_dump's and pg_restore's connection, from the Django settings (no password in argv)."""
    settings = connections[database].settings_dict
    values = {
        "PGDATABASE": settings["NAME"],
        "PGHOST": settings["HOST"],
        "PGPORT": settings["PORT"],
        "PGUSER": settings["USER"],
        "PGPASSWORD": settings["PASSWORD"],
    }
    return {**os.environ, **{name: str(value) for name, value in values.items() if value}}


def _run(command: list[str], database: str) -> None:
    if shutil.which(command[0]) is None:
        raise BackupError(f"{command[0]} is not installed (Debian: apt-get install -y postgresql-client).")
    done = subprocess.run(command, env=_libpq_env(database), capture_output=True, text=True, errors="replace")
    if done.returncode:
        ended = f"stopped by {signal.Signals(-done.returncode).name}" if done.returncode < 0 else "no message"
        said = " ".join(done.stderr.split()) or ended  # one line, never empty
        raise BackupError(f"{command[0]} failed: {said}")


def backup(*, directory: Path, database: str = "default") -> Path:
    """Write a backup of ``database`` into ``directory`` (created if missing); its path."""
    vendor = _vendor(database)
    if not _tables(database, vendor):
        raise BackupError("Nothing to back up: the database has no tables (is DATABASE_URL right?).")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BackupError(f"Cannot make the folder {directory}: {error.strerror}.") from None
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path, number = directory / f"mahjong-club-{stamp}{SUFFIX[vendor]}", 2
    while path.exists():
        path, number = directory / f"mahjong-club-{stamp}-{number}{SUFFIX[vendor]}", number + 1
    partial = path.with_name(path.name + ".partial")
    try:
        if vendor == POSTGRESQL:
            _run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", f"--file={partial}"], database)
        else:
            with _sqlite(connections[database].settings_dict["NAME"]) as source, _sqlite(partial) as target:
                source.backup(target)
        partial.rename(path)  # a file named like a backup is a whole one
    except (sqlite3.Error, OSError) as error:  # a full disk, a folder not writable …
        raise BackupError(f"The backup failed ({error}); no backup was written.") from None
    finally:
        partial.unlink(missing_ok=True)  # a failed backup leaves no half file behind
    return path


def restore(*, path: Path, database: str = "default") -> None:
    """Load the backup at ``path`` into ``database``, which must have no tables yet. A shared
    cache (Redis) is emptied: it may hold pages of another database; a database cache came
    back with its own data."""
    vendor = _vendor(database)
    if not path.is_file():
        raise BackupError(f"{path}: no such file.")
    with path.open("rb") as file:
        head = file.read(16)
    if not head.startswith(MAGIC[vendor]):
        found = next((NAMES[v] for v, magic in MAGIC.items() if head.startswith(magic)), "not a backup")
        raise BackupError(f"{path} is {found}; this database is {vendor} and needs {NAMES[vendor]}.")
    tables = _tables(database, vendor)
    if tables:
        raise BackupError(
            f"The database is not empty ({len(tables)} tables, e.g. {sorted(tables)[0]}); "
            "restore only into a new, empty database."
        )
    if vendor == POSTGRESQL:
        _run(
            [
                "pg_restore",
                "--no-owner",
                "--no-privileges",
                "--exit-on-error",
                "--single-transaction",
                f"--dbname={connections[database].settings_dict['NAME']}",
                str(path),
            ],
            database,
        )
    else:
        connections[database].close()
        try:
            with _sqlite(path) as source, _sqlite(connections[database].settings_dict["NAME"]) as target:
                source.backup(target)  # one step: a failure leaves the database as it was
        except (sqlite3.Error, OSError) as error:  # a damaged backup, a full disk …
            raise BackupError(f"The restore of {path} failed ({error}); nothing was restored.") from None
    if not isinstance(caches["default"], DatabaseCache):
        caches["default"].clear()


def _tables(database: str, vendor: str) -> list[str]:
    if vendor == POSTGRESQL:
        with connections[database].cursor() as cursor:
            return connections[database].introspection.table_names(cursor)
    name = Path(connections[database].settings_dict["NAME"])
    if not name.exists():
        return []
    try:
        with _sqlite(name) as db:
            return [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    except sqlite3.Error as error:
        raise BackupError(f"{name} cannot be read as an SQLite database ({error}).") from None


def _sqlite(path: str | Path) -> closing[sqlite3.Connection]:
    """An sqlite3 connection closed at the end of the ``with`` block."""
    return closing(sqlite3.connect(path))
