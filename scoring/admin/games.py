"""The admin of games: start, change, recompute, abandon and delete them through the services,
and download their game logs; the seats, read-only."""

import io
import json
import zipfile
from functools import partial

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import Game, Penalty, Seat
from scoring.records import services
from scoring.records.gamelogs import export_filename, game_document, penalty_fact
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError

from .bases import CascadesToDerivedRows, ReadOnlyAdmin, saved_by_services, service_errors
from .forms import AdminStartGameForm, seat_formfield_callback


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
        saved_by_services(formsets)

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
            service_errors(self, request, partial(services.recompute_game, game=game, user=request.user))
            for game in queryset
        )
        self.message_user(request, gettext("Recomputed %(count)s game(s).") % {"count": done})

    @admin.action(description=_("Abandon the selected games"))
    def abandon_games(self, request, queryset):
        done = sum(
            service_errors(self, request, partial(services.abandon_game, game=game, user=request.user))
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


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("game", "player", "seat", "score", "place", "result", "hands", "wins", "deal_ins", "riichi")
    list_filter = ("place", "family", "finished", "game__ruleset")
    search_fields = ("player__name", "=game__id")
    list_select_related = ("game", "player")
