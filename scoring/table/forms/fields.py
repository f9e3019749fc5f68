"""The fields the table's forms are made of: seats as thumb-sized chips, a referee penalty's
points (within what the records hold; each family's form says which points it accepts)."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.rules.bounds import MAX_POINTS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class ChipSelect(forms.RadioSelect):
    """Radio buttons drawn as thumb-sized chips (see club.css)."""


class ChipMultiple(forms.CheckboxSelectMultiple):
    """Checkboxes drawn as thumb-sized toggle chips."""


def seat_field(
    choices: Sequence[tuple[Any, Any]],
    label: "StrOrPromise",
    *,
    required: bool = True,
    empty_label: "StrOrPromise | None" = None,
    help_text: "StrOrPromise" = "",
    message: "StrOrPromise | None" = None,
) -> forms.TypedChoiceField:
    if empty_label is not None:
        choices = [("", empty_label), *choices]
    field = forms.TypedChoiceField(
        label=label,
        choices=choices,
        coerce=int,
        empty_value=None,
        required=required,
        widget=ChipSelect,
        help_text=help_text,
    )
    if message:
        field.error_messages["required"] = message
    return field


def seats_field(
    choices: Sequence[tuple[Any, Any]], label: "StrOrPromise", help_text: "StrOrPromise" = ""
) -> forms.TypedMultipleChoiceField:
    return forms.TypedMultipleChoiceField(
        label=label, choices=choices, coerce=int, required=False, widget=ChipMultiple, help_text=help_text
    )


def penalty_points_field(message: str, *, min_value: int, initial: int, widget, step_size=None) -> forms.IntegerField:
    """A referee penalty's points, in the game's own units (the game-log format's penalties):
    ``message`` says what the family accepts, for every refusal but more than the records hold.
    The family's hand form gives its own (``_penalty_points``)."""
    errors = dict.fromkeys(("min_value", "step_size", "invalid", "required"), message)
    too_many = _("A penalty is at most %(limit_value)s points: more than the club's records hold.") % {
        "limit_value": f"{MAX_POINTS:,}"
    }
    return forms.IntegerField(
        label=_("Points"),
        min_value=min_value,
        max_value=MAX_POINTS,
        step_size=step_size,
        initial=initial,
        widget=widget,
        error_messages={**errors, "max_value": too_many},
    )
