"""Read pages served from Django's cache and answered with 304 when nothing they show changed.

Owns the version keys (``versions``: one token per rule family, game, session, player, the
games list and the club's names, rows of the database (``models.PageVersion``) that the
write path bumps inside its own transaction), the page decorator that keys cached responses
and ETags on those tokens and on the query parameters a page reads, and stores only pages
up to a size (``pages``), and the language switch that lets anonymous pages go without a
CSRF cookie (``views``). It imports only Django; the records import it to bump versions,
the boards to serve pages.
"""
