"""American (NMJL-style) mahjong on the site: what the family gives the table, the boards and the records."""
