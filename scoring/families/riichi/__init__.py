"""Four-player riichi on the site: what the family gives the table, the boards and the records."""
