"""A write is stored if and only if its service says so, whatever ends the connection (the
club's rule, and the design's invariant): for each write service, the connection to
PostgreSQL is ended (``pg_terminate_backend``, what a restart, a failover or an idle-connection
killer does) just before its commit, then in place of its 1st, 2nd, 3rd … statement in turn,
until it completes without a fault. Each time it raised and stored nothing, or returned and
stored its write; and the page it changes, served from the page cache (the database cache,
the site's default) as readers get it, shows what is stored: the old page and a 304 to the
old ETag after a fault, the new page after the write."""

import random
import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any, NamedTuple

import pytest
from django.apps import apps
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.models import AuditEntry, ClubSession, Game, Hand, Player, Ruleset
from scoring.records import services
from scoring.rules import RiichiHand, Win

from .conftest import NAMES, ONE_WIN_LOG

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="ending the connection mid-write needs PostgreSQL (DATABASE_URL=postgres://…)",
    ),
]

DRAW = RiichiHand("draw", tenpai=(0, 1, 2, 3))
WIN = RiichiHand("win", wins=(Win(1, 2, 3, 30),))
CHOMBOS = [RiichiHand("chombo", riichi=(1, 3), offender=1), RiichiHand("chombo", offender=3)]


class EndConnection:
    """An execute wrapper that ends this connection's server process in place of its
    ``at``-th statement: the statement fails as it would with its process gone."""

    def __init__(self, at: int):
        self.at, self.count, self.fired = at, 0, False

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        if self.count == self.at:
            self.end()
        return execute(sql, params, many, context)

    def end(self):
        self.fired = True
        with connection.wrap_database_errors:
            connection.connection.execute("SELECT pg_terminate_backend(pg_backend_pid())")


def stored_rows() -> tuple:
    """What is stored in every table of the club's records (and of the page versions), in one
    query: each table's row count and newest row version (``xmin``, the transaction that wrote
    it): a committed insert or update gives a newer one, a delete a smaller count."""
    tables = sorted({model._meta.db_table for model in apps.get_app_config("scoring").get_models()})
    columns = ", ".join(f"(SELECT (count(*), max(xmin::text::bigint)) FROM {table})::text" for table in tables)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns}")
        return cursor.fetchone()


def shown(response) -> bytes:
    """The page as a reader sees it (each render has its own CSP nonce)."""
    return re.sub(rb'nonce="[^"]*"', b"", response.content)


class Write(NamedTuple):
    call: Callable[[], Any]  # the service, its arguments read afresh
    stored: Callable[[], bool]  # its write is in the database
    page: str  # the page it changes


class Club:
    """Four players, a night and the EMA 2016 preset; a new game of theirs for each write."""

    def __init__(self):
        self.players = [Player.objects.create(name=name) for name in NAMES]
        self.night = ClubSession.objects.create(name="Tuesday", date=date(2026, 11, 3))
        self.ema = Ruleset.objects.preset("ema-2016")

    def game(self, hands) -> Game:
        game = services.start_game(ruleset=self.ema, players=self.players, session=self.night)
        for number, facts in enumerate(hands, 1):
            services.record_hand(game=fresh(game), facts=facts, expected_number=number, submission_key=f"k{number}")
        return fresh(game)

    def playing(self) -> Game:
        return self.game([DRAW, DRAW])

    def finished(self) -> Game:
        return services.finish_game(game=self.game([WIN]))

    def abandoned(self) -> Game:
        return services.abandon_game(game=self.game([WIN]))


def fresh(game) -> Game:
    return Game.objects.get(pk=game.pk)


def hands(game) -> int:
    return Hand.objects.filter(game=game).count()


def on_game(game, call, stored) -> Write:
    """A write to ``game``: its page is the game's page."""
    return Write(lambda: call(fresh(game)), lambda: stored(game), reverse("scoring:game", args=[game.pk]))


def new_game(call) -> Write:
    """A write that stores a game: the games list shows it."""
    count = Game.objects.count()
    return Write(call, lambda: Game.objects.count() == count + 1, reverse("scoring:games"))


def edit_hand(club):
    game = club.playing()
    return on_game(
        game,
        lambda g: services.edit_hand(game=g, number=1, facts=WIN),
        lambda g: Hand.objects.get(game=g, number=1).result == "win",
    )


def delete_game(club):
    game = club.finished()
    return Write(
        lambda: services.delete_game(game=fresh(game)),
        lambda: not Game.objects.filter(pk=game.pk).exists(),
        reverse("scoring:games"),
    )


def copy_ruleset(club):
    return Write(
        lambda: services.copy_ruleset(ruleset=club.ema),
        lambda: Ruleset.objects.filter(slug="ema-2016-copy").exists(),
        reverse("scoring:games"),  # every page shows the rulesets' names
    )


