"""Django admin: admins can fix anything, and every fix goes through ``scoring.records.services``, so
everything derived (dealers, counters, sticks, scores, standings) follows. Derived numbers
are read-only; an engine error shows on the form and nothing is saved."""

import io
import json
import zipfile
from functools import partial

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.admin_forms import (
    AdminStartGameForm,
    IncidentFormSet,
    PenaltyFormSet,
    WinFormSet,
    seat_formfield_callback,
)
from scoring.caching import versions
from scoring.events import services as events
from scoring.models import (
    AuditEntry,
    ClubSession,
    Event,
    EventPlayer,
    EventRound,
    Game,
    Hand,
    HandSeat,
    Incident,
    Penalty,
    Player,
    PlayerRating,
    RatingChange,
    Ruleset,
    Season,
    Seat,
    Win,
)
from scoring.records import services
from scoring.records.gamelogs import export_filename, game_document, penalty_fact
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError


def _service_errors(modeladmin, request, action):
    """Run ``action``; a refusal becomes an error message instead of a server error."""
    try:
        action()
    except (services.ServiceError, RuleError) as error:
        modeladmin.message_user(request, rule_message(error), messages.ERROR)
        return False
    return True


def _saved_by_services(formsets) -> None:
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


# ---- players, sessions, rulesets ------------------------------------------------------------


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


@admin.register(Player)
class PlayerAdmin(ShownOnThePages, admin.ModelAdmin):
    list_display = ("name", "active", "user", "ema_number", "country", "game_count")
    list_filter = ("active",)
    search_fields = ("name", "user__username", "aliases")
    autocomplete_fields = ("user",)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("user").annotate(game_count=Count("seats"))

    @admin.display(description=_("games"), ordering="game_count")
    def game_count(self, obj):
        return obj.game_count


@admin.register(ClubSession)
class ClubSessionAdmin(ShownOnThePages, admin.ModelAdmin):
    list_display = ("name", "date", "kind", "game_count")
    list_filter = ("kind",)
    search_fields = ("name",)
    date_hierarchy = "date"

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(game_count=Count("games"))

    @admin.display(description=_("games"), ordering="game_count")
    def game_count(self, obj):
        return obj.game_count


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
            initial.setdefault("knobs", Ruleset.objects.preset(preset).knobs)
        return initial

    @admin.action(description=_("Copy the selected rulesets (then change the copy's knobs)"))
    def copy_rulesets(self, request, queryset):
        for ruleset in queryset:
            services.copy_ruleset(ruleset=ruleset)
        self.message_user(request, gettext("Copied %(count)s ruleset(s).") % {"count": queryset.count()})


# ---- games ---------------------------------------------------------------------------------


class GamePenaltyInline(admin.TabularInline):
    model = Penalty
    fields = ("player", "points", "reason")
    extra = 0
    verbose_name = _("penalty on the game")
    verbose_name_plural = _("penalties on the game (taken from the final result)")

    def get_queryset(self, request):
        return super().get_queryset(request).filter(hand=None)

    def get_formset(self, request, obj=None, **kwargs):
        callback = seat_formfield_callback(partial(self.formfield_for_dbfield, request=request), obj)
        return super().get_formset(request, obj, formfield_callback=callback, **kwargs)


