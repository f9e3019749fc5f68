"""What the American tournament pages read: the event standing by tournament points and the
organisers' tie-break (``rank_tournament`` over each counted game's stored seat results: under
tournament points a seat's result IS its tournament points), where each player goes next round,
a player's tournament record, the Mahjic CSV and the season board."""

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Sum
from django.utils import timezone

from scoring.events.lines import Line, counted_games, entries_of, event_games
from scoring.models import Event, EventRound, EventTable, EventTableGame, Game, Player, Seat
from scoring.rulebook.numbers import points
from scoring.rules.american_events import ROTATIONS, SEAT_LETTERS, GamePoints, rank_tournament, rotate, winner_of
from scoring.rules.american_events import ranks_as_us_tournaments as _scores
from scoring.rules.rankings import SYSTEMS


def ranks_as_us_tournaments(event: Event) -> bool:
    """Whether the event ranks by American tournament points (its ruleset's; the engine says)."""
    return _scores(event.ruleset.to_rules())


def games_of(game_ids) -> dict[int, GamePoints]:
    """Each game's (player, result) per seat, in seat order, read by the games' ids."""
    seats = Seat.objects.filter(game_id__in=list(game_ids)).order_by("game_id", "seat")
    games: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for game, player, result in seats.values_list("game_id", "player_id", "result"):
        games[game].append((player, result))
    return {game: tuple(seated) for game, seated in games.items()}


def tournament_lines(event: Event) -> list[Line]:
    """The event standing: total tournament points, most games won, best game (the engine's
    ``rank_tournament``), substitutes not ranked; the checked-in players without a counted game
    follow, unranked."""
    counted = counted_games(event)
    entries = entries_of(event)
    substitutes = {e.player_id for e in entries if e.substitute}
    games = games_of(counted)
    ranked_ids = {p for game in games.values() for p, _result in game} - substitutes
    lines = rank_tournament(games.values(), only=ranked_ids)
    penalties = dict(
        Seat.objects.filter(game_id__in=counted, player_id__in=ranked_ids)
        .order_by()
        .values("player")
        .annotate(total=Sum("penalties"))
        .values_list("player", "total")
    )
    players = Player.objects.in_bulk(ranked_ids)
    out = [
        Line(
            line.place,
            players[line.player],
            line.games,
            penalties.get(line.player, 0),
            line.total,
            won=line.won,
            best=line.best,
        )
        for line in lines
    ]
    waiting = [e.player for e in entries if e.present and not e.substitute and e.player_id not in ranked_ids]
    return out + [Line(None, player, 0, 0, 0) for player in waiting]


def games_of_round(event: Event, round_: EventRound) -> list[EventTable]:
    """Mark the round's tables (loaded with their games) with the game they are at of the
    event's games per round (``game_number``, ``round_games``) and whether the next may start
    (``next_game``); the round is not ``done`` while a table has a game to start before time up.
    The tables so marked; none for events of one game a round."""
    wanted = event.round_games
    if wanted == 1:
        return []
    tables = list(round_.tables.all())
    earlier = dict(
        EventTableGame.objects.filter(table__in=tables)
        .order_by()
        .values("table")
        .annotate(count=Count("id"))
        .values_list("table", "count")
    )
    time_left = round_.ends_at is not None and timezone.now() < round_.ends_at
    for table in tables:
        table.game_number = earlier.get(table.pk, 0) + (1 if table.game_id else 0)
        table.round_games = wanted
        table.next_game = (
            time_left and table.game is not None and table.game.status == Game.FINISHED and table.game_number < wanted
        )
    if any(table.next_game for table in tables):
        round_.done = False
    return tables


@dataclass(frozen=True)
class Move:
    """Where a player of this round sits next round by the event's rotation."""

    player: Player
    seat: str
    table: int
    next_table: int


def next_round_moves(event: Event, round_: EventRound | None) -> list[tuple[int, list[Move]]]:
    """Each table of ``round_`` (number, its players' moves) by the event's rotation; [] without a
    rotation, after the event's last round, or where the round's tables cannot rotate (not all of
    four, sit-outs)."""
    if round_ is None or event.rotation not in ROTATIONS or round_.sitting_out:
        return []
    if event.rounds and round_.number >= event.rounds:  # the last round: no next one
        return []
    tables = sorted(round_.tables.all(), key=lambda t: t.number)
    seating = tuple(tuple(t.players) for t in tables)
    if any(len(table) != len(SEAT_LETTERS) for table in seating):
        return []
    nxt = rotate(event.rotation, seating)
    where = {player: number for number, table in enumerate(nxt, start=1) for player in table}
    players = Player.objects.in_bulk([p for t in seating for p in t])
    return [
        (
            number,
            [Move(players[p], SEAT_LETTERS[seat], number, where[p]) for seat, p in enumerate(table)],
        )
        for number, table in enumerate(seating, start=1)
    ]


