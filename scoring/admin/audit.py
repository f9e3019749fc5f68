"""The audit trail, read-only."""

from django.contrib import admin

from scoring.models import AuditEntry

from .bases import ReadOnlyAdmin


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "user", "action", "game", "hand_number")
    list_filter = ("action", "at")
    search_fields = ("=game__id", "user__username")
    date_hierarchy = "at"
    list_select_related = ("user", "game")
    fields = ("at", "user", "action", "game", "hand_number", "before", "after")
