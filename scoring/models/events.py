"""Club nights and tournaments.

An event groups rounds; a round's tables are drawn (``scoring.events.seating``) and then
started, each table becoming a game of the event's session. ``scoring.events.services``
writes these."""

import datetime
from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from scoring.rules import bounds
from scoring.rules.american_events import MAX_ROUND_GAMES, round_games
from scoring.rules.eventlog import Carry
from scoring.rules.eventlog.document import UNITS

from .fields import no_control
from .games import Game
from .players import ClubSession, Player
from .rulesets import Ruleset


class Event(models.Model):
    """A club night (open-ended) or a tournament (a fixed number of rounds)."""

    CLUB_NIGHT, TOURNAMENT = "club_night", "tournament"
    KIND_CHOICES = [(CLUB_NIGHT, _("club night")), (TOURNAMENT, _("tournament"))]

    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"), help_text=_("The first day."))
    last_day = models.DateField(
        _("last day"), null=True, blank=True, help_text=_("Empty for a one-day event; the days between are its too.")
    )
    city = models.CharField(_("city"), max_length=bounds.MAX_NAME, blank=True)
    country = models.CharField(
        _("country"),
        max_length=2,
        blank=True,
        validators=[RegexValidator(r"^[A-Z]{2}\Z", _("Two capital letters, the ISO 3166 code: NL, ES, DE."))],
        help_text=_("Where it is played: the ISO 3166 code of two letters (NL, ES, DE)."),
    )
    mers_weight = models.DecimalField(
        _("MERS weight"),
        max_digits=2,
        decimal_places=1,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0.1")), MaxValueValidator(bounds.MAX_MERS_WEIGHT)],
        help_text=_("As the EMA sets it for the event (0.5, 1, 1.5, 2); written into the EMA's results file."),
    )
    kind = models.CharField(_("kind"), max_length=12, choices=KIND_CHOICES, default=CLUB_NIGHT)
    ruleset = models.ForeignKey(Ruleset, verbose_name=_("ruleset"), on_delete=models.PROTECT, related_name="events")
    three_player_ruleset = models.ForeignKey(
        Ruleset,
        verbose_name=_("three-player ruleset"),
        on_delete=models.PROTECT,
        related_name="three_player_events",
        null=True,
        blank=True,
        help_text=_(
            "When the players checked in are not a multiple of four, seat the rest at three-player tables "
            "under this ruleset (empty: the rest sit out)."
        ),
    )
    session = models.OneToOneField(
        ClubSession,
        verbose_name=_("session"),
        on_delete=models.PROTECT,
        related_name="event",
        help_text=_("The games of the event are recorded in this session."),
    )
    rounds = models.PositiveSmallIntegerField(
        _("rounds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Empty for an open-ended club night."),
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"), default=90, validators=[MinValueValidator(1), MaxValueValidator(600)]
    )
    seed = models.BigIntegerField(
        _("seed"), blank=True, help_text=_("Every seating draw of the event follows from it (empty: a new one).")
    )
    hide_standings = models.BooleanField(
        _("hide a round's standings"),
        default=False,
        help_text=_("Standings show a round only once every table of it has finished."),
    )
    substitutes = models.BooleanField(
        _("fill tables with substitutes"),
        default=False,
        help_text=_("Instead of sitting players out; a substitute's results do not count in the standings."),
    )
    games_per_round = models.PositiveSmallIntegerField(
        _("games per round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUND_GAMES)],
        help_text=_("How many games each table plays in a round (empty: 4 in an American tournament, else 1)."),
    )
    NO_ROTATION = ""
    ROTATION_CHOICES = [
        (NO_ROTATION, _("none: every round is drawn")),
        ("destination", _("Destination: East stays, North up 1, South down 1, West up 2")),
        ("mahjcon", _("MahjCon: A stays, B down 1, C down 2, D up 1")),
        ("four_seasons", _("Four Seasons: East stays, West up 2, North up 1, South down 1")),
        ("fixed", _("fixed tables: the same table all event")),
    ]
    rotation = models.CharField(
        _("rotation"),
        max_length=12,
        blank=True,
        default=NO_ROTATION,
        choices=ROTATION_CHOICES,
        help_text=_("How players move between rounds; the first round is drawn, each next one follows it."),
    )

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return self.name

    @property
    def days(self) -> list[datetime.date]:
        """The days of the event, the first to the last."""
        count = ((self.last_day or self.date) - self.date).days + 1
        return [self.date + datetime.timedelta(days=n) for n in range(count)]

    def day_of(self, today: datetime.date) -> datetime.date:
        """The event's day a round drawn ``today`` belongs to: today, if it is one of the event's
        days, else the event's first day."""
        return today if self.date <= today <= (self.last_day or self.date) else self.date

    @property
    def ranked_by_the_ema(self) -> bool:
        """Whether the EMA ranks events of its family (riichi and MCR): it has an EMA results file."""
        return self.is_tournament and bool(UNITS[self.ruleset.family].ema_rules)

    @property
    def is_tournament(self) -> bool:
        return self.kind == self.TOURNAMENT

    @property
    def seats(self) -> int:
        """How many players sit at one of the event's tables (its ruleset's family's count)."""
        return self.ruleset.seats

    @property
    def rest_seats(self) -> int:
        """How many sit at a table of the players left over (its three-player ruleset's
        family's count), or 0: they sit out."""
        rest = self.three_player_ruleset
        return rest.seats if rest else 0

    @property
    def round_games(self) -> int:
        """How many games each table plays in a round (``games_per_round``, else the
        family's: ``american_events.round_games``)."""
        return round_games(self.ruleset.to_rules(), self.games_per_round)

    def ruleset_for(self, seats: int) -> Ruleset:
        """The ruleset of a table of ``seats`` players: the three-player one at a table of
        the rest, else the event's."""
        rest = self.three_player_ruleset
        return rest if rest and seats == rest.seats else self.ruleset


class EventPlayer(models.Model):
    """A player on the event's list; ``present`` is the check-in (between rounds too)."""

    event = models.ForeignKey(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="entries")
    present = models.BooleanField(_("checked in"), default=False)
    substitute = models.BooleanField(_("substitute"), default=False)

    class Meta:
        verbose_name = _("event player")
        verbose_name_plural = _("event players")
        ordering = ["event", "substitute", Lower("player__name")]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="player_once_per_event")]

    def __str__(self) -> str:
        return f"{self.player} · {self.event}"


