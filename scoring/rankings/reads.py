"""What the ranking pages read: every player's finishes at the stored events, and the ranking of a
system over them, which is the engine's ``rank_events`` and nothing else.

A tournament of the site counts once it is finished: the event log of its stored rounds
(``eventlog.describe``, the document ``export_event`` writes) has every round it was planned
with (its stages' rounds, else its rounds), and ``finishes`` over ``score_event`` of that log
are its results, exactly as ``manage.py rank_events`` reads them from the exported file. An
event the log cannot describe (sit-outs, substitutes) or the engine refuses does not count. An
imported event counts by the places its EMA file gave."""

from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from django.core.cache import cache

from scoring.caching import versions
from scoring.events import eventlog
from scoring.models import Event, ImportedEvent, ImportedResult, Player
from scoring.records.services import ServiceError
from scoring.rules.rankings import SYSTEMS, Finish, Ranked, System, finishes, last_day, rank_events
from scoring.rules.rankings.rank import ranking_start


def player_key(player: Player) -> str:
    """Who a player is across events, as the event log's ``finishes`` names him: his EMA number
    where it is one (8 digits), else his name."""
    return player.ema_number if eventlog.EMA_NUMBER.fullmatch(player.ema_number) else player.name


@dataclass(frozen=True)
class Source:
    """An event a ranking counts: its page (a site event) or its import, by the name its
    finishes carry."""

    name: str
    last_day: date
    event: Event | None = None
    imported: ImportedEvent | None = None


@dataclass(frozen=True)
class Stored:
    """Every finish of the counted events, who each player key is (``Player``), and the events."""

    finishes: tuple[Finish, ...]
    players: dict[str, Player]
    sources: dict[tuple[str, date], Source]


def planned_rounds(event: Event) -> int:
    """The rounds a tournament is planned with: its stages' together, else its ``rounds``."""
    stages = list(event.stages.all())
    return sum(stage.rounds for stage in stages) if stages else event.rounds or 0


def finished_log(event: Event) -> eventlog.Described | None:
    """The stored tournament described as an event log once every planned round of it is in the
    log (None before, or where the log cannot describe it or the engine refuses it)."""
    try:
        described = eventlog.describe(event)
    except ServiceError:
        return None
    log = described.log
    if log is None or described.result is None:
        return None
    played = sum(len(stage.rounds) for stage in log.stages)
    return described if played >= planned_rounds(event) > 0 else None


def site_events(families: tuple[str, ...] | None = None, player: Player | None = None) -> list[Event]:
    """The tournaments of ``families`` (of ``player``'s), oldest first."""
    events = Event.objects.filter(kind=Event.TOURNAMENT).select_related("ruleset").prefetch_related("stages")
    if families is not None:
        events = events.filter(ruleset__family__in=families)
    if player is not None:
        events = events.filter(entries__player=player)
    return list(events.order_by("date", "pk"))


def imported_events(families: tuple[str, ...] | None = None, player: Player | None = None) -> list[ImportedEvent]:
    events = ImportedEvent.objects.all()
    if families is not None:
        events = events.filter(family__in=families)
    if player is not None:
        events = events.filter(results__player=player)
    return list(events.order_by("last_day", "pk"))


def imported_finishes(
    event: ImportedEvent, results: list[tuple[int, int]], players: dict[int, Player]
) -> tuple[Finish, ...]:
    """An imported event's results (place, player id) as the ranking reads them (its weight as
    imported)."""
    count = (event.last_day - event.date).days + 1
    days = tuple(date.fromordinal(event.date.toordinal() + n) for n in range(count))
    weight = Fraction(event.mers_weight) if event.mers_weight is not None else Fraction(1)
    return tuple(
        Finish(
            player=player_key(players[player]),
            name=players[player].name,
            event=event.name,
            family=event.family,
            ruleset=event.rules,
            days=days,
            place=place,
            field=event.field,
            weight=weight,
        )
        for place, player in results
    )


def _imported(
    found: list[Finish],
    players: dict[str, Player],
    sources: dict[tuple[str, date], Source],
    events: list[ImportedEvent],
) -> None:
    """The imported events' finishes, players and sources added: their results in one query,
    their players in another."""
    rows = ImportedResult.objects.filter(event__in=events).order_by().values_list("event_id", "place", "player_id")
    by_event: dict[int, list[tuple[int, int]]] = {}
    for event_id, place, player_id in rows:
        by_event.setdefault(event_id, []).append((place, player_id))
    people = Player.objects.in_bulk({player for results in by_event.values() for _place, player in results})
    for imported in events:
        results = by_event.get(imported.pk, [])
        found += imported_finishes(imported, results, people)
        players.update((player_key(people[p]), people[p]) for _place, p in results)
        sources[(imported.name, imported.last_day)] = Source(imported.name, imported.last_day, imported=imported)


