"""The load test's generator: Locust's ``FastHttpUser`` (gevent and geventhttpclient, one
event loop) playing the scorers, the phones polling at the tables and the members or
spectators, as a process of its own: ``python scoring/demo/locust_load.py PLAN OUT``.

It runs apart from Django (gevent patches the standard library before anything else is
imported: the command's PostgreSQL connection and threads must not be patched) and imports
nothing from the site. ``PLAN`` (JSON, written by ``scoring.demo.loadtest``) says who does
what; ``OUT`` (JSON) gets every latency per kind of request, the errors, the 304s, the
submission keys the server said it saved, the requests offered, the generator's own CPU
time and how late its event loop woke up (a loop waking late, or a core spent: the
generator, not the site, was the limit).

Every actor keeps a clock as a phone does: a tick at a random moment of its first period,
then one every period (a late tick is not skipped, it is sent as soon as the previous answer
came), until the end of the run; the ticks scheduled are the requests offered.
"""

from gevent import monkey

monkey.patch_all()

import itertools  # noqa: E402  (after gevent's patching)
import json  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import secrets  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from urllib.parse import urlencode  # noqa: E402

import gevent  # noqa: E402
from locust import FastHttpUser, constant, task  # noqa: E402
from locust.env import Environment  # noqa: E402
from locust.exception import StopUser  # noqa: E402

PLAN: dict = {}
LAG_EVERY = 0.05  # seconds between the event loop's wake-up probes


class Record:
    """Everything measured, in this one process (one event loop: no lock needed)."""

    times: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    error_kinds: dict[str, int] = defaultdict(int)
    not_modified = 0
    offered = 0
    reader_reads = 0  # the members' or spectators' reads (not the phones at the tables)
    reader_not_modified = 0
    saved: list[str] = []
    late = 0  # ticks sent more than a second after their time
    lags: list[float] = []  # how late the event loop woke up, ms
    running = 0  # actors still in their loop

    @classmethod
    def add(cls, kind: str, ms: float, ok: bool, error: str = "", not_modified: bool = False) -> None:
        cls.times[kind].append(ms)
        cls.errors[kind] += not ok
        if not ok:
            cls.error_kinds[error] += 1
        cls.not_modified += not_modified


