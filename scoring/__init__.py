"""The club's one Django app, in parts (one folder each; the documentation's layout says more).

    rules/      the rule engine: pure Python, imports nothing outside itself
    rulebook/   the rules as members read them: the rules page, knob names, the engine's
                messages in the reader's language
    records/    the write path (services) and what it keeps: derived numbers, game logs,
                checks, ratings
    boards/     read-only results: leaderboards, statistics, game pages, charts
    table/      the scorer's pages: start a game, record its hands
    events/     club nights and tournaments: check-in, seating, rounds, the round timer
    tiles/      hands entered by their tiles (the ``mahjong`` package), the records page
    outbox/     the table's offline outbox (its service worker)
    caching/    version keys and cached pages with ETags
    backups/    ``make backup`` and ``make restore``
    ops/        health checks, the password-reset gate, the lockout and CSRF pages
    demo/       the demo club of ``make run``, ``make bench`` and ``make loadtest``

``models/`` (one module per kind of record, all re-exported), ``admin/`` (one module per
admin), ``urls.py``, ``apps.py``, ``permissions.py``, ``migrations/`` and ``management/``
stay where Django readers look for them. Imports run one way:
rules <- rulebook <- models <- records <- boards <- table; ``tests/test_layout.py`` holds
the exact table and fails on an import against it.
"""
