"""A room's rules from its own log: Tenhou's private lobbies, Mahjong Soul's contest rooms and a
ranked room of a season whose rules no preset has play with their own start, uma, oka and length.
Where a game's log does not import exactly under its lobby's preset, ``fit`` looks for the values
that reproduce the log's own results — the start every player had in the first round, the length
(the log's East-only flag, or the other), whether the dealer repeats, then the return points (and
so the oka), the uma, how ties share it and how results are rounded, first those the log states (a
private lobby's ``csrule``) — each tried by replaying every hand and comparing the results with
the log's. Staff then make a club copy of the lobby's preset with those values ("… (this room's
rules)", slug ``<preset>-room``), and every game of that room imports exactly under it. Pure
Python."""

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from scoring.rules import PRESETS, RuleSet
from scoring.rules.families import family_of
from scoring.rules.ruleset import LOBBIES
from scoring.rules.vocabulary import ResultRounding, UmaTies

from .game import OnlineGame

# a club copy of a lobby's preset holding a room's rules: the importer tries these when a game of
# that lobby does not import exactly under its preset, and compares their results as a lobby's
ROOM_SLUG = re.compile(r"(?P<base>[a-z0-9-]+?)-room(?:-\d+)?")
RESULTS_DIFFER = "the results differ"
# the knobs a room may set, in the order they are shown
KNOBS = ("start_points", "return_points", "uma", "uma_ties", "result_rounding", "rounds", "dealer_repeats")
# the uma of rooms seen in real logs (Tenhou's, half of it, Mahjong Soul's, its contests' 30/10)
UMAS = {
    4: (
        (15000, 5000, -5000, -15000),
        (20000, 10000, -10000, -20000),
        (10000, 5000, -5000, -10000),
        (30000, 10000, -10000, -30000),
        (0, 0, 0, 0),
    ),
    3: ((20000, 0, -20000), (15000, 0, -15000), (10000, 0, -10000), (0, 0, 0)),
}


@dataclass(frozen=True)
class RoomRules:
    """The values that reproduce a room's results: ``base`` the lobby's preset they change,
    ``changes`` (knob, value as a ruleset stores it) where they differ from it, ``room`` the room
    the log names ("" for a ranked room of its own season)."""

    base: str
    changes: tuple[tuple[str, object], ...]
    room: str = ""

    @property
    def knobs(self) -> dict[str, object]:
        """The changes as a ruleset's knobs store them (an uma as a list)."""
        return {knob: list(value) if isinstance(value, tuple) else value for knob, value in self.changes}

    @property
    def base_name(self) -> str:
        return PRESETS[self.base].name

    @property
    def name(self) -> str:
        """The club copy's suggested name."""
        return f"{self.room or PRESETS[self.base].name} (this room's rules)"[:80]

    def described(self) -> list[str]:
        """Each value in words: "start 30,000", "uma +15,000/+5,000/−5,000/−15,000" …"""
        words = []
        for knob, value in self.changes:
            if knob == "uma":
                words.append("uma " + "/".join(f"{u:+,}" for u in value))  # type: ignore[attr-defined]
            elif knob == "dealer_repeats":
                words.append("the deal passes after every hand (no dealer repeats)")
            elif knob == "rounds":
                words.append("East-only" if value == 1 else "hanchan (East and South)")
            elif knob == "uma_ties":
                words.append("tied players share their places" if value == UmaTies.SHARE else "ties by seat order")
            elif knob == "result_rounding":
                words.append("results in whole thousands" if value == ResultRounding.THOUSANDS else "exact results")
            else:
                words.append(f"{knob.split('_')[0]} {value:,}")
        return words


def is_room(slug: str | None) -> bool:
    """A club copy holding a room's rules, by its slug ("tenhou-room", "mahjong-soul-room-2")."""
    found = ROOM_SLUG.fullmatch(slug or "")
    return found is not None and found.group("base") in LOBBIES


def fit(game: OnlineGame, replay: Callable[[dict[str, Any]], str]) -> RoomRules | None:
    """The values of a room that reproduce ``game``'s own results under its lobby's preset, or
    None (no lobby, no results, a log that does not start at East 1 with everyone equal, or no
    values found). ``replay(changes)`` scores the game under the preset with those knobs changed
    and returns "" when every hand, the final scores and the results are the log's, else why not."""
    first = game.rounds[0]
    if game.lobby not in PRESETS or game.results is None or len(set(first.scores)) != 1:
        return None
    if first.rotation or first.counters or first.sticks:
        return None
    base = PRESETS[game.lobby]
    start, length = first.scores[0], 1 if game.east_only else 2
    stated = dict(game.stated)
    hands = None
    for repeats in (True, False):
        for rounds in (length, 3 - length):
            tried = {"start_points": start, "rounds": rounds, "dealer_repeats": repeats}
            problem = replay(tried)
            if not problem or problem.startswith(RESULTS_DIFFER):
                hands = tried
                break
        if hands:
            break
    if hands is None:
        return None
    for results in _candidates(base, start, stated, game.seats):
        values = {**hands, **results}
        if not replay({k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}):
            changes = tuple(  # the length always: the room's, whatever the log's flag says
                (knob, values[knob])
                for knob in KNOBS
                if knob in values and (knob == "rounds" or values[knob] != _stored(base, knob))
            )
            return RoomRules(game.lobby, changes, game.room)
    return None


def _stored(rules: RuleSet, knob: str) -> object:
    value = getattr(rules, knob)
    return str(value) if isinstance(value, str) else value


def _candidates(base: RuleSet, start: int, stated: dict[str, Any], seats: int) -> Iterator[dict[str, Any]]:
    """The values of the results to try, the log's stated ones and the preset's first."""
    returns = _unique([stated.get("return_points"), start, base.return_points, start + 5000])
    umas = _unique(
        [
            stated.get("uma"),
            base.uma,
            tuple(u // 2 for u in base.uma),
            *UMAS.get(family_of(base).SEATS, ()),
        ]
    )
    other_ties = UmaTies.SHARE if base.uma_ties != UmaTies.SHARE else UmaTies.SEAT_ORDER
    other_rounding = ResultRounding.EXACT if base.result_rounding != ResultRounding.EXACT else ResultRounding.THOUSANDS
    for rounding in (base.result_rounding, other_rounding):
        for ties in (base.uma_ties, other_ties):
            for back in returns:
                for uma in umas:
                    if len(uma) == seats:
                        yield {
                            "return_points": back,
                            "uma": uma,
                            "uma_ties": str(ties),
                            "result_rounding": str(rounding),
                        }


def _unique(values: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(tuple(v) if isinstance(v, list | tuple) else v for v in values if v is not None))
