"""The league's forms on the site: a stage, a division and the next season (the admin edits the same
rows with the same bounds, the models' validators)."""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy

from scoring.models import Division, Player, Stage
from scoring.rules import bounds

if TYPE_CHECKING:  # django-stubs' generic form classes (Django's own take no type arguments)
    PlayersFieldBase = forms.ModelMultipleChoiceField[Player]
    StageFormBase = forms.ModelForm[Stage]
    DivisionFormBase = forms.ModelForm[Division]
else:
    PlayersFieldBase = forms.ModelMultipleChoiceField
    StageFormBase = DivisionFormBase = forms.ModelForm


class PlayersField(PlayersFieldBase):
    """Players chosen by their ids; a number no record can have is refused before any query (SQLite
    cannot even compare a column with a number past 64 bits) and left out when the form is shown
    again (the admin's autocomplete would look it up)."""

    default_error_messages = {"invalid_pk_value": gettext_lazy("Choose the members from the list.")}

    def _check_values(self, value: Iterable[Any]) -> "QuerySet[Player]":
        if any(not _an_id(pk) for pk in value):
            raise ValidationError(self.error_messages["invalid_pk_value"], code="invalid_pk_value")
        checked: QuerySet[Player] = super()._check_values(value)  # type: ignore[misc]  # not in django-stubs
        return checked

    def bound_data(self, data: Any, initial: Any) -> Any:
        data = super().bound_data(data, initial)
        return [pk for pk in data if _an_id(pk)] if isinstance(data, list | tuple) else data


def _an_id(pk: object) -> bool:
    """A player, or a number a record can have."""
    return isinstance(pk, Player) or bounds.whole(str(pk)) is not None


class StageForm(StageFormBase):
    class Meta:
        model = Stage
        fields = ("order", "name", "start", "end", "family", "kind", "best_nights", "min_nights", "min_percent",
                  "min_players", "cut", "cut_percent", "carry")  # fmt: skip
        widgets = {"start": forms.DateInput(attrs={"type": "date"}), "end": forms.DateInput(attrs={"type": "date"})}


class DivisionForm(DivisionFormBase):
    class Meta:
        model = Division
        fields = ("order", "name", "promote", "relegate", "members")
        field_classes = {"members": PlayersField}
        widgets = {"members": forms.CheckboxSelectMultiple}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(PlayersField, self.fields["members"]).queryset = Player.objects.filter(active=True)


class NextSeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)
    start = forms.DateField(label=gettext_lazy("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=gettext_lazy("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
