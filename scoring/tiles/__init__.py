"""Hands by their tiles (issue 13): the notation, scoring a win by its tiles through the
``mahjong`` package under the ruleset's knobs (rules.md §6), the tenpai check at a draw, the
tile picker on the win form, the tiles drawn on the game page and the club's records.

It owns the ``tiles`` object of a win (stored, exported, checked at import) and everything
that reads the ``mahjong`` package; ``scoring/rules/`` never does. It may import the rules,
the rulebook, the models, the records (writes go through ``records.services``) and the boards.
"""
