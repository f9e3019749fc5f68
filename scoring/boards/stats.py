"""Leaderboards and statistics: plain aggregate reads over the stored seat rows.

Every figure here is a sum over ``Seat`` rows (one row per player per game, holding that
game's result, place and per-game counts derived by ``scoring.records.derived``) of **finished**
games; games in progress and abandoned games count for nothing. Nothing is replayed and
nothing is computed per row in Python: a leaderboard is ONE grouped query whatever the size
of the history, over the seat rows alone: each seat carries its game's family and whether
the game is finished (copies the services keep), and the ``seat_board`` index covers the
unfiltered board's sums. The exact definitions are on the site's statistics page
(``templates/scoring/boards/statistics_help.html``); keep the two in step.

``Seat`` belongs to the records, so its statistics queryset lives here: ``seats()`` is
``Seat.objects`` with the club's statistics reads on it.
"""

from dataclasses import dataclass
from datetime import date as Date

from django.db import models
from django.db.models import Avg, Count, F, FloatField, Max, Min, OuterRef, Q, Subquery, Sum, Value, Window
from django.db.models.functions import Cast, Coalesce, NullIf, Rank, RowNumber

from scoring.boards.piece import reads_piece
from scoring.models import (
    ClubSession,
    Game,
    Hand,
    Player,
    PlayerRating,
    RatingChange,
    Season,
    Seat,
    Win,
    seat_game_day,
)
from scoring.rules.families import FAMILIES
from scoring.rules.vocabulary import AmericanResult

PLACES = ("first", "second", "third", "fourth")  # the places a board counts, as many as a family's seats
BY_TOTAL = (F("total").desc(),)  # a board's rank: by total result
# standings rank by table points (MCR's; 0 in the other families), then by total result
BY_TABLE_POINTS = (F("table_points").desc(), *BY_TOTAL)


def ratio(numerator, denominator):
    """numerator / denominator as a float in SQL; NULL when the denominator is 0."""
    return Cast(numerator, FloatField()) / NullIf(Cast(denominator, FloatField()), Value(0.0))


class PerPlayer(Subquery):
    """A subquery on the grouped player column only (the player's name, rating): evaluated
    once per board row, and kept out of the GROUP BY (where Django would put a plain
    Subquery, making the database evaluate it once per seat row)."""

    def get_group_by_cols(self):
        return []


class PerFamily(Window):
    """A window over the grouped rows partitioned by a grouped column (the family): kept out
    of the GROUP BY, where Django would put it whole."""

    def get_group_by_cols(self):
        return []


def player_name():
    return PerPlayer(Player.objects.filter(pk=OuterRef("player")).values("name")[:1])


