"""``make loadtest``: the site served by ``make serve`` on PostgreSQL, 4 tables
each recording a hand every 3 s and 200 members each refreshing a page every 5 s, for 60 s;
then ``check_games``, and the hands each scorer saw saved counted against those stored.

Everything runs on loopback and is bounded in time; the server is a process group of our
own, stopped at the end. The requests come from Locust's ``FastHttpUser`` in a process of its
own (``scoring/demo/locust_load.py``: one event loop, thousands of requests a second from one
core), which reports its own CPU and how late its loop woke, so a run says when the generator,
not the site, was the limit. Members behave like phones: each keeps the ETag of every page it
has seen and asks with ``If-None-Match``. A scorer records a draw with everyone tenpai (the
dealer stays: the game never ends) with a fresh submission key, as the table page does.

``Scorer`` is also the scale-out test's (two servers, one game); the server, the database and
the login: ``scoring.demo.serving``.
"""

import io
import json
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stdout
from pathlib import Path

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

GENERATOR = Path(__file__).with_name("locust_load.py")
GENERATOR_LOG = "/tmp/mahjong-club-load-generator.log"  # Locust's own log of the last run
GENERATOR_CPU_LIMIT = 90  # % of one core: above it, the generator (one event loop) was the limit
GENERATOR_LAG_LIMIT_MS = 100  # its loop's p95 lateness waking up: above it, the same


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
    plan = {
        "readers": members,
        "pages": MEMBER_PAGES,
        "urls": urls,
        "follow": {},
        "hand_every": hand_every,
        "page_every": page_every,
        "pollers": [],
    }
    warm = [url for page in urls.values() for url in page]
    yield from measure(port=port, seconds=seconds, workers=workers, games=games, plan=plan, warm=warm)


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


def seen_etags(server_url: str, plan: dict) -> dict[str, str]:
    """The ETag of every page a reader may ask for (its htmx poll for a ``…_live`` kind), as any
    visitor got it just before the measure: the readers have had their pages open a while, so
    their first request is a poll like the others (anonymous pages are one copy for all)."""
    asked = {(url, kind.endswith("_live")) for kind in plan["pages"] for url in plan["urls"].get(kind, [])}
    asked |= {(url, kind.endswith("_live")) for kind, urls in plan["follow"].items() for url in urls}
    etags = {}
    with httpx.Client(base_url=server_url, timeout=60) as client:
        for url, htmx in sorted(asked):
            response = client.get(url, headers={"HX-Request": "true"} if htmx else {})
            if response.headers.get("ETag"):
                etags[f"{'htmx' if htmx else 'page'} {url}"] = response.headers["ETag"]
    return etags


