# Mahjong Club: `make run` serves the site, `make test` runs the whole suite.
# Both create the virtualenv (.venv) with a Python >= 3.12 and install the project first.

SHELL := /bin/bash
.DEFAULT_GOAL := run

VENV    ?= .venv
PY      := $(VENV)/bin/python
# The lock (pip-tools, `make lock`): requirements.txt is production, requirements-test.txt the
# same pins plus the test extras. Each install is the lock, then the project itself (--no-deps).
LOCK       := requirements.txt
TEST_LOCK  := requirements-test.txt
STAMP      := $(VENV)/.installed
SERVE_STAMP := $(VENV)/.installed-serve
LOCK_VENV  ?= .venv-lock
# PyMahjongGB (MCR's fan from tiles, scoring/tiles/mcr) is compiled from source with the
# machine's C++ compiler. An install takes the lock without it, then tries it on its own: where
# it cannot be built, a plain line says so and the install goes on (the site runs, MCR hands
# are entered by their fan, and the tile entry says why it is off).
BUILT_APART := pymahjonggb
define install_lock
	grep -iv '^$(BUILT_APART)==' $(1) > $(VENV)/lock-without-$(BUILT_APART).txt
	$(PY) -m pip install -r $(VENV)/lock-without-$(BUILT_APART).txt
	$(PY) -m pip install "$$(grep -i '^$(BUILT_APART)==' $(1))" || echo "PyMahjongGB could not be built here" \
	  "(it needs a C++ compiler such as g++): the site runs without it, MCR hands by their tiles are off."
endef
PYENV_ROOT ?= $(HOME)/.pyenv
HOST    ?= 127.0.0.1
PORT    ?= 8000
# make test runs the suite on two workers (pytest-xdist; TEST_WORKERS=0 for one process) that
# take tests from each other's queue when their own runs out (worksteal: a long browser test
# never holds up a queue of short ones), and prints its 15 slowest tests.
TEST_WORKERS ?= 2
PYTEST_ARGS ?=

# A candidate counts only if it RUNS and is >= 3.12: pyenv shims such as python3.13 exist
# on PATH but fail when that version is not selected, and python3 may be older.
# Order: $(PYTHON) if given, python3.13, python3.12, python3, then pyenv's installed
# 3.12+ versions (newest first) under $PYENV_ROOT and ~/.pyenv.
FIND_PYTHON = for cand in $(PYTHON) python3.13 python3.12 python3 \
	  $$(ls -d $(PYENV_ROOT)/versions/3.1[2-9]*/bin/python $(HOME)/.pyenv/versions/3.1[2-9]*/bin/python \
	        2>/dev/null | sort -rV | uniq); do \
	  if "$$cand" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
	    echo "$$cand"; exit 0; \
	  fi; \
	done; \
	echo "Mahjong Club needs Python 3.12 or newer; none of python3.13, python3.12, python3 or pyenv's versions is one." >&2; \
	echo "Install one (e.g. apt-get install python3.12, or pyenv install 3.13) or run: make PYTHON=/path/to/python3.12" >&2; \
	exit 1

.PHONY: run serve serve-install check-serve-install test screenshots bench lint format lock messages venv print-python \
	backup restore loadtest faultrun racerun docs

$(PY):
	@py="$$($(FIND_PYTHON))" || exit 1; \
	echo "Creating $(VENV) with $$py ($$("$$py" -V 2>&1))"; \
	"$$py" -m venv $(VENV)

# Reinstall whenever the lock or pyproject.toml is newer than the stamp. The development and
# test install (make run, test, bench, lint, loadtest) takes the test lock; make serve, backup
# and restore only the production lock: no pytest, Playwright, Hypothesis or ruff there.
$(STAMP): $(TEST_LOCK) pyproject.toml | $(PY)
	$(call install_lock,$(TEST_LOCK))
	$(PY) -m pip install -e . --no-deps
	@touch $(STAMP)

$(SERVE_STAMP): $(LOCK) pyproject.toml | $(PY)
	$(call install_lock,$(LOCK))
	$(PY) -m pip install -e . --no-deps
	@touch $(SERVE_STAMP)

venv: $(STAMP)

serve-install: $(SERVE_STAMP)

# make serve's install into a throwaway virtualenv: fails if a test tool is in it, or if the
# site does not load (CI runs it).
check-serve-install:
	@tmp="$$(mktemp -d)"; trap 'rm -rf "$$tmp"' EXIT; \
	$(MAKE) -s --no-print-directory VENV="$$tmp/venv" serve-install >"$$tmp/log" 2>&1 || { cat "$$tmp/log"; exit 1; }; \
	found="$$("$$tmp/venv/bin/python" -m pip list --format=freeze | grep -iE '^(pytest|pytest-[a-z-]+|playwright|hypothesis|ruff|mypy|django-stubs(-ext)?|types-[a-z0-9-]+)==' || true)"; \
	if [ -n "$$found" ]; then echo "make serve installs test tools:" $$found >&2; exit 1; fi; \
	key="$$("$$tmp/venv/bin/python" -c 'import secrets; print(secrets.token_urlsafe(50))')"; \
	DEBUG=false SECRET_KEY="$$key" "$$tmp/venv/bin/python" manage.py check --deploy --fail-level WARNING \
	  >"$$tmp/log" 2>&1 || { cat "$$tmp/log"; exit 1; }; \
	echo "make serve installs $$("$$tmp/venv/bin/python" -m pip list --format=freeze | wc -l) packages" \
	  "with $$("$$tmp/venv/bin/python" -V), no test tool"

