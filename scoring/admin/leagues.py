"""The admin of leagues: a season's stages and divisions; closing a stage goes through
``scoring.leagues.services`` (its cut and carry-over make the next stage's entries), and so does
the check that a player is in one division of a season."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.leagues import services
from scoring.leagues.forms import PlayersField
from scoring.models import Division, Stage, StageEntry
from scoring.records.services import ServiceError

from .bases import ReadOnlyAdmin, ShownOnThePages


class StageInline(admin.StackedInline):
    model = Stage
    extra = 0
    fields = (
        ("order", "name"),
        ("start", "end"),
        ("family", "kind"),
        ("best_nights", "min_nights", "min_percent", "min_players"),
        ("cut", "cut_percent", "carry"),
    )


def _checked(season, divisions) -> None:
    """``services.check_divisions``, its refusal as the form's error. The admin saves in one
    transaction, so the season stays locked from this check until the divisions are saved."""
    try:
        services.check_divisions(season=season, divisions=divisions)
    except ServiceError as error:
        raise ValidationError(error.message) from None


class DivisionsOfTheSeason(forms.BaseInlineFormSet):
    """A season's divisions on its admin page: those deleted count with no members."""

    def clean(self):
        super().clean()
        if not any(self.errors):
            _checked(
                self.instance,
                [
                    (form.instance, () if self._should_delete_form(form) else form.cleaned_data.get("members", ()))
                    for form in self.forms
                ],
            )


class DivisionAdminForm(forms.ModelForm):
    def clean(self):
        cleaned = super().clean()
        if cleaned.get("season") is not None and "members" in cleaned:
            try:
                _checked(cleaned["season"], [(self.instance, cleaned["members"])])
            except ValidationError as error:
                self.add_error("members", error)
        return cleaned


MEMBERS_BY_ID = {models.ManyToManyField: {"form_class": PlayersField}}


class DivisionInline(admin.TabularInline):
    model = Division
    formset = DivisionsOfTheSeason
    formfield_overrides = MEMBERS_BY_ID
    extra = 0
    fields = ("order", "name", "promote", "relegate", "members")
    autocomplete_fields = ("members",)


@admin.register(Stage)
class StageAdmin(ShownOnThePages, admin.ModelAdmin):
    list_display = ("season", "order", "name", "start", "end", "family", "cut", "cut_percent", "carry", "closed")
    list_filter = ("season", "closed")
    actions = ("close",)

    def save_model(self, request, obj, form, change):
        """A change through the services (the season's lock; what was carried follows)."""
        if change:
            services.change_stage(stage=obj)
        else:
            super().save_model(request, obj, form, change)

    @admin.action(description=_("Close the chosen stages (apply the cut and the carry-over)"))
    def close(self, request, queryset):
        for stage in queryset.order_by("season", "order"):
            try:
                services.close_stage(stage=stage)
            except ServiceError as error:
                self.message_user(request, error.message, messages.ERROR)


@admin.register(Division)
class DivisionAdmin(ShownOnThePages, admin.ModelAdmin):
    form = DivisionAdminForm
    formfield_overrides = MEMBERS_BY_ID
    list_display = ("season", "order", "name", "promote", "relegate")
    list_filter = ("season",)
    autocomplete_fields = ("members",)


@admin.register(StageEntry)
class StageEntryAdmin(ReadOnlyAdmin):
    """Written when the stage before closes (reopen it to undo)."""

    list_display = ("stage", "player", "carried_table_points", "carried_result")
    list_filter = ("stage__season",)
    search_fields = ("player__name",)
    list_select_related = ("stage__season", "player")
