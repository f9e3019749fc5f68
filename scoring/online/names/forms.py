"""The form of a player's online names: one box per site, a name a line."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import OnlineName, Player


class OnlineNamesForm(forms.Form):
    tenhou = forms.CharField(
        label=_("Tenhou names"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "autocapitalize": "off", "spellcheck": "false"}),
        help_text=_("One name a line, as Tenhou shows it."),
    )
    mahjong_soul = forms.CharField(
        label=_("Mahjong Soul names"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "autocapitalize": "off", "spellcheck": "false"}),
        help_text=_("One name a line, as Mahjong Soul shows it."),
    )

    SITES = {"tenhou": OnlineName.TENHOU, "mahjong_soul": OnlineName.MAHJONG_SOUL}

    @classmethod
    def of(cls, player: Player) -> "OnlineNamesForm":
        """The form showing the player's names now."""
        names: dict[str, list[str]] = {field: [] for field in cls.SITES}
        fields = {site: field for field, site in cls.SITES.items()}
        for row in player.online_names.order_by("pk"):
            names[fields[row.site]].append(row.name)
        return cls(initial={field: "\n".join(lines) for field, lines in names.items()})

    def names(self) -> dict[str, list[str]]:
        """{site: the names typed for it}."""
        return {site: self.cleaned_data[field].splitlines() for field, site in self.SITES.items()}
