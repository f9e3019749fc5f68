"""What the models share: the families, seat fields and the control-character validator."""

from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.rules.families import FAMILIES as ENGINE_FAMILIES


def no_control(pattern) -> RegexValidator:
    """Refuses the control characters the game log refuses (``scoring/rules/bounds.py``): a
    name, reason or comment the admin or a form stores must export into a log that imports."""
    return RegexValidator(
        pattern,
        inverse_match=True,
        message=_("Remove the control character (such as an escape) from this text: the game log cannot hold it."),
    )


FAMILIES = tuple(ENGINE_FAMILIES)  # the rule families' names, in the engine's order


SEAT_CHOICES = [(0, _("East")), (1, _("South")), (2, _("West")), (3, _("North"))]


def seat_field(verbose_name, **kwargs):
    """A player of a game named by seat index (0 = East of the first hand … 3 = North)."""
    return models.PositiveSmallIntegerField(verbose_name, choices=SEAT_CHOICES, **kwargs)


def seat_list_field(verbose_name):
    """A set of players of a game, as a sorted JSON list of seat indexes."""
    return models.JSONField(verbose_name, default=list, blank=True)