def database_backends() -> dict[int, int]:
    """PostgreSQL's backends serving this database (Linux /proc, the server on this machine;
    none elsewhere): process id -> CPU time so far, in clock ticks."""
    name = f" {connection.settings_dict['NAME']} ".encode()
    found = {}
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            line = cmdline.read_bytes()
            if not line.startswith(b"postgres: ") or name not in line:
                continue
            fields = cmdline.with_name("stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile, or not ours to read
            continue
        found[int(cmdline.parent.name)] = int(fields[11]) + int(fields[12])  # utime, stime
    return found


class DatabaseCpu:
    """The CPU time PostgreSQL's backends of this database spend while it runs (a ``with``
    block): sampled every half second, so a backend that ends meanwhile (a connection older
    than ``CONN_MAX_AGE`` is closed) is counted up to its last sample."""

    def __init__(self):
        self.before = database_backends()
        self.last = dict(self.before)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def sample(self) -> None:
        while not self.done.wait(0.5):
            self.last.update(database_backends())

    def __enter__(self) -> "DatabaseCpu":
        self.thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self.done.set()
        self.thread.join()
        self.last.update(database_backends())

    @property
    def seconds(self) -> float:
        ticks = sum(now - self.before.get(pid, 0) for pid, now in self.last.items())
        return ticks / os.sysconf("SC_CLK_TCK")


def generate(plan: dict) -> dict:
    """Run the generator (``locust_load.py``, a process of its own) with ``plan``; its figures."""
    with tempfile.TemporaryDirectory(prefix="loadtest-") as folder:
        plan_path, out_path = Path(folder, "plan.json"), Path(folder, "out.json")
        plan_path.write_text(json.dumps(plan))
        with open(GENERATOR_LOG, "w") as log:
            done = subprocess.run(
                [sys.executable, str(GENERATOR), str(plan_path), str(out_path)],
                timeout=plan["seconds"] + 120,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        if done.returncode or not out_path.exists():
            raise RuntimeError(f"the load generator failed ({done.returncode}); see {GENERATOR_LOG}")
        return json.loads(out_path.read_text())


def measure(
    *, port: int, seconds: float, workers: int | None, games: list[Game], plan: dict, warm: list[str]
) -> Iterator:
    """Serve, warm it up with ``warm`` (URLs), run the generator with ``plan`` (completed here
    with a scorer per game and the logins) for ``seconds``, stop; the figures, the server's CPU
    and the generator's, the whole-table reads, the hands."""
    session_id = staff_session("loadtest-scorer")
    load_before = os.getloadavg()[0]
    server = Server(port, workers=workers).wait()
    plan |= {
        "host": server.url,
        "seconds": seconds,
        "session_cookie": settings.SESSION_COOKIE_NAME,
        "session_id": session_id,
        "csrf_cookie": settings.CSRF_COOKIE_NAME,
        "draw": {name: value for name, value in DRAW.items()},
        "scorers": [
            {
                "table": reverse("scoring:table", args=[game.pk]),
                "hands": reverse("scoring:record_hand", args=[game.pk]),
                "seed": i,
            }
            for i, game in enumerate(games)
        ],
        "reader_seed": 1000,
    }
    try:
        warm_up(server.url, warm)
        plan["etags"] = seen_etags(server.url, plan)
        reads_before = whole_reads()
        cpu_before, started = server.cpu_seconds(), time.monotonic()
        with DatabaseCpu() as database_cpu:
            result = generate(plan)
        cpu, elapsed, database = server.cpu_seconds() - cpu_before, time.monotonic() - started, database_cpu.seconds
        load_during = os.getloadavg()[0]
    finally:
        server.stop()  # its connections end: PostgreSQL's counts are complete
    yield from figures(result, seconds, load_before, load_during)
    requests = sum(len(times) for times in result["times"].values())
    yield "server_cpu_ms_per_request", 1000 * cpu / max(1, requests), "ms"
    yield "server_cpu_share", 100 * cpu / elapsed / (os.cpu_count() or 1), "% of the machine"
    yield "database_cpu_ms_per_request", 1000 * database / max(1, requests), "ms (PostgreSQL's backends)"
    generator = result["cpu_seconds"]
    yield "load_generator_cpu_ms_per_request", 1000 * generator / max(1, requests), "ms"
    whole = 1000 * (cpu + database + generator) / max(1, requests)
    yield (
        "requests_per_s_the_machine_could_serve",
        1000 * (os.cpu_count() or 1) / max(0.001, whole),
        f"requests/s of this mix, all {os.cpu_count()} cores at {whole:.1f} ms a request (server, database, generator)",
    )
    yield from generator_figures(result)
    reads_after = whole_reads()
    for name in WHOLE_READS:
        before, after = reads_before.get(name, (0, 0)), reads_after.get(name, (0, 0))
        yield f"seq_scans_{name}", after[0] - before[0], f"scans ({after[1] - before[1]} rows)"
    yield from hand_counts(games, set(result["saved"]))


def generator_figures(result: dict) -> Iterator[tuple[str, float, str]]:
    """The generator's own CPU, how late its loop woke, and whether it, not the site, was the limit."""
    cpu = 100 * result["cpu_seconds"] / max(0.001, result["elapsed"])
    lag = result["loop_lag_p95_ms"]
    yield "load_generator_cpu", cpu, "% of one core (Locust FastHttpUser, one event loop)"
    yield "load_generator_loop_lag_p95_ms", lag, f"ms (max {result['loop_lag_max_ms']:.0f} ms)"
    yield "load_generator_late_ticks", result["late"], "requests sent over 1 s after their time"
    limited = cpu >= GENERATOR_CPU_LIMIT or lag >= GENERATOR_LAG_LIMIT_MS
    reason = (
        f"yes: the generator could not send on time (over {GENERATOR_CPU_LIMIT} % of a core, or its loop "
        f"{GENERATOR_LAG_LIMIT_MS} ms late: spent, or starved by the machine's other processes), not the site"
        if limited
        else "no: the generator kept up; the figures are the site's"
    )
    yield "load_generator_limited", int(limited), reason


def figures(result: dict, seconds: float, load_before: float, load_during: float):
    """The requests per second of the ``seconds`` the actors were scheduled over (the answers
    that come after count too), errors, 304s, the latencies per kind."""
    times: dict[str, list[float]] = result["times"]
    requests = sum(len(ts) for ts in times.values())
    yield "load_average_before", load_before, "(1 min)"
    yield "load_average_at_end", load_during, "(1 min)"
    yield "offered_per_s", result["offered"] / seconds, "requests/s"
    yield "requests_per_s", requests / seconds, "requests/s"
    yield "served_share", 100 * requests / max(1, result["offered"]), "% of offered"
    yield "errors", sum(result["errors"].values()), "requests"
    for kind, count in sorted(result["error_kinds"].items()):
        if count:
            yield f"errors_{kind}", count, "requests"
    reads = requests - sum(len(times.get(page, [])) for page in WRITES)
    yield "not_modified_share", 100 * result["not_modified"] / max(1, reads), "% of reads"
    yield (
        "readers_not_modified_share",
        100 * result["reader_not_modified"] / max(1, result["reader_reads"]),
        "% of the members' or spectators' reads",
    )
    for page in sorted(times):
        if times[page]:
            yield f"{page}_requests", len(times[page]), "requests"
            yield f"{page}_p50_ms", statistics.median(times[page]), "ms"
            yield f"{page}_p95_ms", p95(times[page]), "ms"
    yield "pages_p95_ms", p95([t for page, ts in times.items() if page not in WRITES for t in ts]), "ms"


def hand_counts(games: list[Game], saved: set[str]):
    """The hands the scorers were told were saved against those stored; then ``check_games``."""
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
