"""American tournaments in the events part: a round of several games at one table (the next
game started at the table once the last has finished), the next round seated by the event's
rotation, the standing by tournament points with the organisers' tie-break, each player's
tournament record, the results as a CSV for Mahjic and a season board across events.

The rules are ``scoring.rules.american_events`` (pure); ``services`` writes through
``scoring.records.services`` like the rest of the part; ``reads`` and ``views`` only read.
"""
