"""Games and their seats."""

from collections.abc import Iterable
from functools import cached_property
from typing import Self

from django.conf import settings
from django.db import models
from django.db.models.functions import Coalesce, TruncDate
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.knobs import has_length, length_label
from scoring.rules import RuleSet, TableState, bounds, get_preset

from .fields import no_control, seat_field
from .hands import Hand  # a hand names its game by its label ("scoring.Game"): the import runs this way
from .players import ClubSession, Player
from .rulesets import Ruleset


class GameQuerySet(models.QuerySet["Game"]):
    def in_progress(self) -> Self:
        return self.filter(status=Game.IN_PROGRESS)

    def finished(self) -> Self:
        return self.filter(status=Game.FINISHED)

    def with_seats(self) -> Self:
        return self.select_related("ruleset", "session").prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )

    def hidden(self) -> Self:
        """The games of a round still being played at an event that hides a round's standings
        until every table of it has finished (``Event.hide_standings``): a handful at most."""
        # the games of the round (through their tables: the events' models import this one)
        playing = Game.objects.filter(event_table__round=models.OuterRef("event_table__round"), status=Game.IN_PROGRESS)
        current = self.filter(event_table__round__event__hide_standings=True).filter(models.Exists(playing))
        # a table's earlier games of an American round (``EventTableGame``), hidden with their round
        table_round = "event_table_game__table__round"
        before = Game.objects.filter(event_table__round=models.OuterRef(table_round), status=Game.IN_PROGRESS)
        earlier = self.filter(**{f"{table_round}__event__hide_standings": True}).filter(models.Exists(before))
        return current | earlier

    def shown(self) -> Self:
        """Without the hidden games (``hidden``)."""
        return self.exclude(pk__in=Game.objects.hidden())


