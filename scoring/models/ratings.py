"""Ratings (derived): ``scoring.records.ratings`` writes them when a game finishes or an edit
changes a finished game."""

import datetime

from django.db import models
from django.utils.translation import gettext_lazy as _

from .games import Game
from .players import Player
from .rulesets import Ruleset


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

    def __str__(self) -> str:
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

    def __str__(self) -> str:
        return f"{self.player} · {self.game}: {self.ordinal:.2f}"
