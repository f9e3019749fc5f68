"""Events held elsewhere, as imported (read-only: the import page writes them, through
``scoring.rankings.services``; nothing here changes or deletes one)."""

from django.contrib import admin

from scoring.models import ImportedEvent, ImportedResult


class ResultInline(admin.TabularInline):
    model = ImportedResult
    fields = ("place", "player", "name_in_file", "ema_in_file")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ImportedEvent)
class ImportedEventAdmin(admin.ModelAdmin):
    """Read-only: an imported event is what its file said (import it on the rankings page)."""

    list_display = ("name", "last_day", "country", "family", "field", "imported_by", "imported_at")
    list_filter = ("family",)
    search_fields = ("name", "source")
    inlines = [ResultInline]
    readonly_fields = [f.name for f in ImportedEvent._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