class SeatQuerySet(models.QuerySet):
    """Seats (one row per player per game) and the aggregates the boards are made of."""

    # ---- which games count --------------------------------------------------------------

    def finished(self):
        return self.filter(finished=True)  # the seat's copy of its game's status: no join

    def of_family(self, family: str):
        return self.filter(family=family)

    def of_length(self, rounds: int):
        """Games of ``rounds`` (1 East-only, 2 hanchan): the seat's copy of its game's, no join."""
        return self.filter(rounds=rounds)

    def in_session(self, session: ClubSession):
        """The seats of the session's games, those of an event's hidden round apart."""
        return self.filter(game__session=session).exclude(game__in=Game.objects.hidden())

    def between(self, start: Date | None = None, end: Date | None = None):
        """Games played from ``start`` to ``end`` (both included; either may be open)."""
        qs = self
        if start:
            qs = qs.filter(game__date__gte=start)
        if end:
            qs = qs.filter(game__date__lte=end)
        return qs

    def in_season(self, season: Season):
        return self.between(season.start, season.end)

    def of_kind(self, kind: str):
        """Games of sessions of ``kind``; a game without a session counts as a club night."""
        condition = Q(game__session__kind=kind)
        if kind == ClubSession.CASUAL:
            condition |= Q(game__session__isnull=True)
        return self.filter(condition)

    # ---- the boards ---------------------------------------------------------------------

    def leaderboard(self, family: str):
        """One row per player (a dict) over the seats of this queryset: the riichi board.

        Keys: rank, player, name, games, total, average, avg_place, first … (the share 0–1 of
        each place, one per seat of ``family``), n_hands, n_wins, win_rate, deal_in_rate,
        riichi_rate, tsumo_share, avg_win, n_chombo, rating. Rank is by total result (ties share
        a rank); rating is the player's current μ − 3σ in ``family`` (None before a rated game).
        One SQL query.
        """
        return self._ranked(
            **self._places(share=True, seats=FAMILIES[family].SEATS),
            n_hands=Sum("hands"),
            n_wins=Sum("wins"),
            **self._rate_aggregates(),
            n_chombo=Sum("chombo"),
            rating=self._rating(family),
        )

    @staticmethod
    def _wall_games():
        """Hands of the seat's game that ended without a mahjong (American wall games): a
        correlated count on the game's hands, summed over the seats."""
        walls = (
            Hand.objects.filter(game=OuterRef("game"), result=AmericanResult.WALL)
            .order_by()
            .values("game")
            .annotate(count=Count("id"))
            .values("count")
        )
        return Coalesce(Sum(Subquery(walls)), 0)

    @staticmethod
    def _biggest_fan():
        """The most points (flowers not counted) of one MCR win: the seat's wins looked up
        by its game's hands (an MCR game has at most 16), the best over the seats."""
        wins = Win.objects.filter(hand__game=OuterRef("game"), winner=OuterRef("seat")).order_by("-fan")
        return Max(Subquery(wins.values("fan")[:1]))

    def american_board(self, family: str):
        """One row per player over American seats: rank, player, name, games, total (score
        after penalties), average, avg_place, n_wins (mahjongs), wall_games, avg_win, rating.

        ``wall_games`` counts the hands of the player's games that ended without a mahjong
        (a correlated count on the game's hands; American games are short)."""
        return self._ranked(
            n_wins=Sum("wins"),
            wall_games=self._wall_games(),
            avg_win=ratio(Sum("win_points"), Sum("wins")),
            rating=self._rating(family),
        )

    def mcr_board(self, family: str):
        """One row per player over MCR seats: rank, player, name, games, table_points (48ths),
        total (score after penalties), average, avg_place, n_wins, n_tsumo, n_deal_ins, biggest
        (the most points of one win, flowers not counted), rating. Rank by table points, then
        total score. One query (``biggest`` a correlated lookup of each seat's wins)."""
        return self._ranked(
            order=BY_TABLE_POINTS,
            table_points=Sum("table_points"),
            n_wins=Sum("wins"),
            n_tsumo=Sum("tsumo_wins"),
            n_deal_ins=Sum("deal_ins"),
            biggest=self._biggest_fan(),
            rating=self._rating(family),
        )

    def board(self, family: str):
        """The board of ``family`` over these seats: the query its ``reads`` piece names."""
        return reads_piece(family).board(self)

    def standings(self, top: int | None = None):
        """Session or season standings of every family at once: one row per family and player
        (dicts with family, rank, player, name, games, table_points, total, average, avg_place,
        first … counts), ranked within the family by table points (MCR's; 0 elsewhere), then
        total; only the first ``top`` of each family when given. One query, whatever the
        families."""
        rows = self.values("family", "player").annotate(
            name=player_name(),
            **self._result_aggregates(),
            table_points=Sum("table_points"),
            **self._places(share=False, seats=max(family.SEATS for family in FAMILIES.values())),
            rank=PerFamily(Rank(), partition_by=F("family"), order_by=BY_TABLE_POINTS),
        )
        if top:
            by_rank = PerFamily(RowNumber(), partition_by=F("family"), order_by=(*BY_TABLE_POINTS, F("name").asc()))
            rows = rows.annotate(row=by_rank).filter(row__lte=top)
        return rows.order_by("family", "rank", "name")

    def player_summary(self):
        """A player's figures per family (one row per family): the board's figures plus the
        sums behind them (``n_hands``, ``n_wins`` …). Use on the seats of one player."""
        return (
            self.values("family")
            .annotate(
                **self._result_aggregates(),
                table_points=Sum("table_points"),
                best=Max("result"),
                worst=Min("result"),
                **self._places(share=False, seats=max(family.SEATS for family in FAMILIES.values())),
                n_hands=Sum("hands"),
                n_dealer=Sum("dealer_hands"),
                n_wins=Sum("wins"),
                n_tsumo=Sum("tsumo_wins"),
                n_deal_ins=Sum("deal_ins"),
                n_riichi=Sum("riichi"),
                n_tenpai=Sum("tenpai"),
                n_chombo=Sum("chombo"),
                win_points_sum=Sum("win_points"),
                deal_in_points_sum=Sum("deal_in_points"),
                **self._rate_aggregates(),
                avg_deal_in=ratio(Sum("deal_in_points"), Sum("deal_ins")),
                wall_games=self._wall_games(),
            )
            .order_by("family")
        )

    def history(self):
        """A player's finished games in the order they were played: game, day, family,
        place, result, score (dicts), for the charts."""
        return (
            self.annotate(day=seat_game_day())
            .values("game", "day", "place", "result", "score", "family")
            .order_by("day", "game")
        )

    def opponents_of(self, player: Player):
        """The players ``player`` sat with in these games, most games together first: one
        row each with games, won (``player`` placed above them), lost (below) and tied (the
        same place). One query."""
        # The filter's join to the game's seats is the player's own seat; the annotations
        # below reuse that join (one row per opponent seat, no subquery).
        return (
            self.filter(game__seats__player=player)
            .exclude(player=player)
            .annotate(my_place=F("game__seats__place"))
            .values("player")
            .annotate(
                name=F("player__name"),
                games=Count("id"),
                won=Count("id", filter=Q(my_place__lt=F("place"))),
                lost=Count("id", filter=Q(my_place__gt=F("place"))),
                tied=Count("id", filter=Q(my_place=F("place"))),
            )
            .order_by("-games", "name")
        )

    # ---- parts --------------------------------------------------------------------------

    def _ranked(self, order=BY_TOTAL, **figures):
        """One row per player: name, the result aggregates, ``figures`` and the rank by
        ``order`` (by total result unless given; ties share a rank), best first."""
        return (
            self.values("player")
            .annotate(
                name=player_name(),
                **self._result_aggregates(),
                **figures,
                rank=Window(Rank(), order_by=order),
            )
            .order_by("rank", "name")
        )

    @staticmethod
    def _places(*, share: bool, seats: int) -> dict:
        """first, second …, one per seat: how many games the player ended in each place (ties
        share the better place), or the share of his games when ``share``."""
        places = {}
        for place, name in enumerate(PLACES[:seats], 1):
            count = Count("id", filter=Q(place=place))
            places[name] = ratio(count, Count("id")) if share else count
        return places

    @staticmethod
    def _result_aggregates() -> dict:
        return {
            "games": Count("id"),
            "total": Sum("result"),
            "average": Avg("result"),
            "avg_place": Avg("place"),
        }

    @staticmethod
    def _rate_aggregates() -> dict:
        """Per-hand rates and the average win (the statistics page defines each)."""
        return {
            "win_rate": ratio(Sum("wins"), Sum("hands")),
            "deal_in_rate": ratio(Sum("deal_ins"), Sum("hands")),
            "riichi_rate": ratio(Sum("riichi"), Sum("hands")),
            "tsumo_share": ratio(Sum("tsumo_wins"), Sum("wins")),
            "avg_win": ratio(Sum("win_points"), Sum("wins")),
        }

    @staticmethod
    def _rating(family: str):
        return PerPlayer(
            PlayerRating.objects.filter(player=OuterRef("player"), family=family).values("ordinal")[:1],
            output_field=FloatField(),
        )


