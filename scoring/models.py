"""The club's records: facts of every hand, and the numbers the rule engine derives from them.

Facts (who won, from whom, han/fu or card value, riichi, tenpai, penalties …) are the
record; derived columns (deltas, scores, dealer, counters, pot, standings, per-game counts)
exist so that pages and leaderboards are plain queries, never a replay at read time.
Nothing here writes: ``scoring.records.services`` is the only write path.
"""

import datetime
from functools import cached_property

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models.functions import Coalesce, Lower, TruncDate
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.messages import rule_message
from scoring.rules import PRESETS, RuleError, RuleSet, TableState, bounds, get_preset


def no_control(pattern) -> RegexValidator:
    """Refuses the control characters the game log refuses (``scoring/rules/bounds.py``): a
    name, reason or comment the admin or a form stores must export into a log that imports."""
    return RegexValidator(
        pattern,
        inverse_match=True,
        message=_("Remove the control character (such as an escape) from this text: the game log cannot hold it."),
    )


RIICHI, AMERICAN = "riichi", "american"
FAMILIES = (RIICHI, AMERICAN)
SEAT_CHOICES = [(0, _("East")), (1, _("South")), (2, _("West")), (3, _("North"))]


def seat_field(verbose_name, **kwargs):
    """A player of a game named by seat index (0 = East of the first hand … 3 = North)."""
    return models.PositiveSmallIntegerField(verbose_name, choices=SEAT_CHOICES, **kwargs)


def seat_list_field(verbose_name):
    """A set of players of a game, as a sorted JSON list of seat indexes."""
    return models.JSONField(verbose_name, default=list, blank=True)


class Player(models.Model):
    name = models.CharField(_("name"), max_length=bounds.MAX_NAME, validators=[no_control(bounds.CONTROL)])
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("login"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # tournament results: the EMA's player id and the country played for
    ema_number = models.CharField(_("EMA number"), max_length=20, blank=True)
    country = models.CharField(_("country"), max_length=60, blank=True)
    # online games: the names this player plays under on Tenhou, Mahjong Soul …
    aliases = models.TextField(
        _("online names"),
        blank=True,
        max_length=1000,
        validators=[no_control(bounds.CONTROL_IN_COMMENT)],
        help_text=_(
            "The names this player plays under online (Tenhou, Mahjong Soul), one per line: imported online "
            "games under these names count for this player."
        ),
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="player_name_unique_ignoring_case",
                violation_error_message=_("A player with this name already exists (names ignore case)."),
            )
        ]

    def __str__(self):
        return self.name


class ClubSession(models.Model):
    CASUAL, LEAGUE, TOURNAMENT = "casual", "league", "tournament"
    KIND_CHOICES = [(CASUAL, _("club night")), (LEAGUE, _("league round")), (TOURNAMENT, _("tournament"))]

    date = models.DateField(_("date"))
    name = models.CharField(_("name"), max_length=bounds.MAX_SESSION_NAME, validators=[no_control(bounds.CONTROL)])
    kind = models.CharField(_("kind"), max_length=12, choices=KIND_CHOICES, default=CASUAL)
    comment = models.TextField(_("comment"), blank=True)

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["-date", "name"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="session_name_unique_ignoring_case",
                violation_error_message=_("A session with this name already exists (names ignore case)."),
            )
        ]

    def __str__(self):
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def is_tournament(self) -> bool:
        return self.kind == self.TOURNAMENT


class RulesetQuerySet(models.QuerySet):
    def preset(self, slug: str) -> "Ruleset":
        """The row of a preset, created from the engine's PRESETS if it is missing."""
        rules = get_preset(slug)
        row, _created = self.get_or_create(
            slug=slug, defaults={"name": rules.name, "family": rules.family, "based_on": slug, "knobs": rules.knobs()}
        )
        return row


