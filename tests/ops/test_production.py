"""Production settings, each run as ``make serve`` runs them: manage.py in a
subprocess with DEBUG=false, a SECRET_KEY and nothing else from this test process."""

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEY = "a-test-key-only-for-this-subprocess-9f8e7d6c5b4a3928170615243342516071829"
CLEAN = {
    name: value
    for name, value in os.environ.items()
    if name
    not in {
        "DEBUG",
        "SECRET_KEY",
        "HTTPS",
        "DATABASE_URL",
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "ADMINS",
        "EMAIL_HOST",
    }
}


def run(*args, env=None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**CLEAN, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,
    )


PRODUCTION = {"DEBUG": "false", "SECRET_KEY": KEY}
SETTINGS = """
import json, django
from django.conf import settings
django.setup()
print(json.dumps({name: getattr(settings, name, None) for name in (
    "DEBUG", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
    "SECURE_PROXY_SSL_HEADER", "ADMINS", "PASSWORD_RESET_BY_MAIL", "PASSWORD_HASHERS")}))
"""


def settings_under(env: dict) -> dict:
    result = run("-c", SETTINGS, env={"DJANGO_SETTINGS_MODULE": "mahjong_club.settings", **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_check_deploy_prints_no_warning():
    result = run("manage.py", "check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_debug_is_off_and_https_on_unless_the_environment_says_otherwise():
    default = settings_under({"SECRET_KEY": KEY, "ADMINS": "ann@club.example, bob@club.example"})
    assert default["DEBUG"] is False
    assert default["SECURE_SSL_REDIRECT"] and default["SESSION_COOKIE_SECURE"] and default["CSRF_COOKIE_SECURE"]
    assert default["SECURE_HSTS_SECONDS"] >= 365 * 24 * 3600
    # gunicorn decides what is https, from FORWARDED_ALLOW_IPS only; Django would believe anyone
    assert default["SECURE_PROXY_SSL_HEADER"] is None
    assert default["ADMINS"] == ["ann@club.example", "bob@club.example"]
    assert default["PASSWORD_RESET_BY_MAIL"] is False  # no EMAIL_HOST: ask an admin
    # the suite's MD5 (tests/conftest.py) never reaches the site: it hashes with PBKDF2
    assert default["PASSWORD_HASHERS"][0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    assert settings_under({"SECRET_KEY": KEY, "EMAIL_HOST": "smtp.club.example"})["PASSWORD_RESET_BY_MAIL"]
    loopback = settings_under({"SECRET_KEY": KEY, "HTTPS": "false"})
    assert not loopback["SECURE_SSL_REDIRECT"] and not loopback["SESSION_COOKIE_SECURE"]
    assert not loopback["SECURE_HSTS_SECONDS"] and loopback["SECURE_PROXY_SSL_HEADER"] is None


def test_commands_that_sign_nothing_need_no_secret_key():
    """A fresh clone, no environment: the documented score_game works (DEBUG off, no key)."""
    result = run("manage.py", "score_game", "tests/examples/ema-2016.json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)


def test_gunicorn_refuses_to_serve_without_a_secret_key():
    config = "exec(open('mahjong_club/gunicorn.conf.py').read())"
    refused = run("-c", config)
    assert refused.returncode != 0 and "SECRET_KEY" in refused.stderr
    assert run("-c", config, env={"SECRET_KEY": KEY}).returncode == 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def hsts_of(port: int, source: str) -> str | None:
    """The HSTS header /healthz answers a request from ``source`` that says it came over https
    (Django sends HSTS only on a request it takes for https)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        connection.request("GET", "/healthz", headers={"Host": "localhost", "X-Forwarded-Proto": "https"})
        response = connection.getresponse()
        assert response.status == 200, response.read()
        return response.getheader("Strict-Transport-Security")
    finally:
        connection.close()


def test_x_forwarded_proto_is_believed_only_from_the_allowed_proxies(tmp_path):
    """make serve's gunicorn with FORWARDED_ALLOW_IPS=127.0.0.1: the proxy there is believed,
    a client at 127.0.0.2 saying ``X-Forwarded-Proto: https`` is not (Django took anyone's word)."""
    port, tmp_path = free_port(), str(tmp_path)  # an empty STATIC_ROOT: /healthz needs no file
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "mahjong_club/gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env={**CLEAN, **PRODUCTION, "FORWARDED_ALLOW_IPS": "127.0.0.1", "WEB_WORKERS": "1", "STATIC_ROOT": tmp_path},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, server.stderr and server.stderr.read()
                time.sleep(0.2)
        assert hsts_of(port, "127.0.0.1").startswith("max-age=")
        assert hsts_of(port, "127.0.0.2") is None
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_gunicorn_takes_its_workers_threads_and_timeout_from_the_environment():
    config = "exec(open('mahjong_club/gunicorn.conf.py').read()); print(workers, threads, timeout)"
    result = run("-c", config, env={"SECRET_KEY": KEY, "WEB_WORKERS": "3", "WEB_THREADS": "7", "WEB_TIMEOUT": "45"})
    assert result.stdout.split() == ["3", "7", "45"], result.stderr


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> dict:
    """collectstatic as make serve runs it (hashed, compressed), into a temporary folder."""
    env = {**PRODUCTION, "STATIC_ROOT": str(tmp_path_factory.mktemp("static"))}
    result = run("manage.py", "collectstatic", "--noinput", "-v", "0", env=env)
    assert result.returncode == 0, result.stderr
    return env


DATABASE_DOWN = """
import django
django.setup()
from django.test import Client
client = Client(raise_request_exception=False)
for path in ("/healthz", "/readyz", "/leaderboard/"):
    response = client.get(path)
    print(path, response.status_code, response.content.decode().replace("\\n", " "))
"""


def test_with_the_database_down(collected):
    """/healthz answers, /readyz says 503, a page is the styled 500 and stderr has the traceback."""
    env = {
        **collected,
        "HTTPS": "false",
        "DJANGO_SETTINGS_MODULE": "mahjong_club.settings",
        "DATABASE_URL": "postgres://nobody@127.0.0.1:9/none",
    }  # nothing listens on port 9
    result = run("-c", DATABASE_DOWN, env=env)
    assert result.returncode == 0, result.stderr
    health, ready, page = result.stdout.splitlines()
    assert health.startswith("/healthz 200 ok")
    assert ready.startswith("/readyz 503")
    assert page.startswith("/leaderboard/ 500 ")
    assert "Something went wrong" in page and "/static/css/club." in page  # base.html's look, hashed CSS
    assert "Traceback (most recent call last)" in result.stderr and "OperationalError" in result.stderr
    assert "nobody" not in page  # nothing of the database URL reaches the visitor


BAD_HOST = """
import django
django.setup()
from django.test import Client
from django.utils.log import AdminEmailHandler
AdminEmailHandler.send_mail = lambda self, subject, message, *args, **kwargs: print("mailed:", subject)
print(Client(raise_request_exception=False).get("/healthz", HTTP_HOST="evil.example").status_code)
"""


def test_a_bad_host_header_is_one_warning_line_and_no_mail(tmp_path):
    """Anyone can send one: it was an ERROR with a traceback, mailed to ADMINS."""
    env = {
        **PRODUCTION,
        "STATIC_ROOT": str(tmp_path),  # a folder, empty: WhiteNoise says nothing
        "HTTPS": "false",
        "DJANGO_SETTINGS_MODULE": "mahjong_club.settings",
        "ADMINS": "ann@club.example",
        "EMAIL_HOST": "smtp.club.example",
    }
    result = run("-c", BAD_HOST, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "400\n"  # nothing mailed
    [line] = result.stderr.splitlines()
    assert " WARNING django.security.DisallowedHost: Invalid HTTP_HOST header: 'evil.example'." in line
