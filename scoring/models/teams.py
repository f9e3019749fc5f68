"""Teams: a roster of players (more than a table: some substitutes, one captain) that plays
team competitions. An event or a league (a season) is a team competition when it has a
``TeamCompetition``: the teams entered, how a team scores (``scoring.rules.teams``), and the team penalties, taken
off the team score and never off a game. ``scoring.teams.services`` writes these."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from scoring.rules import bounds

from .events import Event
from .fields import no_control
from .leagues import Stage
from .players import Player, Season


class Team(models.Model):
    name = models.CharField(_("name"), max_length=bounds.MAX_NAME, validators=[no_control(bounds.CONTROL)])
    captain = models.ForeignKey(
        Player,
        verbose_name=_("captain"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="captained_teams",
    )

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                name="team_name_unique_ignoring_case",
                violation_error_message=_("A team with this name already exists (names ignore case)."),
            )
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player on a team's roster; a substitute plays when a regular cannot."""

    team = models.ForeignKey(Team, verbose_name=_("team"), on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="team_memberships"
    )
    substitute = models.BooleanField(_("substitute"), default=False)

    class Meta:
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        ordering = ["team", "substitute", Lower("player__name")]
        constraints = [models.UniqueConstraint(fields=["team", "player"], name="player_once_per_team")]

    def __str__(self) -> str:
        return f"{self.player} · {self.team}"


class TeamCompetition(models.Model):
    """An event or a league played by teams: the teams entered (a player in one of them at most)
    and how many of a team's results count in each round (a league's: each evening)."""

    event = models.OneToOneField(
        Event, verbose_name=_("event"), null=True, blank=True, on_delete=models.CASCADE, related_name="team_competition"
    )
    season = models.OneToOneField(
        Season,
        verbose_name=_("league"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="team_competition",
    )
    teams = models.ManyToManyField(Team, verbose_name=_("teams"), related_name="competitions", blank=True)
    best = models.PositiveSmallIntegerField(
        _("best results per round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("In each round only a team's best this many results count (empty: every result counts)."),
    )

    class Meta:
        verbose_name = _("team competition")
        verbose_name_plural = _("team competitions")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(event__isnull=False, season__isnull=True)
                | models.Q(event__isnull=True, season__isnull=False),
                name="team_competition_of_an_event_or_a_league",
                violation_error_message=_("A team competition is an event's or a league's, one of the two."),
            )
        ]

    def __str__(self) -> str:
        return str(self.event or self.season)


class TeamPenalty(models.Model):
    """Points taken off a team's score in a competition, with the reason; no game changes."""

    competition = models.ForeignKey(
        TeamCompetition, verbose_name=_("team competition"), on_delete=models.CASCADE, related_name="penalties"
    )
    team = models.ForeignKey(Team, verbose_name=_("team"), on_delete=models.PROTECT, related_name="penalties")
    stage = models.ForeignKey(
        Stage,
        verbose_name=_("stage"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="team_penalties",
        help_text=_("A league's team penalty comes off the team score of this stage."),
    )
    points = models.PositiveIntegerField(
        _("points"), validators=[MinValueValidator(1), MaxValueValidator(bounds.MAX_POINTS)]
    )
    reason = models.CharField(_("reason"), max_length=bounds.MAX_REASON, validators=[no_control(bounds.CONTROL)])
    created_at = models.DateTimeField(_("recorded"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("recorded by"), null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        verbose_name = _("team penalty")
        verbose_name_plural = _("team penalties")
        ordering = ["competition", "created_at"]

    def __str__(self) -> str:
        return f"{self.team}: −{self.points}"
