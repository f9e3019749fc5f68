"""Which online games an event round takes as its tables, and why not the others: pure, over
plain values (no database), so every reason is a table-driven test.

A game is taken when every seat is a club player (by the online name the seat played under),
every one of them is on the event's list, the event seats tables of that many players, no
player of it already sits at a table of the round (an evening's second game of the same
players goes into the next round), and it is not already an event's table. The games are
decided in the order given (the evening's play order), so of two games of one player the
earlier is taken."""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Reason(StrEnum):
    TAKE = "take"  # becomes a table of the round
    IN_ROUND = "in_round"  # a table of this round already: nothing to do
    ELSEWHERE = "elsewhere"  # a table of another round (of this or another event)
    UNKNOWN = "unknown"  # online names no club player holds (``names``): map them first
    NOT_ENTERED = "not_entered"  # club players not on the event's list (``names``)
    SEATS = "seats"  # the event seats no table of this many players
    SEATED = "seated"  # players already at another table of this round (``names``)
    TWICE = "twice"  # one player in two seats


@dataclass(frozen=True)
class Candidate:
    """One game: ``key`` (a stored game's id, or an uploaded file's name), the name of each seat
    (its online name, or the club name of a stored game), the club player of each seat (None:
    nobody holds that online name yet), and where it is a table already (None: nowhere; else the
    round's id)."""

    key: str
    names: tuple[str, ...]
    players: tuple[int | None, ...]
    round_id: int | None = None
    site: str | None = None  # the online site its log names (None: it does not say)


@dataclass(frozen=True)
class Verdict:
    key: str
    reason: Reason
    names: tuple[str, ...] = ()  # the seats' names the reason is about
    players: tuple[int, ...] = ()  # a taken game's players, East first
    site: str | None = None

    @property
    def taken(self) -> bool:
        return self.reason == Reason.TAKE


def match(
    candidates: Iterable[Candidate],
    *,
    round_id: int | None,
    entrants: frozenset[int],
    sizes: frozenset[int],
    seated: Mapping[int, int] | None = None,
) -> list[Verdict]:
    """A verdict per candidate, in their order: ``round_id`` the round taking them (None: a new
    one), ``entrants`` the players on the event's list, ``sizes`` the table sizes the event
    seats (4, and 3 with a three-player ruleset), ``seated`` player -> the table of the round
    they already sit at."""
    busy = dict(seated or {})
    verdicts = []
    for game in candidates:
        verdict = _verdict(game, round_id, entrants, sizes, busy)
        if verdict.taken:
            busy.update((p, -1) for p in verdict.players)
        verdicts.append(verdict)
    return verdicts


def _verdict(
    game: Candidate, round_id: int | None, entrants: frozenset[int], sizes: frozenset[int], busy: Mapping[int, int]
) -> Verdict:
    if game.round_id is not None:
        return Verdict(game.key, Reason.IN_ROUND if game.round_id == round_id else Reason.ELSEWHERE)
    unknown = _names(game, lambda p: p is None)
    if unknown:
        return Verdict(game.key, Reason.UNKNOWN, unknown, site=game.site)
    players = tuple(p for p in game.players if p is not None)
    if len(players) not in sizes:
        return Verdict(game.key, Reason.SEATS)
    if len(set(players)) != len(players):
        return Verdict(game.key, Reason.TWICE, _names(game, lambda p: players.count(p) > 1))
    outside = _names(game, lambda p: p not in entrants)
    if outside:
        return Verdict(game.key, Reason.NOT_ENTERED, outside)
    again = _names(game, lambda p: p in busy)
    if again:
        return Verdict(game.key, Reason.SEATED, again)
    return Verdict(game.key, Reason.TAKE, players=players)


def _names(game: Candidate, which) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n for n, p in zip(game.names, game.players, strict=True) if which(p)))


def unknown_names(verdicts: Sequence[Verdict]) -> list[tuple[str | None, str]]:
    """Every online name still to map, with the site its game was played on (None: the log does
    not say), once each (ignoring case), in the order first met."""
    found: dict[tuple[str | None, str], tuple[str | None, str]] = {}
    for verdict in verdicts:
        if verdict.reason == Reason.UNKNOWN:
            for name in verdict.names:
                found.setdefault((verdict.site, name.casefold()), (verdict.site, name))
    return list(found.values())
