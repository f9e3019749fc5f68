"""An online game -> the site's game log, scored by the site's engine and checked hand by hand.

The facts of every round (winners, from whom, han and fu or yakuman, liability, riichi
sticks, tenpai, abortive draws) become a hand of the game log; the engine then scores the log
under the chosen ruleset, and the table before each hand (dealer, counters, sticks, scores),
each hand's deltas and the final scores must be what the online site had (and under the
lobby's preset the results too). The first
difference refuses the game with one line naming the round: a ruleset that differs from the
lobby's is never silently a different game. A three-player game needs a three-player ruleset
(``tenhou-sanma``): Tenhou counts four rounds to a wind at any table, the engine as many as
there are seats.
"""

import gzip
import io
import json
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, NoReturn

from scoring.rules import (
    PRESETS,
    GameLog,
    Replay,
    RiichiHand,
    RuleError,
    RuleSet,
    TableState,
    Win,
    bounds,
    parse_game,
    replay,
    to_document,
)
from scoring.rules.families import family_of
from scoring.rules.ruleset import LOBBIES
from scoring.rules.vocabulary import Extension, TsumoPayment

from . import mjlog, tenhou6
from .game import FOUR, MAX_BYTES, WINDS, OnlineError, OnlineGame, OnlineRound, fail
from .rooms import RoomRules, fit, is_room

# the preset closest to Tenhou's and Mahjong Soul's standard hanchan: 25,000 / 30,000, no
# kiriage, double ron, every abortive draw, nagashi mangan, bust below zero, leftover sticks to the top
DEFAULT_RULESET = "reach"
# the lobby's preset by the number of players (Tenhou's three-player ranked rules), named where the other is chosen
LOBBY_RULESET = {4: DEFAULT_RULESET, 3: "tenhou-sanma"}
PLAYERS = {4: "four-player", 3: "three-player"}


def read_online(data: bytes, filename: str = "") -> OnlineGame:
    """The online game in a file's bytes (tenhou.net/6 JSON or mjlog XML, gzipped or not)."""
    if not data:
        fail("", "the file is empty")
    if len(data) > MAX_BYTES:
        fail("", f"the file is {len(data):,} bytes; an online game log is at most {MAX_BYTES:,}")
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.GzipFile(fileobj=io.BytesIO(data)).read(MAX_BYTES + 1)
        except (OSError, EOFError, zlib.error):
            fail("", "the file is gzipped but cannot be unpacked")
        if len(data) > MAX_BYTES:
            fail("", f"the unpacked file is larger than {MAX_BYTES:,} bytes; an online game log is smaller")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        fail("", "not an online game log: the file is not UTF-8 text")
    if mjlog.is_mjlog(text):
        return _names_checked(mjlog.read(text, filename))
    try:
        doc = bounds.loads(text)
    except json.JSONDecodeError as error:
        fail(
            "",
            f"not an online game log: the JSON is broken at line {error.lineno}, column {error.colno} "
            f"({error.msg}); expected a tenhou.net/6 replay or a Tenhou mjlog",
        )
    except RecursionError:
        fail("", "not an online game log: the JSON is nested too deeply")
    if not tenhou6.is_tenhou6(doc):
        fail("", "not an online game log: expected a tenhou.net/6 replay (with 'name' and 'log') or a Tenhou mjlog")
    return _names_checked(tenhou6.read(doc, filename))


def _names_checked(game: OnlineGame) -> OnlineGame:
    """``game``, if its online names are text a database holds: a NUL is refused here, in the
    same words on SQLite and PostgreSQL (which cannot even look such a name up)."""
    for name in game.players:
        problem = bounds.character_problem(name)
        if problem:
            fail("", f"the online name {name[:40]!r} {problem}")
    return game


def rotations(rotation: int, seats: int) -> int:
    """The engine's dealer passes of a round Tenhou numbers ``rotation`` (four to a wind at any
    table: South 1 of a table of three is 4, the engine's 3)."""
    return rotation // FOUR * seats + rotation % FOUR


def _facts(round_: OnlineRound) -> RiichiHand:
    """One round as the engine's record of a hand."""
    wins = tuple(Win(w.winner, w.discarder, w.han, w.fu, w.yakuman, w.liable) for w in round_.wins)
    return RiichiHand(
        round_.result,
        wins=wins,
        riichi=round_.riichi,
        tenpai=round_.tenpai,
        nagashi=round_.nagashi,
        reason=round_.reason,
    )


