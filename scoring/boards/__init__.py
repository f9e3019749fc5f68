"""Read-only results: the leaderboards (django-tables2 tables, django-filter filters, CSV),
the statistics and their definitions, player, session and season pages, the games list,
each game's page with its hand log and running-score chart, the SVG charts, and the home
page (the front door).

Reads only: every figure is an aggregate query over the stored seat and hand rows, never a
replay. May import ``scoring.rules``, ``scoring.rulebook``, ``scoring.models``,
``scoring.permissions``, the read modules of ``scoring.records`` (``gamelogs``,
``derived``) and the families' registry (``scoring.families``: each family's ``reads`` piece
gives its board, standings, figures and hand-log lines), never the write path (``services``,
``ratings``, ``bulk``).
"""
