"""Leagues: a season's stages and divisions (``scoring.rules.league`` ranks them).

A season with no stage is the plain season of the boards (a name and two dates); with stages it is
a league: each stage ranks the evenings of its dates in one family, and when staff close it, the
players above its cut line enter the next stage with their points carried over (``StageEntry``).
Divisions rank their own members apart; at the season's end the next season's divisions are
proposed from them (promotion and relegation). ``scoring.leagues.services`` writes these."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.rules import bounds
from scoring.rules.league import Carry, StageRules

from .players import ClubSession, Player, Season
from .rulesets import Ruleset


def _between(least: int, most: int) -> list[MinValueValidator | MaxValueValidator]:
    """A knob's bounds, checked alike by the forms, the admin and the services on every database."""
    return [MinValueValidator(least), MaxValueValidator(most)]


class Stage(models.Model):
    """A part of a league's season: its evenings, how they count, and who goes on to the next."""

    CARRY_CHOICES = [
        (Carry.FULL.value, _("carried over whole (×1)")),
        (Carry.HALF.value, _("carried over halved (×½)")),
        (Carry.RESET.value, _("reset to 0")),
    ]

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveSmallIntegerField(_("order"), default=1, validators=_between(1, bounds.MAX_ORDER))
    name = models.CharField(_("name"), max_length=80)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    family = models.CharField(_("family"), max_length=10, choices=Ruleset.FAMILY_CHOICES, default="riichi")
    kind = models.CharField(
        _("sessions that count"),
        max_length=12,
        choices=ClubSession.KIND_CHOICES,
        blank=True,
        help_text=_("Empty: every game of the family in the stage's dates."),
    )
    best_nights = models.PositiveSmallIntegerField(
        _("best evenings counted"),
        null=True,
        blank=True,
        validators=_between(1, bounds.MAX_EVENINGS),
        help_text=_("Only each player's best N evenings count (empty: all)."),
    )
    min_nights = models.PositiveSmallIntegerField(
        _("evenings to be ranked"),
        default=0,
        validators=_between(0, bounds.MAX_EVENINGS),
        help_text=_("Players with fewer evenings are listed apart."),
    )
    min_percent = models.PositiveSmallIntegerField(
        _("share of the evenings to be ranked (%)"),
        default=0,
        validators=_between(0, bounds.MAX_PERCENT),
        help_text=_("For example 75: a player must have played 75% of the stage's evenings to be ranked."),
    )
    min_players = models.PositiveSmallIntegerField(
        _("players for an evening to count"),
        default=0,
        validators=_between(0, bounds.MAX_PLAYERS),
        help_text=_("An evening with fewer players counts for nobody."),
    )
    cut = models.PositiveSmallIntegerField(
        _("top N go on"),
        null=True,
        blank=True,
        validators=_between(1, bounds.MAX_PLAYERS),
        help_text=_("When the stage closes, the top N enter the next stage (players tied on the line too)."),
    )
    cut_percent = models.PositiveSmallIntegerField(
        _("or this share goes on (%)"), null=True, blank=True, validators=_between(0, bounds.MAX_PERCENT)
    )
    carry = models.CharField(
        _("points into the next stage"), max_length=5, choices=CARRY_CHOICES, default=Carry.FULL.value
    )
    closed = models.BooleanField(_("closed"), default=False, editable=False)

    class Meta:
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        ordering = ["season", "order"]
        constraints = [
            models.UniqueConstraint(
                "season",
                "order",
                name="stage_order_unique_in_season",
                violation_error_message=_("Two stages of a season cannot have the same order."),
            ),
            models.CheckConstraint(
                condition=models.Q(end__gte=models.F("start")),
                name="stage_ends_after_it_starts",
                violation_error_message=_("A stage cannot end before it starts."),
            ),
            models.CheckConstraint(
                condition=models.Q(cut__isnull=True) | models.Q(cut_percent__isnull=True),
                name="stage_cut_by_number_or_share",
                violation_error_message=_("A cut is the top N or a share, not both."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.name}"

    @property
    def rules(self) -> StageRules:
        return StageRules(
            best_nights=self.best_nights,
            min_nights=self.min_nights,
            min_percent=self.min_percent,
            min_players=self.min_players,
            cut=self.cut,
            cut_percent=self.cut_percent,
            carry=Carry(self.carry),
        )

    @property
    def has_cut(self) -> bool:
        return self.cut is not None or self.cut_percent is not None


class StageEntry(models.Model):
    """A player who made the cut into a stage, and the points carried in (written when the stage
    before closes)."""

    stage = models.ForeignKey(Stage, verbose_name=_("stage"), on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+")
    carried_table_points = models.IntegerField(_("table points carried in"), default=0)
    carried_result = models.IntegerField(_("points carried in"), default=0)

    class Meta:
        verbose_name = _("stage entry")
        verbose_name_plural = _("stage entries")
        ordering = ["stage", "-carried_table_points", "-carried_result"]
        constraints = [models.UniqueConstraint("stage", "player", name="stage_entry_once_per_player")]

    def __str__(self) -> str:
        return f"{self.stage}: {self.player}"


class Division(models.Model):
    """A division of a season (A, B, C1 …; order 1 is the top): its members are ranked apart."""

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(_("name"), max_length=40)
    order = models.PositiveSmallIntegerField(
        _("order"), default=1, validators=_between(1, bounds.MAX_ORDER), help_text=_("1 is the top division.")
    )
    promote = models.PositiveSmallIntegerField(
        _("promoted at the season's end"), default=0, validators=_between(0, bounds.MAX_PLAYERS)
    )
    relegate = models.PositiveSmallIntegerField(
        _("relegated at the season's end"), default=0, validators=_between(0, bounds.MAX_PLAYERS)
    )
    members = models.ManyToManyField(Player, verbose_name=_("members"), related_name="divisions", blank=True)

    class Meta:
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        ordering = ["season", "order"]
        constraints = [
            models.UniqueConstraint(
                "season",
                "order",
                name="division_order_unique_in_season",
                violation_error_message=_("Two divisions of a season cannot have the same order."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.name}"