@dataclass(frozen=True)
class RecordLine:
    """A player's line of their tournament record: one American event."""

    event: Event
    place: int | None
    field: int
    games: int
    won: int
    total: int
    best: int

    @property
    def total_text(self) -> str:
        return points(self.total, signed=True)


def tournament_record(player: Player) -> list[RecordLine]:
    """The player's American events (those ranked by tournament points where they have a counted
    game), newest first: place of how many, games, games won, points, best game."""
    events = (
        Event.objects.filter(session__games__seats__player=player)
        .select_related("ruleset")
        .distinct()
        .order_by("-date", "name")
    )
    record = []
    for event in events:
        if not ranks_as_us_tournaments(event):
            continue
        lines = [line for line in tournament_lines(event) if line.place is not None]
        mine = next((line for line in lines if line.player.pk == player.pk), None)
        if mine is not None:
            record.append(
                RecordLine(event, mine.place, len(lines), mine.games, mine.won or 0, mine.points, mine.best or 0)
            )
    return record


MAHJIC_COLUMNS = ("Date", "Event", "Round", "Table", "Game", "Player", "Player ID", "Seat", "Points", "Won")


def mahjic_rows(event: Event) -> list[list[str]]:
    """The event's results for Mahjic: the header (``MAHJIC_COLUMNS``), then a row per player per
    counted game, in play order (round, table, game of the round, seat). Mahjic's own upload
    columns were not found in any text at hand: these are the club's, one game a block of rows,
    as a game-by-game rating needs (who played whom, and each one's points)."""
    tables = event_games(event)
    counted = counted_games(event)
    games = games_of(counted)
    number = _game_numbers(tables)
    names = dict(Player.objects.filter(pk__in={p for g in games.values() for p, _r in g}).values_list("pk", "name"))
    days = dict(event.session.games.filter(pk__in=counted).order_by().values_list("pk", "date"))
    rows = [list(MAHJIC_COLUMNS)]
    for game in sorted(games, key=lambda g: (*tables[g], number[g])):
        round_, table = tables[game]
        winner = winner_of(games[game])
        for seat, (player, result) in enumerate(games[game]):
            day = days.get(game) or event.date
            rows.append(
                [
                    day.isoformat(),
                    event.name,
                    str(round_),
                    str(table),
                    str(number[game]),
                    names[player],
                    str(player),
                    str(seat + 1),  # 1: the game's East
                    str(result),
                    "1" if player == winner else "0",
                ]
            )
    return rows


def _game_numbers(tables: dict[int, tuple[int, int]]) -> dict[int, int]:
    """Each game's number in its table's round: the order the games were started in (their ids)."""
    seen: dict[tuple[int, int], int] = defaultdict(int)
    numbers = {}
    for game in sorted(tables):
        seen[tables[game]] += 1
        numbers[game] = seen[tables[game]]
    return numbers


CLUB_SEASON = SYSTEMS["club"].season_start  # (month, day): the club ranking's season start


def season_of(day: datetime.date) -> int:
    """The season (its first year) a day belongs to, seasons starting as the club ranking's."""
    month, first = CLUB_SEASON or (1, 1)
    return day.year if (day.month, day.day) >= (month, first) else day.year - 1


@dataclass(frozen=True)
class SeasonLine:
    place: int
    player: Player
    events: int
    games: int
    won: int
    total: int
    best: int

    @property
    def total_text(self) -> str:
        return points(self.total, signed=True)

    @property
    def best_text(self) -> str:
        return points(self.best, signed=True)


def season_board(season: int) -> tuple[list[Event], list[SeasonLine]]:
    """The season's American tournaments (ranked by tournament points, begun in the season) and
    the board across them: every counted game's tournament points summed per player, ranked as an
    event is (``rank_tournament``: total, games won, best game); substitutes are not ranked."""
    month, first = CLUB_SEASON or (1, 1)
    start = datetime.date(season, month, first)
    end = datetime.date(season + 1, month, first)
    candidates = Event.objects.filter(kind=Event.TOURNAMENT, date__gte=start, date__lt=end).select_related("ruleset")
    events = [e for e in candidates.order_by("date", "name") if ranks_as_us_tournaments(e)]
    games: dict[int, GamePoints] = {}
    played: dict[int, set[int]] = defaultdict(set)
    substitutes: set[int] = set()
    for event in events:
        substitutes |= set(event.entries.filter(substitute=True).values_list("player_id", flat=True))
        for game_id, game in games_of(counted_games(event)).items():
            games[game_id] = game
            for player, _result in game:
                played[player].add(event.pk)
    ranked = set(played) - substitutes
    players = Player.objects.in_bulk(ranked)
    lines = [
        SeasonLine(
            line.place, players[line.player], len(played[line.player]), line.games, line.won, line.total, line.best
        )
        for line in rank_tournament(games.values(), only=ranked)
    ]
    return events, lines
