"""Player ratings: OpenSkill's Plackett–Luce model, one rating per player per rule family.

A rating is derived like every other number: it follows from the finished games of a family
taken in play order (game day, then the game's start, then game id; whatever order they were
recorded, imported or edited in), each game ranking its players (as many as its family
seats) by their final place (tied places are tied ranks). ``RatingChange`` keeps every
player's rating after every rated game (the history); ``PlayerRating`` keeps the current one.
Boards show the ordinal μ − 3σ, a rating the player is very probably above; a new player
starts at μ = 25, σ = 25/3, that is at 0.

``scoring.records.services`` calls, inside its transaction, ``game_finished(game)`` when a game in
progress finishes (recording its last hand, or the scorer's finish) and ``game_changed(game)``
whenever a game may have been edited, undone, abandoned, restored, imported or moved to
another day. When the game is the family's newest, that rates one game; when it is an older
one, every rating is recomputed in order from that game on (measured by ``manage.py bench``
as ``rating_recompute_s``). An edit that leaves the game's players, places and day as they
were changes no rating and costs two queries (one for a game that never counted).

Rating updates of one family run one at a time (a PostgreSQL advisory lock held until the
transaction ends; SQLite lets one writer in anyway), so games finishing at the same moment
are rated as if one after the other, and the stored ratings equal a full recompute
(``expected_mismatches`` checks that, for ``manage.py check_games``).
"""

from collections.abc import Iterable, Sequence
from datetime import date as Date
from datetime import time as Time
from typing import Any, cast

from django.db import connection, transaction
from django.db.models import Count, F, Field, Q, Value, Window
from django.db.models.functions import Coalesce, RowNumber
from django.utils import timezone
from openskill.models import PlackettLuce, PlackettLuceRating

from scoring.caching import versions
from scoring.models import FAMILIES, Game, PlayerRating, RatingChange, Seat, seat_game_day
from scoring.records.bulk import insert_rows

MODEL = PlackettLuce()  # OpenSkill's defaults: μ 25, σ 25/3, β 25/6, τ 25/300
BATCH = 5000
MIDNIGHT = Time(0)
FAMILY_LOCKS: dict[str, int] = {family: 0x4D4A0000 + number for number, family in enumerate(FAMILIES)}  # "MJ" + family

# a game's place in play order: (day, start, game id)
PlayOrder = tuple[Date, Time, int]
# a player's rating between games: (μ, σ, rated games)
Rating = tuple[float, float, int]
# a rating change as inserted, in the order of CHANGE_COLUMNS
ChangeRow = tuple[int, int, str, Date, Time, int, float, float, float, float, float]


def ordinal(mu: float, sigma: float) -> float:
    """The rating the boards show: μ − 3σ."""
    return mu - 3 * sigma


def game_day(game: Game) -> Date:
    """The day a game is rated on (the same as ``seat_game_day`` in SQL)."""
    if game.date:
        return game.date
    return timezone.localdate(game.created_at) if game.created_at else timezone.localdate()


def play_order(game: Game) -> PlayOrder:
    return game_day(game), game.start or MIDNIGHT, game.pk


def _lock(family: str) -> None:
    """Wait until no other transaction updates the family's ratings, then hold that until
    this transaction ends."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [FAMILY_LOCKS[family]])


# ---- the hooks services call ----------------------------------------------------------------


def game_changed(game: Game) -> None:
    """Bring the ratings of the game's family up to date after ``game`` changed."""
    family = game.ruleset.family  # no lock to look: game_finished and recompute take it to write
    before = list(RatingChange.objects.filter(game=game).values_list("player", "place", "played_on", "started"))
    counts = game.status == Game.FINISHED
    if not before:
        if counts:  # newly counted (an import, a restored game): as a game that just finished
            game_finished(game)
        return
    now = play_order(game)
    starts = [(before[0][2], before[0][3], game.pk)]  # where it was rated
    if counts:
        seats = sorted(Seat.objects.filter(game=game).values_list("player", "place"))
        if starts[0] == now and sorted((p, place) for p, place, _d, _s in before) == seats:
            return  # the same players in the same places at the same time: nothing changes
        starts.append(now)  # where it is rated now
    recompute(family, since=min(starts))


