"""The write path of leagues: keyword-only, atomic, verb-first, like ``scoring.records.services``.

Every write of a season's stages and divisions locks the season's row first, so two staff writing
one league take turns: a player is put in one division of a season, a stage closes only after the
one before it and reopens only before the one after it, whoever is first.

Closing a stage applies its cut and carry-over: the players above the cut line enter the next
stage with their points carried (``StageEntry``). Ending a season starts the next one with the
divisions proposed from the final standing (``reads.proposal``) once staff confirm it, and the
same stages a year (or whatever the seasons are apart) later."""

from collections import Counter
from collections.abc import Iterable
from datetime import date as Date
from datetime import timedelta
from typing import Any, cast

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, models, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.leagues import carry
from scoring.leagues.reads import proposal
from scoring.models import Division, Player, Season, Stage, StageEntry
from scoring.records.services import ServiceError
from scoring.rules import bounds


def _locked(season_id: int) -> Season:
    """The season's row, locked until the transaction ends (see the module's docstring)."""
    return Season.objects.select_for_update().get(pk=season_id)


def _locked_stage(stage: Stage) -> Stage:
    """The stage's row, locked too: a fix of one of its games (``carry.follow``) locks the stages
    holding the game, so a closing waits for the fix and reads it, and a fix waits for a closing."""
    return Stage.objects.select_for_update(of=("self",)).select_related("season").get(pk=stage.pk)


def _neighbours(stage: Stage) -> tuple[Stage | None, Stage | None]:
    stages = list(stage.season.stages.all())
    index = next(i for i, other in enumerate(stages) if other.pk == stage.pk)
    return (stages[index - 1] if index else None), (stages[index + 1] if index + 1 < len(stages) else None)


def _refuse_players_in_two_divisions(season: Season) -> None:
    """Stored before divisions were checked (or changed in the database by hand): closing a stage
    would enter such a player twice, and the next season would keep him in two divisions."""
    doubled = (
        Player.objects.filter(divisions__season=season)
        .annotate(divisions_in_season=models.Count("divisions"))
        .filter(divisions_in_season__gt=1)
        .values_list("name", flat=True)
    )
    if doubled:
        raise ServiceError(
            _(
                "A player plays in one division of a season, but these players are in more than one: "
                "%(names)s. Keep each of them in one division (the season's divisions in the admin), then try again."
            )
            % {"names": ", ".join(sorted(doubled))}
        )


@transaction.atomic
def close_stage(*, stage: Stage) -> int:
    """Close the stage: the players above its cut line (in each division) enter the next stage with
    their points carried over as the stage says; returns how many entered."""
    _locked(stage.season_id)
    stage = _locked_stage(stage)
    if stage.closed:
        raise ServiceError(_("The stage “%(stage)s” is already closed.") % {"stage": stage.name})
    before, after = _neighbours(stage)
    if before is not None and not before.closed:
        raise ServiceError(_("Close the stage before it first: “%(stage)s”.") % {"stage": before.name})
    _refuse_players_in_two_divisions(stage.season)
    entered = 0
    if after is not None:
        rows = carry.entries(stage, after)
        StageEntry.objects.bulk_create(rows)
        entered = len(rows)
    stage.closed = True
    stage.save(update_fields=["closed"])
    versions.bump_club()
    return entered


@transaction.atomic
def reopen_stage(*, stage: Stage) -> None:
    """Undo closing the stage (a mistake, a late game): the next stage's entries go, unless the next
    stage is closed too."""
    _locked(stage.season_id)
    stage = _locked_stage(stage)
    _before, after = _neighbours(stage)
    if after is not None and after.closed:
        raise ServiceError(_("Reopen the stage after it first: “%(stage)s”.") % {"stage": after.name})
    if after is not None:
        after.entries.all().delete()
    stage.closed = False
    stage.save(update_fields=["closed"])
    versions.bump_club()


def _moved(stage: Stage, shift: timedelta) -> None:
    """The stage moved by ``shift`` days, within the days the records hold."""
    if not bounds.FIRST_DAY - stage.start <= shift <= bounds.LAST_DAY - stage.end:
        raise ServiceError(
            _(
                "Moved as far as the new season is from this one, the stage “%(stage)s” would leave the days "
                "the records hold (%(first)s to %(last)s)."
            )
            % {"stage": stage.name, "first": date_format(bounds.FIRST_DAY), "last": date_format(bounds.LAST_DAY)}
        )
    stage.start, stage.end = stage.start + shift, stage.end + shift


@transaction.atomic
def apply_cut(*, stage: Stage) -> int:
    """The next stage's field as the closed ``stage``'s standing sends it on now (after a fix moved its
    cut line: ``carry.moved_cuts``), under the season's lock; returns how many are in it. Refused while
    the next stage is closed too (its own standing was built on the field as it is)."""
    _locked(stage.season_id)
    stage = _locked_stage(stage)
    _before, after = _neighbours(stage)
    if after is None:
        raise ServiceError(_("“%(stage)s” is the last stage: nobody goes on from it.") % {"stage": stage.name})
    if not stage.closed:
        raise ServiceError(_("“%(stage)s” is open: its cut applies when it closes.") % {"stage": stage.name})
    if after.closed:
        message = _("“%(next)s” is closed too: reopen it first, then apply the new cut of “%(stage)s”.")
        raise ServiceError(message % {"next": after.name, "stage": stage.name})
    rows = carry.entries(stage, after)
    after.entries.all().delete()
    StageEntry.objects.bulk_create(rows)
    versions.bump_club()
    return len(rows)


