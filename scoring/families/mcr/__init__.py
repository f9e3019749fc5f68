"""MCR on the site: its table, reads, records and rulebook pieces."""
