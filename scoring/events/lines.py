"""A line of the event standings and the games an event's standings count: what the standings
of every kind build on (``scoring.events.reads``; an American tournament's,
``scoring.events.american.reads``), so that they import it, and one another one way."""

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q

from scoring.models import Event, EventPlayer, EventTable, EventTableGame, Game, Player
from scoring.rulebook.numbers import points
from scoring.rules.table_points import shown


@dataclass(frozen=True)
class Line:
    """A player's line of the event standings; ``place`` None while they have no game that
    counts (not ranked), ``table_points`` where the event's family ranks by them, else None."""

    place: int | None
    player: Player
    games: int
    penalties: int
    points: int
    table_points: Fraction | None = None
    won: int | None = None  # games won and the best game: where the event ranks by tournament points
    best: int | None = None

    @property
    def best_text(self) -> str:
        return "" if self.best is None else points(self.best, signed=True)

    @property
    def points_text(self) -> str:
        return points(self.points, signed=True)

    @property
    def table_points_text(self) -> str:
        """Exact: whole, or to two decimals (4.08, 1.75), never a drifting float."""
        return "" if self.table_points is None else shown(self.table_points)

    @property
    def penalties_text(self) -> str:
        return points(-self.penalties) if self.penalties else ""


def event_games(event: Event) -> dict[int, tuple[int, int]]:
    """The event's games (their ids), each with its round's number and its table's: every
    table's current game and the games it played before it in the round (an American round's)."""
    tables = EventTable.objects.filter(round__event=event, game__isnull=False).order_by()
    games = {game: (round_, table) for game, round_, table in tables.values_list("game_id", "round__number", "number")}
    if event.round_games == 1:  # one game a round: no earlier games (and no query for them)
        return games
    earlier = EventTableGame.objects.filter(table__round__event=event).order_by()
    games.update(
        (game, (round_, table))
        for game, round_, table in earlier.values_list("game_id", "table__round__number", "table__number")
    )
    return games


def counted_games(event: Event) -> list[int]:
    """The ids of the event's finished games that count; with ``hide_standings``, only those of
    rounds whose every table has finished (``Game.hidden``'s rule, over this event's games
    alone, each read by its id)."""
    games = event_games(event)
    status = dict(Game.objects.filter(pk__in=games).order_by().values_list("pk", "status"))
    playing = {games[g][0] for g, s in status.items() if s == Game.IN_PROGRESS} if event.hide_standings else set()
    return [g for g, s in status.items() if s == Game.FINISHED and games[g][0] not in playing]


def entries_of(event: Event, *conditions: Q, **filters) -> list[EventPlayer]:
    """The event's list (those of ``conditions`` and ``filters``) in its order, substitutes
    last, by name; each player read by their id, never by a join over every player."""
    entries = event.entries.filter(*conditions, **filters).order_by().prefetch_related("player")
    return sorted(entries, key=lambda e: (e.substitute, e.player.name.lower(), e.player.pk))
