"""The scorer's pages at the table: start a game (players by type-ahead, seats, ruleset,
session), the table page with its scoreboard, one-tap outcome forms, the engine's live
payment preview, undo, finish and abandon.

Views parse a form, call ``scoring.records.services`` and render a page or a
``{% partialdef %}`` partial. May import everything below it: ``scoring.rules``,
``scoring.rulebook``, ``scoring.models``, ``scoring.permissions``, ``scoring.records`` and
``scoring.boards`` (the hand log the table shows is the game page's).
"""