# each write service, on a game of its own
WRITES: dict[str, Callable[[Club], Write]] = {
    "record_hand": lambda club: on_game(
        club.playing(),
        lambda g: services.record_hand(game=g, facts=WIN, expected_number=3, submission_key="k3"),
        lambda g: hands(g) == 3,
    ),
    "record_chombo_series": lambda club: on_game(
        club.playing(),
        lambda g: services.record_chombo_series(game=g, hands=CHOMBOS, expected_number=3, submission_key="c"),
        lambda g: hands(g) == 4,
    ),
    "undo_last_hand": lambda club: on_game(
        club.playing(), lambda g: services.undo_last_hand(game=g, expected_number=2), lambda g: hands(g) == 1
    ),
    "edit_hand": edit_hand,
    "delete_hand": lambda club: on_game(
        club.playing(), lambda g: services.delete_hand(game=g, number=1), lambda g: hands(g) == 1
    ),
    "finish_game": lambda club: on_game(
        club.playing(), lambda g: services.finish_game(game=g), lambda g: fresh(g).status == Game.FINISHED
    ),
    "abandon_game": lambda club: on_game(
        club.playing(), lambda g: services.abandon_game(game=g), lambda g: fresh(g).status == Game.ABANDONED
    ),
    "set_gong": lambda club: on_game(
        club.playing(),
        lambda g: services.set_gong(game=g, at=timezone.now() + timedelta(hours=1)),
        lambda g: fresh(g).gong_at is not None,
    ),
    "change_game": lambda club: on_game(
        club.playing(),
        lambda g: services.change_game(game=g, comment="Moved to table 2"),
        lambda g: fresh(g).comment == "Moved to table 2",
    ),
    "recompute_game": lambda club: on_game(
        club.finished(),
        lambda g: services.recompute_game(game=g),
        lambda g: g.audit_entries.filter(action=AuditEntry.RECOMPUTE).exists(),
    ),
    "restore_game": lambda club: on_game(
        club.abandoned(), lambda g: services.restore_game(game=g), lambda g: fresh(g).status == Game.IN_PROGRESS
    ),
    "delete_game": delete_game,
    "start_game": lambda club: new_game(
        lambda: services.start_game(ruleset=club.ema, players=club.players, session=club.night)
    ),
    "start_next_game": lambda club: (
        lambda game: new_game(lambda: services.start_next_game(game=fresh(game), rng=random.Random(1)))
    )(club.finished()),
    "import_document": lambda club: new_game(lambda: services.import_document(doc=ONE_WIN_LOG)),
    "copy_ruleset": copy_ruleset,
}


@pytest.fixture
def database_cache(settings):
    """The site's default cache, a table of the database (emptied before and after: this
    test commits)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "club_cache"}}
    cache.clear()
    yield
    cache.clear()


def attempt(write: Write, fault: EndConnection, *, at_commit: bool = False) -> bool:
    """Whether the service raised, ``fault`` in place (before the commit if ``at_commit``)."""
    commit = connection.commit
    if at_commit:
        connection.commit = lambda: (fault.end(), commit())
    try:
        with connection.execute_wrapper(fault):
            write.call()
    except Exception:
        return True
    finally:
        if at_commit:
            del connection.commit  # the method again
        if fault.fired:
            connection.close()  # the next statement opens a new one, as Django's next request would
    return False


def faults(name: str, write: Write) -> int:
    """Cut ``write`` before its commit, then before each statement until it completes; how
    many statements it made."""
    reader = Client()
    before_rows = stored_rows()
    before = reader.get(write.page)  # now in the cache
    assert before.status_code == 200, name

    def nothing_stored(how):
        assert stored_rows() == before_rows, how
        # the same ETag: the same page from the cache (its key is the ETag's)
        assert reader.get(write.page, headers={"If-None-Match": before["ETag"]}).status_code == 304, how

    assert attempt(write, EndConnection(at=0), at_commit=True), f"{name}: returned, its commit cut"
    nothing_stored(f"{name}: its commit cut")
    statement = 0
    while True:
        statement += 1
        fault = EndConnection(at=statement)
        if not attempt(write, fault):
            break
        assert fault.fired, f"{name} raised with no fault"
        nothing_stored(f"{name}: raised, cut before statement {statement}")
    # it returned: stored, and the page from the cache is the page as stored
    assert not fault.fired, f"{name} returned, cut before statement {statement}"
    assert write.stored(), f"{name} returned, not stored"
    assert stored_rows() != before_rows, name
    served = reader.get(write.page, headers={"If-None-Match": before["ETag"]})
    assert served.status_code == 200 and served["ETag"] != before["ETag"], name
    cache.clear()
    assert shown(reader.get(write.page)) == shown(served), name
    return statement - 1


def test_each_write_cut_anywhere_is_stored_if_and_only_if_it_returns(database_cache):
    club = Club()
    statements = {name: faults(name, write(club)) for name, write in WRITES.items()}
    assert min(statements.values()) >= 3, statements  # each was cut at each of its statements
