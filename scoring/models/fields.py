"""What the models share: the families, seat fields and the control-character validator."""

import re
from typing import TYPE_CHECKING, Any, Literal, overload

from django.core.validators import RegexValidator
from django.db import models
from django.db.models.expressions import Combinable
from django.utils.translation import gettext_lazy as _

from scoring.rules.families import FAMILIES as ENGINE_FAMILIES

if TYPE_CHECKING:  # django-stubs' name for a label, plain or translated: a type only
    from django_stubs_ext import StrOrPromise


def no_control(pattern: re.Pattern[str]) -> RegexValidator:
    """Refuses the control characters the game log refuses (``scoring/rules/bounds.py``): a
    name, reason or comment the admin or a form stores must export into a log that imports."""
    return RegexValidator(
        pattern,
        inverse_match=True,
        message=_("Remove the control character (such as an escape) from this text: the game log cannot hold it."),
    )


FAMILIES = tuple(ENGINE_FAMILIES)  # the rule families' names, in the engine's order


type Label = StrOrPromise  # a field's or a choice's name, plain or translated

SEAT_CHOICES: list[tuple[int, Label]] = [(0, _("East")), (1, _("South")), (2, _("West")), (3, _("North"))]


type SeatField = models.PositiveSmallIntegerField[int | Combinable, int]
type OptionalSeatField = models.PositiveSmallIntegerField[int | Combinable | None, int | None]


@overload
def seat_field(verbose_name: Label, *, null: Literal[False] = False, **kwargs: Any) -> SeatField: ...
@overload
def seat_field(verbose_name: Label, *, null: Literal[True], **kwargs: Any) -> OptionalSeatField: ...
def seat_field(verbose_name: Label, *, null: bool = False, **kwargs: Any) -> SeatField | OptionalSeatField:
    """A player of a game named by seat index (0 = East of the first hand … 3 = North); with
    ``null``, possibly nobody. ``kwargs``: the field's other options."""
    return models.PositiveSmallIntegerField(verbose_name, choices=SEAT_CHOICES, null=null, **kwargs)


type SeatListField = models.JSONField[list[int], list[int]]


def seat_list_field(verbose_name: Label) -> SeatListField:
    """A set of players of a game, as a sorted JSON list of seat indexes."""
    return models.JSONField(verbose_name, default=list, blank=True)
