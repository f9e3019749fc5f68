"""The admin of club nights and tournaments."""

from django import forms
from django.contrib import admin

from scoring.events import services as events
from scoring.models import Event, EventPlayer, EventRound, EventStage, Ruleset
from scoring.records import services

from .bases import ShownOnThePages


class EventPlayerInline(admin.TabularInline):
    model = EventPlayer
    autocomplete_fields = ("player",)
    extra = 4


class EventStageForm(forms.ModelForm):
    """A stage's rule must be one the event log has (``services.check_stage``)."""

    def clean(self):
        data = super().clean()
        if data.get("number") and data.get("entry") and data.get("carry"):
            try:
                events.check_stage(
                    number=data["number"], entry=data["entry"], count=data.get("count"), carry=data["carry"]
                )
            except services.ServiceError as error:
                self.add_error(None, str(error))
        return data


class EventStageInline(admin.TabularInline):
    """A tournament's stages in order; staff open each next one from the event page."""

    model = EventStage
    form = EventStageForm
    fields = ("number", "name", "entry", "count", "carry", "seating", "rounds", "opened_at")
    readonly_fields = ("opened_at",)
    extra = 0


@admin.register(Event)
class EventAdmin(ShownOnThePages, admin.ModelAdmin):
    """Create an event and its player list here; the event page runs it (check-in, draws, rounds).
    A change makes the cached pages stale (its name, list and options show on them)."""

    list_display = ("name", "date", "last_day", "city", "kind", "ruleset", "three_player_ruleset", "rounds")
    list_filter = ("kind",)
    search_fields = ("name",)
    date_hierarchy = "date"
    readonly_fields = ("session",)
    inlines = (EventStageInline, EventPlayerInline)

    def get_readonly_fields(self, request, obj=None):
        return ("session", "seed") if obj else ("session",)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "three_player_ruleset":
            kwargs["queryset"] = Ruleset.objects.seating(events.THREE_PLAYER)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        new = obj is None

        class EventForm(form):
            """The three-player ruleset seats three and the event's four; a new event's session
            is named like it: refuse a name that is taken."""

            def clean(self):
                data = super().clean()
                if data.get("ruleset"):
                    self.check(
                        "three_player_ruleset",
                        lambda: events.check_rulesets(
                            ruleset=data["ruleset"], three_player_ruleset=data.get("three_player_ruleset")
                        ),
                    )
                if data.get("date"):
                    self.check("last_day", lambda: events.check_days(date=data["date"], last_day=data.get("last_day")))
                if new and data.get("name") and data.get("date"):
                    self.check("name", lambda: events.check_event_name(name=data["name"], date=data["date"]))
                return data

            def check(self, field, rule):
                try:
                    rule()
                except services.ServiceError as error:
                    self.add_error(field, str(error))

        return EventForm

    def save_model(self, request, obj, form, change):
        if not change:
            events.prepare_event(event=obj)
        super().save_model(request, obj, form, change)


@admin.register(EventRound)
class EventRoundAdmin(ShownOnThePages, admin.ModelAdmin):
    list_display = ("__str__", "event", "stage", "day", "method", "cost", "started_at", "ends_at")
    list_filter = ("event",)
    readonly_fields = ("event", "number", "method", "sitting_out", "cost", "started_at", "ends_at")
