"""Three-player riichi (sanma) on the site: riichi's pieces at a table of three, with a board
of its own (never mixed with four-player riichi). Thin for now: the table's three-player tile
entry and the sanma board's own figures are still to come."""
