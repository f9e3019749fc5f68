"""Django admin: admins can fix anything, and every fix goes through ``scoring.records.services``, so
everything derived (dealers, counters, sticks, scores, standings) follows. Derived numbers
are read-only; an engine error shows on the form and nothing is saved.

One module per admin (players, rulesets, games, hands, audit, events, teams, leagues, logins, rankings),
what they share in ``bases`` and their forms in ``forms``; importing the package registers them all.
"""

from . import audit, events, games, hands, leagues, logins, players, rankings, rulesets, teams  # noqa: F401 (each registers its admins)
