"""Do the league and team records keep their rules and follow from the standings they were
written from? (``manage.py check_games`` and the tests.) Only reads."""

from fractions import Fraction
from itertools import pairwise

from django.db.models import Count
from django.utils.translation import gettext as _

from scoring.leagues import carry
from scoring.leagues.reads import read_league
from scoring.models import Division, Season, Stage, TeamCompetition, TeamMember
from scoring.rules.league import Points
from scoring.rules.table_points import UNIT, shown


def league_mismatches() -> list[str]:
    """Where the league and team records break their rules or no longer follow from the standings
    they were written from (the records written directly, not through the services), one line each:
    a player on two teams of one team competition, a player in two divisions of a season, a stage
    closed while one before it is open (or entered while it is), points carried into a stage that
    its stage before no longer gives, and a field the stage before no longer sends on."""
    return [*_two_teams(), *_two_divisions(), *_stages_out_of_order(), *_carried_elsewhere()]


def _two_teams() -> list[str]:
    rows = TeamMember.objects.filter(team__competitions__isnull=False).order_by("team__name")
    teams: dict[tuple[int, str], list[str]] = {}
    for competition, player, team in rows.values_list("team__competitions", "player__name", "team__name"):
        teams.setdefault((competition, player), []).append(team)
    twice = {key: names for key, names in teams.items() if len(names) > 1}
    competitions = TeamCompetition.objects.select_related("event", "season").in_bulk({key[0] for key in twice})
    return [
        _("team competition “%(competition)s”: %(player)s plays for more than one team: %(teams)s")
        % {"competition": competitions[competition], "player": player, "teams": _quoted(names)}
        for (competition, player), names in sorted(twice.items())
    ]


def _two_divisions() -> list[str]:
    rows = Division.members.through.objects.order_by("division__order")
    divisions: dict[tuple[str, str], list[str]] = {}
    for season, player, division in rows.values_list("division__season__name", "player__name", "division__name"):
        divisions.setdefault((season, player), []).append(division)
    return [
        _("season “%(season)s”: %(player)s is in more than one division: %(divisions)s")
        % {"season": season, "player": player, "divisions": _quoted(names)}
        for (season, player), names in sorted(divisions.items())
        if len(names) > 1
    ]


def _stages_out_of_order() -> list[str]:
    problems = []
    stages = Stage.objects.select_related("season").annotate(entered=Count("entries")).order_by("season", "order")
    for before, stage in pairwise(stages):
        if before.season_id != stage.season_id or before.closed:
            continue
        where = {"where": _stage(stage.season, stage), "before": before.name}
        if stage.closed:
            problems.append(_("%(where)s is closed while “%(before)s” before it is open") % where)
        if stage.entered:
            problems.append(_("%(where)s has entrants while “%(before)s” before it is open") % where)
    return problems


def _carried_elsewhere() -> list[str]:
    problems = []
    for season in Season.objects.filter(stages__closed=True).distinct().order_by("start", "pk"):
        for found in carry.carried(read_league(season)):
            where = {"where": _stage(season, found.following, found.division), "before": found.stage.name}
            for player, points in sorted(found.stale.items()):
                problems.append(
                    _("%(where)s: %(player)s carries %(stored)s in, “%(before)s” gives %(due)s")
                    % {
                        **where,
                        "player": found.names[player],
                        "stored": _points(found.stored[player]),
                        "due": _points(points),
                    }
                )
            if found.cut_moved:
                problems.append(
                    _(
                        "%(where)s: the entrants are not the cut of “%(before)s” (above it, not entered: "
                        "%(joining)s; entered, not above it: %(leaving)s)"
                    )
                    % {**where, "joining": ", ".join(found.joining) or "—", "leaving": ", ".join(found.leaving) or "—"}
                )
    return problems


def _stage(season: Season, stage: Stage, division: Division | None = None) -> str:
    """A stage named as a line of ``check_games`` names it: “season” › “stage” (division)."""
    named = f"“{season.name}” › “{stage.name}”"
    return f"{named} ({division.name})" if division is not None else named


def _points(points: Points) -> str:
    """Points as the records hold them: the result, and the table points where the family has them."""
    if not points.table_points:
        return str(points.result)
    return f"{shown(Fraction(points.table_points, UNIT))} / {points.result}"


def _quoted(names: list[str]) -> str:
    return ", ".join(f"“{name}”" for name in names)