# Refresh the lock: the newest versions pyproject.toml's ranges allow (pip-tools in a
# virtualenv of its own). The test lock is resolved first; the production lock is held to
# its pins, so the two never disagree.
lock:
	@test -x $(LOCK_VENV)/bin/pip-compile || { py="$$($(FIND_PYTHON))" || exit 1; \
	  "$$py" -m venv $(LOCK_VENV) && $(LOCK_VENV)/bin/pip install -q 'pip-tools>=7.4,<8'; }
	$(LOCK_VENV)/bin/pip-compile --quiet --upgrade --strip-extras --no-emit-index-url --no-emit-find-links \
	  --extra=test --output-file=$(TEST_LOCK) pyproject.toml
	$(LOCK_VENV)/bin/pip-compile --quiet --strip-extras --no-emit-index-url --no-emit-find-links \
	  --constraint=$(TEST_LOCK) --output-file=$(LOCK) pyproject.toml

# Shows which interpreter the discovery above picks (without creating anything).
print-python:
	@$(FIND_PYTHON)

# The development server: DEBUG on (the settings default to production); before serving it
# prints how to sign in (the demo's staff and member logins: scoring/demo/club.py).
run: export DEBUG = true
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo --if-empty
	$(PY) manage.py demo_logins --site http://$(HOST):$(PORT)
	$(PY) manage.py runserver $(HOST):$(PORT)

# Production: gunicorn (mahjong_club/gunicorn.conf.py) with DEBUG off and hashed, compressed
# static files; needs SECRET_KEY (and usually DATABASE_URL) in the environment, and a TLS
# proxy in front (or HTTPS=false for plain HTTP on loopback).
serve: export DEBUG = false
serve: $(SERVE_STAMP)
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py migrate --noinput
	$(VENV)/bin/gunicorn --config mahjong_club/gunicorn.conf.py --bind $(HOST):$(PORT)

# A timestamped backup of the whole database into $(BACKUP_DIR) or backups/ (scoring/backups);
# restore one into an EMPTY database: make restore FILE=backups/mahjong-club-….dump
backup: $(SERVE_STAMP)
	$(PY) manage.py backup

restore: $(SERVE_STAMP)
	@test -n "$(FILE)" || { echo "usage: make restore FILE=backups/mahjong-club-….dump (into an empty database)" >&2; exit 2; }
	$(PY) manage.py restore "$(FILE)"

# Load test (scoring/demo/loadtest.py): make serve on its own PostgreSQL database (created if
# missing, the demo club loaded if empty) under 4 scoring tables and 200 members for 60 s, the
# requests sent by Locust (scoring/demo/locust_load.py, a process of its own). The command
# itself runs with DEBUG=true (its development key is handed to the server it starts).
LOAD_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/mahjong_club_load
LOAD_PORT ?= 8130
loadtest: $(STAMP)
	DEBUG=true DATABASE_URL=$(LOAD_DATABASE_URL) $(PY) manage.py loadtest --port $(LOAD_PORT) $(LOAD_ARGS)

# Fault run (scoring/demo/faultrun.py): make serve on its own PostgreSQL database, 4 scorers
# saving hands while every site connection is ended every 0.7 s, for 30 s; fails unless 0 hands
# are lost, duplicated or reported recorded and not stored.
FAULT_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/mahjong_club_faults
FAULT_PORT ?= 8131
faultrun: $(STAMP)
	DEBUG=true DATABASE_URL=$(FAULT_DATABASE_URL) $(PY) manage.py faultrun --port $(FAULT_PORT) $(FAULT_ARGS)

# Race run (scoring/demo/racerun.py): make serve on its own PostgreSQL database, two staff sending
# the forms of the team and league races at the same moment, 10 tries of each; fails unless every try keeps
# its rule with no 5xx answer.
RACE_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/mahjong_club_races
RACE_PORT ?= 8132
racerun: $(STAMP)
	DEBUG=true DATABASE_URL=$(RACE_DATABASE_URL) $(PY) manage.py racerun --port $(RACE_PORT) $(RACE_ARGS)

test: $(STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=15 $(PYTEST_ARGS)

# The browser tests, with their screenshots in test-artifacts/ (make test takes none).
screenshots: $(STAMP)
	SCREENSHOTS=1 $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal -m browser $(PYTEST_ARGS)
	@echo "screenshots: $$(ls test-artifacts/*.png | wc -l) in test-artifacts/"

bench: export DEBUG = true
bench: $(STAMP)
	$(PY) manage.py bench

# make lint: ruff's checks (complexity and unused noqa among them), that the code is as ruff
# format writes it (make format), strict mypy on the parts pyproject.toml's [tool.mypy] lists,
# and that the models need no migration that is not written.
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	$(PY) manage.py makemigrations --check --dry-run

# The documentation (docs/, mkdocs.yml) built into build/docs; a broken link or anchor fails it.
docs: $(STAMP)
	$(PY) -m mkdocs build
	@echo "docs: build/docs/index.html"

format: $(STAMP)
	$(PY) -m ruff format .

# Refresh every catalogue (scoring/locale/<locale>: the site speaks English, its msgids, and the
# languages of settings.LANGUAGES below) and compile them; tests/rulebook/test_catalogues.py fails
# until each new string is translated in each.
LOCALES := es fr de pt_BR nl
messages: $(STAMP)
	$(PY) manage.py makemessages $(addprefix -l ,$(LOCALES)) --no-obsolete --ignore='.venv' --ignore='tests' --ignore='staticfiles' --ignore='test-artifacts' --ignore='*.egg-info' --ignore='node_modules'
	$(PY) manage.py compilemessages $(addprefix -l ,$(LOCALES)) --ignore='.venv'
