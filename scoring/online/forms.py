"""The staff upload form of online games: one or many files and how to import them."""

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.models import Ruleset
from scoring.rules import PRESETS, bounds
from scoring.rules.families import ONLINE, plays_online

from .importer import Options, parse_mapping


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files in one field (Django's FileField takes one)."""

    widget = MultipleFileInput

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        files = data if isinstance(data, (list, tuple)) else [data]
        return [super(MultipleFileField, self).clean(item, initial) for item in files]


class UploadForm(forms.Form):
    files = MultipleFileField(  # type: ignore[assignment]  # a field named files: BaseForm.files is the upload
        allow_empty_file=True,  # refused by name in the summary (mapping.read_online), the others imported
        label=_("Online game logs"),
        help_text=_(
            "Tenhou's mjlog XML or tenhou.net/6 JSON (Mahjong Soul replays converted to it); one file per "
            "game, up to 100 at once, or a zip of as many as you like."
        ),
    )
    ruleset = forms.ChoiceField(
        label=_("Ruleset"),
        required=False,
        help_text=_(
            "Every hand is scored under it and must pay what the online site paid. By default each game "
            "is scored under the preset of the lobby its log names."
        ),
    )
    session = forms.CharField(
        label=_("Session"),
        required=False,
        max_length=bounds.MAX_SESSION_NAME,
        help_text=_("Optional: the club session the games belong to (created if new)."),
    )
    mapping = forms.CharField(
        label=_("Online names"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_('One per line, "online name=Club Name", for names no player has among their online names.'),
    )
    create_players = forms.BooleanField(label=_("Create a club player for an online name nobody has"), required=False)
    dry_run = forms.BooleanField(label=_("Check only: store nothing, and list the names still to map"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        presets = [(slug, rules.name) for slug, rules in PRESETS.items() if plays_online(rules)]
        clubs = Ruleset.objects.filter(family__in=ONLINE).exclude(slug__in=PRESETS).values_list("slug", "name")
        lobby = [("", _("The lobby's, as each log says"))]
        cast(forms.ChoiceField, self.fields["ruleset"]).choices = (
            lobby + presets + list(clubs)
        )  # the presets even before their rows exist

    def clean_mapping(self) -> dict[str, str]:
        lines = [line for line in self.cleaned_data["mapping"].splitlines() if line.strip()]
        for line in lines:
            if "=" not in line or not all(part.strip() for part in line.split("=", 1)):
                raise ValidationError(
                    _('Write each mapping as "online name=Club Name", one per line; this line is not one: %(line)s')
                    % {"line": line[:60]}
                )
        return parse_mapping(lines)

    def options(self) -> Options:
        data = self.cleaned_data
        return Options(
            ruleset=data["ruleset"] or None,
            session=data["session"] or None,
            mapping=data["mapping"],
            create_players=data["create_players"],
            dry_run=data["dry_run"],
        )
