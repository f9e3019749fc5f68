"""Version keys: a token per thing a page shows, changed whenever that thing changes.

A page depends on a few keys (``pages.cached``); its cache entry and its ETag are keyed on
their current tokens, so bumping a key makes every page that shows it stale at once, on
every app server. The keys:

- ``family(f)``: the boards, ratings and every finished game of rule family ``f``;
- ``game(id)``: one game's page (its hands, standings, status);
- ``session(id)``: a night's page (its games' running scores too);
- ``player(id)``: a player's page (recent games, in progress too, but no running score);
- ``event(id)``: an event's pages (its list and check-in, its rounds' draws, seats and
  clocks);
- ``standing(session_id)``: what a session's games settled: each game's end and its fouls
  (chombos, penalties), which the event standings and the round's state (playing, finished)
  show; a plain hand leaves it, so a spectator's event page, room view and standings stay
  304 while hands are recorded at the tables. The running scores at one table are that
  table's game key (an event's table page), never the event's;
- ``GAMES``: the games list (status, no score); ``CLUB``: names and dates every page may show
  (players, sessions, seasons, rulesets);
- ``RANKINGS``: the events held elsewhere that the rankings across events count (an import);
  the rankings also follow the ``family`` keys of the families they rank (a finished or
  corrected game of a tournament) and ``CLUB`` (an event's days, kind or MERS weight).

A page that starts showing running scores of games in progress must depend on their
``game`` or ``session`` key: a hand that does not end its game bumps only those.

The tokens are rows of the database (``PageVersion``), not cache entries: the write path's
``bump(game, …)`` or ``bump_club()`` writes them with one plain statement inside the write's
own transaction. So a failure there raises and rolls the write back (a cache would swallow
it), a write that commits has moved its pages' tokens in the same commit, and a reader sees
the new rows and the new tokens together, never one without the other. ``tokens`` reads any
number of keys with one query; a key never bumped has the token ``UNSEEN``.

For the table page's live polling: ``game_version(game_id)`` is a string that changes
whenever anything on that game's page changes.
"""

import secrets
from collections.abc import Iterable
from typing import Protocol

from scoring.caching.models import PageVersion

CLUB = "club"
GAMES = "games"
RANKINGS = "rankings"
UNSEEN = "0"  # the token of a key no write has bumped yet


def family(name: str) -> str:
    return f"family:{name}"


def game(game_id: int) -> str:
    return f"game:{game_id}"


def session(session_id: int) -> str:
    return f"session:{session_id}"


def player(player_id: int) -> str:
    return f"player:{player_id}"


def event(event_id: int) -> str:
    return f"event:{event_id}"


def standing(session_id: int) -> str:
    return f"standing:{session_id}"


def _new_token() -> str:
    """Random, so app servers with different clocks never make the same one."""
    return secrets.token_hex(8)


def tokens(keys: Iterable[str]) -> dict[str, str]:
    """The current token of each key, in one query."""
    keys = list(keys)
    found = dict(PageVersion.objects.filter(key__in=keys).values_list("key", "token"))
    return {key: found.get(key, UNSEEN) for key in keys}


def game_page(game_id: int) -> list[str]:
    """The keys of what a game's pages show."""
    return [CLUB, game(game_id)]


def game_version(game_id: int) -> str:
    """A string that changes whenever anything shown on the game's pages changes."""
    return ".".join(tokens(game_page(game_id)).values())


def _bump(keys: list[str]) -> None:
    """New tokens for ``keys``, in one statement of the caller's transaction (the keys in one
    order, so that two writes lock their rows in the same order)."""
    PageVersion.objects.bulk_create(
        [PageVersion(key=key, token=_new_token()) for key in sorted(set(keys))],
        update_conflicts=True,
        unique_fields=["key"],
        update_fields=["token"],
    )


class _Seats(Protocol):
    def values_list(self, field: str, /, *, flat: bool) -> Iterable[int]: ...


class _Ruleset(Protocol):
    @property
    def family(self) -> str: ...


class GameRow(Protocol):
    """What ``bump`` reads of a game (the caching imports no model of the records)."""

    @property
    def pk(self) -> int: ...
    @property
    def session_id(self) -> int | None: ...
    @property
    def seats(self) -> _Seats: ...
    @property
    def ruleset(self) -> _Ruleset: ...


def bump(game_row: GameRow, *, scores_only: bool = False) -> None:
    """Something about ``game_row`` changed: its page, its session's, and unless
    ``scores_only`` (a hand without a foul recorded in a game that goes on: only the running
    scores moved, which only the game, session and event table pages show) its session's
    standing (the event standings, the round's state), the games list, its players' pages and
    its family's boards."""
    keys = [game(game_row.pk)]
    if game_row.session_id:
        keys.append(session(game_row.session_id))
    if not scores_only:
        players = game_row.seats.values_list("player_id", flat=True)
        keys += [GAMES, family(game_row.ruleset.family), *(player(pk) for pk in players)]
        if game_row.session_id:
            keys.append(standing(game_row.session_id))
    _bump(keys)


def bump_event(event_id: int) -> None:
    """The event's list, check-in, draw, seats or round clock changed."""
    _bump([event(event_id)])


def bump_family(name: str) -> None:
    """The ratings or boards of a whole family changed (a recompute)."""
    _bump([family(name)])


def bump_player(player_id: int) -> None:
    """Something only a player's own page shows changed (their online names)."""
    _bump([player(player_id)])


def bump_club() -> None:
    """A name or date shown on many pages changed (a player, session, season or ruleset)."""
    _bump([CLUB])


def bump_rankings() -> None:
    """An event held elsewhere was imported: every ranking across events may change."""
    _bump([RANKINGS])
