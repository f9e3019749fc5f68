"""The fields the table's forms are made of: seats as thumb-sized chips, a referee penalty's
points."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.messages import citation
from scoring.rules import RuleSet, clause
from scoring.rules.bounds import MAX_POINTS


class ChipSelect(forms.RadioSelect):
    """Radio buttons drawn as thumb-sized chips (see club.css)."""


class ChipMultiple(forms.CheckboxSelectMultiple):
    """Checkboxes drawn as thumb-sized toggle chips."""


def seat_field(choices, label, *, required=True, empty_label=None, help_text="", message=None):
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


def seats_field(choices, label, help_text=""):
    return forms.TypedMultipleChoiceField(
        label=label, choices=choices, coerce=int, required=False, widget=ChipMultiple, help_text=help_text
    )


def penalty_points_field(rules: RuleSet) -> forms.IntegerField:
    """A referee penalty's points: riichi a positive multiple of 100; American any positive
    whole number, in the game's own units (the game-log format's penalties)."""
    too_many = {
        "max_value": _("A penalty is at most %(limit_value)s points: more than the club's records hold.")
        % {"limit_value": f"{MAX_POINTS:,}"}
    }
    if rules.is_riichi:
        message = _("A referee penalty is a positive multiple of 100 points (%(clause)s), e.g. 1000.") % {
            "clause": citation(clause(rules, "penalty"))
        }
        return forms.IntegerField(
            label=_("Points"),
            min_value=100,
            max_value=MAX_POINTS,
            step_size=100,
            initial=1000,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            error_messages={
                "min_value": message,
                "step_size": message,
                "invalid": message,
                "required": message,
                **too_many,
            },
        )
    message = _(
        "An American referee penalty is a positive whole number of points, in the game's own units "
        "(%(clause)s), e.g. 10."
    ) % {"clause": citation(clause(rules, "penalty"))}
    return forms.IntegerField(
        label=_("Points"),
        min_value=1,
        max_value=MAX_POINTS,
        initial=rules.lowest_hand_value,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1}),
        error_messages={"min_value": message, "invalid": message, "required": message, **too_many},
    )
