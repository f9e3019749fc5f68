"""The club's people and calendar: players, sessions and seasons."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from scoring.rules import bounds

from .fields import no_control


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

    def __str__(self) -> str:
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

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def is_tournament(self) -> bool:
        return self.kind == self.TOURNAMENT


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
            ),
            models.UniqueConstraint(
                Lower("name"),
                name="season_name_unique_ignoring_case",
                violation_error_message=_("A season with this name already exists (names ignore case)."),
            ),
        ]

    def __str__(self) -> str:
        return self.name
