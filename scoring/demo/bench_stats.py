"""Speed of the leaderboards, statistics and ratings, for ``manage.py bench``.

``figures()`` creates a separate SQLite (or PostgreSQL) test database, fills it in bulk with
a club of 200 players and 20,000 finished games with every hand (engine-scored: the rule
engine's ``random_game`` and ``replay``, the same derived columns as ``scoring.records.services``
stores; players and sessions with ``bulk_create``, the hand tables with ``executemany``),
then times the pages with Django's test client and yields ``(name, value, unit)`` figures.
The database is destroyed at the end.

``build_club`` is also used by the tests (with a few games) to check that the rows it
makes are the rows the services store.
"""

import operator
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date as Date
from datetime import timedelta

from django.conf import settings
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.models import Max
from django.test import Client
from django.test.utils import (
    CaptureQueriesContext,
    override_settings,
    setup_test_environment,
    teardown_test_environment,
)
from django.urls import reverse
from django.utils import timezone

from scoring.boards import stats
from scoring.demo.club import PLAYER_NAMES as FIRST  # the demo club's first names, with bench surnames
from scoring.models import (
    ClubSession,
    Game,
    Hand,
    HandSeat,
    Incident,
    Penalty,
    Player,
    Ruleset,
    Season,
    Seat,
    Stage,
    Win,
)
from scoring.records import derived, ratings
from scoring.records.bulk import insert_rows
from scoring.records.gamelogs import fact_rows, penalty_row
from scoring.rules import PRESETS, parse_game, random_game, replay
from scoring.rules.vocabulary import FamilyName

LAST = ("Abe", "Berg", "Costa", "Dahl", "Endo", "Fox", "Gil", "Hart", "Ito", "Jung")
# Sessions cycle through these rulesets: American about one night in eight.
SESSION_RULESETS = ("ema-2016", "wrc", "reach", "mleague", "ema-2016", "jpml-a", "ema-2008", "american")
GAMES_PER_SESSION = 40
PLAYERS_PER_SESSION = 24
FIRST_DAY = Date(2022, 1, 4)
TABLES = (Game, Seat, Hand, HandSeat, Win, Penalty, Incident)  # parents first
# A template game is played by these; notes that name a player get the real names per game.
STAND_INS = ("§0§", "§1§", "§2§", "§3§")


class Inserter:
    """Rows of one model inserted in batches (``scoring.records.bulk``), ids chosen here: for the
    million seat-in-a-hand rows of this club that takes seconds where ``bulk_create`` takes
    minutes. Columns and defaults come from the model; ``prepare`` merges the defaults and
    prepares JSON values once per distinct row, ``add`` only sets the ids."""

    def __init__(self, model, batch: int = 20_000):
        self.model = model
        fields = list(model._meta.concrete_fields)
        self.defaults = {f.attname: f.get_default() for f in fields}
        self.json = [f for f in fields if f.get_internal_type() == "JSONField"]
        self.getter = operator.itemgetter(*(f.attname for f in fields))
        self.next_id = (model.objects.aggregate(top=Max("pk"))["top"] or 0) + 1
        self.columns = [f.column for f in fields]
        self.rows: list[tuple] = []
        self.batch = batch

    def prepare(self, values: dict) -> dict:
        row = {**self.defaults, **values}
        for field in self.json:
            row[field.attname] = field.get_db_prep_save(row[field.attname], connection)
        return row

    def prepare_value(self, name: str, value):
        return self.model._meta.get_field(name).get_db_prep_save(value, connection)

    def add(self, prepared: dict, **values) -> int:
        values["id"] = row_id = self.next_id
        self.next_id += 1
        self.rows.append(self.getter({**prepared, **values}))
        if len(self.rows) >= self.batch:
            self.flush()
        return row_id

    def flush(self) -> None:
        insert_rows(self.model._meta.db_table, self.columns, self.rows)
        self.rows = []


def _values(obj) -> dict:
    """An unsaved row's column values by attname (the engine's fact rows)."""
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields if f.attname != "id"}


@dataclass
class GameTemplate:
    """One engine-scored game as prepared rows, players by seat index: the facts
    (``scoring.records.gamelogs.fact_rows``) and the derived numbers exactly as
    ``services.storing._rederive`` derives them (``scoring.records.derived``)."""

    slug: str
    game: dict
    seats: list[dict]
    # hand, its seats, wins, penalties, incidents, and its notes if they name a player
    hands: list[tuple[dict, list[dict], list[dict], list[dict], list[dict], list[str] | None]]
    penalties: list[dict]


