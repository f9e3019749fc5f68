"""The ranking page's filters (a plain GET form, as the boards' filters read): family where the
system ranks more than one, country, the day of the ranking and a reset."""

from typing import Any, cast

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from scoring.models import Ruleset
from scoring.rules.rankings import System


class DateInput(forms.DateInput):
    input_type = "date"


class RankingFilter(forms.Form):
    family = forms.ChoiceField(label=_("Family"), required=False)
    country = forms.CharField(label=_("Country"), required=False, max_length=60)
    on = forms.DateField(
        label=_("As of"), required=False, widget=DateInput, help_text=_("Empty: the last day of any event it counts.")
    )
    since = forms.DateField(
        label=_("Reset on"), required=False, widget=DateInput, help_text=_("Count only results from this day on.")
    )

    def __init__(self, data: QueryDict | None, *, system: System) -> None:
        super().__init__(data)
        labels = dict(Ruleset.FAMILY_CHOICES)
        if len(system.families) > 1:
            cast(forms.ChoiceField, self.fields["family"]).choices = [("", _("All families"))] + [
                (f, labels[f]) for f in system.families
            ]
        else:
            del self.fields["family"]

    @property
    def active(self) -> bool:
        return self.is_bound and any(self.data.get(name) for name in self.fields)

    def values(self) -> dict[str, Any]:
        """The valid filters (an invalid one is left out, its error shown)."""
        if not self.is_bound:
            return {}
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        return {
            "family": data.get("family") or "",
            "country": (data.get("country") or "").strip(),
            "on": data.get("on"),
            "since": data.get("since"),
        }


class UploadForm(forms.Form):
    """The staff's upload of an event held elsewhere: its EMA results file and where it came from."""

    file = forms.FileField(label=_("EMA results file"), help_text=_("The CSV or the spreadsheet (.xlsx), 19 columns."))
    source = forms.CharField(
        label=_("Source"),
        max_length=500,
        help_text=_("Where the file came from: its address on the EMA's site, or who sent it."),
    )