@transaction.atomic
def start_next_season(*, season: Season, name: str, start: Date, end: Date) -> Season:
    """The next season of the league, as staff confirm it: its divisions with the members proposed
    (the promoted one up, the relegated one down), and the same stages moved by as many days as the
    new season starts after this one (the knobs kept, nothing closed)."""
    season = _locked(season.pk)
    if season.stages.filter(closed=False).exists():
        raise ServiceError(_("Close every stage of the season before starting the next one."))
    if end < start:
        raise ServiceError(_("A season cannot end before it starts."))
    _refuse_players_in_two_divisions(season)
    stages = list(season.stages.all())
    for stage in stages:
        _moved(stage, start - season.start)
    proposed = proposal(season)
    try:
        with transaction.atomic():  # two seasons never share a name, whatever its case (a constraint)
            following = Season.objects.create(name=name, start=start, end=end)
    except IntegrityError:
        if not Season.objects.filter(name__iexact=name).exists():
            raise
        raise ServiceError(_("A season named “%(name)s” already exists.") % {"name": name}) from None
    for stage in stages:
        stage.pk, stage.season, stage.closed = None, following, False
        stage.save()
    for division, members in proposed:
        Division.objects.create(
            season=following,
            name=division.name,
            order=division.order,
            promote=division.promote,
            relegate=division.relegate,
        ).members.set(members)
    versions.bump_club()
    return following


def _refuse_out_of_bounds(row: Stage | Division) -> None:
    """The checks of the row's form (each number within its bound, the stage's dates and cut), for
    a caller that is no form."""
    try:
        row.full_clean(exclude={"season"}, validate_unique=False)
    except ValidationError as error:
        raise ServiceError(
            " ".join(
                message
                if field == NON_FIELD_ERRORS
                else f"“{cast('models.Field[Any, Any]', row._meta.get_field(field)).verbose_name}”: {message}"
                for field, messages in error.message_dict.items()
                for message in messages
            )
        ) from None


@transaction.atomic
def change_stage(*, stage: Stage) -> Stage:
    """A stage as staff changed it in the admin (its dates, its knobs), under its season's lock:
    what the closed stages carried follows (``carry.carry_on``); a cut the change moved is shown on
    the league page, where staff apply it."""
    _locked(stage.season_id)
    stage.save()
    season_changed(season=stage.season)
    return stage


@transaction.atomic
def season_changed(*, season: Season) -> None:
    """After staff changed a season's stages in the admin (on the season's page): under its lock,
    what the closed stages carried follows, and the cached pages go."""
    carry.carry_on(_locked(season.pk))
    versions.bump_club()


@transaction.atomic
def add_stage(*, stage: Stage) -> Stage:
    """A new stage of its season, as staff filled it in."""
    _locked(stage.season_id)
    _refuse_out_of_bounds(stage)
    if Stage.objects.filter(season=stage.season_id, order=stage.order).exists():
        raise ServiceError(_("Two stages of a season cannot have the same order."))
    stage.save()
    versions.bump_club()
    return stage


def check_divisions(*, season: Season, divisions: Iterable[tuple[Division, Iterable[Player]]]) -> None:
    """Refuse divisions of ``season`` with these members (new ones, changed ones, emptied ones)
    that would put a player in two divisions of it, counting its other divisions as stored; the
    season is locked first, so the caller's transaction decides against any other writer."""
    divisions = [(division, list(members)) for division, members in divisions]
    counts = Counter(player.pk for _division, members in divisions for player in members)
    if season.pk is not None:
        _locked(season.pk)
        others = Division.members.through.objects.filter(division__season=season.pk).exclude(
            division__in=[division.pk for division, _members in divisions if division.pk is not None]
        )
        counts.update(others.values_list("player", flat=True))
    taken = Player.objects.filter(pk__in=[pk for pk, count in counts.items() if count > 1]).values_list(
        "name", flat=True
    )
    if taken:
        raise ServiceError(_("Already in a division of this season: %(names)s.") % {"names": ", ".join(sorted(taken))})


@transaction.atomic
def add_division(*, division: Division, members: Iterable[Player]) -> Division:
    """A new division of its season with its members; a player is in one division of a season."""
    members = list(members)
    check_divisions(season=division.season, divisions=[(division, members)])
    _refuse_out_of_bounds(division)
    if Division.objects.filter(season=division.season_id, order=division.order).exists():
        raise ServiceError(_("Two divisions of a season cannot have the same order."))
    division.save()
    division.members.set(members)
    versions.bump_club()
    return division