def game_template(doc: dict, tables: dict) -> GameTemplate:
    log = parse_game(doc)
    played = replay(log)
    rules = log.rules
    game = {
        "knobs": rules.knobs(),
        "tournament": log.tournament,
        "finished_by_scorer": log.finished,
        "status": Game.FINISHED if played.table.finished else Game.IN_PROGRESS,
        **derived.game_values(played.table),
    }
    counts = [derived.zero_counts() for _seat in log.players]
    hands = []
    steps = zip(log.hands, played.tables, played.settlements, strict=True)
    for number, (facts, before, settlement) in enumerate(steps, 1):
        rows = fact_rows(facts)
        seat_values = derived.hand_seat_values(rules, facts, before, settlement)
        for seat_counts, values in zip(counts, seat_values, strict=True):
            derived.add_counts(seat_counts, values)
        hand_values = derived.hand_values(rules, before, settlement)
        named = any(stand_in in note for note in hand_values["notes"] for stand_in in STAND_INS)
        hands.append(
            (
                tables[Hand].prepare({"number": number, **rows.columns, **hand_values}),
                [tables[HandSeat].prepare(values) for values in seat_values],
                [tables[Win].prepare(_values(w)) for w in rows.wins],
                [tables[Penalty].prepare(_values(p)) for p in rows.penalties],
                [tables[Incident].prepare(_values(i)) for i in rows.incidents],
                hand_values["notes"] if named else None,
            )
        )
    copies = derived.seat_copies(rules, finished=game["status"] == Game.FINISHED)
    seats = [
        tables[Seat].prepare({"seat": index, **standing, **seat_counts, **copies})
        for index, (standing, seat_counts) in enumerate(
            zip(derived.standing_values(played.table, played.standings), counts, strict=True)
        )
    ]
    penalties = [tables[Penalty].prepare(_values(penalty_row(p))) for p in log.penalties]
    return GameTemplate(doc["ruleset"], tables[Game].prepare(game), seats, hands, penalties)


