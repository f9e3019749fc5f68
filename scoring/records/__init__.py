"""The club's records and the only write path.

``services`` starts, records, undoes, edits, finishes, imports and deletes games, each in
one transaction: it hands the facts to the rule engine and stores the facts together with
the derived numbers (``derived``). ``gamelogs`` maps stored games to and from the JSON game
log, ``checks`` replays stored games against what is stored, ``ratings`` keeps the OpenSkill
ratings in play order, ``bulk`` inserts prepared rows in batches.

May import ``scoring.rules``, ``scoring.rulebook``, ``scoring.models``, ``scoring.caching``
and ``scoring.tiles`` (a win's yaku, stored with it: ``derived.set_yaku``); never a page
(boards, table, honours). Forms, the admin and the commands write only through ``services``.
"""
