"""A backup restored into an empty database gives back every table, the
standings and the ratings; SQLite and PostgreSQL. ``make backup`` / ``make restore``."""

import io
import os
import random
import resource
import signal
import subprocess
import sys
from contextlib import contextmanager, nullcontext
from datetime import date

import psycopg
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection, connections

from scoring.boards import stats
from scoring.models import FAMILIES, AuditEntry, ClubSession, Game, Player, PlayerRating, Ruleset, Season
from scoring.records import services
from scoring.rules import PRESETS, random_game
from scoring.rules.families import family_of

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["Ann", "Bo", "Cho", "Dee", "Eve"]


def build_club() -> dict:
    """Everything a game-log export loses: abandoned games, session kinds, seasons, a club
    ruleset, an inactive player, a player linked to a login, the audit log; plus ratings."""
    rng = random.Random(10)
    players = [Player.objects.create(name=name) for name in NAMES]
    players[4].active = False
    players[4].save()
    players[0].user = User.objects.create_user("ann", password="pw-ann-123")
    players[0].save()
    night = ClubSession.objects.create(name="Tuesday", date=date(2026, 11, 3), kind=ClubSession.CASUAL)
    cup = ClubSession.objects.create(name="Autumn cup", date=date(2026, 11, 7), kind=ClubSession.TOURNAMENT)
    ClubSession.objects.create(name="League round 3", date=date(2026, 11, 10), kind=ClubSession.LEAGUE)
    Season.objects.create(name="Autumn", start=date(2026, 9, 1), end=date(2026, 11, 30))
    house = services.copy_ruleset(ruleset=Ruleset.objects.preset("ema-2016"))
    house.knobs = {**house.knobs, "uma": [20000, 10000, -10000, -20000]}
    house.save()
    for index, preset in enumerate(["ema-2016", house.slug, "wrc", "american", "tenhou-sanma", "mcr"]):
        played = preset if preset != house.slug else "ema-2016"
        seats = family_of(PRESETS[played]).SEATS
        doc = random_game(rng, played, players=NAMES[index % 2 :][:seats])
        doc["ruleset"] = preset
        doc.pop("rules", None)
        services.import_document(doc=doc, session=cup if index % 2 else night)
    abandoned = services.start_game(ruleset=house, players=players[:4], session=night)
    services.abandon_game(game=abandoned)
    services.start_game(ruleset=Ruleset.objects.preset("wrc"), players=players[1:], session=cup)
    assert Game.objects.filter(status=Game.ABANDONED, ruleset=house).exists()
    assert PlayerRating.objects.exists() and AuditEntry.objects.count() >= 7
    return {"house": house}


def every_table(alias: str) -> dict[str, list]:
    """Every row of every table, in a stable order."""
    db = connections[alias]
    with db.cursor() as cursor:
        tables = db.introspection.table_names(cursor)
        rows = {}
        for table in tables:
            cursor.execute(f"SELECT * FROM {db.ops.quote_name(table)}")
            rows[table] = sorted(cursor.fetchall(), key=repr)
    return rows


def boards(alias: str) -> dict:
    return {family: list(stats.counted_seats(family).board(family).using(alias)) for family in FAMILIES}


def ratings(alias: str) -> list:
    return list(
        PlayerRating.objects.using(alias)
        .order_by("player__name", "family")
        .values_list("player__name", "family", "mu", "sigma", "games")
    )


def database_url(name: str) -> str:
    """DATABASE_URL of a database ``name`` on the test's server (or an SQLite file ``name``)."""
    if connection.vendor == "sqlite":
        return f"sqlite:///{name}"
    s = connection.settings_dict
    login = f"{s['USER']}:{s['PASSWORD']}@" if s["PASSWORD"] else f"{s['USER']}@" if s["USER"] else ""
    return f"postgres://{login}{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}/{name}"


def manage(*args: str, name: str) -> subprocess.CompletedProcess:
    """``manage.py *args`` on database ``name``, in a process of its own (as ``make`` runs it)."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DATABASE_URL": database_url(name)},
        capture_output=True,
        text=True,
    )


def restore_database_name() -> str:
    """capacity_restore for the test database test_capacity: a database of this suite's own."""
    return connection.settings_dict["NAME"].removeprefix("test_") + "_restore"


@contextmanager
def database_alias(name: str):
    """The alias ``restored`` for database ``name`` (same server and settings), connected."""
    connections.settings["restored"] = {**connection.settings_dict, "NAME": name}
    connections["restored"].connect()  # a connection the test opens itself is allowed
    try:
        yield "restored"
    finally:
        connections["restored"].close()
        del connections["restored"]
        del connections.settings["restored"]


def restored_club(path, name: str):
    """Restore ``path`` into the empty database ``name``; compare it with the test database;
    a second restore into it is refused."""
    done = manage("restore", str(path), name=name)
    assert done.returncode == 0, done.stderr
    with database_alias(name) as alias:
        assert_same_club(alias)
    again = manage("restore", str(path), name=name)
    assert again.returncode == 1
    assert "The database is not empty" in again.stderr and "Traceback" not in again.stderr


def assert_same_club(alias: str) -> None:
    source, restored = every_table("default"), every_table(alias)
    assert set(restored) == set(source)
    for table in source:
        assert restored[table] == source[table], table
    assert len(source[AuditEntry._meta.db_table]) >= 7 and source["club_cache"] is not None
    assert boards(alias) == boards("default")
    assert all(boards("default").values())
    assert ratings(alias) == ratings("default") != []


