"""The admin of hands: a hand's facts edited through the services, and read-only views of
the rows they derive."""

from functools import partial

from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import Hand, HandSeat, Incident, Penalty, Win
from scoring.records import services
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError

from .bases import CascadesToDerivedRows, ReadOnlyAdmin, saved_by_services
from .forms import IncidentFormSet, PenaltyFormSet, WinFormSet, seat_formfield_callback


class SeatChoicesInline(admin.TabularInline):
    extra = 0

    def get_formset(self, request, obj=None, **kwargs):
        callback = seat_formfield_callback(
            partial(self.formfield_for_dbfield, request=request), obj.game if obj else None
        )
        return super().get_formset(request, obj, formfield_callback=callback, **kwargs)


class WinInline(SeatChoicesInline):
    model = Win
    formset = WinFormSet

    def get_fields(self, request, obj=None):
        if obj is not None and not obj.game.rules.is_riichi:
            return ("winner", "discarder", "value", "jokerless", "misnamed_discard")
        return ("winner", "discarder", "han", "fu", "yakuman", "liable", "tiles")


class HandPenaltyInline(SeatChoicesInline):
    model = Penalty
    formset = PenaltyFormSet
    fields = ("player", "points", "to", "reason")
    verbose_name_plural = _("penalties in this hand")


class IncidentInline(SeatChoicesInline):
    model = Incident
    formset = IncidentFormSet
    fields = ("kind", "challenger", "challenged", "upheld", "caller", "value", "thrown_in", "wall_broken_by")


@admin.register(Hand)
class HandAdmin(CascadesToDerivedRows, admin.ModelAdmin):
    list_display = ("__str__", "game", "number", "round_label", "result", "counters", "pot_after", "recorded_at")
    list_filter = ("result", "game__ruleset", "game__status")
    search_fields = ("=game__id", "comment", "game__seats__player__name")
    list_select_related = ("game",)
    riichi_facts = ("result", "riichi", "tenpai", "dead", "nagashi", "reason", "offender", "comment")
    american_facts = ("result", "comment")
    derived = (
        "game",
        "number",
        "round_label",
        "dealer",
        "counters",
        "pot_before",
        "pot_after",
        "ended_game",
        "seat_results",
        "notes",
        "submission_key",
        "recorded_at",
    )
    readonly_fields = derived
    actions = ()

    def has_add_permission(self, request):
        return False  # hands are recorded at the table or imported

    def get_fields(self, request, obj=None):
        facts = self.riichi_facts if obj is None or obj.game.rules.is_riichi else self.american_facts
        return facts + self.derived

    def get_inlines(self, request, obj):
        if obj is not None and not obj.game.rules.is_riichi:
            return (WinInline, HandPenaltyInline, IncidentInline)
        return (WinInline, HandPenaltyInline)

    def get_form(self, request, obj=None, **kwargs):
        callback = seat_formfield_callback(
            partial(self.formfield_for_dbfield, request=request), obj.game if obj else None
        )
        return super().get_form(request, obj, formfield_callback=callback, **kwargs)

    @admin.display(description=_("scores"))
    def seat_results(self, obj):
        rows = obj.hand_seats.select_related("seat__player").order_by("seat__seat")
        return format_html(
            "<table><tr><th>{}</th><th>{}</th><th>{}</th></tr>{}</table>",
            gettext("player"),
            gettext("delta"),
            gettext("score after"),
            format_html_join(
                "",
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                ((r.seat.player.name, r.delta, r.score_after) for r in rows),
            ),
        )

    def save_form(self, request, form, change):
        hand = form.save(commit=False)
        hand._admin_inlines = {inline.formset.rows_name for inline in self.get_inline_instances(request, hand)}
        return hand

    def save_model(self, request, obj, form, change):
        """Nothing here: ``save_related`` hands the checked facts to ``services.edit_hand``."""

    def save_related(self, request, form, formsets, change):
        hand = form.instance
        services.edit_hand(
            game=hand.game,
            number=hand.number,
            facts=hand._admin_facts,
            comment=form.cleaned_data.get("comment", ""),
            user=request.user,
        )
        saved_by_services(formsets)

    def delete_model(self, request, obj):
        services.delete_hand(game=obj.game, number=obj.number, user=request.user)

    def delete_queryset(self, request, queryset):
        for hand in queryset.order_by("-number"):
            services.delete_hand(game=hand.game, number=hand.number, user=request.user)

    def delete_view(self, request, object_id, extra_context=None):
        if request.method == "POST":
            hand = self.get_object(request, object_id)
            if hand is not None:
                try:
                    services.check_hand_delete(game=hand.game, number=hand.number)
                except (services.ServiceError, RuleError) as error:
                    self.message_user(request, rule_message(error), messages.ERROR)
                    return HttpResponseRedirect(reverse("admin:scoring_hand_change", args=[hand.pk]))
        return super().delete_view(request, object_id, extra_context)


@admin.register(HandSeat)
class HandSeatAdmin(ReadOnlyAdmin):
    list_display = ("hand", "seat", "delta", "score_after", "dealer", "won", "dealt_in", "riichi", "tenpai", "chombo")
    list_filter = ("won", "dealt_in", "riichi", "chombo", "dealer")
    search_fields = ("seat__player__name", "=hand__game__id")
    list_select_related = ("hand", "seat__player")


@admin.register(Win)
class WinAdmin(ReadOnlyAdmin):
    list_display = ("hand", "winner", "discarder", "han", "fu", "yakuman", "liable", "value")
    list_filter = ("yakuman", "han")
    search_fields = ("=hand__game__id",)
    list_select_related = ("hand",)


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ("game", "hand", "player", "points", "to", "reason")
    list_filter = ("to",)
    search_fields = ("reason", "=game__id")
    list_select_related = ("game", "hand")


@admin.register(Incident)
class IncidentAdmin(ReadOnlyAdmin):
    list_display = ("hand", "kind", "challenger", "challenged", "upheld", "caller", "value")
    list_filter = ("kind",)
    search_fields = ("=hand__game__id",)
    list_select_related = ("hand",)
