"""The club's records page (``/records/``): yakuman wall, biggest hands, chombo and
penalties, best game and session results, most wins in one game, most common yaku by player
(and the player page's most common yaku, ``{% load honours %}``).

Reads only, from the stored rows: a win's yaku are stored with it when it is recorded
(``records.services``), so no page scores tiles. May import ``scoring.rules``,
``scoring.rulebook``, ``scoring.models``, ``scoring.permissions``, ``scoring.caching``, the
names of ``scoring.tiles`` and the families' registry (``scoring.families``: which families'
games count for each record); never the write path.
"""
