"""The site served by ``make serve`` on this process's PostgreSQL database, for the runs against a
real server (``make loadtest``, ``make faultrun``, ``make racerun``) and the scale-out test: the
server as a process group of our own, the database, staff logins, free ports."""

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
import psycopg
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse
from psycopg import sql


class Server:
    """``make serve`` on 127.0.0.1:``port`` with this process's database and secret key (the
    logins this process makes are valid there), until ``stop()``; its collected static files
    in ``static_root`` when given (a test's own folder: another process may be serving the
    checkout's ``staticfiles/`` meanwhile)."""

    def __init__(self, port: int, *, workers: int | None = None, static_root: str | None = None):
        self.url = f"http://127.0.0.1:{port}"
        env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "SECRET_KEY": settings.SECRET_KEY,
            "HTTPS": "false",
            "SECURE_COOKIES": "false",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
        }
        if workers:
            env["WEB_WORKERS"] = str(workers)
        if static_root:
            env["STATIC_ROOT"] = static_root
        self.log = open(f"/tmp/mahjong-club-serve-{port}.log", "w")  # closed by stop()
        self.process = subprocess.Popen(
            ["make", "-s", "serve", "HOST=127.0.0.1", f"PORT={port}"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait(self, timeout: float = 120) -> "Server":
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"make serve exited with {self.process.returncode}; see {self.log.name}")
            try:
                if httpx.get(self.url + reverse("scoring:rules"), timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"make serve did not answer within {timeout} s; see {self.log.name}")

    def cpu_seconds(self) -> float:
        """CPU time used so far by the server's processes (Linux /proc; 0 elsewhere): unlike
        latencies, it does not depend on what else the machine is doing."""
        ticks = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:  # the process ended meanwhile
                continue
            if int(fields[2]) == self.process.pid:  # its process group
                ticks += int(fields[11]) + int(fields[12])  # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        """SIGTERM to the server's own process group (make, gunicorn and its workers)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()


def ensure_database() -> None:
    """Create this process's PostgreSQL database if it does not exist yet."""
    s = connection.settings_dict
    params = {"host": s["HOST"], "port": s["PORT"], "user": s["USER"], "password": s["PASSWORD"]}
    with psycopg.connect(dbname="postgres", autocommit=True, **{k: v for k, v in params.items() if v}) as server:
        if not server.execute("SELECT 1 FROM pg_database WHERE datname = %s", [s["NAME"]]).fetchone():
            server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(s["NAME"])))


def database_url() -> str:
    s = connection.settings_dict
    login = f"{s['USER']}:{s['PASSWORD']}@" if s["PASSWORD"] else f"{s['USER']}@" if s["USER"] else ""
    return f"postgres://{login}{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}/{s['NAME']}"


def staff_session(username: str) -> str:
    """The session cookie of a staff login (who may record any game and run the club), stored in
    the database."""
    user, _created = User.objects.update_or_create(username=username, defaults={"is_staff": True})
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def free_ports(count: int) -> list[int]:
    """Ports nothing listens on now, all different (a fixed port could answer from a server
    left over by an earlier run, against another database)."""
    probes = [socket.socket() for _ in range(count)]
    for probe in probes:
        probe.bind(("127.0.0.1", 0))
    ports = [probe.getsockname()[1] for probe in probes]
    for probe in probes:
        probe.close()
    return ports
