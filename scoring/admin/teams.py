"""The admin of teams and team competitions: every change is written by the services
(``scoring.teams.services``), under their locks and with their rules: a player plays for one
team in a competition, a captain is on the roster."""

from django.contrib import admin, messages
from django.http import HttpResponseRedirect

from scoring.models import Team, TeamCompetition, TeamMember, TeamPenalty
from scoring.records.services import ServiceError
from scoring.rulebook.messages import rule_message
from scoring.teams import services

from .bases import saved_by_services


class RefusedOnSaving:
    """A refusal of the services while saving (a change of another member of staff got there
    first) undoes the whole save and says why on the form again, instead of a server error."""

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except ServiceError as error:
            self.message_user(request, rule_message(error), messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    autocomplete_fields = ("player",)
    extra = 4


@admin.register(Team)
class TeamAdmin(RefusedOnSaving, admin.ModelAdmin):
    """A team, its roster and captain; the team page (``/teams/<id>/``) does the same on a phone."""

    list_display = ("name", "captain")
    search_fields = ("name",)
    autocomplete_fields = ("captain",)
    inlines = (TeamMemberInline,)

    def save_model(self, request, obj, form, change):
        """The name (a new team: through the services); the captain once the roster is saved."""
        if change:
            services.rename_team(team=obj, name=obj.name)
        else:
            obj.pk = services.create_team(name=obj.name).pk

    def save_formset(self, request, form, formset, change):
        """The roster through the services: each player removed, each added or changed."""
        team = form.instance
        for member in formset.forms:
            if not member.has_changed() or not member.cleaned_data:
                continue
            stored = TeamMember.objects.filter(pk=member.instance.pk).select_related("player").first()
            deleted = member.cleaned_data.get("DELETE", False)
            if stored is not None and (deleted or stored.player_id != member.cleaned_data["player"].pk):
                services.remove_member(team=team, player=stored.player)
            if not deleted:
                data = member.cleaned_data
                services.add_member(team=team, player=data["player"], substitute=data["substitute"])
        saved_by_services([formset])

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        services.set_captain(team=form.instance, player=form.cleaned_data["captain"])


@admin.register(TeamCompetition)
class TeamCompetitionAdmin(RefusedOnSaving, admin.ModelAdmin):
    """An event or a league played by teams: the teams entered and the best results per round
    (a league's: per evening) that count, entered through the services (an event's list gets the
    teams' players)."""

    list_display = ("__str__", "event", "season", "best")
    autocomplete_fields = ("event",)
    filter_horizontal = ("teams",)

    def get_readonly_fields(self, request, obj=None):
        return ("event", "season") if obj else ()

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        if obj.event_id is not None:
            entered = services.set_team_competition(event=obj.event, teams=data["teams"], best=data["best"])
        else:
            entered = services.set_league_teams(season=obj.season, teams=data["teams"], best=data["best"])
        obj.pk = entered.pk

    def save_related(self, request, form, formsets, change):
        """The services entered the teams (``save_model``)."""

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)

        class TeamCompetitionForm(form):
            def clean(self):
                data = super().clean()
                try:
                    services.check_teams(teams=data.get("teams", ()), best=data.get("best"))
                except ServiceError as error:
                    self.add_error("teams", str(error))
                return data

        return TeamCompetitionForm


@admin.register(TeamPenalty)
class TeamPenaltyAdmin(admin.ModelAdmin):
    """Team penalties, recorded through the services; a recorded one is only ever deleted."""

    list_display = ("team", "competition", "points", "reason", "created_at", "created_by")
    list_filter = ("competition",)

    def get_readonly_fields(self, request, obj=None):
        return ("competition", "team", "stage", "points", "reason", "created_by") if obj else ("created_by",)

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)

        class TeamPenaltyForm(form):
            def clean(self):
                data = super().clean()
                if data.get("competition") and data.get("team"):
                    try:
                        services.check_team_penalty(
                            competition=data["competition"], team=data["team"], stage=data.get("stage")
                        )
                    except ServiceError as error:
                        self.add_error(None, str(error))
                return data

        return TeamPenaltyForm

    def save_model(self, request, obj, form, change):
        if not change:
            obj.pk = services.record_team_penalty(
                competition=obj.competition,
                team=obj.team,
                points=obj.points,
                reason=obj.reason,
                user=request.user,
                stage=obj.stage,
            ).pk
