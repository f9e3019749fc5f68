"""The write path of teams: keyword-only, atomic, verb-first, like ``scoring.events.services``.

A player is on one team at most in a competition: a roster change or an entry that would
put a player in two teams of one event or league is refused, naming the player and the teams.
Each write decides under the locks of the rows it reads, taken in one order (the event or the
league, then teams by id, then competitions by id), so writes of two staff at once are decided one
after the other and never wait for each other forever (PostgreSQL; SQLite lets one writer in at a
time)."""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.models import Event, EventPlayer, Player, Season, Stage, Team, TeamCompetition, TeamMember, TeamPenalty
from scoring.records.services import ServiceError
from scoring.rules import bounds

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def _check_name(name: str) -> str:
    name = name.strip()
    problem = bounds.text_problem(name, bounds.MAX_NAME) if name else _("is empty")
    if problem:
        raise ServiceError(_("The team name %(name)s %(problem)s.") % {"name": repr(name[:40]), "problem": problem})
    return name


def _named(team: Team, name: str) -> Team:
    """``team`` saved under ``name``; two staff saving one name at once: the database's unique
    name decides, and the second is told the name is taken."""
    team.name = _check_name(name)
    try:
        with transaction.atomic():
            team.save()
    except IntegrityError:
        if not Team.objects.filter(name__iexact=team.name).exclude(pk=team.pk).exists():
            raise
        raise ServiceError(_("A team with this name already exists (names ignore case).")) from None
    return team


@transaction.atomic
def create_team(*, name: str, players: Iterable[Player] = (), captain: Player | None = None) -> Team:
    """A new team with its roster (all regulars) and its captain (one of them)."""
    team = _named(Team(), name)
    for player in players:
        add_member(team=team, player=player)
    if captain is not None:
        set_captain(team=team, player=captain)
    return team


@transaction.atomic
def rename_team(*, team: Team, name: str) -> Team:
    """The team under a new name (its roster, entries and results stay)."""
    return _named(_locked(team), name)


def _clashes(player: Player, team: Team) -> list[str]:
    """Where ``player`` already plays for another team of a competition ``team`` plays in."""
    return [
        _("%(player)s already plays for %(team)s in %(event)s.")
        % {"player": player.name, "team": other.name, "event": str(competition)}
        for competition in TeamCompetition.objects.filter(teams=team).select_related("event", "season")
        for other in competition.teams.filter(members__player=player).exclude(pk=team.pk)
    ]


def _locked(team: Team) -> Team:
    """The team's row as stored, locked until the transaction ends (its roster and captain
    change one at a time)."""
    return Team.objects.select_for_update().get(pk=team.pk)


@transaction.atomic
def add_member(*, team: Team, player: Player, substitute: bool = False) -> TeamMember:
    """Put ``player`` on the roster (or change whether they are a substitute); the competitions
    the team plays in are locked, so a player added to two of their teams at once joins one."""
    _locked(team)
    list(TeamCompetition.objects.select_for_update(of=("self",)).filter(teams=team).order_by("pk"))
    clashes = _clashes(player, team)
    if clashes:
        raise ServiceError(" ".join(clashes) + " " + _("A player plays for one team in a competition."))
    member, _created = TeamMember.objects.update_or_create(
        team=team, player=player, defaults={"substitute": substitute}
    )
    _bump_events(team)
    return member


def _bump_events(team: Team) -> None:
    """The events ``team`` plays in show whether their draw keeps teammates apart."""
    for event_id in TeamCompetition.objects.filter(teams=team, event__isnull=False).values_list("event_id", flat=True):
        versions.bump_event(event_id)


@transaction.atomic
def remove_member(*, team: Team, player: Player) -> None:
    """Take ``player`` off the roster (and off the captaincy); their games stay as they are."""
    if _locked(team).captain_id == player.pk:
        team.captain = None
        team.save(update_fields=("captain",))
    team.members.filter(player=player).delete()
    _bump_events(team)


@transaction.atomic
def set_captain(*, team: Team, player: Player | None) -> Team:
    """Make a player of the roster the captain (None: no captain)."""
    _locked(team)
    if player is not None and not team.members.filter(player=player).exists():
        raise ServiceError(
            _("%(player)s is not on the roster of %(team)s.") % {"player": player.name, "team": team.name}
        )
    team.captain = player
    team.save(update_fields=("captain",))
    return team


