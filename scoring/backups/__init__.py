"""Backups of the whole club and their restore: every table as it is, unlike the game-log
export (``make backup``, ``make restore FILE=…``).

PostgreSQL is dumped with ``pg_dump`` in its custom format and restored with
``pg_restore``; SQLite is copied with its online backup API (safe while the site runs).
A restore goes only into an empty database. Imports Django and the standard library only.
"""