EVENT_FINISHES_FOR = 7 * 24 * 3600  # seconds; an entry also goes stale when a version token changes


def _site_finishes(events: list[Event]) -> dict[int, tuple[tuple[Finish, ...] | None, tuple[int, ...]]]:
    """Each tournament's finishes (None: it does not count) and its players' ids: from the cache
    while the version keys of its games (its session's), its rounds (its own) and the club's (its
    days, kind, MERS weight) are unchanged, else from its event log, stored for the next time."""
    keys = {e.pk: [versions.CLUB, versions.session(e.session_id), versions.event(e.pk)] for e in events}
    tokens = versions.tokens({key for each in keys.values() for key in each}) if events else {}
    names = {e.pk: "ranking-finishes:" + ".".join([str(e.pk), *(tokens[key] for key in keys[e.pk])]) for e in events}
    known = cache.get_many(list(names.values())) if events else {}
    found, new = {}, {}
    for event in events:
        hit = known.get(names[event.pk])
        if hit is None:
            described = finished_log(event)
            if described is None or described.result is None:
                hit = (None, ())
            else:
                hit = (finishes(described.result), tuple(p.pk for p in described.players))
            new[names[event.pk]] = hit
        found[event.pk] = hit
    if new:
        cache.set_many(new, EVENT_FINISHES_FOR)
    return found


def stored(families: tuple[str, ...] | None = None, player: Player | None = None) -> Stored:
    """The finishes of every counted event of ``families`` (all: None), or only of those
    ``player`` played."""
    found: list[Finish] = []
    players: dict[str, Player] = {}
    sources: dict[tuple[str, date], Source] = {}
    events = site_events(families, player)
    known = _site_finishes(events)
    people = Player.objects.in_bulk({pk for _finished, pks in known.values() for pk in pks})
    for event in events:
        finished, pks = known[event.pk]
        if finished is None:
            continue
        found += finished
        players.update((player_key(people[pk]), people[pk]) for pk in pks)
        sources[(event.name, event.days[-1])] = Source(event.name, event.days[-1], event=event)
    imported = imported_events(families, player)
    if imported:
        _imported(found, players, sources, imported)
    return Stored(tuple(found), players, sources)


@dataclass(frozen=True)
class Ranking:
    """A system's ranking on a day: its lines (``rank_events``), the day its results count from
    (the latest reset, None: no reset), and the stored finishes it was made of."""

    system: System
    on: date | None
    start: date | None
    lines: tuple[Ranked, ...]
    stored: Stored

    def player(self, line: Ranked) -> Player | None:
        return self.stored.players.get(line.player)


def system_for(system: System, *, family: str = "", since: date | None = None) -> System:
    """The system narrowed to one of its families, and reset on ``since`` too."""
    if family and family in system.families:
        system = replace(system, families=(family,))
    if since is not None:
        system = replace(system, resets=(*system.resets, since))
    return system


def ranking(
    system: System, *, on: date | None = None, family: str = "", since: date | None = None, country: str = ""
) -> Ranking:
    """The ranking of ``system`` on ``on`` (None: the last day of any counted event, as
    ``rank_events`` makes it), of one family, reset on ``since``, its lines cut down to the
    players of ``country`` (their ranks stay the whole ranking's)."""
    system = system_for(system, family=family, since=since)
    found = stored(system.families)
    day = on if on is not None else (last_day(found.finishes) if found.finishes else None)
    if day is None:
        return Ranking(system, None, None, (), found)
    lines = rank_events(system, found.finishes, day)
    if country:
        lines = tuple(
            line for line in lines if (p := found.players.get(line.player)) and p.country.upper() == country.upper()
        )
    return Ranking(system, day, ranking_start(system, day), lines, found)


@dataclass(frozen=True)
class Point:
    day: date
    points: Fraction


def history(system: System, player: Player, found: Stored | None = None) -> list[Point]:
    """The player's ranking points on each day one of his results counts from, by the same
    ``rank_events`` over his own finishes (a player's points depend on his results alone);
    ``found``: his stored finishes, read once for every system."""
    key = player_key(player)
    found = found if found is not None else stored(system.families, player)
    mine = tuple(f for f in found.finishes if f.player == key)
    days = sorted({day for f in mine for day in (f.days if system.per_day else f.days[-1:])})
    points = []
    for day in days:
        lines = rank_events(system, mine, day)
        if lines:
            points.append(Point(day, lines[0].points))
    return points


def systems() -> list[System]:
    return list(SYSTEMS.values())