@admin.register(Game)
class GameAdmin(CascadesToDerivedRows, admin.ModelAdmin):
    list_display = ("__str__", "date", "session", "ruleset", "status", "player_names", "hand_count", "tournament")
    list_filter = ("status", "ruleset", "tournament", "session__kind", "session")
    search_fields = ("=id", "seats__player__name", "session__name", "comment")
    date_hierarchy = "date"
    list_select_related = ("session", "ruleset")
    fields = (
        "session",
        "date",
        "start",
        "tournament",
        "comment",
        "finished_by_scorer",
        "ruleset",
        "status",
        "knobs",
        "table_state",
        "standings",
        "hand_log",
    )
    readonly_fields = ("ruleset", "status", "knobs", "table_state", "standings", "hand_log")
    inlines = (GamePenaltyInline,)
    actions = ("recompute_games", "download_game_logs", "abandon_games")

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__player")

    def delete_model(self, request, obj):
        services.delete_game(game=obj, user=request.user)

    def delete_queryset(self, request, queryset):
        for game in queryset:
            services.delete_game(game=game, user=request.user)

    @admin.display(description=_("players"))
    def player_names(self, obj):
        return ", ".join(seat.player.name for seat in sorted(obj.seats.all(), key=lambda s: s.seat))

    @admin.display(description=_("table now"))
    def table_state(self, obj):
        return format_html(
            "{}: {} · {}: {} · {}: {} · {}: {}",
            gettext("hands"),
            obj.hand_count,
            gettext("dealer rotations"),
            obj.rotations,
            gettext("counters"),
            obj.counters,
            gettext("riichi pot"),
            obj.pot,
        )

    @admin.display(description=_("standings"))
    def standings(self, obj):
        seats = sorted(obj.seats.all(), key=lambda s: (s.place, s.seat))
        head = format_html(
            "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            gettext("place"),
            gettext("player"),
            gettext("score"),
            gettext("uma"),
            gettext("oka"),
            gettext("penalties"),
            gettext("result"),
        )
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            ((s.place, s.player.name, s.score, s.uma, s.oka, s.penalties, s.result) for s in seats),
        )
        return format_html("<table>{}{}</table>", head, rows)

    @admin.display(description=_("hands"))
    def hand_log(self, obj):
        seats = sorted(obj.seats.all(), key=lambda s: s.seat)
        hands = obj.hand_set.prefetch_related("hand_seats__seat").order_by("number")
        head = format_html_join("", "<th>{}</th>", ((s.player.name,) for s in seats))
        rows = []
        for hand in hands:
            deltas = {row.seat.seat: row.delta for row in hand.hand_seats.all()}
            cells = format_html_join("", "<td>{}</td>", ((deltas.get(s.seat, ""),) for s in seats))
            link = reverse("admin:scoring_hand_change", args=[hand.pk])
            rows.append(
                format_html(
                    '<tr><td><a href="{}">{}</a></td><td>{}</td><td>{}</td><td>{}</td>{}<td>{}</td></tr>',
                    link,
                    hand.number,
                    hand.round_label or "–",
                    hand.get_result_display(),
                    hand.counters,
                    cells,
                    hand.pot_after,
                )
            )
        return format_html(
            "<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th>{}<th>{}</th></tr>{}</table>",
            gettext("hand"),
            gettext("round"),
            gettext("result"),
            gettext("counters"),
            head,
            gettext("pot after"),
            format_html_join("", "{}", ((row,) for row in rows)),
        )

    # starting a game: the service seats the players and snapshots the ruleset

    def add_view(self, request, form_url="", extra_context=None):
        form = AdminStartGameForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                game = services.start_game(
                    ruleset=data["ruleset"],
                    players=form.players(),
                    session=data["session"],
                    tournament=data["tournament"],
                    date=data["date"],
                    comment=data["comment"],
                    user=request.user,
                )
            except (services.ServiceError, RuleError) as error:
                form.add_error(None, rule_message(error))
            else:
                self.message_user(request, gettext("Started %(game)s.") % {"game": game})
                return HttpResponseRedirect(reverse("admin:scoring_game_change", args=[game.pk]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "form": form,
            "title": gettext("Start a game"),
            **(extra_context or {}),
        }
        return TemplateResponse(request, "admin/scoring/game/start_game.html", context)

    # changing a game: the service re-derives the whole game

    def save_model(self, request, obj, form, change):
        if not change:  # pragma: no cover - adding goes through add_view
            raise RuntimeError("games are started with services.start_game")

    def save_related(self, request, form, formsets, change):
        penalties = []
        for formset in formsets:
            for data in formset.cleaned_data:
                if data and not data.get("DELETE"):
                    penalties.append(
                        penalty_fact(
                            Penalty(player=data["player"], points=data["points"], reason=data.get("reason") or "")
                        )
                    )
        facts = {
            name: form.cleaned_data[name]
            for name in ("session", "date", "start", "tournament", "comment", "finished_by_scorer")
        }
        services.change_game(game=form.instance, user=request.user, penalties=penalties, **facts)
        _saved_by_services(formsets)

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if obj is None:
            return form

        class CheckedGameForm(form):
            """The tournament flag and the scorer's finish change how hands settle: replay first."""

            def clean(self):
                data = super().clean()
                flags = {k: data[k] for k in ("tournament", "finished_by_scorer") if k in data}
                try:
                    services.check_game_change(game=obj, **flags)
                except RuleError as error:
                    raise ValidationError(rule_message(error)) from None
                return data

        return CheckedGameForm

    @admin.action(description=_("Recompute the selected games from their facts"))
    def recompute_games(self, request, queryset):
        done = sum(
            _service_errors(self, request, partial(services.recompute_game, game=game, user=request.user))
            for game in queryset
        )
        self.message_user(request, gettext("Recomputed %(count)s game(s).") % {"count": done})

    @admin.action(description=_("Abandon the selected games"))
    def abandon_games(self, request, queryset):
        done = sum(
            _service_errors(self, request, partial(services.abandon_game, game=game, user=request.user))
            for game in queryset
        )
        self.message_user(request, gettext("Abandoned %(count)s game(s).") % {"count": done})

    @admin.action(description=_("Download the selected games as game logs"))
    def download_game_logs(self, request, queryset):
        games = list(queryset.select_related("ruleset", "session"))
        if len(games) == 1:
            response = HttpResponse(
                json.dumps(game_document(games[0]), indent=1, ensure_ascii=False), content_type="application/json"
            )
            response["Content-Disposition"] = f'attachment; filename="{export_filename(games[0])}"'
            return response
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for game in games:
                archive.writestr(export_filename(game), json.dumps(game_document(game), indent=1, ensure_ascii=False))
        response = HttpResponse(buffer.getvalue(), content_type="application/zip")
        response["Content-Disposition"] = 'attachment; filename="game-logs.zip"'
        return response


# ---- hands -------------------------------------------------------------------------------------


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
        _saved_by_services(formsets)

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


# ---- the rest: read-only views of rows the services write ----------------------------------------


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("game", "player", "seat", "score", "place", "result", "hands", "wins", "deal_ins", "riichi")
    list_filter = ("place", "family", "finished", "game__ruleset")
    search_fields = ("player__name", "=game__id")
    list_select_related = ("game", "player")


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


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "user", "action", "game", "hand_number")
    list_filter = ("action", "at")
    search_fields = ("=game__id", "user__username")
    date_hierarchy = "at"
    list_select_related = ("user", "game")
    fields = ("at", "user", "action", "game", "hand_number", "before", "after")


