"""The write path of an online night: an evening's online games become an event round's
tables (``take_online_games``), as ``scoring.events.services`` writes the rounds it draws; the
decision is ``matching``'s, pure."""

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date as date_type
from datetime import time as time_type

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.events.services import ServiceError, _locked_event, _next_round
from scoring.models import Event, EventRound, EventTable, Game, Player
from scoring.online import importer as online_import
from scoring.online.game import OnlineGame
from scoring.online.mapping import read_online
from scoring.records import services as records

from .matching import Candidate, Verdict, match


@dataclass(frozen=True)
class Taken:
    """What ``take_online_games`` did: the round (None if nothing was taken and no round was
    given), each game's verdict in play order (``matching.Verdict``, keyed by a stored game's
    id or a file's name), the stored game of each key, and the files the import refused
    (name -> why)."""

    round_: EventRound | None
    verdicts: list[Verdict]
    games: dict[str, Game]
    refused: dict[str, str]

    @property
    def taken(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.taken and v.key not in self.refused]


@dataclass(frozen=True)
class _Log:
    """An uploaded file read: its online game, its bytes (to import it if taken), its stored game."""

    game: OnlineGame
    data: bytes
    stored: Game | None


def _candidate(game: Game) -> Candidate:
    seats = sorted(game.seats.all(), key=lambda s: s.seat)
    table = getattr(game, "event_table", None)
    return Candidate(
        str(game.pk), tuple(s.player.name for s in seats), tuple(s.player_id for s in seats), table and table.round_id
    )


def _file_candidate(name: str, log: _Log) -> Candidate:
    if log.stored is not None:
        return replace(_candidate(log.stored), key=name)
    site = online_import.site_of(log.game)
    clubs, _unknown = online_import.club_names(log.game.players, online_import.Options(), site)
    ids = {p.name.casefold(): p.pk for p in Player.objects.filter(name__in=[c for c in clubs if c])}
    players = tuple(ids.get(c.casefold()) if c else None for c in clubs)
    return Candidate(name, log.game.players, players, site=site)


def _played(game: OnlineGame | Game) -> tuple:
    """The play order: by date, then start (a game that does not say goes last)."""
    return (game.date or date_type.max, game.start or time_type.max)


def _read(
    files: Iterable[tuple[str, bytes]],
    logs: dict[str, _Log],
    stored: dict[str, Game],
    refused: dict[str, str],
    order: dict[str, tuple],
) -> list[Candidate]:
    """The uploaded files as candidates (each read into ``logs``, its stored game into
    ``stored``, its play order into ``order``); a file that is no log, or names a player two
    players hold, into ``refused`` with why."""
    candidates = []
    for given, data in files:
        name, copy = given, 1
        while name in logs or name in refused or name in stored:  # two files of one name (in two zips)
            copy += 1
            name = f"{given} ({copy})"
        try:
            online = read_online(data, name)
            log = _Log(online, data, online_import.stored_as(online))
            if log.stored is not None:
                log = replace(log, stored=Game.objects.select_related("event_table").get(pk=log.stored.pk))
            candidate = _file_candidate(name, log)
        except ValueError as error:  # an OnlineError: not a log, one the readers refuse, a name of two players
            refused[name] = " ".join(str(error).split())[:500]
            continue
        if log.stored is not None:
            stored[name] = log.stored
        logs[name], order[name] = log, _played(online)
        candidates.append(candidate)
    return candidates


@transaction.atomic
def take_online_games(
    *,
    event: Event,
    round_number: int | None = None,
    games: Iterable[Game] = (),
    files: Iterable[tuple[str, bytes]] = (),
    event_rules: bool = False,
    user=None,
) -> Taken:
    """An online night: the online games of an evening (stored ``games``, and ``files`` uploaded
    straight into the round, imported only if taken) become tables of round ``round_number``
    (None: a new round after the last, not drawn but taken) when their players are the event's
    entrants by their online names (``matching``); each game taken is moved into the event's
    session (a tournament game in a tournament), as a game played in the room. A file is scored
    under its lobby's preset (as the online import does), or with ``event_rules`` under the
    event's ruleset for its table (faithful or refused, as always). A game already a
    table of the round is left as it is: taking the same games twice does nothing twice. The
    event's row stays locked until the end."""
    event = _locked_event(event.pk)
    round_ = None
    if round_number is not None:
        round_ = event.round_set.filter(number=round_number).first()
        if round_ is None:
            raise ServiceError(_("This event has no round %(number)s.") % {"number": round_number})
        if round_.started_at is None:
            raise ServiceError(
                _("Round %(number)s is drawn and not started: start it, or take the online games into a new round.")
                % {"number": round_.number}
            )
    stored: dict[str, Game] = {}
    refused: dict[str, str] = {}
    order: dict[str, tuple] = {}
    candidates: list[Candidate] = []
    rows = (
        Game.objects.filter(pk__in=[g.pk for g in games])
        .select_related("event_table")
        .prefetch_related("seats__player")
    )
    for game in rows:
        if not game.is_online or game.status != Game.FINISHED:
            refused[str(game.pk)] = _("not a finished online game")
            continue
        stored[str(game.pk)], order[str(game.pk)] = game, _played(game)
        candidates.append(_candidate(game))
    logs: dict[str, _Log] = {}
    candidates += _read(files, logs, stored, refused, order)
    candidates.sort(key=lambda c: (order[c.key], c.key))
    seated = {p: t.number for t in round_.tables.all() for p in t.players} if round_ else {}
    verdicts = match(
        candidates,
        round_id=round_ and round_.pk,
        entrants=frozenset(event.entries.values_list("player_id", flat=True)),
        sizes=frozenset(s for s in (event.seats, event.rest_seats) if s),
        seated=seated,
    )
    for verdict in verdicts:
        if not verdict.taken:
            continue
        game = stored.get(verdict.key)
        if game is None:
            log = logs[verdict.key]
            ruleset = event.ruleset_for(log.game.seats).slug if event_rules else None
            options = online_import.Options(ruleset=ruleset, session=event.session.name)
            outcome = online_import.import_file(verdict.key, log.data, options, user=user)
            if outcome.game is None or outcome.status != "stored":
                refused[verdict.key] = outcome.message or _("not stored")
                continue
            game = stored[verdict.key] = outcome.game
        if round_ is None:
            round_ = _online_round(event, game)
        _take(event, round_, game, list(verdict.players), user)
    if round_ is not None:
        versions.bump_event(event.pk)
    return Taken(round_, verdicts, stored, refused)


def _online_round(event: Event, first: Game) -> EventRound:
    """A new round after the last, taken from online games: started, its day the first game's
    (if it is one of the event's days)."""
    last = event.round_set.order_by("-number").first()
    if last is not None and last.started_at is None:
        raise ServiceError(
            _("Round %(number)s is drawn and not started: start it, or take the online games into a new round.")
            % {"number": last.number}
        )
    round_ = _next_round(event)
    round_.method, round_.started_at = EventRound.ONLINE, timezone.now()
    round_.day = event.day_of(first.date) if first.date else round_.day
    round_.save()
    return round_


def _take(event: Event, round_: EventRound, game: Game, players: list[int], user) -> None:
    """``game`` becomes the round's next table, in the event's session as a game of the room."""
    number = (round_.tables.aggregate(last=Max("number"))["last"] or 0) + 1
    EventTable.objects.create(round=round_, number=number, players=players, game=game)
    if game.session_id != event.session_id or game.tournament != event.is_tournament:
        records.change_game(game=game, session=event.session, tournament=event.is_tournament, user=user)
    else:
        versions.bump(game)