RANK_CHOICES = [  # seating by the standings: a round's draw method, a stage's first round
    ("rank", _("by rank: the first four at table 1")),
    ("snake", _("by rank across the tables: 1, 8, 9, 16 at table 1")),
]


class EventStage(models.Model):
    """A stage of a tournament (the event-log format, "Stages"): who plays it (everyone, the first
    ``count`` of the stage before, or the best ``count`` of each table of its last round), what
    they bring from it, how its first round is seated, and its rounds. The first stage is open
    from the start; staff open each next one when the one before has been played."""

    EVERYONE, CUT, PER_TABLE = "everyone", "cut", "per_table"
    ENTRY_CHOICES = [
        (EVERYONE, _("everyone of the stage before")),
        (CUT, _("the first N of the stage before (a cut)")),
        (PER_TABLE, _("the best N of each table of its last round")),
    ]
    CARRY_CHOICES = [
        (Carry.FULL.value, _("the whole total")),
        (Carry.HALF.value, _("half the total")),
        (Carry.NONE.value, _("nothing")),
    ]
    DRAW = "draw"

    event = models.ForeignKey(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(_("order"), validators=[MinValueValidator(1)])
    name = models.CharField(_("name"), max_length=bounds.MAX_NAME, validators=[no_control(bounds.CONTROL)])
    entry = models.CharField(_("who plays it"), max_length=10, choices=ENTRY_CHOICES, default=EVERYONE)
    count = models.PositiveSmallIntegerField(
        _("how many"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("For a cut or the best of each table."),
    )
    carry = models.CharField(_("brings"), max_length=4, choices=CARRY_CHOICES, default=Carry.FULL.value)
    seating = models.CharField(
        _("first round seated"),
        max_length=10,
        choices=[(DRAW, _("drawn as any round")), *RANK_CHOICES],
        default=DRAW,
    )
    rounds = models.PositiveSmallIntegerField(_("rounds"), validators=[MinValueValidator(1)])
    opened_at = models.DateTimeField(_("opened"), null=True, blank=True)

    class Meta:
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="stage_number_unique_per_event")]

    def __str__(self) -> str:
        return self.name


class EventRound(models.Model):
    """A round: drawn (tables shown, still changeable), then started (every table a game)."""

    RANDOM, SWISS, INTERVAL, ROTATION = "random", "swiss", "interval", "rotation"
    RANK, SNAKE = (value for value, _label in RANK_CHOICES)
    ONLINE = "online"  # not drawn: its tables are online games its players played (``events.online``)
    METHOD_CHOICES = [
        (RANDOM, _("random, fewest repeat opponents")),
        (SWISS, _("swiss")),
        (INTERVAL, _("interval")),
        *RANK_CHOICES,
        (ROTATION, _("by the event's rotation")),
    ]
    DRAWN_CHOICES = list(METHOD_CHOICES)  # the ways a round is drawn
    METHOD_CHOICES += [(ONLINE, _("online games taken as its tables"))]

    event = models.ForeignKey(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("number"))
    day = models.DateField(_("day"), help_text=_("The event's day it is played on."))
    stage = models.ForeignKey(
        EventStage,
        verbose_name=_("stage"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="round_set",
        help_text=_("Empty: the event's first stage."),
    )
    method = models.CharField(_("seating"), max_length=10, choices=METHOD_CHOICES, default=RANDOM)
    sitting_out = models.JSONField(_("sitting out"), default=list, blank=True, help_text=_("Player ids."))
    cost = models.PositiveIntegerField(_("seating cost"), default=0)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    ends_at = models.DateTimeField(_("time up at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_number_unique_per_event")]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}


class EventTable(models.Model):
    """One table of a round: its players in seat order, and its game once started."""

    round = models.ForeignKey(EventRound, verbose_name=_("round"), on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    players = models.JSONField(_("players"), help_text=_("Player ids, East, South, West, North."))
    game = models.OneToOneField(
        Game, verbose_name=_("game"), null=True, blank=True, on_delete=models.SET_NULL, related_name="event_table"
    )

    class Meta:
        verbose_name = _("event table")
        verbose_name_plural = _("event tables")
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="table_number_unique_per_round")]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}


class EventTableGame(models.Model):
    """A game a table of a round has played before its current one (``EventTable.game``): an
    American round is several games at one table, each a game of its own."""

    table = models.ForeignKey(
        EventTable, verbose_name=_("event table"), on_delete=models.CASCADE, related_name="earlier_games"
    )
    number = models.PositiveSmallIntegerField(_("game of the round"), validators=[MinValueValidator(1)])
    game = models.OneToOneField(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="event_table_game")

    class Meta:
        verbose_name = _("earlier game of a table")
        verbose_name_plural = _("earlier games of a table")
        ordering = ["table", "number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="table_game_number_unique")]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.number}
