"""This part's write path: an event held elsewhere imported from its EMA results file, once.
Keyword-only and atomic like ``scoring.records.services``; audited; it bumps the rankings'
version key (and the club's, for the players it adds).

Players are matched by EMA number, then by name (ignoring case) where the staff confirm it; a
player the staff do not match is added to the club with the file's EMA number and country. An
imported event is read-only: a second import of it (same name and last day) is refused, and no
service changes one."""

from dataclasses import dataclass

from django.db import transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.models import AuditEntry, ImportedEvent, ImportedResult, Player
from scoring.records.services import ServiceError
from scoring.records.services.storing import Actor
from scoring.rules import bounds

from .emafile import FileEvent, FileRow

NEW = "new"  # the staff's choice of a new player for a row


@dataclass(frozen=True)
class Proposal:
    """A row of the file and the club's player it may be: by EMA number (taken as is) or by name
    (the staff confirm it)."""

    index: int
    row: FileRow
    by_ema: Player | None
    by_name: Player | None

    @property
    def match(self) -> Player | None:
        return self.by_ema or self.by_name


def propose(event: FileEvent) -> list[Proposal]:
    """Each row with the player it matches: by EMA number, else by name (two queries)."""
    numbers = {row.ema for row in event.rows if row.ema}
    by_ema = {p.ema_number: p for p in Player.objects.filter(ema_number__in=numbers)}
    names = {row.name.lower() for row in event.rows}
    by_name = {p.lower_name: p for p in Player.objects.annotate(lower_name=Lower("name")).filter(lower_name__in=names)}
    return [
        Proposal(index, row, by_ema.get(row.ema) if row.ema else None, by_name.get(row.name.lower()))
        for index, row in enumerate(event.rows)
    ]


def already_imported(event: FileEvent) -> ImportedEvent | None:
    return ImportedEvent.objects.filter(name=event.name, last_day=event.last_day).first()


def _refuse_again(event: FileEvent) -> None:
    found = already_imported(event)
    if found is not None:
        raise ServiceError(
            _("%(name)s of %(day)s is imported already (%(source)s); an imported event is read-only.")
            % {"name": event.name, "day": event.last_day.isoformat(), "source": found.source}
        )


def _new_player(row: FileRow) -> Player:
    """A player added from the file: its name (with the country or a number where the club has a
    player of that name already), EMA number and country."""
    name, number = row.name, 2
    while Player.objects.filter(name__iexact=name).exists():
        suffix = f" ({row.country or number})" if number == 2 and row.country else f" ({number})"
        name, number = f"{row.name[: bounds.MAX_NAME - len(suffix)]}{suffix}", number + 1
    return Player.objects.create(name=name, ema_number=row.ema, country=row.country[:60])


@transaction.atomic
def import_event(
    *, event: FileEvent, choices: dict[int, str], source: str, file_name: str = "", user: Actor
) -> ImportedEvent:
    """Store ``event`` as held elsewhere. ``choices``: for each row matched by name only, the
    matched player's id as text (the staff confirm it) or ``NEW`` (a new player); a row matched by
    EMA number is that player; a row matched by nothing is a new player."""
    source = source.strip()
    if not source or len(source) > 500:
        raise ServiceError(_("Say where the file came from (its address, or who sent it): up to 500 characters."))
    _refuse_again(event)
    players: list[Player] = []
    for proposal in propose(event):
        if proposal.by_ema is not None:
            players.append(proposal.by_ema)
            continue
        choice = choices.get(proposal.index, "")
        if proposal.by_name is not None and choice == str(proposal.by_name.pk):
            players.append(proposal.by_name)
        elif proposal.by_name is not None and choice != NEW:
            raise ServiceError(
                _("Row %(row)s (%(name)s): confirm the club's player of that name or choose a new player.")
                % {"row": proposal.index + 2, "name": proposal.row.name}
            )
        else:
            players.append(_new_player(proposal.row))
    if len({p.pk for p in players}) < len(players):
        raise ServiceError(_("Two rows of the file are matched to one player: choose a new player for one of them."))
    imported = ImportedEvent.objects.create(
        name=event.name,
        family=event.family,
        rules=event.rules,
        date=event.first_day,
        last_day=event.last_day,
        city=event.city,
        country=event.country,
        mers_weight=event.mers_weight,
        field=event.field,
        source=source,
        file_name=file_name[:200],
        imported_by=user if user is not None and user.is_authenticated else None,
    )
    ImportedResult.objects.bulk_create(
        ImportedResult(event=imported, player=player, place=row.place, name_in_file=row.name[:200], ema_in_file=row.ema)
        for player, row in zip(players, event.rows, strict=True)
    )
    AuditEntry.objects.create(
        user=imported.imported_by,
        action=AuditEntry.IMPORT_EVENT,
        after={
            "imported_event": imported.pk,
            "name": imported.name,
            "last_day": imported.last_day.isoformat(),
            "source": source,
            "players": [[row.place, player.pk, row.name] for player, row in zip(players, event.rows, strict=True)],
        },
    )
    versions.bump_rankings()
    versions.bump_club()
    return imported
