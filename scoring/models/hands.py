"""Hands and what they hold: wins, incidents, penalties, each seat's share."""

from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.rules import bounds
from scoring.rules.vocabulary import AbortiveReason, AmericanResult, IncidentKind, PenaltyTo, RiichiResult

from .fields import no_control, seat_field, seat_list_field


class Hand(models.Model):
    class Result(models.TextChoices):
        """How a hand ended: the riichi family's results, then the American family's (the engine's
        ``RiichiResult`` and ``AmericanResult``)."""

        WIN = RiichiResult.WIN, _("win")
        DRAW = RiichiResult.DRAW, _("exhaustive draw")
        ABORTIVE = RiichiResult.ABORTIVE, _("abortive draw")
        CHOMBO = RiichiResult.CHOMBO, _("chombo")
        MAHJONG = AmericanResult.MAHJONG, _("mahjong")
        WALL = AmericanResult.WALL, _("wall game")

    class Reason(models.TextChoices):
        """An abortive draw's reason (the engine's ``AbortiveReason``)."""

        NINE_TERMINALS = AbortiveReason.NINE_TERMINALS, _("nine terminals")
        FOUR_WINDS = AbortiveReason.FOUR_WINDS, _("four winds")
        FOUR_KONGS = AbortiveReason.FOUR_KONGS, _("four kongs")
        FOUR_RIICHI = AbortiveReason.FOUR_RIICHI, _("four riichi")
        TRIPLE_RON = AbortiveReason.TRIPLE_RON, _("triple ron")

    game = models.ForeignKey("scoring.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="hand_set")
    number = models.PositiveSmallIntegerField(_("number"))
    # facts
    result = models.CharField(_("result"), max_length=10, choices=Result)
    riichi = seat_list_field(_("riichi"))
    tenpai = seat_list_field(_("tenpai"))
    dead = seat_list_field(_("dead hands"))
    nagashi = seat_list_field(_("nagashi"))
    reason = models.CharField(_("abortive reason"), max_length=20, choices=Reason, blank=True)
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
        indexes = [  # an event's standings list its games' chombos: read those alone, not every hand
            models.Index(fields=["game"], condition=models.Q(result=RiichiResult.CHOMBO), name="hand_chombo"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique_per_game"),
            models.UniqueConstraint(
                fields=["game", "submission_key"],
                condition=~models.Q(submission_key=""),
                name="submission_key_unique_per_game",
            ),
        ]

    def __str__(self) -> str:
        return _("Game %(game)s, hand %(number)s") % {"game": self.game_id, "number": self.number}


class UndoneSubmission(models.Model):
    """The submission key of a hand that was undone or deleted: the same form sent again (a
    retry, a double tap arriving late) must not record the hand a second time."""

    game = models.ForeignKey("scoring.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="+")
    submission_key = models.CharField(_("submission key"), max_length=bounds.STORED_KEY_LENGTH)
    hand_number = models.PositiveSmallIntegerField(_("hand"))
    at = models.DateTimeField(_("undone"), auto_now_add=True)

    class Meta:
        verbose_name = _("undone submission")
        verbose_name_plural = _("undone submissions")
        constraints = [models.UniqueConstraint(fields=["game", "submission_key"], name="undone_submission_once")]

    def __str__(self) -> str:
        return self.submission_key


class Win(models.Model):
    """One winner of a hand (riichi: han/fu or yakuman; American: the card value; MCR: the points)."""

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
    exposures = models.PositiveSmallIntegerField(
        _("discarder's exposures"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(bounds.MAX_EXPOSURES)],
        help_text=_("American tournament points: the groups the discarder of the winning tile had exposed."),
    )
    # MCR: the hand's points not counting flowers, the flowers, and the patterns where named
    fan = models.PositiveSmallIntegerField(_("points (fan)"), default=0, validators=[MaxValueValidator(bounds.MAX_FAN)])
    flowers = models.PositiveSmallIntegerField(
        _("flowers"), default=0, validators=[MaxValueValidator(bounds.MAX_FLOWERS)]
    )
    fans = models.JSONField(
        _("fans"), default=list, blank=True, help_text=_("The patterns the hand scores, as the Green Book names them.")
    )
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

    def __str__(self) -> str:
        return _("win of seat %(seat)s") % {"seat": self.get_winner_display()}


class Incident(models.Model):
    """An irregularity settled during an American or MCR hand (a game log's `incidents`)."""

    class Kind(models.TextChoices):
        """The engine's ``IncidentKind``."""

        DEAD_HAND_CHALLENGE = IncidentKind.DEAD_HAND_CHALLENGE, _("dead-hand challenge")
        MAHJONG_IN_ERROR = IncidentKind.MAHJONG_IN_ERROR, _("mahjong in error")
        FALSE_MAHJONG = IncidentKind.FALSE_MAHJONG, _("false mahjong")

    DEAD_HAND_CHALLENGE, MAHJONG_IN_ERROR = Kind.DEAD_HAND_CHALLENGE, Kind.MAHJONG_IN_ERROR
    FALSE_MAHJONG = Kind.FALSE_MAHJONG

    hand = models.ForeignKey(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="incidents")
    kind = models.CharField(_("kind"), max_length=20, choices=Kind)
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
        indexes = [  # an event's standings list the mahjongs called in error, a few among many incidents
            models.Index(
                fields=["hand"],
                condition=models.Q(kind__in=[IncidentKind.FALSE_MAHJONG, IncidentKind.MAHJONG_IN_ERROR]),
                name="incident_called_in_error",
            ),
        ]

    def __str__(self) -> str:
        return self.get_kind_display()


class Penalty(models.Model):
    """Points a player loses: in a hand (to the pot or the result) or for the game (result)."""

    class To(models.TextChoices):
        """Where the points go (the engine's ``PenaltyTo``)."""

        POT = PenaltyTo.POT, _("riichi pot")
        RESULT = PenaltyTo.RESULT, _("final result")

    POT, RESULT = To.POT, To.RESULT

    game = models.ForeignKey("scoring.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="penalties")
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
    to = models.CharField(_("to"), max_length=6, choices=To, default=RESULT)
    reason = models.CharField(
        _("reason"), max_length=bounds.MAX_REASON, blank=True, validators=[no_control(bounds.CONTROL)]
    )

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["game", "hand", "id"]

    def __str__(self) -> str:
        return _("%(points)s points") % {"points": self.points}


class HandSeat(models.Model):
    """One seat in one hand: derived delta, score after and flags (leaderboards sum these)."""

    hand = models.ForeignKey(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="hand_seats")
    seat = models.ForeignKey(
        "scoring.Seat", verbose_name=_("seat"), on_delete=models.CASCADE, related_name="hand_seats"
    )
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

    def __str__(self) -> str:
        return f"{self.hand} · {self.seat}"
