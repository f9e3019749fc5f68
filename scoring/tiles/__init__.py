"""Hands by their tiles: the notation, scoring a win by its tiles through the
``mahjong`` package under the ruleset's knobs, the tenpai check at a draw, the
tile picker on the win form, the tiles drawn on the game page, and the yaku of a stored win
(``gamelog.win_yaku``, which ``records.services`` stores with it; the club's records page is
``scoring.honours``).

It owns the ``tiles`` object of a win (checked at import; stored and exported by the records
through the engine, which carries it as opaque text) and everything that reads the ``mahjong``
package; ``scoring/rules/`` never does. It imports only the rules, the rulebook, the models and
the permissions, and writes nothing: the table's form and the importers record through
``records.services``.
"""
