"""The admin of rulesets: presets and the club's copies."""

from django.contrib import admin
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import Ruleset
from scoring.records import services

from .bases import ShownOnThePages


@admin.register(Ruleset)
class RulesetAdmin(ShownOnThePages, admin.ModelAdmin):
    list_display = ("name", "slug", "based_on", "family", "is_preset")
    list_filter = ("family", "based_on")
    search_fields = ("name", "slug")
    readonly_fields = ("family",)
    actions = ("copy_rulesets",)

    @admin.display(description=_("preset"), boolean=True)
    def is_preset(self, obj):
        return obj.is_preset

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.is_preset:
            return ("slug", "name", "family", "based_on", "knobs")
        if obj is not None and obj.games.exists():
            # games keep their own snapshot, but the slug is how logs name this ruleset
            return ("slug", "family", "based_on")
        return self.readonly_fields

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        preset = initial.get("based_on")
        if preset:
            initial.setdefault("knobs", Ruleset.objects.preset(preset).to_rules().knobs())
        return initial

    @admin.action(description=_("Copy the selected rulesets (then change the copy's knobs)"))
    def copy_rulesets(self, request, queryset):
        for ruleset in queryset:
            services.copy_ruleset(ruleset=ruleset)
        self.message_user(request, gettext("Copied %(count)s ruleset(s).") % {"count": queryset.count()})
