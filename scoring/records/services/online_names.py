"""A player's online names (Tenhou, Mahjong Soul): the one mapping from an online site's name to
a club player, which the online import and an event round's online games both read. Every
change is audited (the player in ``before`` and ``after``, no game)."""

from collections.abc import Callable, Iterable

from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.models import AuditEntry, OnlineName, Player
from scoring.rules import bounds

from .errors import ServiceError
from .storing import Actor, _audit

# how many names a player keeps on one site
MAX_ONLINE_NAMES = 20


def _site_names(player: Player, site: str) -> list[str]:
    return list(player.online_names.filter(site=site).order_by("pk").values_list("name", flat=True))


def _checked(player: Player, site: str, names: Iterable[str]) -> list[str]:
    """The names, stripped and once each (ignoring case); ServiceError naming the first that is
    not a name or that another player holds on that site."""
    if site not in dict(OnlineName.SITE_CHOICES):
        raise ServiceError(_("There is no online site %(site)s.") % {"site": repr(site[:20])})
    wanted: dict[str, str] = {}
    for raw in names:
        name = raw.strip()
        if not name:
            continue
        problem = bounds.text_problem(name, bounds.MAX_NAME)
        if problem:
            raise ServiceError(_("The name %(name)s %(problem)s.") % {"name": repr(name[:40]), "problem": problem})
        wanted.setdefault(name.casefold(), name)
    if len(wanted) > MAX_ONLINE_NAMES:
        raise ServiceError(_("A player has at most %(count)s online names on a site.") % {"count": MAX_ONLINE_NAMES})
    others = OnlineName.objects.filter(site=site).exclude(player=player).annotate(lower=Lower("name"))
    held = {row.name.casefold(): row for row in others.filter(lower__in=[n.lower() for n in wanted.values()])}
    for key, name in wanted.items():
        if key in held:
            raise ServiceError(
                _("%(name)s is already the %(site)s name of %(player)s: an online name is one player's.")
                % {"name": name, "site": held[key].get_site_display(), "player": held[key].player.name}
            )
    return list(wanted.values())


@transaction.atomic
def set_online_names(*, player: Player, site: str, names: Iterable[str], user: Actor = None) -> list[str]:
    """Make ``names`` the player's names on ``site`` (the others of that site go); ServiceError,
    nothing changed, if one is another player's there. Audited when anything changed."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    wanted = _checked(player, site, names)
    before = _site_names(player, site)
    if before == wanted:
        return before
    player.online_names.filter(site=site).delete()
    _created(lambda: OnlineName.objects.bulk_create(OnlineName(player=player, site=site, name=n) for n in wanted))
    _audited(player, site, before, wanted, user)
    return wanted


@transaction.atomic
def add_online_name(*, player: Player, site: str, name: str, user: Actor = None) -> bool:
    """Give the player ``name`` on ``site`` (staff mapping an online night's unknown name); False
    if it was the player's already; ServiceError if it is another player's there."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    before = _site_names(player, site)
    wanted = _checked(player, site, [*before, name])
    if len(wanted) == len(before):
        return False
    _created(lambda: OnlineName.objects.create(player=player, site=site, name=wanted[-1]))
    _audited(player, site, before, wanted, user)
    return True


def _created(write: Callable[[], object]) -> None:
    """``write``, refused in words if another player took one of its names meanwhile (the unique
    index, between this check and this write)."""
    try:
        with transaction.atomic():
            write()
    except IntegrityError:
        raise ServiceError(str(OnlineName._meta.constraints[0].violation_error_message)) from None


def _audited(player: Player, site: str, before: list[str], after: list[str], user: Actor) -> None:
    _audit(
        game=None,
        user=user,
        action=AuditEntry.ONLINE_NAMES,
        before={"player": player.pk, "site": site, "names": before},
        after={"player": player.pk, "site": site, "names": after},
    )
    versions.bump_player(player.pk)
