"""``make faultrun``: scorers saving hands over HTTP to ``make serve`` on PostgreSQL while
every connection of the site to the database is ended every 0.7 s (``pg_terminate_backend``:
what a PostgreSQL restart, a failover or an idle-connection killer does); then the hands each
scorer was told were recorded are counted against those stored.

Each scorer's phone behaves as the outbox does (``static/js/outbox.js``): it posts a hand with
a submission key as htmx would, and reads the ``Hand-Result`` header. "recorded": the next
hand, a new key. No answer or a 5xx: the same hand with the same key again, until it gets an
answer. Anything else ("conflict", a form with errors): the hand is refused, and the phone
loads the table again. After the faults stop, a phone with a hand still unanswered sends it
again (up to 5 times). Counted:

- ``reported_not_stored``: answered "recorded", not in the database;
- ``lost``: a hand the scorer entered that is not stored and was never answered "recorded"
  (refused, or unanswered to the end: one scorer per table, so nothing should refuse it);
- ``duplicated``: a submission stored more than once.

Everything runs on loopback and is bounded in time; the server is a process group of our own,
stopped at the end.
"""

import random
import re
import secrets
import threading
import time
from collections import Counter
from collections.abc import Iterator

import httpx
import psycopg
from django.conf import settings
from django.db import connection
from django.urls import reverse

from scoring.demo.loadtest import DRAW, Scorer, prepare
from scoring.demo.serving import Server, ensure_database, staff_session
from scoring.models import Game, Hand

HX = {"HX-Request": "true"}


class Phone(Scorer):
    """A scorer's phone with the outbox: one hand at a time, retried with its key until answered."""

    def __init__(self, server_url: str, game_id: int, session_id: str):
        self.reported: list[str] = []  # keys answered "recorded"
        self.refused: list[str] = []  # keys answered anything else
        self.answers: Counter = Counter()
        self.pending: str | None = None  # the key of the hand not answered yet
        self.number = 0
        super().__init__(server_url, game_id, session_id)

    def sync(self) -> int:
        try:
            return super().sync()
        except (httpx.HTTPError, AttributeError):  # no answer, or an error page: keep the number
            self.answers["sync failed"] += 1
            return self.number

    def send(self) -> None:
        """Post the pending hand (a new one if none is pending) and act on the answer."""
        if self.pending is None:
            self.pending = secrets.token_hex(16)
        data = {**DRAW, "submission_key": self.pending, "expected_number": str(self.number)}
        headers = {**HX, "X-CSRFToken": self.client.cookies.get(settings.CSRF_COOKIE_NAME, "")}
        try:
            response = self.client.post(self.hands, data=data, headers=headers)
        except httpx.HTTPError as error:
            self.answers[type(error).__name__] += 1
            return  # no answer: the same hand again
        result = response.headers.get("Hand-Result", "")
        self.answers[f"{response.status_code} {result}".strip()] += 1
        if response.status_code >= 500:
            return
        if result == "recorded":
            self.reported.append(self.pending)
            self.number += 1
        else:
            self.refused.append(self.pending)
            self.number = self.sync()
        self.pending = None


def end_backends(dbname: str, every: float, until: float, ended: list[int]) -> None:
    """Every ``every`` seconds, end every other connection to ``dbname`` (the site's)."""
    s = connection.settings_dict
    params = {"host": s["HOST"], "port": s["PORT"], "user": s["USER"], "password": s["PASSWORD"]}
    with psycopg.connect(dbname=dbname, autocommit=True, **{k: v for k, v in params.items() if v}) as killer:
        while time.monotonic() < until:
            time.sleep(every)
            row = killer.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
            ).fetchone()
            ended.append(row[0])


def phone(scorer: Phone, until: float, seed: int) -> None:
    rng = random.Random(seed)
    while time.monotonic() < until:
        scorer.send()
        time.sleep(rng.uniform(0.02, 0.1))


def run(*, port: int, seconds: float = 30, tables: int = 4, every: float = 0.7) -> Iterator[tuple[str, int, str]]:
    """The whole fault run; yields ``(name, value, unit)`` figures."""
    ensure_database()
    games, _urls = prepare(tables)
    session_id = staff_session("loadtest-scorer")
    dbname = connection.settings_dict["NAME"]
    connection.close()  # ours is ended too
    server = Server(port).wait()
    ended: list[int] = []
    try:
        phones = [Phone(server.url, game.pk, session_id) for game in games]
        until = time.monotonic() + seconds
        threads = [threading.Thread(target=phone, args=(p, until, i)) for i, p in enumerate(phones)]
        threads.append(threading.Thread(target=end_backends, args=(dbname, every, until, ended)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for scorer in phones:  # the faults are over: a hand still unanswered is sent again
            for _attempt in range(5):
                if scorer.pending is None:
                    break
                scorer.send()
        connection.close()
        stale = stale_pages(games, server.url)
    finally:
        server.stop()
    connection.close()
    yield "backends_ended", sum(ended), "connections"
    answers = sum((p.answers for p in phones), Counter())
    for answer, count in sorted(answers.items()):
        yield f"answers_{answer.replace(' ', '_')}", count, "requests"
    yield from counts(games, phones)
    yield "stale_game_pages", stale, "games"


def counts(games: list[Game], phones: list[Phone]) -> Iterator[tuple[str, int, str]]:
    stored = Counter(Hand.objects.filter(game__in=games).values_list("submission_key", flat=True))
    reported = {key for p in phones for key in p.reported}
    entered = reported | {key for p in phones for key in p.refused} | {p.pending for p in phones if p.pending}
    yield "hands_reported_recorded", len(reported), "hands"
    yield "hands_stored", sum(stored.values()), "hands"
    yield "lost", len({key for key in entered - reported if key not in stored}), "hands"
    yield "duplicated", sum(count - 1 for count in stored.values()), "hands"
    yield "reported_not_stored", len(reported - set(stored)), "hands"


def stale_pages(games: list[Game], server_url: str) -> int:
    """Games whose page, as the server serves it after the faults (from its cache), is not
    the page of what is stored: the version it polls with is not the version the live region
    answers with (its ETag, read from the database)."""
    stale = 0
    with httpx.Client(base_url=server_url, timeout=30) as client:
        for game in games:
            html = client.get(reverse("scoring:game", args=[game.pk])).text
            shown = re.search(r'"If-None-Match": "(\\"[^\\]+\\")"', html)
            stored = client.get(reverse("scoring:game_live", args=[game.pk]), headers=HX).headers.get("ETag")
            stale += shown is None or shown.group(1).replace("\\", "") != stored
    return stale
