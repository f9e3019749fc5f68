"""The club's named rows the services create: a copy of a ruleset, a player or a session found
or created by its name."""

from datetime import date as Date

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.models import ClubSession, Player, Ruleset
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError, bounds

from .errors import ServiceError


@transaction.atomic
def copy_ruleset(*, ruleset: Ruleset) -> Ruleset:
    """A club copy of ``ruleset`` (slug ``…-copy``, ``…-copy-2`` …) to change knobs on, with every
    knob the engine has (those added since the row was stored at their preset's values); it
    remembers the preset it derives from."""
    slug, number = f"{ruleset.slug}-copy", 2
    while Ruleset.objects.filter(slug=slug).exists():
        slug, number = f"{ruleset.slug}-copy-{number}", number + 1
    versions.bump_club()
    return Ruleset.objects.create(
        slug=slug,
        name=_("%(name)s (copy)") % {"name": ruleset.name},
        family=ruleset.family,
        based_on=ruleset.based_on,
        knobs=ruleset.to_rules().knobs(),
        description=ruleset.description,
    )


@transaction.atomic
def room_ruleset(*, based_on: str, name: str, changes: dict[str, object], description: str = "") -> Ruleset:
    """A club copy of the online lobby's preset ``based_on`` holding a room's own values
    (``changes``: start, return, uma, ties, rounding, length), slug ``<preset>-room`` (``-room-2``
    …): the online import tries it for that lobby's games their preset does not reproduce, and
    compares their results as a lobby's. The copy with the same values, if there is one already;
    ServiceError if a value is not a valid knob."""
    rules = Ruleset.objects.preset(based_on).to_rules()
    problem = bounds.text_problem(name, 80)
    if problem:
        raise ServiceError(_("The name %(name)s %(problem)s.") % {"name": repr(name[:40]), "problem": problem})
    try:
        knobs = rules.with_overrides(changes).knobs()
    except RuleError as error:
        raise ServiceError(rule_message(error)) from None
    for row in Ruleset.objects.filter(based_on=based_on, slug__startswith=f"{based_on}-room"):
        if row.knobs == knobs:
            return row
    slug, number = f"{based_on}-room", 2
    while Ruleset.objects.filter(slug=slug).exists():
        slug, number = f"{based_on}-room-{number}", number + 1
    versions.bump_club()
    return Ruleset.objects.create(
        slug=slug, name=name, family=rules.family, based_on=based_on, knobs=knobs, description=description
    )


def _named[Named: (Player, ClubSession)](model: type[Named], name: str, limit: int, **defaults: object) -> Named:
    """The row of ``model`` with that name (ignoring case), created if there is none. Two
    callers creating the same new name at once get the same row: the loser of the race
    finds the winner's once the unique index lets it in."""
    problem = bounds.text_problem(name, limit)
    if problem:
        raise ServiceError(_("The name %(name)s %(problem)s.") % {"name": repr(name[:40]), "problem": problem})
    found = model.objects.filter(name__iexact=name).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return model.objects.create(name=name, **defaults)
    except IntegrityError:
        return model.objects.get(name__iexact=name)


def player_named(name: str) -> Player:
    """The player of that name (ignoring case), created if the club has none."""
    return _named(Player, name, bounds.MAX_NAME)


def session_named(name: str, *, date: Date | None = None, kind: str | None = None) -> ClubSession:
    """The session of that name (ignoring case), created (dated ``date``, of ``kind``) if the
    club has none."""
    return _named(
        ClubSession, name, bounds.MAX_SESSION_NAME, date=date or timezone.localdate(), kind=kind or ClubSession.CASUAL
    )
