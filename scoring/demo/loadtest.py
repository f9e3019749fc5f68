"""``make loadtest``: the site served by ``make serve`` on PostgreSQL, 4 tables
each recording a hand every 3 s and 200 members each refreshing a page every 5 s, for 60 s;
then ``check_games``, and the hands each scorer saw saved counted against those stored.

Everything runs on loopback and is bounded in time; the server is a process group of our
own, stopped at the end. Members behave like phones: each keeps the ETag of every page it
has seen and asks with ``If-None-Match``. A scorer records a draw with everyone tenpai (the
dealer stays: the game never ends) with a fresh submission key, as the table page does.

``Scorer`` is also the scale-out test's (two servers, one game); the server, the database and
the login: ``scoring.demo.serving``.
"""

import io
import os
import random
import re
import secrets
import statistics
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stdout

import httpx
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from scoring.demo.bench_stats import p95
from scoring.demo.serving import Server, ensure_database, staff_session
from scoring.models import Game, Hand, Player, Ruleset
from scoring.records import services
from scoring.rules import get_preset
from scoring.rules.families import family_of
from scoring.rules.vocabulary import RiichiResult

PRESET = "ema-2016"  # the ruleset of the load test's games
SEATS = family_of(get_preset(PRESET)).SEATS
DRAW = {
    "outcome": RiichiResult.DRAW,
    "tenpai": [str(seat) for seat in range(SEATS)],
    "action": "save",
}  # everyone tenpai
WRITES = ("save_hand",)  # the kinds of request that write; every other one reads a page
MEMBER_PAGES = {  # what a member refreshes, and how often (weights)
    "leaderboard": 25,
    "game": 35,
    "player": 15,
    "session": 10,
    "games": 10,
    "american_board": 5,
}


class Scorer:
    """A scorer's phone at one game on one server: records the next hand with a fresh key."""

    def __init__(self, server_url: str, game_id: int, session_id: str):
        self.client = httpx.Client(base_url=server_url, cookies={settings.SESSION_COOKIE_NAME: session_id}, timeout=30)
        self.table = reverse("scoring:table", args=[game_id])
        self.hands = reverse("scoring:record_hand", args=[game_id])
        self.saved: list[str] = []  # the submission keys the server said it saved
        self.number = self.sync()

    def sync(self) -> int:
        """Load the table page: the number of the next hand (and the CSRF cookie)."""
        html = self.client.get(self.table, params={"outcome": RiichiResult.DRAW}).text
        return int(re.search(r'name="expected_number" value="(\d+)"', html).group(1))

    def record(self) -> tuple[bool, float]:
        """Post the next hand; (saved, seconds). A refusal (someone else was first) re-syncs."""
        key = secrets.token_hex(16)
        data = {**DRAW, "submission_key": key, "expected_number": str(self.number)}
        headers = {"X-CSRFToken": self.client.cookies.get(settings.CSRF_COOKIE_NAME, "")}
        tick = time.perf_counter()
        response = self.client.post(self.hands, data=data, headers=headers)
        elapsed = time.perf_counter() - tick
        if response.status_code == 302:
            self.saved.append(key)
            self.number += 1
            return True, elapsed
        self.number = self.sync()
        return False, elapsed


# ---- the load test --------------------------------------------------------------------------