def ticks(every: float, seed: int):
    """An actor's clock (see the module's docstring); counts the ticks it schedules."""
    until = PLAN["until"]
    next_at = time.time() + random.Random(seed).uniform(0, every)
    Record.offered += max(0, int((until - next_at) // every) + 1)
    Record.running += 1
    try:
        while True:
            gevent.sleep(max(0.0, next_at - time.time()))
            if time.time() >= until:
                return
            Record.late += time.time() - next_at > 1
            yield
            next_at += every
    finally:
        Record.running -= 1


def get(client, kind: str, url: str, headers: dict[str, str]):
    """A GET counted under ``kind`` (200 and 304 are fine); None when no answer came."""
    tick = time.perf_counter()
    try:
        response = client.get(url, headers=headers, catch_response=True)
    except Exception as error:  # a refused or cut connection is a figure, not a crash
        Record.add(kind, 1000 * (time.perf_counter() - tick), False, type(error).__name__)
        return None
    with response:
        code = response.status_code
        ok = code in (200, 304)
        Record.add(
            kind, 1000 * (time.perf_counter() - tick), ok, str(code or type(response.error).__name__), code == 304
        )
        response.success()  # our own figures judge it
    return response if ok else None


class Actor(FastHttpUser):
    abstract = True
    host = "http://127.0.0.1"
    network_timeout = 30.0
    connection_timeout = 30.0
    default_headers = {"Connection": "close"}  # a connection per request: none kept past gunicorn's keep-alive
    wait_time = constant(1)  # only after a task that failed (each task loops until the end of the run)

    def cookies(self) -> str:
        return f"{PLAN['session_cookie']}={PLAN['session_id']}"


class Scorer(Actor):
    """A scorer's phone at one table: the next hand (a draw, everyone tenpai) with a fresh
    submission key every period; a refusal (someone else was first) loads the table again."""

    numbers = itertools.count()

    def on_start(self) -> None:
        self.game = PLAN["scorers"][next(Scorer.numbers)]
        self.csrf = secrets.token_hex(16)  # the CSRF cookie and header, both ours
        self.number = self.sync()

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"{self.cookies()}; {PLAN['csrf_cookie']}={self.csrf}", "X-CSRFToken": self.csrf}

    def sync(self) -> int:
        html = self.client.get(self.game["table"] + "?outcome=draw", headers=self.headers()).text
        return int(re.search(r'name="expected_number" value="(\d+)"', html).group(1))

    @task
    def record(self) -> None:
        for _tick in ticks(PLAN["hand_every"], self.game["seed"]):
            key = secrets.token_hex(16)
            data = {**PLAN["draw"], "submission_key": key, "expected_number": str(self.number)}
            headers = self.headers() | {"Content-Type": "application/x-www-form-urlencoded"}
            tick = time.perf_counter()
            try:
                response = self.client.post(
                    self.game["hands"], data=urlencode(data, doseq=True), headers=headers, allow_redirects=False
                )
                code = response.status_code
            except Exception as error:
                code, kind = 0, type(error).__name__
            else:
                kind = "refused" if code else type(response.error).__name__
            ms = 1000 * (time.perf_counter() - tick)
            if code == 302:
                Record.saved.append(key)
                self.number += 1
                Record.add("save_hand", ms, True)
            else:
                Record.add("save_hand", ms, False, kind)
                try:
                    self.number = self.sync()
                except Exception:  # the next tick tries again
                    pass
        raise StopUser


class Poller(Actor):
    """Another phone at a table: the table's live region with the game's version."""

    numbers = itertools.count()

    @task
    def poll(self) -> None:
        poll = PLAN["pollers"][next(Poller.numbers)]
        etag = ""
        for _tick in ticks(PLAN["poll_every"], poll["seed"]):
            headers = {"HX-Request": "true", "If-None-Match": etag, "Cookie": self.cookies()}
            response = get(self.client, "table_poll", poll["url"], headers)
            if response is not None:
                etag = response.headers.get("ETag", etag)
        raise StopUser


class Reader(Actor):
    """A member or a spectator: a page every period (by the plan's weights), sent with the
    ETag it last got for that page (at the start, the one every visitor had before the
    measure: it has had its pages open a while); a page named ``…_live`` is an htmx poll."""

    numbers = itertools.count()

    @task
    def read(self) -> None:
        number = next(Reader.numbers)
        rng = random.Random(PLAN["reader_seed"] + number)
        pages = PLAN["pages"]
        kinds, weights = list(pages), list(pages.values())
        urls = {kind: PLAN["urls"].get(kind, []) for kind in kinds}
        for kind, followed in PLAN["follow"].items():  # the table (its game, its page) each one follows
            urls[kind] = [followed[number % len(followed)]]
        etags = dict(PLAN["etags"])
        for _tick in ticks(PLAN["page_every"], PLAN["reader_seed"] + number):
            kind = rng.choices(kinds, weights)[0]
            url, htmx = rng.choice(urls[kind]), kind.endswith("_live")
            key = f"{'htmx' if htmx else 'page'} {url}"
            headers = {"HX-Request": "true"} if htmx else {}
            if key in etags:
                headers["If-None-Match"] = etags[key]
            response = get(self.client, kind, url, headers)
            Record.reader_reads += 1
            if response is not None:
                Record.reader_not_modified += response.status_code == 304
                if response.headers.get("ETag"):
                    etags[key] = response.headers["ETag"]
        raise StopUser


def lag_probe() -> None:
    """How late the event loop wakes from a short sleep: near 0 while the generator keeps up."""
    while time.time() < PLAN["until"]:
        tick = time.perf_counter()
        gevent.sleep(LAG_EVERY)
        Record.lags.append(1000 * (time.perf_counter() - tick - LAG_EVERY))


def main(plan_path: str, out_path: str) -> None:
    with open(plan_path) as file:
        PLAN.update(json.load(file))
    for actor in (Scorer, Poller, Reader):
        actor.host = PLAN["host"]
    Scorer.fixed_count = len(PLAN["scorers"])
    Poller.fixed_count = len(PLAN["pollers"])
    Reader.fixed_count = PLAN["readers"]
    actors = Scorer.fixed_count + Poller.fixed_count + Reader.fixed_count
    environment = Environment(user_classes=[Scorer, Poller, Reader], host=PLAN["host"])
    runner = environment.create_local_runner()
    cpu, started = time.process_time(), time.time()
    PLAN["until"] = started + PLAN["seconds"]
    probe = gevent.spawn(lag_probe)
    runner.start(actors, spawn_rate=actors)  # every actor at once; each starts at a random moment of its period
    gevent.sleep(PLAN["seconds"])
    deadline = time.time() + 35  # the answers still coming (a request times out after 30 s)
    while Record.running and time.time() < deadline:
        gevent.sleep(0.2)
    elapsed, cpu = time.time() - started, time.process_time() - cpu
    runner.quit()
    probe.kill()
    lags = sorted(Record.lags) or [0.0]
    result = {
        "times": Record.times,
        "errors": Record.errors,
        "error_kinds": Record.error_kinds,
        "not_modified": Record.not_modified,
        "reader_reads": Record.reader_reads,
        "reader_not_modified": Record.reader_not_modified,
        "offered": Record.offered,
        "saved": Record.saved,
        "late": Record.late,
        "cpu_seconds": cpu,
        "elapsed": elapsed,
        "loop_lag_p95_ms": lags[int(0.95 * (len(lags) - 1))],
        "loop_lag_max_ms": lags[-1],
    }
    with open(out_path, "w") as file:
        json.dump(result, file)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
