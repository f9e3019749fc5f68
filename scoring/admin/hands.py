"""The admin of hands: a hand's facts edited through the services (one form flow, one call
of ``services.edit_hand``), and read-only views of the rows they derive."""

from functools import partial

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import flatten_fieldsets, unquote
from django.core.exceptions import PermissionDenied
from django.forms.formsets import all_valid
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import Hand, HandSeat, Incident, Penalty, Win
from scoring.records import services
from scoring.records.gamelogs import RecordsPiece, records_piece
from scoring.rulebook.messages import rule_message
from scoring.rules import PRESETS, RuleError
from scoring.rules.ruleset import NEWEST_PRESET
from scoring.tiles.gamelog import check_log

from .bases import CascadesToDerivedRows, ReadOnlyAdmin
from .forms import HandFactsForm, IncidentForm, edited_facts, seat_formfield_callback


def _records(hand: Hand | None) -> RecordsPiece:
    """The records piece of the hand's family: which of its facts the admin edits (a new hand,
    which the admin never adds, as the newest preset's)."""
    return records_piece(hand.game.ruleset if hand is not None else PRESETS[NEWEST_PRESET])


class SeatChoicesInline(admin.TabularInline):
    extra = 0

    def get_formset(self, request, obj=None, **kwargs):
        callback = seat_formfield_callback(
            partial(self.formfield_for_dbfield, request=request), obj.game if obj else None
        )
        return super().get_formset(request, obj, formfield_callback=callback, **kwargs)


class WinInline(SeatChoicesInline):
    model = Win

    def get_fields(self, request, obj=None):
        return _records(obj).ADMIN_WIN_FIELDS


class HandPenaltyInline(SeatChoicesInline):
    model = Penalty
    fields = ("player", "points", "to", "reason")
    verbose_name_plural = _("penalties in this hand")


class IncidentInline(SeatChoicesInline):
    model = Incident
    form = IncidentForm
    fields = ("kind", "challenger", "challenged", "upheld", "caller", "value", "thrown_in", "wall_broken_by")


@admin.register(Hand)
class HandAdmin(CascadesToDerivedRows, admin.ModelAdmin):
    form = HandFactsForm
    list_display = ("__str__", "game", "number", "round_label", "result", "counters", "pot_after", "recorded_at")
    list_filter = ("result", "game__ruleset", "game__status")
    search_fields = ("=game__id", "comment", "game__seats__player__name")
    list_select_related = ("game",)
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
        return _records(obj).ADMIN_FIELDS + self.derived

    def get_inlines(self, request, obj):
        incidents = (IncidentInline,) if _records(obj).ADMIN_INCIDENTS else ()
        return (WinInline, HandPenaltyInline, *incidents)

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

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """The hand's page is Django's; saving it is ``_edit``."""
        hand = self.get_object(request, unquote(object_id)) if object_id and request.method == "POST" else None
        if hand is None:
            return super().changeform_view(request, object_id, form_url, extra_context)
        if not self.has_change_permission(request, hand):
            raise PermissionDenied
        return self._edit(request, hand, form_url, extra_context)

    def _edit(self, request, hand, form_url, extra_context):
        """Save a hand: its form and the form sets of its rows validated together, the facts
        they give (the game log's mapping) handed once to ``services.edit_hand``, whose one
        replay of the game refuses an impossible hand here on the page, with nothing saved."""
        fieldsets = self.get_fieldsets(request, hand)
        form = self.get_form(request, hand, change=True, fields=flatten_fieldsets(fieldsets))(
            request.POST, request.FILES, instance=hand
        )
        pairs = list(self.get_formsets_with_inlines(request, hand))
        formsets = [
            formset(**self.get_formset_kwargs(request, hand, inline, formset.get_default_prefix()))
            for formset, inline in pairs
        ]
        if all_valid([form, *formsets]):
            try:
                services.edit_hand(
                    game=hand.game,
                    number=hand.number,
                    facts=edited_facts(hand, formsets),
                    comment=form.cleaned_data.get("comment", ""),
                    check=check_log,
                    user=request.user,
                )
            except (services.ServiceError, RuleError) as error:
                form.add_error(None, rule_message(error))
            else:  # the services saved the rows: the change message names the hand's own fields
                self.log_change(request, hand, self.construct_change_message(request, form, [], False))
                return self.response_change(request, hand)
        admin_form = helpers.AdminForm(form, fieldsets, {}, self.get_readonly_fields(request, hand), model_admin=self)
        inline_formsets = self.get_inline_formsets(request, formsets, [inline for _set, inline in pairs], hand)
        context = {
            **self.admin_site.each_context(request),
            "title": gettext("Change %s") % self.opts.verbose_name,
            "subtitle": str(hand),
            "adminform": admin_form,
            "object_id": hand.pk,
            "original": hand,
            "media": sum((f.media for f in inline_formsets), self.media + admin_form.media),
            "inline_admin_formsets": inline_formsets,
            "errors": helpers.AdminErrorList(form, formsets),
            "preserved_filters": self.get_preserved_filters(request),
            **(extra_context or {}),
        }
        return self.render_change_form(request, context, change=True, obj=hand, form_url=form_url)

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