def game_finished(game: Game) -> None:
    """A game in progress has just finished (so it has no rating yet): rate it. When it is
    the family's newest rated game, that is one update of its players' ratings (5 queries);
    otherwise everything from it on is recomputed in order."""
    family = game.ruleset.family
    _lock(family)
    since = play_order(game)
    if RatingChange.objects.filter(family=family).filter(_from(since, "played_on", "started", "game_id")).exists():
        recompute(family, since=since)
        return
    seats = list(Seat.objects.filter(game=game).order_by("seat").values_list("player", "place"))
    players = [player for player, _place in seats]
    state = {
        r.player_id: (r.mu, r.sigma, r.games) for r in PlayerRating.objects.filter(family=family, player__in=players)
    }
    _insert_changes(_rate(family, since, seats, state))
    _store_current(family, state, set(players))


# ---- recomputing ------------------------------------------------------------------------------


def _from(since: PlayOrder | None, day_field: str, start_field: str, game_field: str) -> Q:
    """Games at or after ``since`` (day, start, game id) in play order."""
    if since is None:
        return Q()
    day, start, game_id = since
    return (
        Q(**{f"{day_field}__gt": day})
        | Q(**{day_field: day, f"{start_field}__gt": start})
        | Q(**{day_field: day, start_field: start, f"{game_field}__gte": game_id})
    )


def _finished_games(family: str, since: PlayOrder | None = None) -> list[tuple[PlayOrder, list[tuple[int, int]]]]:
    """The finished games of ``family`` from ``since`` on, in play order: (order, [(player, place) by seat])."""
    seat_rows = (
        Seat.objects.filter(finished=True, family=family)
        .annotate(day=seat_game_day(), start=Coalesce("game__start", Value(MIDNIGHT)))
        .filter(_from(since, "day", "start", "game_id"))
        .order_by("day", "start", "game_id", "seat")
        .values_list("game_id", "day", "start", "player_id", "place")
    )
    games: list[tuple[PlayOrder, list[tuple[int, int]]]] = []
    for game_id, day, start, player_id, place in seat_rows.iterator(chunk_size=10_000):
        if not games or games[-1][0][2] != game_id:
            games.append(((day, start, game_id), []))
        games[-1][1].append((player_id, place))
    return games


@transaction.atomic
def recompute(family: str, since: PlayOrder | None = None) -> int:
    """Rate every finished game of ``family`` from ``since`` (day, start, game id) on, in
    play order, starting from each player's rating just before it (everything when ``since``
    is None). Returns the number of games rated."""
    _lock(family)
    stale = RatingChange.objects.filter(family=family).filter(_from(since, "played_on", "started", "game_id"))
    touched = set(stale.values_list("player", flat=True).distinct())
    stale.delete()
    games = _finished_games(family, since)
    touched.update(player for _order, seats in games for player, _place in seats)

    state: dict[int, Rating] = _ratings_before(family, since, touched) if since else {}
    changes = []
    for order, seats in games:
        changes += _rate(family, order, seats, state)
        if len(changes) >= BATCH:
            _insert_changes(changes)
            changes = []
    _insert_changes(changes)
    _store_current(family, state, touched)
    versions.bump_family(family)
    return len(games)


