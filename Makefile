# Mahjong Club: `make run` serves the site, `make test` runs the whole suite.
# Both create the virtualenv (.venv) with a Python >= 3.12 and install the project first.

SHELL := /bin/bash
.DEFAULT_GOAL := run

VENV    ?= .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
PYENV_ROOT ?= $(HOME)/.pyenv
HOST    ?= 127.0.0.1
PORT    ?= 8000
# make test runs the suite on two workers (pytest-xdist; TEST_WORKERS=0 for one process) and
# prints its 15 slowest tests.
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

.PHONY: run serve test bench lint format messages venv print-python backup restore loadtest

$(PY):
	@py="$$($(FIND_PYTHON))" || exit 1; \
	echo "Creating $(VENV) with $$py ($$("$$py" -V 2>&1))"; \
	"$$py" -m venv $(VENV)

# Reinstall whenever pyproject.toml is newer than the stamp.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e '.[test]'
	@touch $(STAMP)

venv: $(STAMP)

# Shows which interpreter the discovery above picks (without creating anything).
print-python:
	@$(FIND_PYTHON)

# The development server: DEBUG on (the settings default to production).
run: export DEBUG = true
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo --if-empty
	$(PY) manage.py runserver $(HOST):$(PORT)

# Production: gunicorn (mahjong_club/gunicorn.conf.py) with DEBUG off and hashed, compressed
# static files; needs SECRET_KEY (and usually DATABASE_URL) in the environment, and a TLS
# proxy in front (or HTTPS=false for plain HTTP on loopback).
serve: export DEBUG = false
serve: $(STAMP)
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py migrate --noinput
	$(VENV)/bin/gunicorn --config mahjong_club/gunicorn.conf.py --bind $(HOST):$(PORT)

# A timestamped backup of the whole database into $(BACKUP_DIR) or backups/ (scoring/backups);
# restore one into an EMPTY database: make restore FILE=backups/mahjong-club-….dump
backup: $(STAMP)
	$(PY) manage.py backup

restore: $(STAMP)
	@test -n "$(FILE)" || { echo "usage: make restore FILE=backups/mahjong-club-….dump (into an empty database)" >&2; exit 2; }
	$(PY) manage.py restore "$(FILE)"

# Load test (scoring/demo/loadtest.py): make serve on its own PostgreSQL database (created if
# missing, the demo club loaded if empty) under 4 scoring tables and 200 members for 60 s. The
# command itself runs with DEBUG=true (its development key is handed to the server it starts).
LOAD_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/mahjong_club_load
LOAD_PORT ?= 8130
loadtest: $(STAMP)
	DEBUG=true DATABASE_URL=$(LOAD_DATABASE_URL) $(PY) manage.py loadtest --port $(LOAD_PORT) $(LOAD_ARGS)

test: $(STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS) --durations=15 $(PYTEST_ARGS)

bench: export DEBUG = true
bench: $(STAMP)
	$(PY) manage.py bench

# make lint: ruff's checks, and that the code is as ruff format writes it (make format).
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: $(STAMP)
	$(PY) -m ruff format .

# Refresh the Spanish catalogue (scoring/locale/es) and compile it.
messages: $(STAMP)
	$(PY) manage.py makemessages -l es --no-obsolete --ignore='.venv' --ignore='tests' --ignore='staticfiles' --ignore='test-artifacts' --ignore='*.egg-info'
	$(PY) manage.py compilemessages -l es --ignore='.venv'
