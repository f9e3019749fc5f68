"""Online games into the club's records: names to club players, then the write path.

One file at a time, whole or not at all: read (``mapping.read_online``), online names to
club names (a mapping given with the import, a player's online names, a player of that
name, or a new player where allowed), the site's game log checked against the online log
(``mapping.game_log_document``), stored by ``services.import_document``. Used by
``manage.py import_online`` and the staff upload form alike.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

from django.db.models.functions import Lower

from scoring.models import Game, HandSeat, OnlineName, Player, Ruleset
from scoring.records import services
from scoring.records.gamelogs import resolve_ruleset
from scoring.records.services.storing import Actor
from scoring.rules import PRESETS
from scoring.rules.families import ONLINE, plays_online
from scoring.rules.ruleset import LOBBIES

from . import earlier
from .game import ANONYMOUS, OnlineError, OnlineGame
from .mapping import game_log_document, lobby_ruleset, read_online, room_rules
from .rooms import RoomRules, is_room


@dataclass(frozen=True)
class Options:
    """How files are imported: ``ruleset`` None scores each game under its lobby's preset;
    ``mapping`` online name -> club name (case ignored)."""

    ruleset: str | None = None
    session: str | None = None
    mapping: dict[str, str] = field(default_factory=dict)
    create_players: bool = False
    dry_run: bool = False


@dataclass(frozen=True)
class Outcome:
    """What became of one file: ``stored`` (or, in a dry run, would be), ``skipped`` (the game
    is in the records already: ``game``), or ``refused`` with the one-line ``message``."""

    name: str
    status: str
    message: str = ""
    game: Game | None = None
    hands: int = 0
    unmapped: tuple[str, ...] = ()  # in a dry run: the online names still to map to club players
    notes: tuple[str, ...] = ()  # what the summary says beside it: names told apart, chips, a room's rules
    room: RoomRules | None = None  # refused: the values of its room that reproduce the log's results


class RoomRefusal(OnlineError):
    """A game its lobby's preset does not reproduce, nor any room's rules the club has; ``room``
    the values that would (None if none do)."""

    def __init__(self, message: str, room: RoomRules | None):
        super().__init__(message)
        self.room = room


def parse_mapping(lines: Iterable[str]) -> dict[str, str]:
    """``["tenhou name=Club Name", …]`` -> {online name (casefolded): club name}; ValueError if malformed."""
    mapping: dict[str, str] = {}
    for line in lines:
        online, sep, club = line.partition("=")
        if not sep or not online.strip() or not club.strip():
            raise ValueError(f'a mapping is "online name=Club Name", not {line[:60]!r}')
        mapping[online.strip().casefold()] = club.strip()
    return mapping


def ruleset_row(slug: str) -> Ruleset:
    """The ruleset to score with; ValueError naming the choices if there is none of that slug."""
    if slug in PRESETS:
        return Ruleset.objects.preset(slug)
    row = Ruleset.objects.filter(slug=slug, family__in=ONLINE).first()
    if row is None:
        known = ", ".join(s for s, r in PRESETS.items() if plays_online(r))
        raise ValueError(f"unknown riichi ruleset {slug[:40]!r}; the presets are {known}, or a club ruleset's slug")
    return row


# the online site of a lobby's preset (``LOBBIES``: "Tenhou", "Mahjong Soul") -> an online name's site
SITES = {"Tenhou": OnlineName.TENHOU, "Mahjong Soul": OnlineName.MAHJONG_SOUL}


def site_of(game: OnlineGame) -> str | None:
    """The site ``game`` was played on, by the lobby its log names (None: the log does not say)."""
    return SITES.get(LOBBIES.get(game.lobby or "", ""))


def online_players(online_names: Iterable[str], site: str | None) -> dict[str, set[Player]]:
    """{online name (casefolded): the players holding it on ``site`` (None: on any site)}, for
    the names asked: the players' online names are the one mapping from online names to players."""
    rows = OnlineName.objects.annotate(lower=Lower("name")).filter(lower__in=[n.lower() for n in online_names])
    if site is not None:
        rows = rows.filter(site=site)
    held: dict[str, set[Player]] = {}
    for row in rows.select_related("player"):
        held.setdefault(row.name.casefold(), set()).add(row.player)
    return held


