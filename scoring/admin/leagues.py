"""The admin of leagues: a season's stages and divisions; closing a stage goes through
``scoring.leagues.services`` (its cut and carry-over make the next stage's entries)."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from scoring.leagues import services
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


class DivisionInline(admin.TabularInline):
    model = Division
    extra = 0
    fields = ("order", "name", "promote", "relegate", "members")
    autocomplete_fields = ("members",)


@admin.register(Stage)
class StageAdmin(ShownOnThePages, admin.ModelAdmin):
    list_display = ("season", "order", "name", "start", "end", "family", "cut", "cut_percent", "carry", "closed")
    list_filter = ("season", "closed")
    actions = ("close",)

    @admin.action(description=_("Close the chosen stages (apply the cut and the carry-over)"))
    def close(self, request, queryset):
        for stage in queryset.order_by("season", "order"):
            try:
                services.close_stage(stage=stage)
            except ServiceError as error:
                self.message_user(request, error.message, messages.ERROR)


@admin.register(Division)
class DivisionAdmin(ShownOnThePages, admin.ModelAdmin):
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