# ---- seasons and ratings ---------------------------------------------------------------------


@admin.register(Season)
class SeasonAdmin(ShownOnThePages, admin.ModelAdmin):
    """A season is a named range of dates; its page and the board's season filter count the
    finished games dated within it (both days included)."""

    list_display = ("name", "start", "end")
    search_fields = ("name",)
    date_hierarchy = "start"


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdmin):
    list_display = ("player", "family", "ordinal", "mu", "sigma", "games")
    list_filter = ("family",)
    search_fields = ("player__name",)
    list_select_related = ("player",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("played_on", "game", "player", "family", "place", "ordinal")
    list_filter = ("family",)
    search_fields = ("player__name", "=game__id")
    list_select_related = ("player", "game")


# ---- club nights and tournaments ------------------------------------------------------------


class EventPlayerInline(admin.TabularInline):
    model = EventPlayer
    autocomplete_fields = ("player",)
    extra = 4


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """Create an event and its player list here; the event page runs it (check-in, draws, rounds)."""

    list_display = ("name", "date", "kind", "ruleset", "rounds")
    list_filter = ("kind",)
    search_fields = ("name",)
    date_hierarchy = "date"
    readonly_fields = ("session",)
    inlines = (EventPlayerInline,)

    def get_readonly_fields(self, request, obj=None):
        return ("session", "seed") if obj else ("session",)

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if obj is not None:
            return form

        class NewEventForm(form):
            """A new event's session is named like it: refuse a name that is taken."""

            def clean(self):
                data = super().clean()
                if data.get("name") and data.get("date"):
                    try:
                        events.check_event_name(name=data["name"], date=data["date"])
                    except services.ServiceError as error:
                        self.add_error("name", str(error))
                return data

        return NewEventForm

    def save_model(self, request, obj, form, change):
        if not change:
            events.prepare_event(event=obj)
        super().save_model(request, obj, form, change)


@admin.register(EventRound)
class EventRoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "event", "method", "cost", "started_at", "ends_at")
    list_filter = ("event",)
    readonly_fields = ("event", "number", "method", "sitting_out", "cost", "started_at", "ends_at")
