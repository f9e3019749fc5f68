"""The club's one Django app, in parts (one folder each; the README's Layout says more).

    rules/      the rule engine: pure Python, imports nothing outside itself
    rulebook/   the rules as members read them: the rules page, knob names, the engine's
                messages in the reader's language
    records/    the write path (services) and what it keeps: derived numbers, game logs,
                checks, ratings
    boards/     read-only results: leaderboards, statistics, game pages, charts
    table/      the scorer's pages: start a game, record its hands
    demo/       the demo club of ``make run`` and the figures of ``make bench``

``models.py``, ``admin.py``, ``urls.py``, ``apps.py``, ``permissions.py``, ``migrations/``
and ``management/`` stay where Django readers look for them. Imports run one way:
rules <- rulebook <- models <- records <- boards <- table; ``tests/test_layout.py`` holds
the exact table and fails on an import against it.
"""
