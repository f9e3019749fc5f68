"""The rulebook as the club reads it: the rules page (``/rules/``), the name, explanation,
source and readable value of every ruleset knob, the engine's messages translated into
the reader's language, every number in one style (``numbers.number``) and the chombo offences
each preset lists (``offences``).

Owns no records and writes nothing. May import ``scoring.rules``, the families' registry
(``scoring.families``: which knobs a family's rulesets have is its ``rulebook`` piece's) and
Django; the models, the forms and every page use it.
"""
