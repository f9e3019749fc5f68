"""Club nights and tournaments: events, check-in, the seating draws, rounds that
start every table's game, the round timer, event standings and the tournament results export.

``seating`` is pure Python (no Django); ``services`` is this part's write path and starts
games through ``scoring.records.services``; the views read the boards' standings helpers.
It may import rules, rulebook, models, permissions, records and boards.
"""