def build_club(
    *, players: int = 200, games: int = 20_000, distinct: int = 2_500, seed: int = 2026, fast: bool = False
) -> dict:
    """Players, sessions (40 games each, one ruleset a night), a season per year (the last a league of two stages) and
    ``games`` finished games with all their hands. The rule engine plays ``distinct`` random
    games; each is stored about ``games / distinct`` times at other tables (other players,
    other nights), so the history is as big as asked while the engine time stays small.
    ``fast`` fills a throwaway SQLite database without a journal (nobody else may have it
    open). Returns ids and timings."""
    rng = random.Random(seed)
    started = time.perf_counter()
    rulesets = {slug: Ruleset.objects.preset(slug) for slug in PRESETS}
    names = [
        f"{FIRST[i % len(FIRST)]} {LAST[i // len(FIRST) % len(LAST)]}" + (f" {i // 200 + 1}" if i >= 200 else "")
        for i in range(players)
    ]
    people = Player.objects.bulk_create([Player(name=name) for name in names])
    session_count = -(-games // GAMES_PER_SESSION)
    kinds = [ClubSession.CASUAL] * 5 + [ClubSession.LEAGUE] * 2 + [ClubSession.TOURNAMENT]
    sessions = ClubSession.objects.bulk_create(
        [
            ClubSession(name=f"Bench night {n + 1}", date=FIRST_DAY + timedelta(days=3 * n), kind=kinds[n % len(kinds)])
            for n in range(session_count)
        ]
    )
    seasons = Season.objects.bulk_create(
        [
            Season(name=f"Bench season {year}", start=Date(year, 1, 1), end=Date(year, 12, 31))
            for year in range(FIRST_DAY.year, sessions[-1].date.year + 1)
        ]
    )
    league = seasons[-1]  # the last season is a league: a regular stage, then a final of its top 16
    Stage.objects.bulk_create(
        [
            Stage(season=league, order=1, name="Regular", start=league.start, end=Date(league.start.year, 9, 30),
                  best_nights=20, min_nights=3, cut=16, carry="half"),
            Stage(season=league, order=2, name="Final", start=Date(league.start.year, 10, 1), end=league.end),
        ]
    )  # fmt: skip
    tables = {model: Inserter(model) for model in TABLES}

    tick = time.perf_counter()
    templates: dict[str, list[GameTemplate]] = {slug: [] for slug in SESSION_RULESETS}
    per_slug = max(1, min(distinct, games) // len(SESSION_RULESETS))
    for slug in templates:
        while len(templates[slug]) < per_slug:
            templates[slug].append(game_template(random_game(rng, slug, players=list(STAND_INS)), tables))
    engine_s = time.perf_counter() - tick

    now = timezone.now()
    fast = fast and connection.vendor == "sqlite"
    if fast:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA cache_size = -262144")  # 256 MB for the indexes being filled
            cursor.execute("PRAGMA journal_mode = MEMORY")  # a throwaway database: no WAL while filling it
    with transaction.atomic():  # foreign keys are checked at the commit
        for number in range(games):
            session = sessions[number // GAMES_PER_SESSION]
            slug = SESSION_RULESETS[(number // GAMES_PER_SESSION) % len(SESSION_RULESETS)]
            pool = random.Random(session.pk).sample(people, min(PLAYERS_PER_SESSION, len(people)))
            _add_game(
                tables,
                rng.choice(templates[slug]),
                game={
                    "session_id": session.pk,
                    "date": session.date,
                    "ruleset_id": rulesets[slug].pk,
                    "created_at": now,
                },
                players=rng.sample(pool, rulesets[slug].seats),
                now=now,
            )
        for inserter in tables.values():
            inserter.flush()
    if fast:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode = WAL")  # as the site runs
    _reset_sequences()
    return {
        "players": [p.pk for p in people],
        "sessions": [s.pk for s in sessions],
        "build_s": time.perf_counter() - started,
        "engine_s": engine_s,
    }


def _add_game(tables: dict, template: GameTemplate, *, game: dict, players, now) -> int:
    game_id = tables[Game].add(template.game, **game)
    seat_ids = [
        tables[Seat].add(values, game_id=game_id, player_id=player.pk)
        for player, values in zip(players, template.seats, strict=True)
    ]
    for hand, hand_seats, wins, penalties, incidents, named_notes in template.hands:
        if named_notes:  # name the players of this game
            notes = []
            for note in named_notes:
                for stand_in, player in zip(STAND_INS, players, strict=True):
                    note = note.replace(stand_in, player.name)
                notes.append(note)
            hand = {**hand, "notes": tables[Hand].prepare_value("notes", notes)}
        hand_id = tables[Hand].add(hand, game_id=game_id, recorded_at=now)
        for seat_id, values in zip(seat_ids, hand_seats, strict=True):
            tables[HandSeat].add(values, hand_id=hand_id, seat_id=seat_id)
        for values in wins:
            tables[Win].add(values, hand_id=hand_id)
        for values in penalties:
            tables[Penalty].add(values, hand_id=hand_id, game_id=game_id)
        for values in incidents:
            tables[Incident].add(values, hand_id=hand_id)
    for values in template.penalties:
        tables[Penalty].add(values, game_id=game_id)
    return game_id


def _reset_sequences() -> None:
    """PostgreSQL: move the id sequences past the ids chosen here."""
    if connection.vendor != "postgresql":
        return
    statements = connection.ops.sequence_reset_sql(no_style(), TABLES)
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


# ---- timing -----------------------------------------------------------------------------------


def _times(client: Client, url: str, runs: int, status: int = 200, **headers) -> list[float]:
    """Server time of ``runs`` GETs of ``url`` in ms (after one warm-up)."""
    assert client.get(url, headers=headers).status_code == status, url
    result = []
    for _run in range(runs):
        tick = time.perf_counter()
        response = client.get(url, headers=headers)
        result.append((time.perf_counter() - tick) * 1000)
        assert response.status_code == status, url
    return result


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank) of server times."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _page(
    name: str, client: Client, url: str, runs: int, status: int = 200, **headers
) -> Iterator[tuple[str, float, str]]:
    times = _times(client, url, runs, status, **headers)
    yield f"{name}_median_ms", statistics.median(times), "ms"
    yield f"{name}_p95_ms", p95(times), "ms"


def _query_ms(runs: int) -> float:
    """Median time of the leaderboard's single aggregate query alone (fetching every row)."""
    times = []
    for _run in range(runs + 1):
        tick = time.perf_counter()
        list(stats.counted_seats(FamilyName.RIICHI).leaderboard(FamilyName.RIICHI))
        times.append((time.perf_counter() - tick) * 1000)
    return statistics.median(times[1:])


def measure(*, runs: int = 30) -> Iterator[tuple[str, float, str]]:
    """Time the pages on whatever database is current (filled by ``build_club``): rendered
    every time (the page cache off), then served from the cache and answered 304."""
    with override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}):
        yield from _rendered(runs)
    client = Client()
    game_url = reverse("scoring:game", args=[Game.objects.finished().order_by("pk").last().pk])
    for name, url in (("leaderboard", reverse("scoring:leaderboard")), ("game_page", game_url)):
        yield from _page(f"{name}_cached", client, url, runs)
        etag = client.get(url)["ETag"]
        yield from _page(f"{name}_304", client, url, runs, status=304, if_none_match=etag)


def _rendered(runs: int) -> Iterator[tuple[str, float, str]]:
    client = Client()
    season = Season.objects.order_by("start").last()
    board = reverse("scoring:leaderboard")
    filtered = f"{board}?ruleset={Ruleset.objects.get(slug='ema-2016').pk}&season={season.pk}&min_games=20"
    page_figures = list(_page("leaderboard", client, board, runs))
    yield from page_figures
    yield from _page("leaderboard_filtered", client, filtered, runs)
    yield from _page("leaderboard_sort_htmx", client, f"{board}?sort=-win_rate&page=2", runs, hx_request="true")
    query_ms = _query_ms(runs)
    yield "leaderboard_query_ms", query_ms, "ms"
    yield "leaderboard_page_to_query", page_figures[0][1] / query_ms, "x"
    with CaptureQueriesContext(connection) as queries:
        client.get(board)
    yield "leaderboard_queries", len(queries), "queries"
    yield from _page("american_board", client, reverse("scoring:american_board"), runs)
    player = Player.objects.order_by("pk").first()
    yield from _page("player_page", client, reverse("scoring:player", args=[player.pk]), runs)
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("scoring:player", args=[player.pk]))
    yield "player_page_queries", len(queries), "queries"
    yield from _page("csv", client, reverse("scoring:leaderboard_csv"), runs)
    session = ClubSession.objects.order_by("date").last()
    yield from _page("session_page", client, reverse("scoring:session", args=[session.pk]), runs)
    yield from _page("season_page", client, reverse("scoring:season", args=[season.pk]), runs)
    yield from _page("league_page", client, reverse("scoring:league", args=[season.pk]), runs)  # two stages
    game_url = reverse("scoring:game", args=[Game.objects.finished().order_by("pk").last().pk])
    yield from _page("game_page", client, game_url, runs)
    yield from _page("home_page", client, reverse("scoring:home"), runs)  # a visitor: latest results, top
    yield from _page("records_page", client, reverse("scoring:records"), runs)  # the club's records