class Ruleset(models.Model):
    """A preset, or a club's copy of one with some knobs changed (the rules page lists them)."""

    FAMILY_CHOICES = [(RIICHI, _("Riichi")), (AMERICAN, _("American"))]
    PRESET_CHOICES = [(slug, rules.name) for slug, rules in PRESETS.items()]

    slug = models.SlugField(_("slug"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=80)
    family = models.CharField(_("family"), max_length=10, choices=FAMILY_CHOICES, editable=False)
    based_on = models.CharField(_("based on preset"), max_length=40, choices=PRESET_CHOICES)
    knobs = models.JSONField(
        _("knobs"), default=dict, blank=True, help_text=_("Every rule knob, as the rules page lists them.")
    )
    description = models.TextField(_("description"), blank=True)

    objects = RulesetQuerySet.as_manager()

    class Meta:
        verbose_name = _("ruleset")
        verbose_name_plural = _("rulesets")
        ordering = ["name"]

    def __str__(self):
        return self.name

    @property
    def is_preset(self) -> bool:
        return self.slug == self.based_on

    def to_rules(self) -> RuleSet:
        """The engine's RuleSet for this row; RuleError if a knob is invalid."""
        return get_preset(self.based_on).with_overrides(self.knobs, slug=self.slug, name=self.name)

    def clean(self):
        if self.based_on not in PRESETS:
            raise ValidationError({"based_on": _("Choose one of the presets.")})
        if self.slug in PRESETS and self.slug != self.based_on:
            raise ValidationError({"slug": _("This slug belongs to a preset; choose another one for a copy.")})
        try:
            rules = self.to_rules()
        except RuleError as error:
            raise ValidationError({"knobs": rule_message(error)}) from None
        self.family = rules.family
        self.knobs = rules.knobs()


class GameQuerySet(models.QuerySet):
    def in_progress(self):
        return self.filter(status=Game.IN_PROGRESS)

    def finished(self):
        return self.filter(status=Game.FINISHED)

    def with_seats(self):
        return self.select_related("ruleset", "session").prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )

    def hidden(self):
        """The games of a round still being played at an event that hides a round's standings
        until every table of it has finished (``Event.hide_standings``): a handful at most."""
        playing = EventTable.objects.filter(round=models.OuterRef("event_table__round"), game__status=Game.IN_PROGRESS)
        return self.filter(event_table__round__event__hide_standings=True).filter(models.Exists(playing))

    def shown(self):
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

    def __str__(self):
        return _("Game %(id)s") % {"id": self.pk}

    @cached_property
    def rules(self) -> RuleSet:
        """The engine's RuleSet of this game: the knobs snapshot taken at the start."""
        ruleset = self.ruleset
        return get_preset(ruleset.based_on).with_overrides(self.knobs, slug=ruleset.slug, name=ruleset.name)

    def table(self, scores) -> TableState:
        """The stored table after the last hand, given the seats' table scores."""
        return TableState(tuple(scores), self.rotations, self.counters, self.pot, self.hand_count, self.ended)

    def hands_after_gong(self):
        """The hands that count since the round's gong: recorded at or after it, and not said by
        the table to have ended before it (``Hand.before_gong``)."""
        return self.hand_set.filter(recorded_at__gte=self.gong_at, before_gong=False)

    @property
    def is_open(self) -> bool:
        return self.status == self.IN_PROGRESS

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
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="seat_unique_per_game"),
            models.UniqueConstraint(fields=["game", "player"], name="player_once_per_game"),
        ]

    def __str__(self):
        return f"{self.player} ({self.get_seat_display()})"


def seat_game_day():
    """The day a seat's game counts on (boards and ratings): its date, or the day it was
    created when it has none."""
    return Coalesce("game__date", TruncDate("game__created_at"))