def test_sqlite_backup_restores_every_table_standings_and_ratings(tmp_path):
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite backup (the PostgreSQL one is tested on PostgreSQL)")
    build_club()
    call_command("backup", dir=tmp_path / "backups", stdout=io.StringIO())
    [path] = (tmp_path / "backups").iterdir()
    assert path.name.startswith("mahjong-club-") and path.suffix == ".sqlite3"
    restored_club(path, str(tmp_path / "restored.sqlite3"))


def test_postgresql_backup_restores_every_table_standings_and_ratings(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("pg_dump and pg_restore need PostgreSQL (DATABASE_URL=postgres://…)")
    build_club()
    call_command("backup", dir=tmp_path, stdout=io.StringIO())
    [path] = tmp_path.glob("*.dump")
    name = restore_database_name()
    with fresh_database(name):
        restored_club(path, name)


@contextmanager
def fresh_database(name: str):
    """An empty PostgreSQL database ``name`` on the test server, dropped afterwards."""
    s = connection.settings_dict
    params = {
        "host": s["HOST"] or None,
        "port": s["PORT"] or None,
        "user": s["USER"] or None,
        "password": s["PASSWORD"] or None,
        "dbname": "postgres",
        "autocommit": True,
    }
    with psycopg.connect(**{k: v for k, v in params.items() if v is not None}) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        server.execute(f'CREATE DATABASE "{name}"')
        try:
            yield
        finally:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_restore_refuses_a_file_of_the_other_database_kind(tmp_path):
    other = ".dump" if connection.vendor == "sqlite" else ".sqlite3"
    magic = b"PGDMP" if connection.vendor == "sqlite" else b"SQLite format 3\0"
    fake = tmp_path / f"mahjong-club-20261201-000000{other}"
    fake.write_bytes(magic + b"\0" * 64)
    with pytest.raises(CommandError, match="needs"):
        call_command("restore", fake)


def test_a_restore_refuses_the_database_in_use_and_changes_nothing(tmp_path):
    Player.objects.create(name="Ann")
    call_command("backup", dir=tmp_path, stdout=io.StringIO())
    [path] = tmp_path.glob("mahjong-club-*")
    Player.objects.create(name="Bo")
    with pytest.raises(CommandError, match="not empty.*restore only into a new, empty database"):
        call_command("restore", path)
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ann", "Bo"]


def test_an_empty_database_is_not_backed_up(tmp_path):
    sqlite = connection.vendor == "sqlite"
    name = str(tmp_path / "none.sqlite3") if sqlite else restore_database_name()
    with nullcontext() if sqlite else fresh_database(name):
        done = manage("backup", "--dir", str(tmp_path / "backups"), name=name)
    assert done.returncode == 1 and "Nothing to back up" in done.stderr
    assert not (tmp_path / "backups").exists()


def on_a_full_disk(limit: int):
    """For ``subprocess``: files of the process (and of its pg_dump) cannot grow past ``limit``
    bytes, as on a full disk: a write beyond fails (EFBIG) instead of killing it (SIGXFSZ)."""

    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # ignored signals stay ignored across exec
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limited


def one_line(stderr: str) -> str:
    assert len(stderr.splitlines()) == 1 and "Traceback" not in stderr, stderr
    return stderr


def test_a_backup_that_fails_midway_says_so_in_one_line_and_leaves_no_partial_file(tmp_path):
    build_club()
    name = connection.settings_dict["NAME"]
    whole = manage("backup", "--dir", str(tmp_path / "whole"), name=name)
    assert whole.returncode == 0, whole.stderr
    [backup] = (tmp_path / "whole").iterdir()
    size = backup.stat().st_size
    # half the backup's size, but above SQLite's 32 kB shared-memory file beside a WAL database
    assert size > 2 * 33_000
    failed = subprocess.run(
        [sys.executable, "manage.py", "backup", "--dir", str(tmp_path / "full")],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DATABASE_URL": database_url(name)},
        capture_output=True,
        text=True,
        preexec_fn=on_a_full_disk(size // 2),
    )
    assert failed.returncode == 1
    # SQLite's own words; pg_dump is killed by SIGXFSZ (subprocess gives its children the default action)
    assert ("The backup failed (" if connection.vendor == "sqlite" else "pg_dump failed: ") in one_line(failed.stderr)
    assert list((tmp_path / "full").iterdir()) == []  # no .partial file either


def test_a_damaged_backup_is_refused_in_one_line_and_restores_nothing(tmp_path):
    Player.objects.create(name="Ann")
    call_command("backup", dir=tmp_path, stdout=io.StringIO())
    [good] = tmp_path.glob("mahjong-club-*")
    damaged = tmp_path / f"damaged{good.suffix}"
    damaged.write_bytes(good.read_bytes()[:200] + b"\xff" * 5000)  # its kind's header, then garbage
    sqlite = connection.vendor == "sqlite"
    name = str(tmp_path / "new.sqlite3") if sqlite else restore_database_name()
    with nullcontext() if sqlite else fresh_database(name):
        done = manage("restore", str(damaged), name=name)
        assert done.returncode == 1
        assert "failed" in one_line(done.stderr)
        with database_alias(name) as alias, connections[alias].cursor() as cursor:
            assert connections[alias].introspection.table_names(cursor) == []  # still empty: a retry may go on
