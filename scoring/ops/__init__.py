"""Production operations: what the site needs to run on the internet, apart from its pages.

Owns the health endpoints for the proxy and the process supervisor (``/healthz``: the
process answers; ``/readyz``: the database answers), the password-reset gate (a reset by
mail only when mail is configured), the login lockout page and the username it counts, and
the admin's guard against a NUL in its query string (a 400); the settings it relies on
(security headers, logging, django-axes) live in ``mahjong_club/settings.py``. It imports
only Django and the standard library, no other part of ``scoring``.
"""
