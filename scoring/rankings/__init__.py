"""Rankings across events on the site: the engine's ``rank_events`` (``scoring.rules.rankings``)
over the stored finished tournaments (each one the event log ``scoring.events.eventlog`` builds,
the same document ``export_event`` writes and ``rank_events`` reads) and the events held
elsewhere that staff imported from the EMA's results file.

``reads``: the finishes and the ranking; ``services``: the import (this part's write path);
``emafile``: the EMA's results file (CSV or .xlsx) read into rows; ``views``: the pages, cached
on the version keys of the families they rank and of the imports. It may import rules,
rulebook, models, permissions, records, boards, events and caching.
"""
