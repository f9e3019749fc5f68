"""The write path of leagues: keyword-only, atomic, verb-first, like ``scoring.records.services``.

Closing a stage applies its cut and carry-over: the players above the cut line enter the next
stage with their points carried (``StageEntry``). Ending a season starts the next one with the
divisions proposed from the final standing (``reads.proposal``) once staff confirm it, and the
same stages a year (or whatever the seasons are apart) later."""

from datetime import date as Date

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.leagues import carry
from scoring.leagues.reads import proposal
from scoring.models import Division, Player, Season, Stage, StageEntry
from scoring.records.services import ServiceError


def _neighbours(stage: Stage) -> tuple[Stage | None, Stage | None]:
    stages = list(stage.season.stages.all())
    index = next(i for i, other in enumerate(stages) if other.pk == stage.pk)
    return (stages[index - 1] if index else None), (stages[index + 1] if index + 1 < len(stages) else None)


@transaction.atomic
def close_stage(*, stage: Stage) -> int:
    """Close the stage: the players above its cut line (in each division) enter the next stage with
    their points carried over as the stage says; returns how many entered."""
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    if stage.closed:
        raise ServiceError(_("The stage “%(stage)s” is already closed.") % {"stage": stage.name})
    before, after = _neighbours(stage)
    if before is not None and not before.closed:
        raise ServiceError(_("Close the stage before it first: “%(stage)s”.") % {"stage": before.name})
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
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    _before, after = _neighbours(stage)
    if after is not None and after.closed:
        raise ServiceError(_("Reopen the stage after it first: “%(stage)s”.") % {"stage": after.name})
    if after is not None:
        after.entries.all().delete()
    stage.closed = False
    stage.save(update_fields=["closed"])
    versions.bump_club()


@transaction.atomic
def apply_cut(*, stage: Stage) -> int:
    """The next stage's field as the closed ``stage``'s standing sends it on now (after a fix moved its
    cut line: ``carry.moved_cuts``), under the season's lock; returns how many are in it. Refused while
    the next stage is closed too (its own standing was built on the field as it is)."""
    Season.objects.select_for_update().get(pk=stage.season_id)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
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
    if season.stages.filter(closed=False).exists():
        raise ServiceError(_("Close every stage of the season before starting the next one."))
    if end < start:
        raise ServiceError(_("A season cannot end before it starts."))
    if Season.objects.filter(name__iexact=name).exists():
        raise ServiceError(_("A season named “%(name)s” already exists.") % {"name": name})
    proposed = proposal(season)
    following = Season.objects.create(name=name, start=start, end=end)
    shift = start - season.start
    for stage in season.stages.all():
        stage.pk, stage.season, stage.closed = None, following, False
        stage.start, stage.end = stage.start + shift, stage.end + shift
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


@transaction.atomic
def add_stage(*, stage: Stage) -> Stage:
    """A new stage of its season, as staff filled it in (its knobs validated by the form)."""
    if Stage.objects.filter(season=stage.season, order=stage.order).exists():
        raise ServiceError(_("Two stages of a season cannot have the same order."))
    stage.save()
    versions.bump_club()
    return stage


@transaction.atomic
def add_division(*, division: Division, members) -> Division:
    """A new division of its season with its members; a player is in one division of a season."""
    if Division.objects.filter(season=division.season, order=division.order).exists():
        raise ServiceError(_("Two divisions of a season cannot have the same order."))
    taken = Player.objects.filter(divisions__season=division.season, pk__in=[player.pk for player in members])
    taken = taken.values_list("name", flat=True)
    if taken:
        raise ServiceError(_("Already in a division of this season: %(names)s.") % {"names": ", ".join(sorted(taken))})
    division.save()
    division.members.set(members)
    versions.bump_club()
    return division
