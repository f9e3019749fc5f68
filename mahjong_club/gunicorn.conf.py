"""Gunicorn for ``make serve`` (production): workers and threads from the environment.

WEB_WORKERS (default 2 × cores + 1), WEB_THREADS (default 4), WEB_TIMEOUT seconds (30);
the address comes from the Makefile's HOST and PORT (``--bind``). Refuses to start without
SECRET_KEY: the settings leave it empty so that commands signing nothing run without one.
"""

import multiprocessing
import os

if not os.environ.get("SECRET_KEY"):
    raise SystemExit("make serve: set SECRET_KEY in the environment (a long random string, kept secret).")

wsgi_app = "mahjong_club.wsgi:application"
workers = int(os.environ.get("WEB_WORKERS", 2 * multiprocessing.cpu_count() + 1))
threads = int(os.environ.get("WEB_THREADS", 4))
timeout = int(os.environ.get("WEB_TIMEOUT", 30))
accesslog = "-"  # stderr/stdout, for the process supervisor's log
errorlog = "-"
# the TLS proxy's addresses: only from them is "X-Forwarded-Proto: https" believed (the
# request's wsgi.url_scheme, which Django's HTTPS redirect, HSTS and secure cookies follow)
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
secure_scheme_headers = {"X-FORWARDED-PROTO": "https"}
