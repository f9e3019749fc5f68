"""An American tournament's standing: total tournament points, then the organisers'
tie-break, most games won, then the highest single game (the rulebook's American tournament
points: "the event ranks by total tournament points"; the tie-break is the one the club's
organisers name, no published text at hand numbering it). Players still level share the place
(1, 2, 2, 4), the club's rule for every event standing.

A game is its players' stored results (``GamePoints``): under tournament points each result IS
the game's tournament points. A game is **won** by the one player whose result is above
everyone else's and above 0: the mahjong (a wall game, where every live hand gets the same +10,
has no winner)."""

from collections.abc import Container, Iterable
from dataclasses import dataclass

from ..ruleset import RuleSet
from ..vocabulary import FamilyName

GamePoints = tuple[tuple[int, int], ...]  # a game: (player, result) per seat


def ranks_as_us_tournaments(rules: RuleSet) -> bool:
    """Whether an event under ``rules`` ranks as US tournaments do (``rank_tournament``): total
    points, then most games won, then the best game. Every American ruleset's event does: under
    tournament points (``american_scoring``) the total is tournament points, under settle-up the
    settled results, and the organisers' tie-breaks serve both (the club's rule)."""
    return rules.family == FamilyName.AMERICAN


ROUND_GAMES = 4  # games at one table in a round: "rounds of four games in a timed hour" (most US events)
MAX_ROUND_GAMES = 12  # the most an event may set


def round_games(rules: RuleSet, games_per_round: int | None) -> int:
    """How many games each table plays in a round: the event's ``games_per_round``, else 4 where
    the ruleset scores tournament points (``ROUND_GAMES``), else 1 (one game a round)."""
    if games_per_round:
        return games_per_round
    return ROUND_GAMES if ranks_as_us_tournaments(rules) else 1


def winner_of(game: GamePoints) -> int | None:
    """The player who won ``game``: alone at the top, above 0; None for a wall game."""
    results = sorted((result for _player, result in game), reverse=True)
    if not results or results[0] <= 0 or (len(results) > 1 and results[1] == results[0]):
        return None
    return next(player for player, result in game if result == results[0])


@dataclass(frozen=True)
class TournamentLine:
    """A player's line: place (shared by level players), total, games played, games won, the
    best single game."""

    place: int
    player: int
    total: int
    games: int
    won: int
    best: int


def rank_tournament(games: Iterable[GamePoints], only: Container[int] | None = None) -> list[TournamentLine]:
    """Every player of ``games`` (of ``only``, if given: a substitute's results decide who won a
    game, but they are not ranked) ranked: total, then games won, then best game, each higher
    first; equal on all three share the better place (then by id, for a stable order)."""
    totals: dict[int, list[int]] = {}
    for game in games:
        winner = winner_of(game)
        for player, result in game:
            if only is not None and player not in only:
                continue
            line = totals.setdefault(player, [0, 0, 0, result])
            line[0] += result
            line[1] += 1
            line[2] += player == winner
            line[3] = max(line[3], result)
    order = sorted(totals, key=lambda p: (-totals[p][0], -totals[p][2], -totals[p][3], p))
    lines: list[TournamentLine] = []
    for index, player in enumerate(order):
        total, played, won, best = totals[player]
        level = lines and (lines[-1].total, lines[-1].won, lines[-1].best) == (total, won, best)
        place = lines[-1].place if level else index + 1
        lines.append(TournamentLine(place, player, total, played, won, best))
    return lines
