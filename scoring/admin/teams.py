"""The admin of teams and team competitions; the rules a roster and an entry keep are the
services' (``scoring.teams.services``): a player plays for one team in a competition."""

from django.contrib import admin

from scoring.models import Team, TeamCompetition, TeamMember, TeamPenalty
from scoring.records.services import ServiceError
from scoring.teams import services


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    autocomplete_fields = ("player",)
    extra = 4


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    """A team, its roster and captain; the team page (``/teams/<id>/``) does the same on a phone."""

    list_display = ("name", "captain")
    search_fields = ("name",)
    autocomplete_fields = ("captain",)
    inlines = (TeamMemberInline,)


@admin.register(TeamCompetition)
class TeamCompetitionAdmin(admin.ModelAdmin):
    """An event or a league played by teams: the teams entered and the best results per round
    (a league's: per evening) that count."""

    list_display = ("__str__", "event", "season", "best")
    autocomplete_fields = ("event",)
    filter_horizontal = ("teams",)

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
