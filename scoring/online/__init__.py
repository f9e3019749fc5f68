"""Online games into the club's records: Tenhou's mjlog XML and the tenhou.net/6 JSON replay
(the format Mahjong Soul replays are converted to).

``game`` (the facts an online log holds), ``tenhou6`` and ``mjlog`` (the two readers),
``earlier`` (the identity a file had before identities came from the content) and ``mapping``
(an online game -> the site's game log, checked hand by hand against the rule engine) are pure
Python over ``scoring.rules``, as are ``bulk`` (zips of logs, bounded) and ``measure`` (how
faithfully real games import). ``importer`` resolves online names to club
players and stores through ``scoring.records.services``; ``views`` is the staff upload form.
May import: rules, rulebook, models, permissions, records, caching.
"""
