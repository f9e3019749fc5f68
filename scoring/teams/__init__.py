"""Teams: rosters, team competitions (an event or a league played by teams), team penalties, the team
board and the team page. ``services`` writes, ``reads`` computes the board (the team score
itself is ``scoring.rules.teams``, over any games), ``views`` serves the pages."""
