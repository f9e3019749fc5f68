"""What the admins share: a refusal of the services shown as a message, the admin's own
change message silenced when the services saved the rows, read-only derived rows, and a
change that makes the cached pages stale."""

from django.contrib import admin, messages

from scoring.caching import versions
from scoring.records import services
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError


def service_errors(modeladmin, request, action):
    """Run ``action``; a refusal becomes an error message instead of a server error."""
    try:
        action()
    except (services.ServiceError, RuleError) as error:
        modeladmin.message_user(request, rule_message(error), messages.ERROR)
        return False
    return True


def saved_by_services(formsets) -> None:
    """The services saved the inline rows: the admin's change message finds none of its own."""
    for formset in formsets:
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []


class CascadesToDerivedRows:
    """Deleting a game or a hand removes derived rows that nobody may delete on their own."""

    def get_deleted_objects(self, objs, request):
        deleted, model_count, _perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, model_count, set(), protected


class ReadOnlyAdmin(admin.ModelAdmin):
    """Derived rows: visible, never edited by hand."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ShownOnThePages:
    """Names and dates the read pages show: a change makes every cached page stale."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        versions.bump_club()

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        versions.bump_club()

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        versions.bump_club()