def lobby_ruleset(game: OnlineGame, chosen: str | None = None) -> str:
    """The ruleset to score ``game`` under: ``chosen``, else the preset of the lobby the log
    names, else the closest preset for its number of players; OnlineError if the log's lobby has
    no preset in this site."""
    if chosen:
        return chosen
    if game.lobby is None:
        return LOBBY_RULESET[game.seats]
    if game.lobby not in PRESETS:
        fail(
            "",
            f"the log names its lobby, whose preset {game.lobby!r} is not in this site yet: choose a ruleset "
            "to score it under",
        )
    return game.lobby


def game_log_document(
    game: OnlineGame,
    names: Sequence[str],
    ruleset: str,
    resolve_ruleset: Callable[[str], RuleSet | None] | None = None,
    *,
    overrides: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The site's game log of ``game`` with its players called ``names`` (club names, in the
    online seat order), scored under ``ruleset`` (an East-only game with the knob ``rounds`` 1,
    unless the ruleset is a room's: its own length is the room's) and checked against the online
    log; OnlineError names the first round where the engine and the online site differ.
    ``overrides`` changes knobs of the ruleset (``rooms.fit`` tries a room's values so)."""
    rules = PRESETS.get(ruleset) or (resolve_ruleset(ruleset) if resolve_ruleset else None)
    if rules is None:
        fail("", f"unknown ruleset {ruleset[:40]!r}")
    seats = family_of(rules).SEATS
    if seats != game.seats:
        fail(
            "",
            f"a {PLAYERS[game.seats]} game cannot be scored under {rules.name}, a {PLAYERS[seats]} ruleset: "
            f"choose a {PLAYERS[game.seats]} ruleset such as {LOBBY_RULESET[game.seats]}",
        )
    doc = to_document(
        GameLog(
            rules=rules,
            players=tuple(names),
            hands=tuple(_facts(r) for r in game.rounds),
            date=game.date,
            start=game.start,
            source=game.source,
        )
    )
    doc["ruleset"] = ruleset  # a club's ruleset by its own slug, not as its preset with overrides
    doc.pop("rules", None)
    knobs = {"rounds": 1} if game.east_only and not is_room(ruleset) else {}
    knobs.update(overrides or {})
    if knobs:
        doc["rules"] = knobs
    comment = facts(game, names)
    if comment:
        doc["comment"] = comment
    try:
        log = parse_game(doc, resolve_ruleset)
    except RuleError as error:
        _relabelled(error, game, rules)
    rules = log.rules
    first = game.rounds[0]
    if first.rotation or first.counters or first.sticks or set(first.scores) != {rules.start_points}:
        fail(
            "",
            f"the online game starts at {first.label} with {_points(first.scores)}; {rules.name} starts "
            f"every game at East 1, counter 0 with {rules.start_points:,} each (its 'start_points' rule)",
        )
    try:
        played = replay(log)
    except RuleError as error:
        if error.hand:  # a difference in an earlier hand is the one to name
            _compare(game, replay(replace(log, hands=log.hands[: error.hand - 1])), names, rules)
        _relabelled(error, game, rules)
    _compare(game, played, names, rules)
    last, table = game.rounds[-1], played.table
    if not table.finished:
        final_hand = rules.rounds * seats - 1
        if not (rotations(last.rotation, seats) == final_hand == table.rotations):
            below = [names[s] for s in range(seats) if table.scores[s] < 0]
            if below and not rules.bust:
                fail(
                    last.label,
                    f"the online game ended when {below[0]} went below zero (tobi), but under "
                    f"{rules.name} nobody busts (its 'bust' rule is off): choose a ruleset with bust",
                )
            fail(last.label, f"the online game ended here, but under {rules.name} it would go on")
        doc["finished"] = True  # the dealer of the last hand stopped while on top (agari-yame)
        played = replay(parse_game(doc, resolve_ruleset))
    _same_end(game, played.standings, names, ruleset, rules)
    return doc


def facts(game: OnlineGame, names: Sequence[str]) -> str:
    """What the log says beside the hands, kept with the game (its comment): the room of its own
    it was played in and its log id, and a chip lobby's chips at the end (祝儀: not points)."""
    lines = []
    if game.room:
        lines.append(f"{game.room}" + (f", log {game.log_id}" if game.log_id else "") + ".")
    if game.chips is not None:
        chips = ", ".join(f"{name} {chip:+d}" for name, chip in zip(names, game.chips, strict=True))
        lines.append(f"Chips (祝儀) at the end: {chips}.")
    return " ".join(lines)


def _same_end(game: OnlineGame, standings: Iterable[Any], names: Sequence[str], ruleset: str, rules: RuleSet) -> None:
    """The final scores are the online site's, and the results too where the log names its lobby
    and the game is scored under a lobby's preset (a ruleset of the club's own re-scores the game
    under its uma; the closest preset to a log that names no lobby is not that lobby's)."""
    final, results = [0] * len(names), [0] * len(names)
    for line in standings:
        final[line.player], results[line.player] = line.score, line.result
    if game.final is not None and tuple(final) != game.final:
        fail(
            "",
            "the final scores differ (leftover riichi sticks): "
            + _differences(names, game.final, tuple(final), rules.name),
        )
    exact = ruleset in LOBBIES or is_room(ruleset)  # a room's rules are its lobby's, with the room's values
    if exact and game.lobby and game.results is not None and tuple(results) != game.results:
        fail("", "the results differ: " + _differences(names, game.results, tuple(results), rules.name))


def _compare(game: OnlineGame, played: Replay, names: Sequence[str], rules: RuleSet) -> None:
    """Each hand ``played`` began from the online round's table and paid its deltas; OnlineError
    names the first round that differs."""
    for round_, before, settlement in zip(
        game.rounds, played.tables, played.settlements, strict=False
    ):  # a replay cut short
        _same_table(round_, before, names, rules.name)
        if settlement.deltas != round_.paid:
            differences = _differences(names, round_.paid, settlement.deltas, rules.name)
            fail(round_.label, f"the deltas differ: {differences}{_tsumo_loss(round_, rules, len(names))}")


def _tsumo_loss(round_: OnlineRound, rules: RuleSet, seats: int) -> str:
    """Why a self-draw at three seats may differ: Tenhou drops the missing North's share."""
    if seats == FOUR or rules.tsumo_payment == TsumoPayment.LOSS or all(w.discarder is not None for w in round_.wins):
        return ""
    return (
        f" (a self-draw: Tenhou drops the missing North's share, tsumo loss; {rules.name}'s 'tsumo_payment' "
        f"rule is {rules.tsumo_payment})"
    )


def _relabelled(error: RuleError, game: OnlineGame, rules: RuleSet) -> NoReturn:
    """The engine's "hand N: …" as "East 2, counter 1: …"."""
    number = error.hand
    if number is None:
        raise OnlineError(str(error)) from None
    round_ = game.rounds[number - 1]
    if round_.rotation >= rules.rounds * FOUR and rules.extension == Extension.NONE:
        last, following = WINDS[rules.rounds - 1], WINDS[rules.rounds]
        raise OnlineError(
            f"{round_.label}: the online game went on into the {following} round (nobody had reached the "
            f"return points after the {last} round); under {rules.name} the game ends after the {last} "
            "round (its 'extension' rule)"
        ) from None
    raise OnlineError(f"{round_.label}: {error.params['problem']}") from None


def _same_table(round_: OnlineRound, before: TableState, names: Sequence[str], ruleset: str) -> None:
    """The table the engine reached is the one the online round started from."""
    seats = len(before.scores)
    if (before.rotations, before.counters) != (rotations(round_.rotation, seats), round_.counters):
        tenhou = before.rotations // seats * FOUR + before.rotations % seats
        engine = OnlineRound(tenhou, before.counters, 0, (), (), "", ()).label
        fail(
            round_.label,
            f"under {ruleset} this hand would be {engine}: its counters or the dealer's repeat "
            "differ from the online lobby's",
        )
    if before.pot != 1000 * round_.sticks:
        fail(
            round_.label, f"the online table has {round_.sticks} riichi stick(s), under {ruleset} {before.pot // 1000}"
        )
    if before.scores != round_.scores:
        fail(
            round_.label,
            "the scores at the start differ: " + _differences(names, round_.scores, before.scores, ruleset),
        )


def _points(scores: Iterable[int]) -> str:
    return ", ".join(f"{s:,}" for s in scores)


def _differences(names: Sequence[str], online: Sequence[int], engine: Sequence[int], ruleset: str) -> str:
    return "; ".join(
        f"{names[s]} {online[s]:+,} online, {engine[s]:+,} under {ruleset}"
        for s in range(len(names))
        if online[s] != engine[s]
    )


def room_rules(game: OnlineGame) -> RoomRules | None:
    """The values of the room ``game`` was played in that reproduce its own results under its
    lobby's preset (``rooms.fit``), or None."""
    names = [f"seat {s + 1}" for s in range(game.seats)]

    def replay(changes: dict[str, Any]) -> str:
        try:
            game_log_document(game, names, game.lobby or "", overrides=changes)
        except ValueError as error:  # OnlineError and RuleError
            return str(error)
        return ""

    return fit(game, replay)