class Game(models.Model):
    IN_PROGRESS, FINISHED, ABANDONED = "in_progress", "finished", "abandoned"
    STATUS_CHOICES = [(IN_PROGRESS, _("in progress")), (FINISHED, _("finished")), (ABANDONED, _("abandoned"))]

    # facts
    session = models.ForeignKey(
        ClubSession, verbose_name=_("session"), null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    ruleset = models.ForeignKey(Ruleset, verbose_name=_("ruleset"), on_delete=models.PROTECT, related_name="games")
    knobs = models.JSONField(
        _("rules at the start"), default=dict, help_text=_("The ruleset's knobs when the game started.")
    )
    tournament = models.BooleanField(_("tournament game"), default=False)
    date = models.DateField(_("date"), null=True, blank=True)
    start = models.TimeField(
        _("start"),
        null=True,
        blank=True,
        help_text=_("The time of day the game started: games are rated in play order, by date, then start."),
    )
    comment = models.TextField(
        _("comment"), blank=True, max_length=bounds.MAX_COMMENT, validators=[no_control(bounds.CONTROL_IN_COMMENT)]
    )
    finished_by_scorer = models.BooleanField(_("ended by the scorer"), default=False)
    status = models.CharField(_("status"), max_length=12, choices=STATUS_CHOICES, default=IN_PROGRESS)
    imported_from = models.CharField(
        _("imported game log"),
        max_length=64,
        blank=True,
        editable=False,
        help_text=_(
            "A fingerprint (SHA-256) of the game log this game was imported from, so that the same log "
            "is not imported twice; empty for games recorded at the table."
        ),
    )
    source = models.CharField(
        _("online game"),
        max_length=bounds.MAX_SOURCE,
        blank=True,
        editable=False,
        help_text=_(
            "The online game (Tenhou, Mahjong Soul) this game was imported from; empty for games played "
            "at the club's tables."
        ),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # derived: the table after the last hand
    rotations = models.PositiveSmallIntegerField(_("dealer rotations"), default=0)
    counters = models.PositiveSmallIntegerField(_("counters"), default=0)
    pot = models.IntegerField(_("riichi pot"), default=0)
    hand_count = models.PositiveSmallIntegerField(_("hands played"), default=0)
    ended = models.BooleanField(_("table ended"), default=False, help_text=_("The ruleset's end was reached."))
    # events: the round's gong; after it the ruleset's time_up policy ends the game
    gong_at = models.DateTimeField(_("time up at"), null=True, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["status"]), models.Index(fields=["date"])]
        constraints = [
            models.UniqueConstraint(
                fields=["imported_from"], condition=~models.Q(imported_from=""), name="game_log_imported_once"
            ),
            models.UniqueConstraint(
                fields=["source"], condition=~models.Q(source=""), name="online_game_imported_once"
            ),
        ]

    def __str__(self) -> str:
        return _("Game %(id)s") % {"id": self.pk}

    @cached_property
    def rules(self) -> RuleSet:
        """The engine's RuleSet of this game: the knobs snapshot taken at the start."""
        ruleset = self.ruleset
        return get_preset(ruleset.based_on).with_overrides(self.knobs, slug=ruleset.slug, name=ruleset.name)

    def keep_rules_of(self, other: "Game") -> "Game":
        """This row (``self``), holding ``other``'s parsed ``rules`` when both are the same game with
        the same knobs and ruleset (a write's locked copy, a page's fresh copy after the write):
        the ruleset is parsed once per save. Returns ``self``."""
        parsed = other.__dict__.get("rules")
        if parsed is None or "rules" in self.__dict__ or other.pk != self.pk or other.knobs != self.knobs:
            return self
        mine, theirs = self.ruleset, other.ruleset
        if (mine.pk, mine.based_on, mine.slug, mine.name) == (theirs.pk, theirs.based_on, theirs.slug, theirs.name):
            self.__dict__["rules"] = parsed
        return self

    @property
    def length(self) -> str:
        """The game's length as the pages name it (hanchan, East-only); "" where its family's
        games are not played in rounds."""
        return length_label(self.rules.rounds) if has_length(self.ruleset.family) else ""

    @property
    def seat_count(self) -> int:
        """How many players sit at this game (its ruleset's family's count)."""
        return self.ruleset.seats

    def table(self, scores: Iterable[int]) -> TableState:
        """The stored table after the last hand, given the seats' table scores."""
        return TableState(tuple(scores), self.rotations, self.counters, self.pot, self.hand_count, self.ended)

    def hands_after_gong(self) -> "models.QuerySet[Hand]":
        """The hands that count since the round's gong: recorded at or after it, and not said by
        the table to have ended before it (``Hand.before_gong``)."""
        return self.hand_set.filter(recorded_at__gte=self.gong_at, before_gong=False)

    @property
    def is_open(self) -> bool:
        return self.status == self.IN_PROGRESS

    @property
    def next_hand_number(self) -> int:
        """The number the next hand recorded in this game takes."""
        return self.hand_count + 1

    @property
    def is_online(self) -> bool:
        """Played online (Tenhou, Mahjong Soul) and imported, not at the club's tables."""
        return bool(self.source)


class Seat(models.Model):
    """A player's place at a game; everything but game/player/seat is derived."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="seats")
    seat = seat_field(_("seat"))
    # derived: standings (the current ones while the game is in progress)
    table_score = models.IntegerField(_("table score"), default=0)
    score = models.IntegerField(_("score"), default=0)
    place = models.PositiveSmallIntegerField(_("place"), default=1)
    uma = models.IntegerField(_("uma"), default=0)
    oka = models.IntegerField(_("oka"), default=0)
    penalties = models.IntegerField(_("penalties"), default=0)
    result = models.IntegerField(_("result"), default=0)
    # MCR's table points, exact: a whole number of 48ths (``rules.table_points``); 0 elsewhere
    table_points = models.IntegerField(_("table points (48ths)"), default=0)
    # derived: counts for leaderboards
    hands = models.PositiveIntegerField(_("hands"), default=0)
    dealer_hands = models.PositiveIntegerField(_("hands as dealer"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    tsumo_wins = models.PositiveIntegerField(_("self-draw wins"), default=0)
    deal_ins = models.PositiveIntegerField(_("deal-ins"), default=0)
    riichi = models.PositiveIntegerField(_("riichi"), default=0)
    tenpai = models.PositiveIntegerField(_("tenpai at draws"), default=0)
    chombo = models.PositiveIntegerField(_("chombo"), default=0)
    win_points = models.IntegerField(_("points won in winning hands"), default=0)
    deal_in_points = models.IntegerField(_("points lost dealing in"), default=0)
    # copies of the game's, kept by the services: the boards read the seats alone, no join
    family = models.CharField(_("family"), max_length=10, choices=Ruleset.FAMILY_CHOICES, editable=False)
    finished = models.BooleanField(
        _("game finished"),
        default=False,
        editable=False,
        help_text=_("Only seats of finished games count in the statistics."),
    )
    rounds = models.PositiveSmallIntegerField(
        _("game length"),
        default=2,
        editable=False,
        help_text=_("The game's rounds: 2 hanchan, 1 East-only. The boards count each length apart."),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["game", "seat"]
        indexes = [  # covers the leaderboard: per player, the sums of the seats that count
            models.Index(
                fields=[
                    "player",
                    "family",
                    "finished",
                    "rounds",
                    "result",
                    "place",
                    "hands",
                    "wins",
                    "deal_ins",
                    "riichi",
                    "tsumo_wins",
                    "win_points",
                    "chombo",
                ],
                name="seat_board",
            ),
            # the club records: a family's best game result and most wins in one game, found at once
            models.Index(fields=["family", "finished", "result"], name="seat_best_result"),
            models.Index(fields=["family", "finished", "wins"], name="seat_most_wins"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="seat_unique_per_game"),
            models.UniqueConstraint(fields=["game", "player"], name="player_once_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.get_seat_display()})"


def seat_game_day() -> Coalesce:
    """The day a seat's game counts on (boards and ratings): its date, or the day it was
    created when it has none."""
    return Coalesce("game__date", TruncDate("game__created_at"))
