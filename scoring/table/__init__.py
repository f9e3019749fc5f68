"""The scorer's pages at the table: start a game (players by type-ahead, seats, ruleset,
session), the table page with its scoreboard, one-tap outcome forms, the engine's live
payment preview, undo, finish and abandon, the next game of the same players; kept live on
every phone at the table by polling with the game's version (304 while unchanged), and laid
out for a phone (``static/js/table.js`` moves focus and scroll after htmx swaps).

Views parse a form (``forms/``), call ``scoring.records.services`` and render a page or a
``{% partialdef %}`` partial. What differs by rule family (the hand form, the preview's next
hand, the page's family partials) comes from the family's table piece,
``scoring/families/<name>/table``, found by ``forms.offers.table_piece``: the table never asks
which family a game is. May import everything below it: ``scoring.rules``,
``scoring.rulebook``, ``scoring.models``, ``scoring.permissions``, ``scoring.records``,
``scoring.boards`` (the hand log the table shows is the game page's), ``scoring.tiles`` and the
family registry ``scoring.families``.
"""