class Stats:
    """Latencies and outcomes of every request, per page, from every thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.times = defaultdict(list)
        self.errors = defaultdict(int)
        self.error_kinds = defaultdict(int)  # status code or exception name -> count
        self.not_modified = 0
        self.offered = 0  # the requests the actors were scheduled to send

    def schedule(self, first: float, every: float, until: float) -> None:
        """An actor's ticks: at ``first``, then every ``every`` seconds, before ``until``."""
        with self.lock:
            self.offered += max(0, int((until - first) // every) + 1)

    def add(self, page: str, seconds: float, ok: bool, not_modified: bool = False, kind: str = "") -> None:
        with self.lock:
            self.times[page].append(seconds * 1000)
            self.errors[page] += not ok
            self.error_kinds[kind] += not ok
            self.not_modified += not_modified


def demo_club() -> None:
    """Migrate, and the demo club if the database is empty."""
    with redirect_stdout(io.StringIO()):
        call_command("migrate", verbosity=0)
        call_command("seed_demo", "--if-empty")


def prepare(tables: int) -> tuple[list[Game], dict[str, list[str]]]:
    """The demo club, ``tables`` new games in a session of their own; and the URLs members
    refresh."""
    demo_club()
    players = list(Player.objects.filter(active=True).order_by("pk")[: SEATS * tables])
    night = services.session_named(f"Load test {time.strftime('%Y-%m-%d %H:%M:%S')}")
    ruleset = Ruleset.objects.preset(PRESET)
    games = [
        services.start_game(ruleset=ruleset, players=players[SEATS * i : SEATS * (i + 1)], session=night)
        for i in range(tables)
    ]
    finished = Game.objects.finished().order_by("-pk")[:20]
    urls = {
        "leaderboard": [reverse("scoring:leaderboard")],
        "american_board": [reverse("scoring:american_board")],
        "game": [reverse("scoring:game", args=[g.pk]) for g in games]
        + [reverse("scoring:game", args=[g.pk]) for g in finished[:4]],
        "player": [reverse("scoring:player", args=[p.pk]) for p in players],
        "session": [reverse("scoring:session", args=[night.pk])],
        "games": [reverse("scoring:games")],
    }
    return games, urls


def ticks(stats: Stats, every: float, until: float, seed: int) -> Iterator[None]:
    """An actor's clock: a tick at a random moment of the first ``every`` seconds, then every
    ``every`` seconds (a late tick is not skipped), until ``until``; scheduled in ``stats``."""
    next_at = time.monotonic() + random.Random(seed).uniform(0, every)
    stats.schedule(next_at, every, until)
    while True:
        time.sleep(max(0.0, next_at - time.monotonic()))
        if time.monotonic() >= until:
            return
        yield
        next_at += every


def timed_get(
    client: httpx.Client, stats: Stats, page: str, url: str, headers: dict[str, str]
) -> httpx.Response | None:
    """GET ``url``, counted in ``stats`` under ``page`` (200 and 304 are fine); None on no answer."""
    tick = time.perf_counter()
    try:
        response = client.get(url, headers=headers)
    except httpx.HTTPError as error:
        stats.add(page, time.perf_counter() - tick, False, kind=type(error).__name__)
        return None
    code = response.status_code
    stats.add(page, time.perf_counter() - tick, code in (200, 304), code == 304, str(code))
    return response


def member(
    server_url: str,
    urls: dict[str, list[str]],
    stats: Stats,
    every: float,
    until: float,
    seed: int,
    pages: dict[str, int] = MEMBER_PAGES,
    transport: httpx.HTTPTransport | None = None,
):
    """A member's phone: a page every ``every`` seconds (of ``pages``, by weight), sent with the
    ETag it last got for it; a page named ``…_live`` is an htmx poll of its live region.
    ``transport``: the connections it shares with the other members (its cookies are its own)."""
    rng = random.Random(seed)
    kinds, weights = list(pages), list(pages.values())
    etags: dict[tuple[str, bool], str] = {}
    client = httpx.Client(base_url=server_url, timeout=30, transport=transport)
    try:
        for _tick in ticks(stats, every, until, seed):
            page = rng.choices(kinds, weights)[0]
            url, htmx = rng.choice(urls[page]), page.endswith("_live")
            headers = {"HX-Request": "true"} if htmx else {}
            if (url, htmx) in etags:
                headers["If-None-Match"] = etags[url, htmx]
            response = timed_get(client, stats, page, url, headers)
            if response is not None and "ETag" in response.headers:
                etags[url, htmx] = response.headers["ETag"]
    finally:
        if transport is None:
            client.close()


def table(scorer: Scorer, stats: Stats, every: float, until: float, seed: int) -> None:
    """A scorer recording a hand every ``every`` seconds."""
    for _tick in ticks(stats, every, until, seed):
        tick = time.perf_counter()
        try:
            saved, _seconds = scorer.record()
            kind = "refused"
        except httpx.HTTPError as error:
            saved, kind = False, type(error).__name__
        stats.add("save_hand", time.perf_counter() - tick, saved, kind=kind)


def run(
    *,
    port: int,
    seconds: float = 60,
    tables: int = 4,
    members: int = 200,
    hand_every: float = 3,
    page_every: float = 5,
    workers: int | None = None,
) -> Iterator[tuple[str, float, str]]:
    """The club-night load test; yields ``(name, value, unit)`` figures."""
    ensure_database()
    games, urls = prepare(tables)

    def actors(server_url: str, scorers: list[Scorer], stats: Stats, until: float, transport) -> list[threading.Thread]:
        threads = [threading.Thread(target=table, args=(s, stats, hand_every, until, i)) for i, s in enumerate(scorers)]
        return threads + [
            threading.Thread(
                target=member, args=(server_url, urls, stats, page_every, until, 100 + i, MEMBER_PAGES, transport)
            )
            for i in range(members)
        ]

    warm = [url for page in urls.values() for url in page]
    yield from measure(port=port, seconds=seconds, workers=workers, games=games, actors=actors, warm=warm)


WHOLE_READS = ("scoring_hand", "scoring_player", "scoring_penalty")  # tables no page may read whole


def whole_reads() -> dict[str, tuple[int, int]]:
    """PostgreSQL's count of sequential scans of ``WHOLE_READS`` so far, and the rows they read."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, seq_scan, seq_tup_read FROM pg_stat_user_tables WHERE relname = ANY(%s)",
            [list(WHOLE_READS)],
        )
        return {name: (scans, rows) for name, scans, rows in cursor.fetchall()}


def warm_up(server_url: str, urls: list[str], rounds: int = 10) -> None:
    """Each of ``urls`` asked ``rounds`` times, ten at a time, before the measure: every worker
    has loaded its code and templates, and the page cache holds the pages (a server that has
    been up a while)."""
    with httpx.Client(base_url=server_url, timeout=60) as client, ThreadPoolExecutor(10) as pool:
        list(pool.map(client.get, urls * rounds))


def measure(*, port: int, seconds: float, workers: int | None, games: list[Game], actors, warm: list[str]) -> Iterator:
    """Serve, warm it up with ``warm`` (URLs), run the threads ``actors(server_url, scorers,
    stats, until, transport)`` gives (a scorer per game; the readers share ``transport``'s
    connections) for ``seconds``, stop; the figures, the server's CPU, the whole-table reads,
    the hands."""
    session_id = staff_session("loadtest-scorer")
    load_before = os.getloadavg()[0]
    server = Server(port, workers=workers).wait()
    # a connection per request: one kept past gunicorn's keep-alive (2 s) may be closed as it is reused
    transport = httpx.HTTPTransport(limits=httpx.Limits(max_connections=None, max_keepalive_connections=0))
    try:
        warm_up(server.url, warm)
        stats = Stats()
        scorers = [Scorer(server.url, game.pk, session_id) for game in games]
        until = time.monotonic() + seconds
        threads = actors(server.url, scorers, stats, until, transport)
        reads_before = whole_reads()
        started, cpu_before, ours_before = time.monotonic(), server.cpu_seconds(), time.process_time()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed, cpu = time.monotonic() - started, server.cpu_seconds() - cpu_before
        ours = time.process_time() - ours_before
        load_during = os.getloadavg()[0]
    finally:
        transport.close()
        server.stop()  # its connections end: PostgreSQL's counts are complete
    yield from figures(stats, seconds, load_before, load_during)
    requests = sum(len(times) for times in stats.times.values())
    yield "server_cpu_ms_per_request", 1000 * cpu / max(1, requests), "ms"
    yield "server_cpu_share", 100 * cpu / elapsed / (os.cpu_count() or 1), "% of the machine"
    yield "load_generator_cpu", 100 * ours / elapsed, "% of one core (near 100: the generator is the bottleneck)"
    reads_after = whole_reads()
    for name in WHOLE_READS:
        before, after = reads_before.get(name, (0, 0)), reads_after.get(name, (0, 0))
        yield f"seq_scans_{name}", after[0] - before[0], f"scans ({after[1] - before[1]} rows)"
    yield from hand_counts(games, scorers)


def figures(stats: Stats, seconds: float, load_before: float, load_during: float):
    """The requests per second of the ``seconds`` the actors were scheduled over (the answers
    that come after count too), errors, 304s, the latencies per kind."""
    requests = sum(len(times) for times in stats.times.values())
    yield "load_average_before", load_before, "(1 min)"
    yield "load_average_at_end", load_during, "(1 min)"
    yield "offered_per_s", stats.offered / seconds, "requests/s"
    yield "requests_per_s", requests / seconds, "requests/s"
    yield "served_share", 100 * requests / max(1, stats.offered), "% of offered"
    yield "errors", sum(stats.errors.values()), "requests"
    for kind, count in sorted(stats.error_kinds.items()):
        if count:
            yield f"errors_{kind}", count, "requests"
    reads = requests - sum(len(stats.times[page]) for page in WRITES)
    yield "not_modified_share", 100 * stats.not_modified / max(1, reads), "% of reads"
    for page in sorted(stats.times):
        times = stats.times[page]
        if times:
            yield f"{page}_requests", len(times), "requests"
            yield f"{page}_p50_ms", statistics.median(times), "ms"
            yield f"{page}_p95_ms", p95(times), "ms"
    yield "pages_p95_ms", p95([t for page, ts in stats.times.items() if page not in WRITES for t in ts]), "ms"


def hand_counts(games: list[Game], scorers: list[Scorer]):
    """The hands the scorers saw saved against those stored; then ``check_games``."""
    saved = {key for scorer in scorers for key in scorer.saved}
    stored = list(Hand.objects.filter(game__in=games).values_list("submission_key", flat=True))
    yield "hands_submitted", len(saved), "hands"
    yield "hands_stored", len(stored), "hands"
    yield "hands_lost", len(saved - set(stored)), "hands"
    yield "hands_duplicated", len(stored) - len(set(stored)), "hands"
    output = io.StringIO()
    try:
        call_command("check_games", stdout=output)
        mismatched = 0
    except SystemExit:
        mismatched = int(re.search(r"(\d+) with mismatches", output.getvalue()).group(1))
    yield "check_games_mismatches", mismatched, "games"