def club_names(
    online_names: Sequence[str], options: Options, site: str | None = None
) -> tuple[list[str | None], list[str]]:
    """The club player each online name is (None: nobody yet), and the names that are nobody's:
    an explicit mapping, else a player's online name on ``site`` (any site if the log does not
    say), else a player of that name. An anonymous online name (Tenhou's "NoName") is a club
    player only by an explicit mapping: it is never matched by name or online name, nor created."""
    aliases = {key: {p.name for p in players} for key, players in online_players(online_names, site).items()}
    wanted = {n.casefold() for n in online_names} | {v.casefold() for v in options.mapping.values()}
    players = {p.name.casefold(): p.name for p in Player.objects.annotate(lower=Lower("name")).filter(lower__in=wanted)}
    names, unknown = [], []
    for online in online_names:
        key = online.casefold()
        if key in options.mapping:
            club = options.mapping[key]
            name = players.get(club.casefold(), club if options.create_players else None)
        elif key in ANONYMOUS:
            name = None
        elif key in aliases:
            if len(aliases[key]) > 1:
                both = " and ".join(sorted(aliases[key]))
                raise OnlineError(f"the online name {online!r} is an online name of {both}: keep it on one player only")
            name = next(iter(aliases[key]))
        else:
            name = players.get(key, online if options.create_players else None)
        if name is None:
            unknown.append(online)
        names.append(name)
    return names, unknown


def _unmapped_refusal(unknown: list[str]) -> OnlineError:
    anonymous = [n for n in unknown if n.casefold() in ANONYMOUS]
    return OnlineError(
        "not club players: "
        + ", ".join(repr(n) for n in unknown)
        + '; map each to a club player ("online name=Club Name", or the player\'s online names on their page)'
        + (
            f" ({anonymous[0]!r} is the name the online site gives every anonymous player: never one club player)"
            if anonymous
            else " or allow creating players"
        )
    )


def import_file(name: str, data: bytes, options: Options, *, user: Actor = None) -> Outcome:
    """Import one online game log; never raises for bad input (the outcome says why). A dry run
    checks every hand even before the names are mapped (under stand-in names) and lists the
    names still to map."""
    room = None
    try:
        game = read_online(data, name)
        already = stored_as(game)
        if already is not None:
            return Outcome(name, "skipped", game=already)
        names, unknown = club_names(game.players, options, site_of(game))
        labels = [club or online for club, online in zip(names, game.players, strict=True)]
        ruleset = ruleset_row(choose_ruleset(game, options.ruleset, labels))
        if unknown and not options.dry_run:
            raise _unmapped_refusal(unknown)
        notes = _notes(game, ruleset)
        if options.dry_run:
            stand_ins = [club or f"seat {seat + 1}" for seat, club in enumerate(names)]
            doc = game_log_document(game, stand_ins, ruleset.slug, resolve_ruleset)
            return Outcome(name, "stored", hands=len(doc["hands"]), unmapped=tuple(unknown), notes=notes)
        mapped = cast(list[str], names)  # every name is a club player's (the refusal above)
        doc = game_log_document(game, mapped, ruleset.slug, resolve_ruleset)
        stored = services.import_document(doc=doc, session_name=options.session, user=user)
    except services.AlreadyImported as error:
        return Outcome(name, "skipped", game=error.game)
    except RoomRefusal as error:
        room = error.room
        return Outcome(name, "refused", message=_one_line(error), room=room)
    except (ValueError, services.ServiceError) as error:  # OnlineError and RuleError are ValueErrors
        return Outcome(name, "refused", message=_one_line(error))
    except Exception as error:  # any other failure: this file is refused, the others go on
        return Outcome(name, "refused", message=f"could not be stored ({type(error).__name__}: {_one_line(error)})")
    return Outcome(name, "stored", game=stored, hands=stored.hand_count, notes=notes)


