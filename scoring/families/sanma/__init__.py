"""Three-player riichi (sanma) on the site: riichi's pieces at a table of three, with a board
of its own (never mixed with four-player riichi). Its table is riichi's form at three seats,
with the Norths set aside tapped per win and the tile picker in three-player mode; its board,
standings and records over three places."""
