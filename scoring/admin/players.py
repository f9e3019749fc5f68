"""The admin of players, sessions, seasons and ratings."""

from django.contrib import admin
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from scoring.leagues import services as leagues
from scoring.models import ClubSession, Player, PlayerRating, RatingChange, Season

from .bases import ReadOnlyAdmin, ShownOnThePages
from .leagues import DivisionInline, StageInline


@admin.register(Player)
class PlayerAdmin(ShownOnThePages, admin.ModelAdmin):
    list_display = ("name", "active", "user", "ema_number", "country", "game_count")
    list_filter = ("active",)
    search_fields = ("name", "user__username", "online_names__name")
    readonly_fields = ("online_names_shown",)
    autocomplete_fields = ("user",)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("user").annotate(game_count=Count("seats"))

    @admin.display(description=_("games"), ordering="game_count")
    def game_count(self, obj):
        return obj.game_count

    @admin.display(description=_("online names"))
    def online_names_shown(self, obj):
        """Shown, not edited here: they change on the player's page ("Change the online names"),
        through the services, which audit every change."""
        return ", ".join(str(row) for row in obj.online_names.all()) if obj.pk else ""


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


@admin.register(Season)
class SeasonAdmin(ShownOnThePages, admin.ModelAdmin):
    """A season is a named range of dates; its page and the board's season filter count the
    finished games dated within it (both days included). With stages (and divisions) it is a league."""

    list_display = ("name", "start", "end")
    search_fields = ("name",)
    date_hierarchy = "start"
    inlines = (StageInline, DivisionInline)

    def save_related(self, request, form, formsets, change):
        """The stages and divisions, then what the closed stages carried follows (the services)."""
        super().save_related(request, form, formsets, change)
        leagues.season_changed(season=form.instance)


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