class Hand(models.Model):
    RESULT_CHOICES = [
        ("win", _("win")),
        ("draw", _("exhaustive draw")),
        ("abortive", _("abortive draw")),
        ("chombo", _("chombo")),
        ("mahjong", _("mahjong")),
        ("wall", _("wall game")),
    ]
    ABORTIVE_CHOICES = [
        ("nine_terminals", _("nine terminals")),
        ("four_winds", _("four winds")),
        ("four_kongs", _("four kongs")),
        ("four_riichi", _("four riichi")),
        ("triple_ron", _("triple ron")),
    ]

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="hand_set")
    number = models.PositiveSmallIntegerField(_("number"))
    # facts
    result = models.CharField(_("result"), max_length=10, choices=RESULT_CHOICES)
    riichi = seat_list_field(_("riichi"))
    tenpai = seat_list_field(_("tenpai"))
    dead = seat_list_field(_("dead hands"))
    nagashi = seat_list_field(_("nagashi"))
    reason = models.CharField(_("abortive reason"), max_length=20, choices=ABORTIVE_CHOICES, blank=True)
    offender = seat_field(_("chombo offender"), null=True, blank=True)
    comment = models.TextField(
        _("comment"), blank=True, max_length=bounds.MAX_COMMENT, validators=[no_control(bounds.CONTROL_IN_COMMENT)]
    )
    submission_key = models.CharField(_("submission key"), max_length=bounds.STORED_KEY_LENGTH, blank=True)
    recorded_at = models.DateTimeField(_("recorded"), auto_now_add=True)
    before_gong = models.BooleanField(
        _("ended before the gong"),
        default=False,
        help_text=_(
            "Recorded after the round's gong, but the table says it had ended before: it is not the hand "
            "in progress at the gong."
        ),
    )
    # derived: the table before the hand, and after it
    round_label = models.CharField(_("round"), max_length=4, blank=True)
    dealer = seat_field(_("dealer"), default=0)
    rotations = models.PositiveSmallIntegerField(_("dealer rotations"), default=0)
    counters = models.PositiveSmallIntegerField(_("counters"), default=0)
    pot_before = models.IntegerField(_("pot before"), default=0)
    pot_after = models.IntegerField(_("pot after"), default=0)
    ended_game = models.BooleanField(_("ended the game"), default=False)
    payments = models.JSONField(_("payments"), default=list, blank=True)
    notes = models.JSONField(_("notes"), default=list, blank=True)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique_per_game"),
            models.UniqueConstraint(
                fields=["game", "submission_key"],
                condition=~models.Q(submission_key=""),
                name="submission_key_unique_per_game",
            ),
        ]

    def __str__(self):
        return _("Game %(game)s, hand %(number)s") % {"game": self.game_id, "number": self.number}


