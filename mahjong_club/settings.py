"""Settings for Mahjong Club, read from the environment (README, "Environment settings").

DEBUG (default false: production), SECRET_KEY (required to serve when DEBUG is false),
HTTPS (default: the opposite of DEBUG), ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS
(comma-separated), DATABASE_URL (default: SQLite file db.sqlite3 next to manage.py),
ADMINS, EMAIL_*, AXES_*, TIME_ZONE, PUBLIC_RESULTS (default true), REDIS_URL (the page
cache; default: a table in the database), PGBOUNCER (behind PgBouncer in transaction mode).
"""

import logging
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


DEBUG = env_bool("DEBUG", False)

# Without DEBUG and without a key, SECRET_KEY stays empty: Django refuses it only when
# something signs (a session, a CSRF token, a password reset), so commands that sign nothing
# (score_game, import_games, check_games ...) run on a fresh clone; gunicorn.conf.py refuses
# to serve without a key.
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and DEBUG:
    # Local development only: a fixed key, never used when DEBUG is false.
    SECRET_KEY = "local-development-key-mahjong-club-7f3q9v2k8m1x5z4w6r0t-not-for-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# Where `seed_demo` keeps the demo's generated logins for `make run` to print (owner-only).
DEMO_LOGINS_FILE = BASE_DIR / ".demo-logins"

# Results (leaderboards, game logs) visible without logging in.
PUBLIC_RESULTS = env_bool("PUBLIC_RESULTS", True)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "django_filters",
    "axes",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "scoring.ops.nul.RefuseNulInAdminQueries",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # last, as django-axes asks: it turns a locked-out login into the lockout page
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "mahjong_club.urls"
WSGI_APPLICATION = "mahjong_club.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "scoring.caching.languages.switch",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
            # {% load tiles %}: hands drawn by their tiles; {% load honours %}: a player's most common yaku;
            # {% load leagues %}: a player's league standings
            "libraries": {
                "tiles": "scoring.tiles.templatetags",
                "honours": "scoring.honours.templatetags",
                "leagues": "scoring.leagues.templatetags",
                "rankings": "scoring.rankings.templatetags",
                "american_events": "scoring.events.american.templatetags",
                "records": "scoring.records.templatetags",
            },
        },
    },
]

# SQLite by default: WAL so readers never wait for the scorer's writes, IMMEDIATE
# transactions so concurrent writers queue (busy_timeout) instead of failing.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;",
}
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
    # Tests use a file, not memory: with an in-memory database the live server's thread and
    # the test's thread share one connection, and a query from each at once fails.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "db.sqlite3-test")}
else:
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "60"))
    if env_bool("PGBOUNCER", False):  # transaction pooling: no kept connection, no cursor across transactions
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

# The page cache (scoring/caching; its version keys are rows of the database) must be shared
# by every process and app server: Redis when REDIS_URL is set (bound it with maxmemory), else
# a table of the database itself (created by migration 0011), at most MAX_ENTRIES pages of at
# most scoring.caching.pages.PAGE_MAX_BYTES each. The tests use local memory (tests/conftest.py).
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    if REDIS_URL
    else {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "club_cache",
        "OPTIONS": {"MAX_ENTRIES": 2_000},
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# django-axes first: a locked-out username and address pair is refused before any backend
# hashes the password.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
# Each language named in its own words and never translated: the header's switch shows these
# names as they are (scoring.caching.languages), so a French reader finds "Deutsch", not
# "Allemand". LocaleMiddleware takes the cookie the switch sets, else (a first visit) the
# browser's Accept-Language, else English; "pt" and "pt-PT" get Brazilian Portuguese.
LANGUAGES = [
    ("de", "Deutsch"),
    ("en", "English"),
    ("es", "Español"),
    ("fr", "Français"),
    ("nl", "Nederlands"),
    ("pt-br", "Português (Brasil)"),
]
# The catalogue lives in the scoring app; naming it here too lets makemessages put the
# strings of the top-level templates/ into it. The second holds what Django's admin and
# django-axes lack in each language (its headers say why it is apart).
LOCALE_PATHS = [BASE_DIR / "scoring" / "locale", BASE_DIR / "scoring" / "locale_upstream"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Production (DEBUG false) serves hashed, compressed files: run collectstatic first.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# ---- production: security, errors, mail, login throttling ------------------------------------

# Behind a TLS proxy that sets X-Forwarded-Proto: HTTPS redirect, HSTS and secure cookies.
# HTTPS=false turns them off (plain HTTP on loopback, the development server). Which request
# came over https is gunicorn's to say (wsgi.url_scheme): it believes X-Forwarded-Proto only
# from the proxies in FORWARDED_ALLOW_IPS (gunicorn.conf.py). No SECURE_PROXY_SSL_HEADER: with
# it Django would believe the header from any client that can reach the server.
HTTPS = env_bool("HTTPS", not DEBUG)
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]  # the proxy's probes speak plain HTTP
    SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

# Content-Security-Policy: only this site's own files, and inline code only with the nonce
# of the response (templates: {{ csp_nonce }}); htmx runs without eval (base.html).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Mail (Django 6.1's MAILERS): SMTP to EMAIL_HOST when it is set (then password reset mails a
# link and errors reach ADMINS); the console in development; otherwise Django's own default,
# a mail relay on localhost:25, which nothing relies on.
email_host = os.environ.get("EMAIL_HOST", "")
MAILERS = (
    {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
    if DEBUG and not email_host
    else {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": email_host or "localhost",
                "port": env_int("EMAIL_PORT", 587 if email_host else 25),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", bool(email_host)),
            },
        },
    }
)
DEFAULT_FROM_EMAIL = SERVER_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "mahjong-club@localhost")

# Errors: tracebacks to stderr (the process supervisor's log), and mailed to ADMINS
# (comma-separated addresses) when DEBUG is off and mail is configured. A request with a Host
# not in ALLOWED_HOSTS (anyone can send one: scanners do all day) is one WARNING line, no
# traceback, never mailed; Django logs it as an ERROR with its traceback.
ADMINS = env_list("ADMINS", "")


def as_one_warning_line(record: logging.LogRecord) -> bool:
    record.levelno, record.levelname = logging.WARNING, "WARNING"
    record.exc_info = record.exc_text = None
    return True


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
        "as_one_warning_line": {"()": "django.utils.log.CallbackFilter", "callback": as_one_warning_line},
    },
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "filters": ["require_debug_false"],
            "level": "ERROR",
        },
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {
            "handlers": ["stderr", "mail_admins"] if ADMINS and email_host else ["stderr"],
            "level": "INFO",
            "propagate": False,
        },
        "django.security.DisallowedHost": {
            "handlers": ["stderr"],
            "filters": ["as_one_warning_line"],
            "level": "INFO",
            "propagate": False,
        },
    },
}

# Without mail a reset link would never arrive: the reset page tells the member to ask an admin.
PASSWORD_RESET_BY_MAIL = bool(email_host) or DEBUG

# Login throttling (django-axes): AXES_FAILURE_LIMIT wrong passwords for one username from one
# address lock that pair out for AXES_COOLOFF_MINUTES; staff unlock in admin ("Access attempts").
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "scoring.ops.lockout.username"  # cut to a username's length (the column is 255)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "scoring/ops/locked_out.html"
CSRF_FAILURE_VIEW = "scoring.ops.views.csrf_failure"  # styled, no inline style (CSP)