@contextmanager
def bench_database():
    """A fresh test database (SQLite in a temporary folder, or a PostgreSQL database of its
    own) for the duration of the block, destroyed afterwards."""
    workdir = None
    test_settings = connection.settings_dict.setdefault("TEST", {})
    configured_test_name = test_settings.get("NAME")
    if connection.vendor == "sqlite":
        workdir = tempfile.mkdtemp(prefix="mahjong-bench-")
        test_settings["NAME"] = os.path.join(workdir, "bench.sqlite3")
    else:  # never the test database a test run may be using: a name of its own
        test_settings["NAME"] = f"bench_stats_{os.getpid()}"
    debug = settings.DEBUG
    setup_test_environment(debug=False)
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
        settings.DEBUG = debug
        test_settings["NAME"] = configured_test_name
        if workdir:
            shutil.rmtree(workdir)


def figures(*, players: int = 200, games: int = 20_000, runs: int = 30) -> Iterator[tuple[str, float, str]]:
    """Build the club in a fresh test database, time everything, destroy the database."""
    with bench_database():
        made = build_club(players=players, games=games, fast=True)
        yield "stats_bench_games", games, "games"
        yield "stats_bench_hands", Hand.objects.count(), "hands"
        yield "stats_bench_build_s", made["build_s"], "s"
        tick = time.perf_counter()
        ratings.recompute_all()
        yield "rating_recompute_s", time.perf_counter() - tick, "s"
        connection.cursor().execute("ANALYZE")
        yield from measure(runs=runs)