def expected_mismatches() -> list[str]:
    """Where the stored ratings differ from a full recompute in play order (nothing is
    changed; ``manage.py check_games``), one line per difference."""
    problems = []
    for family in FAMILIES:
        state: dict[int, Rating] = {}
        expected: dict[tuple[int, int], ChangeRow] = {}
        for order, seats in _finished_games(family):
            for row in _rate(family, order, seats, state):
                expected[row[:2]] = row  # (game, player)
        stored = {
            (row[0], row[1]): row
            for row in RatingChange.objects.filter(family=family).values_list(
                "game_id", "player_id", *CHANGE_COLUMNS[2:]
            )
        }
        for key in sorted(expected.keys() | stored.keys()):
            want, have = expected.get(key), stored.get(key)
            if want is None or have is None or not _same(want[2:], have[2:]):
                problems.append(
                    f"{family} rating of player {key[1]} after game {key[0]}: stored "
                    f"{_shown(have)}, a recompute gives {_shown(want)}"
                )
        current = {
            player: (mu, sigma, games)
            for player, mu, sigma, games in PlayerRating.objects.filter(family=family).values_list(
                "player", "mu", "sigma", "games"
            )
        }
        for player in sorted(state.keys() | current.keys()):
            if not _same(state.get(player, ()), current.get(player, ())):
                problems.append(
                    f"{family} current rating of player {player}: stored {current.get(player)}, "
                    f"a recompute gives {state.get(player)}"
                )
    return problems


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Equal rows, floats to 1e-9."""
    return len(a) == len(b) and all(
        abs(x - y) < 1e-9 if isinstance(x, float) else x == y for x, y in zip(a, b, strict=True)
    )


def _shown(row: tuple[Any, ...] | None) -> str:
    return "nothing" if row is None else f"place {row[-6]}, μ {row[-3]:.4f}, σ {row[-2]:.4f}"


def recompute_all() -> int:
    """Every family from scratch (``manage.py recompute_ratings``, for repairs)."""
    return sum(recompute(family) for family in FAMILIES)


def _ratings_before(family: str, since: PlayOrder, players: Iterable[int]) -> dict[int, Rating]:
    """player -> [mu, sigma, rated games] just before ``since`` (latest change per player)."""
    rows = (
        RatingChange.objects.filter(family=family, player__in=list(players))
        .annotate(
            row=Window(
                RowNumber(),
                partition_by=F("player"),
                order_by=[F("played_on").desc(), F("started").desc(), F("game").desc()],
            ),
            rated=Window(Count("id"), partition_by=F("player")),
        )
        .filter(row=1)
        .values_list("player", "mu", "sigma", "rated")
    )
    return {player: (mu, sigma, rated) for player, mu, sigma, rated in rows}


CHANGE_COLUMNS = (
    "game_id",
    "player_id",
    "family",
    "played_on",
    "started",
    "place",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "ordinal",
)


def _rate(family: str, order: PlayOrder, seats: list[tuple[int, int]], state: dict[int, Rating]) -> list[ChangeRow]:
    """Rate one game (seats: (player, place)); update ``state`` and return the changes as
    rows of CHANGE_COLUMNS."""
    before = [state.get(player) or (MODEL.mu, MODEL.sigma, 0) for player, _place in seats]
    teams = [[PlackettLuceRating(mu, sigma)] for mu, sigma, _games in before]
    after = MODEL.rate(teams, ranks=[place for _player, place in seats])
    day, start, game_id = order
    changes = []
    for (player, place), (mu_before, sigma_before, games), (rating,) in zip(seats, before, after, strict=True):
        state[player] = (rating.mu, rating.sigma, games + 1)
        changes.append(
            (
                game_id,
                player,
                family,
                day,
                start,
                place,
                mu_before,
                sigma_before,
                rating.mu,
                rating.sigma,
                ordinal(rating.mu, rating.sigma),
            )
        )
    return changes


def _insert_changes(rows: Sequence[tuple[Any, ...]]) -> None:
    """Insert rating changes in one statement per batch: a recompute writes one row per seat
    of every later game, and ``bulk_create`` would spend longer preparing them than rating."""
    # CHANGE_COLUMNS are the model's own concrete fields (a column each), never a reverse relation
    fields = cast(
        "list[Field[Any, Any]]", [RatingChange._meta.get_field(name.removesuffix("_id")) for name in CHANGE_COLUMNS]
    )
    start = CHANGE_COLUMNS.index("started")
    adapt = connection.ops.adapt_timefield_value  # SQLite's driver knows dates, not times
    rows = [(*row[:start], adapt(row[start]), *row[start + 1 :]) for row in rows]
    insert_rows(RatingChange._meta.db_table, [cast(str, f.column) for f in fields], rows)


def _store_current(family: str, state: dict[int, Rating], touched: set[int]) -> None:
    """Write the current rating of every touched player; drop it for one left unrated."""
    rows = [
        PlayerRating(player_id=player, family=family, mu=mu, sigma=sigma, ordinal=ordinal(mu, sigma), games=games)
        for player, (mu, sigma, games) in state.items()
        if player in touched
    ]
    PlayerRating.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["player", "family"],
        update_fields=["mu", "sigma", "ordinal", "games"],
        batch_size=BATCH,
    )
    unrated = touched - state.keys()
    if unrated:
        PlayerRating.objects.filter(family=family, player__in=unrated).delete()
