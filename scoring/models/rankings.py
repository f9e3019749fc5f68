"""Events held elsewhere, imported from the EMA's results file for the rankings across events:
the event as the file gives it, where it came from, and each player's place. Read-only once
imported (``scoring.rankings.services`` writes them, once)."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.rules import bounds

from .players import Player


class ImportedEvent(models.Model):
    """A tournament held elsewhere, as its EMA results file gives it."""

    name = models.CharField(_("name"), max_length=200)
    family = models.CharField(_("family"), max_length=20)
    rules = models.CharField(_("rules"), max_length=20, help_text=_("The file's rules column: RCR, MCR."))
    date = models.DateField(_("date"), help_text=_("The first day."))
    last_day = models.DateField(_("last day"))
    city = models.CharField(_("city"), max_length=bounds.MAX_NAME, blank=True)
    country = models.CharField(_("country"), max_length=2, blank=True)
    mers_weight = models.DecimalField(
        _("MERS weight"),
        max_digits=2,
        decimal_places=1,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0.1")), MaxValueValidator(bounds.MAX_MERS_WEIGHT)],
    )
    field = models.PositiveIntegerField(_("number of participants"))
    source = models.CharField(
        _("source"), max_length=500, help_text=_("Where the file came from: its address or who sent it.")
    )
    file_name = models.CharField(_("file"), max_length=200, blank=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("imported by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    imported_at = models.DateTimeField(_("imported"), auto_now_add=True)

    class Meta:
        verbose_name = _("imported event")
        verbose_name_plural = _("imported events")
        ordering = ["-last_day", "name"]
        constraints = [models.UniqueConstraint(fields=["name", "last_day"], name="imported_event_once")]

    def __str__(self) -> str:
        return self.name


class ImportedResult(models.Model):
    """A player's place at an imported event, and his name and EMA number as the file wrote them."""

    event = models.ForeignKey(
        ImportedEvent, verbose_name=_("imported event"), on_delete=models.CASCADE, related_name="results"
    )
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+")
    place = models.PositiveIntegerField(_("place"))
    name_in_file = models.CharField(_("name in the file"), max_length=200)
    ema_in_file = models.CharField(_("EMA number in the file"), max_length=20, blank=True)

    class Meta:
        verbose_name = _("imported result")
        verbose_name_plural = _("imported results")
        ordering = ["event", "place", "name_in_file"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="imported_result_once")]

    def __str__(self) -> str:
        return f"{self.place}. {self.name_in_file}"