@transaction.atomic
def set_team_competition(*, event: Event, teams: Iterable[Team], best: int | None = None) -> TeamCompetition:
    """Make ``event`` a team competition of ``teams`` where each round's ``best`` results of
    a team count (None: all), or change its teams and its count; the teams' players not on
    the event's list are put on it (not checked in)."""
    Event.objects.select_for_update().get(pk=event.pk)
    competition = _enter(teams, best, event=event)
    listed = set(event.entries.values_list("player_id", flat=True))
    rosters = TeamMember.objects.filter(team__in=teams).exclude(player_id__in=listed)
    EventPlayer.objects.bulk_create(EventPlayer(event=event, player_id=m.player_id) for m in rosters)
    versions.bump_event(event.pk)  # its list, and the team board's link
    return competition


@transaction.atomic
def set_league_teams(*, season: Season, teams: Iterable[Team], best: int | None = None) -> TeamCompetition:
    """Make the league ``season`` a team competition of ``teams`` where each evening's ``best``
    results of a team count (None: all), or change its teams and its count (the league page
    links the team board: its cached copies go)."""
    Season.objects.select_for_update().get(pk=season.pk)
    competition = _enter(teams, best, season=season)
    versions.bump_club()
    return competition


def _enter(teams: Iterable[Team], best: int | None, **of: Any) -> TeamCompetition:  # its event= or season=
    """The team competition of ``of`` (its event or its season, locked) with these teams (their
    rows locked while their rosters are checked) and count."""
    locked = list(Team.objects.select_for_update().filter(pk__in=[team.pk for team in teams]).order_by("pk"))
    check_teams(teams=locked, best=best)
    competition, _created = TeamCompetition.objects.update_or_create(**of, defaults={"best": best})
    competition.teams.set(locked)
    return competition


def check_teams(*, teams: Iterable[Team], best: int | None) -> None:
    """ServiceError unless ``teams`` may play one competition (no player on two of their
    rosters) where each round's ``best`` results of a team count (at most its roster)."""
    seen: dict[int, Team] = {}
    for team in teams:
        for member in team.members.select_related("player"):
            other = seen.setdefault(member.player_id, team)
            if other != team:
                raise ServiceError(
                    _(
                        "%(player)s is on the rosters of %(first)s and %(second)s: "
                        "a player plays for one team in a competition."
                    )
                    % {"player": member.player.name, "first": other.name, "second": team.name}
                )
    if best is not None:
        smallest = min((team.members.count() for team in teams), default=0)
        if not 1 <= best <= smallest:
            raise ServiceError(
                _("The best results per round must be between 1 and the smallest roster entered (%(count)s).")
                % {"count": smallest}
            )


def check_team_penalty(*, competition: TeamCompetition, team: Team, stage: Stage | None) -> None:
    """ServiceError unless ``team`` plays in the competition and, in a league, ``stage`` is one
    of its stages."""
    if not competition.teams.filter(pk=team.pk).exists():
        raise ServiceError(_("%(team)s does not play in %(event)s.") % {"team": team.name, "event": str(competition)})
    if competition.season_id is not None and (stage is None or stage.season_id != competition.season_id):
        raise ServiceError(
            _("Say which stage of %(league)s the team penalty comes off.") % {"league": str(competition)}
        )


@transaction.atomic
def record_team_penalty(
    *,
    competition: TeamCompetition,
    team: Team,
    points: int,
    reason: str,
    user: "User | None" = None,
    stage: Stage | None = None,
) -> TeamPenalty:
    """Take ``points`` (1 to ``bounds.MAX_POINTS``) off ``team``'s score in the competition (a
    league's: in its ``stage``), for ``reason``; no game changes. The competition is locked: its
    teams stay as checked."""
    competition = TeamCompetition.objects.select_for_update().get(pk=competition.pk)
    check_team_penalty(competition=competition, team=team, stage=stage)
    if not 1 <= points <= bounds.MAX_POINTS:
        raise ServiceError(
            _("A team penalty takes from 1 to %(most)s points off the team score.") % {"most": f"{bounds.MAX_POINTS:,}"}
        )
    reason = reason.strip()
    problem = bounds.text_problem(reason, bounds.MAX_REASON) if reason else _("is empty")
    if problem:
        raise ServiceError(_("The reason %(problem)s: say why the team is penalised.") % {"problem": problem})
    stage = stage if competition.season_id is not None else None
    return TeamPenalty.objects.create(
        competition=competition, team=team, stage=stage, points=points, reason=reason, created_by=user
    )
