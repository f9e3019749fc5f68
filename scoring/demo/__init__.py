"""Clubs made up for showing and measuring: the small demo club that ``make run`` loads
(``club``), the large club built in bulk for the benchmark (``bench_stats``) and the
figures ``make bench`` prints (``bench``).

Never imported by the site itself. May import any part below the pages: ``scoring.rules``,
``scoring.models``, ``scoring.records`` and ``scoring.boards``.
"""
