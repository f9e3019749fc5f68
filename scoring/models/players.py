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


class OnlineName(models.Model):
    """A name a player plays under on an online site: imported games of that site under this
    name count for the player (``scoring.online.importer.club_names``), an event round takes
    them by it. One player per name and site (ignoring case)."""

    TENHOU, MAHJONG_SOUL = "tenhou", "mahjong_soul"
    SITE_CHOICES = [(TENHOU, _("Tenhou")), (MAHJONG_SOUL, _("Mahjong Soul"))]

    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="online_names")
    site = models.CharField(_("site"), max_length=12, choices=SITE_CHOICES)
    name = models.CharField(_("online name"), max_length=bounds.MAX_NAME, validators=[no_control(bounds.CONTROL)])

    class Meta:
        verbose_name = _("online name")
        verbose_name_plural = _("online names")
        ordering = ["site", Lower("name")]
        constraints = [
            models.UniqueConstraint(
                "site",
                Lower("name"),
                name="online_name_unique_per_site",
                violation_error_message=_("This online name is already another player's on that site."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_site_display()})"


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