def seats() -> SeatQuerySet:
    """``Seat.objects`` with the statistics reads (``seats().finished().leaderboard()``)."""
    return SeatQuerySet(Seat)


def counted_seats(family: str | None = None) -> SeatQuerySet:
    """The seats every board starts from: finished games (of ``family``)."""
    qs = seats().finished()
    return qs.of_family(family) if family else qs


@dataclass(frozen=True)
class RatingPoint:
    game: int
    day: Date
    family: str
    ordinal: float
    mu: float
    sigma: float
    place: int


def rating_history(player: Player) -> list[RatingPoint]:
    """The player's rating after each rated game, in order (one query)."""
    rows = (
        RatingChange.objects.filter(player=player)
        .order_by("family", "played_on", "started", "game")
        .values_list("game", "played_on", "family", "ordinal", "mu", "sigma", "place")
    )
    return [RatingPoint(*row) for row in rows]


def recent_games(player: Player, limit: int = 20):
    """The player's last ``limit`` games (any status but abandoned), every seat prefetched:
    two queries."""
    return (
        Game.objects.filter(seats__player=player)
        .exclude(status=Game.ABANDONED)
        .with_seats()
        .order_by("-date", "-id")[:limit]
    )


def session_games(session: ClubSession):
    """The games of a session in play order, every seat prefetched (two queries)."""
    return (
        Game.objects.filter(session=session).exclude(status=Game.ABANDONED).shown().with_seats().order_by("date", "id")
    )


def season_sessions(season: Season):
    """The sessions in a season's dates with how many finished games each has (one query)."""
    return (
        ClubSession.objects.filter(date__gte=season.start, date__lte=season.end)
        .annotate(finished_games=Count("games", filter=Q(games__status=Game.FINISHED)))
        .order_by("date", "name")
    )
