"""American tournaments (the rulebook's American tournament points): rounds of games at one
table, the rotation that moves players between rounds (``rotations``), and the event standing
by total tournament points with the organisers' tie-break (``standings``). Pure Python over
plain integers (players are the caller's ids); no Django. Every name is re-exported here."""

from .rotations import ROTATIONS, SEAT_LETTERS, Rotation, moves, rotate
from .standings import (
    MAX_ROUND_GAMES,
    ROUND_GAMES,
    GamePoints,
    TournamentLine,
    rank_tournament,
    ranks_as_us_tournaments,
    round_games,
    winner_of,
)

__all__ = [
    "MAX_ROUND_GAMES",
    "ROUND_GAMES",
    "ROTATIONS",
    "SEAT_LETTERS",
    "GamePoints",
    "Rotation",
    "TournamentLine",
    "moves",
    "rank_tournament",
    "rotate",
    "round_games",
    "ranks_as_us_tournaments",
    "winner_of",
]