class UndoneSubmission(models.Model):
    """The submission key of a hand that was undone or deleted: the same form sent again (a
    retry, a double tap arriving late) must not record the hand a second time."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="+")
    submission_key = models.CharField(_("submission key"), max_length=bounds.STORED_KEY_LENGTH)
    hand_number = models.PositiveSmallIntegerField(_("hand"))
    at = models.DateTimeField(_("undone"), auto_now_add=True)

    class Meta:
        verbose_name = _("undone submission")
        verbose_name_plural = _("undone submissions")
        constraints = [models.UniqueConstraint(fields=["game", "submission_key"], name="undone_submission_once")]

    def __str__(self):
        return self.submission_key


class Win(models.Model):
    """One winner of a hand (riichi: han/fu or yakuman; American: the card value)."""

    hand = models.ForeignKey(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="wins")
    winner = seat_field(_("winner"))
    discarder = seat_field(_("from"), null=True, blank=True, help_text=_("Empty for a self-draw."))
    han = models.PositiveSmallIntegerField(_("han"), default=0, validators=[MaxValueValidator(bounds.MAX_HAN)])
    fu = models.PositiveSmallIntegerField(_("fu"), default=0, validators=[MaxValueValidator(bounds.MAX_FU)])
    yakuman = models.PositiveSmallIntegerField(
        _("yakuman"), default=0, validators=[MaxValueValidator(bounds.MAX_YAKUMAN)]
    )
    liable = seat_field(_("liable"), null=True, blank=True)
    value = models.PositiveIntegerField(
        _("card value"), default=0, validators=[MaxValueValidator(bounds.MAX_CARD_VALUE)]
    )
    jokerless = models.BooleanField(_("jokerless"), default=False)
    misnamed_discard = models.BooleanField(_("misnamed discard"), default=False)
    # hands by their tiles (scoring.tiles): the game log's `tiles` object of the win
    tiles = models.JSONField(
        _("tiles"),
        null=True,
        blank=True,
        help_text=_("The winning hand by its tiles: notation, melds, conditions, as the game log writes them."),
    )
    # derived from the tiles at the hand when the win is recorded (records.services): the records read them
    yaku = models.JSONField(
        _("yaku"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("The yaku the tiles give, as the mahjong package names them."),
    )

    class Meta:
        verbose_name = _("win")
        verbose_name_plural = _("wins")
        ordering = ["hand", "id"]
        indexes = [  # the club records: the biggest wins, and the wins whose yaku are stored
            models.Index(fields=["yakuman", "han", "fu"], name="win_biggest"),
            models.Index(fields=["hand"], condition=models.Q(yaku__isnull=False), name="win_with_yaku"),
        ]

    def __str__(self):
        return _("win of seat %(seat)s") % {"seat": self.get_winner_display()}


class Incident(models.Model):
    """An irregularity settled during an American hand (a game log's `incidents`)."""

    DEAD_HAND_CHALLENGE, MAHJONG_IN_ERROR = "dead_hand_challenge", "mahjong_in_error"
    KIND_CHOICES = [(DEAD_HAND_CHALLENGE, _("dead-hand challenge")), (MAHJONG_IN_ERROR, _("mahjong in error"))]

    hand = models.ForeignKey(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="incidents")
    kind = models.CharField(_("kind"), max_length=20, choices=KIND_CHOICES)
    challenger = seat_field(_("challenger"), null=True, blank=True)
    challenged = seat_field(_("challenged"), null=True, blank=True)
    upheld = models.BooleanField(_("challenge upheld"), default=False)
    caller = seat_field(_("caller"), null=True, blank=True)
    value = models.PositiveIntegerField(
        _("value claimed"), null=True, blank=True, validators=[MaxValueValidator(bounds.MAX_CARD_VALUE)]
    )
    thrown_in = seat_list_field(_("threw in"))
    wall_broken_by = seat_field(_("wall broken by"), null=True, blank=True)

    class Meta:
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")
        ordering = ["hand", "id"]

    def __str__(self):
        return self.get_kind_display()


class Penalty(models.Model):
    """Points a player loses: in a hand (to the pot or the result) or for the game (result)."""

    POT, RESULT = "pot", "result"
    TO_CHOICES = [(POT, _("riichi pot")), (RESULT, _("final result"))]

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="penalties")
    hand = models.ForeignKey(
        Hand,
        verbose_name=_("hand"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="penalties",
        help_text=_("Empty for a penalty on the whole game."),
    )
    player = seat_field(_("player"))
    points = models.PositiveIntegerField(_("points"), validators=[MaxValueValidator(bounds.MAX_POINTS)])
    to = models.CharField(_("to"), max_length=6, choices=TO_CHOICES, default=RESULT)
    reason = models.CharField(
        _("reason"), max_length=bounds.MAX_REASON, blank=True, validators=[no_control(bounds.CONTROL)]
    )

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["game", "hand", "id"]

    def __str__(self):
        return _("%(points)s points") % {"points": self.points}


class HandSeat(models.Model):
    """One seat in one hand: derived delta, score after and flags (leaderboards sum these)."""

    hand = models.ForeignKey(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="hand_seats")
    seat = models.ForeignKey(Seat, verbose_name=_("seat"), on_delete=models.CASCADE, related_name="hand_seats")
    delta = models.IntegerField(_("delta"))
    score_after = models.IntegerField(_("score after"))
    penalty = models.IntegerField(_("result penalty"), default=0)
    dealer = models.BooleanField(_("dealer"), default=False)
    won = models.BooleanField(_("won"), default=False)
    tsumo = models.BooleanField(_("self-draw"), default=False)
    dealt_in = models.BooleanField(_("dealt in"), default=False)
    riichi = models.BooleanField(_("riichi"), default=False)
    tenpai = models.BooleanField(_("tenpai"), default=False)
    chombo = models.BooleanField(_("chombo"), default=False)

    class Meta:
        verbose_name = _("seat in a hand")
        verbose_name_plural = _("seats in hands")
        ordering = ["hand", "seat__seat"]
        constraints = [models.UniqueConstraint(fields=["hand", "seat"], name="hand_seat_unique")]

    def __str__(self):
        return f"{self.hand} · {self.seat}"


class AuditEntry(models.Model):
    START, RECORD, UNDO, EDIT, DELETE, FINISH, ABANDON, RECOMPUTE, IMPORT, CHANGE, DELETE_GAME = (
        "start_game",
        "record_hand",
        "undo_last_hand",
        "edit_hand",
        "delete_hand",
        "finish_game",
        "abandon_game",
        "recompute_game",
        "import_game",
        "change_game",
        "delete_game",
    )
    ACTION_CHOICES = [
        (START, _("started the game")),
        (RECORD, _("recorded a hand")),
        (UNDO, _("undid the last hand")),
        (EDIT, _("edited a hand")),
        (DELETE, _("deleted a hand")),
        (FINISH, _("finished the game")),
        (ABANDON, _("abandoned the game")),
        (RECOMPUTE, _("recomputed the game")),
        (IMPORT, _("imported the game")),
        (CHANGE, _("changed the game")),
        (DELETE_GAME, _("deleted the game")),
    ]

    at = models.DateTimeField(_("when"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    game = models.ForeignKey(
        Game, verbose_name=_("game"), null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries"
    )
    action = models.CharField(_("action"), max_length=20, choices=ACTION_CHOICES)
    hand_number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()}"


# ---- leaderboards and ratings -----------------------------------------------------------------
# Appended by the statistics work: seasons are admin-defined date ranges; ratings are derived
# (scoring.records.ratings writes them when a game finishes or an edit changes a finished game).


class Season(models.Model):
    """A named range of dates the club ranks over (a league year, a spring cup …)."""

    name = models.CharField(_("name"), max_length=80, unique=True)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    comment = models.TextField(_("comment"), blank=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-start", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end__gte=models.F("start")),
                name="season_ends_after_it_starts",
                violation_error_message=_("A season cannot end before it starts."),
            )
        ]

    def __str__(self):
        return self.name


class PlayerRating(models.Model):
    """A player's current OpenSkill (Plackett–Luce) rating in one rule family (derived)."""

    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(_("family"), max_length=10, choices=Ruleset.FAMILY_CHOICES)
    mu = models.FloatField("μ")
    sigma = models.FloatField("σ")
    ordinal = models.FloatField(_("rating (μ − 3σ)"))
    games = models.PositiveIntegerField(_("rated games"), default=0)

    class Meta:
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        ordering = ["family", "-ordinal"]
        constraints = [models.UniqueConstraint(fields=["player", "family"], name="rating_unique_per_family")]

    def __str__(self):
        return f"{self.player} {self.family} {self.ordinal:.2f}"


class RatingChange(models.Model):
    """A player's rating after one finished game (derived): the rating history.

    ``played_on``, ``started`` and ``game`` give the order in which games are rated (date,
    start, then id)."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="rating_changes"
    )
    family = models.CharField(_("family"), max_length=10, choices=Ruleset.FAMILY_CHOICES)
    played_on = models.DateField(_("date"))
    started = models.TimeField(
        _("start"),
        default=datetime.time(0),
        help_text=_("The game's start (midnight when unknown): play order within a day."),
    )
    place = models.PositiveSmallIntegerField(_("place"))
    mu_before = models.FloatField("μ before")
    sigma_before = models.FloatField("σ before")
    mu = models.FloatField("μ")
    sigma = models.FloatField("σ")
    ordinal = models.FloatField(_("rating (μ − 3σ)"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["family", "played_on", "started", "game_id", "player_id"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_change_unique_per_game")]
        indexes = [
            models.Index(fields=["family", "played_on", "started", "game"], name="rating_change_play_order"),
            models.Index(
                fields=["player", "family", "played_on", "started", "game"], name="rating_change_player_order"
            ),
        ]

    def __str__(self):
        return f"{self.player} · {self.game}: {self.ordinal:.2f}"


# ---- club nights and tournaments -------------------------------------------------------------
# An event groups rounds; a round's tables are drawn (scoring.events.seating) and then started,
# each table becoming a game of the event's session. scoring.events.services writes these.


class Event(models.Model):
    """A club night (open-ended) or a tournament (a fixed number of rounds)."""

    CLUB_NIGHT, TOURNAMENT = "club_night", "tournament"
    KIND_CHOICES = [(CLUB_NIGHT, _("club night")), (TOURNAMENT, _("tournament"))]

    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"))
    kind = models.CharField(_("kind"), max_length=12, choices=KIND_CHOICES, default=CLUB_NIGHT)
    ruleset = models.ForeignKey(Ruleset, verbose_name=_("ruleset"), on_delete=models.PROTECT, related_name="events")
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

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-date", "name"]

    def __str__(self):
        return self.name

    @property
    def is_tournament(self) -> bool:
        return self.kind == self.TOURNAMENT


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

    def __str__(self):
        return f"{self.player} · {self.event}"


class EventRound(models.Model):
    """A round: drawn (tables shown, still changeable), then started (every table a game)."""

    RANDOM, SWISS, INTERVAL = "random", "swiss", "interval"
    METHOD_CHOICES = [(RANDOM, _("random, fewest repeat opponents")), (SWISS, _("swiss")), (INTERVAL, _("interval"))]

    event = models.ForeignKey(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("number"))
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

    def __str__(self):
        return _("Round %(number)s") % {"number": self.number}


class EventTable(models.Model):
    """One table of a round: its four players in seat order, and its game once started."""

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

    def __str__(self):
        return _("Table %(number)s") % {"number": self.number}


from scoring.caching.models import PageVersion  # noqa: E402, F401 -- the page cache's version tokens
