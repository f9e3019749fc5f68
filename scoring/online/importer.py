"""Online games into the club's records: names to club players, then the write path.

One file at a time, whole or not at all: read (``mapping.read_online``), online names to
club names (a mapping given with the import, a player's online names, a player of that
name, or a new player where allowed), the site's game log checked against the online log
(``mapping.game_log_document``), stored by ``services.import_document``. Used by
``manage.py import_online`` and the staff upload form alike.
"""

from dataclasses import dataclass, field

from django.db.models.functions import Lower

from scoring.models import Game, HandSeat, OnlineName, Player, Ruleset
from scoring.records import services
from scoring.records.gamelogs import resolve_ruleset
from scoring.rules import PRESETS
from scoring.rules.families import ONLINE, plays_online
from scoring.rules.ruleset import LOBBIES

from . import earlier
from .game import ANONYMOUS, OnlineError, OnlineGame
from .mapping import game_log_document, lobby_ruleset, read_online


@dataclass(frozen=True)
class Options:
    """How files are imported: ``ruleset`` None scores each game under its lobby's preset;
    ``mapping`` online name -> club name (case ignored)."""

    ruleset: str | None = None
    session: str | None = None
    mapping: dict = field(default_factory=dict)
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


def parse_mapping(lines) -> dict:
    """``["tenhou name=Club Name", …]`` -> {online name (casefolded): club name}; ValueError if malformed."""
    mapping = {}
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


def online_players(online_names, site: str | None) -> dict[str, set[Player]]:
    """{online name (casefolded): the players holding it on ``site`` (None: on any site)}, for
    the names asked: the players' online names are the one mapping from online names to players."""
    rows = OnlineName.objects.annotate(lower=Lower("name")).filter(lower__in=[n.lower() for n in online_names])
    if site is not None:
        rows = rows.filter(site=site)
    held: dict[str, set[Player]] = {}
    for row in rows.select_related("player"):
        held.setdefault(row.name.casefold(), set()).add(row.player)
    return held


def club_names(online_names, options: Options, site: str | None = None) -> tuple[list[str | None], list[str]]:
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


def import_file(name: str, data: bytes, options: Options, *, user=None) -> Outcome:
    """Import one online game log; never raises for bad input (the outcome says why). A dry run
    checks every hand even before the names are mapped (under stand-in names) and lists the
    names still to map."""
    try:
        game = read_online(data, name)
        already = stored_as(game)
        if already is not None:
            return Outcome(name, "skipped", game=already)
        ruleset = ruleset_row(lobby_ruleset(game, options.ruleset))
        names, unknown = club_names(game.players, options, site_of(game))
        if unknown and not options.dry_run:
            raise _unmapped_refusal(unknown)
        if options.dry_run:
            stand_ins = [club or f"seat {seat + 1}" for seat, club in enumerate(names)]
            doc = game_log_document(game, stand_ins, ruleset.slug, resolve_ruleset)
            return Outcome(name, "stored", hands=len(doc["hands"]), unmapped=tuple(unknown))
        doc = game_log_document(game, names, ruleset.slug, resolve_ruleset)
        stored = services.import_document(doc=doc, session_name=options.session, user=user)
    except services.AlreadyImported as error:
        return Outcome(name, "skipped", game=error.game)
    except (ValueError, services.ServiceError) as error:  # OnlineError and RuleError are ValueErrors
        return Outcome(name, "refused", message=_one_line(error))
    except Exception as error:  # any other failure: this file is refused, the others go on
        return Outcome(name, "refused", message=f"could not be stored ({type(error).__name__}: {_one_line(error)})")
    return Outcome(name, "stored", game=stored, hands=stored.hand_count)


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


def _one_line(error) -> str:
    return " ".join(str(error).split())[:500] or type(error).__name__