def choose_ruleset(game: OnlineGame, chosen: str | None, labels: list[str] | None = None) -> str:
    """The slug to score ``game`` under: ``chosen``, else its lobby's preset when that reproduces
    the log, else a room's rules the club made (a ``…-room`` copy of a preset of that lobby) that
    does; RoomRefusal otherwise, with the values that would (``rooms.fit``). ``labels`` name the
    players in a refusal (their club names where known)."""
    slug = lobby_ruleset(game, chosen)
    if chosen or not game.lobby:
        return slug
    stand_ins = labels or [f"seat {seat + 1}" for seat in range(game.seats)]
    try:
        game_log_document(game, stand_ins, slug)
        return slug
    except OnlineError as refusal:
        problem = _one_line(refusal)
    for copy in room_copies(game):
        try:
            game_log_document(game, stand_ins, copy, resolve_ruleset)
            return copy
        except ValueError:
            continue
    raise _room_refusal(game, problem, room_rules(game))


def room_copies(game: OnlineGame) -> list[str]:
    """The slugs of the rooms' rules the club made from a preset of ``game``'s lobby."""
    site = LOBBIES.get(game.lobby or "")
    presets = [slug for slug, lobby in LOBBIES.items() if lobby == site]
    rows = Ruleset.objects.filter(based_on__in=presets, slug__contains="-room").order_by("slug")
    return [slug for slug in rows.values_list("slug", flat=True) if is_room(slug)]


def _room_refusal(game: OnlineGame, problem: str, room: RoomRules | None) -> RoomRefusal:
    preset = PRESETS[game.lobby or ""].name
    if game.room:
        ranked = "Tenhou's ranked rules" if LOBBIES[game.lobby or ""] == "Tenhou" else f"those of {preset}"
        head = f"{game.room} plays by rules of its own, not {ranked}"
        found = f"its results are reproduced by {', '.join(room.described())}" if room else ""
        detail = f"under {preset}: {problem}"
        if found:
            return RoomRefusal(f"{head}: {found} — create this room's rules and import again ({detail})", room)
        return RoomRefusal(f"{head}, and no start, uma, oka or length reproduces its results ({detail})", None)
    if room:
        values = ", ".join(room.described())
        return RoomRefusal(
            f"{problem} — a room of rules of its own: {values} reproduce its results; create this room's "
            "rules and import again",
            room,
        )
    return RoomRefusal(problem, None)


def _notes(game: OnlineGame, ruleset: Ruleset) -> tuple[str, ...]:
    notes = []
    if game.renamed:
        told = ", ".join(repr(name) for name in game.renamed)
        notes.append(f"two seats had the same online name: told apart as {told}")
    if game.chips is not None:
        notes.append("a chip lobby's game: its chips are kept with it (its comment), not in the score")
    if is_room(ruleset.slug):
        notes.append(f"scored under this room's rules: {ruleset.name}")
    return tuple(notes)


def stored_as(game: OnlineGame) -> Game | None:
    """The game of the records that ``game`` is: stored under its identity, or under one its file
    had before identities came from the content (``earlier``); a site's reference of those
    ("online:<ref>") names it only if its hands paid what the online rounds paid."""
    for stored in Game.objects.filter(source__in=game.sources).order_by("pk"):
        if not stored.source.startswith(earlier.REFERENCE) or _same_hands(stored, game):
            return stored
    return None


def _same_hands(stored: Game, game: OnlineGame) -> bool:
    deltas = HandSeat.objects.filter(hand__game=stored).order_by("hand__number", "seat__seat")
    return list(deltas.values_list("delta", flat=True)) == [d for r in game.rounds for d in r.paid]


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())[:500] or type(error).__name__
