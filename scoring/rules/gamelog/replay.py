"""Playing a game log through: the table before each hand, each settlement, the standings;
and the scored document ``score_game`` prints."""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import add
from typing import Any

from ..engine import dealer, finish, round_label, start_table
from ..errors import RuleError, gettext_noop
from ..families import family_of
from ..ruleset import RuleSet, clause
from ..standings import Standing, leftover_shares, standings
from ..table import POT, Settlement, TableState, no_penalties
from ..vocabulary import PenaltyTo
from .document import GameLog
from .parse import parse_game


@dataclass(frozen=True, slots=True)
class Replay:
    """A game played through: the table before each hand, each settlement, the end."""

    tables: tuple[TableState, ...]
    settlements: tuple[Settlement, ...]
    table: TableState
    standings: tuple[Standing, ...]


def replay(game: GameLog) -> Replay:
    """Play the game's hands in order; RuleError names the first impossible hand."""
    rules, names, tournament = game.rules, game.players, game.tournament
    settle = family_of(rules).settle  # without engine.settle's type check: parsed hands fit
    table = start_table(rules)
    tables, settlements = [], []
    for number, hand in enumerate(game.hands, 1):
        if table.finished:
            raise RuleError(
                gettext_noop(
                    "the game already ended after hand %(last)s (%(clause)s); a hand after the end is an error"
                ),
                last=number - 1,
                clause=clause(rules, "game_end"),
            ).in_hand(number)
        try:
            settlement = settle(rules, table, hand, tournament=tournament, names=names)
        except RuleError as error:
            raise error.in_hand(number) from None
        tables.append(table)
        settlements.append(settlement)
        table = settlement.table
    if game.finished and not table.finished:
        table = finish(table)
    penalties = [0] * len(table.scores)
    nothing = no_penalties(len(table.scores))
    for settlement in settlements:
        if settlement.result_penalties is not nothing:
            penalties = list(map(add, penalties, settlement.result_penalties))
    for penalty in game.penalties:
        penalties[penalty.player] += penalty.points
    return Replay(tuple(tables), tuple(settlements), table, standings(rules, table, tuple(penalties)))


def _by_name(players: Sequence[str], values: Iterable[int]) -> dict[str, int]:
    return dict(zip(players, values, strict=True))


def score_document(doc: object, resolve_ruleset: Callable[[str], RuleSet | None] | None = None) -> dict[str, Any]:
    """The output of ``score_game`` for a decoded document ."""
    game = parse_game(doc, resolve_ruleset)
    played = replay(game)
    players = game.players
    rules = game.rules

    def who(index: int | None) -> str:
        return PenaltyTo.POT if index is POT else players[index]

    hands: list[dict[str, Any]] = []
    for number, (before, settlement) in enumerate(zip(played.tables, played.settlements, strict=True), 1):
        after = settlement.table
        hands.append(
            {
                "number": number,
                "round": round_label(rules, before),
                "dealer": players[dealer(rules, before)],
                "counters": before.counters,
                "pot_before": before.pot,
                "deltas": _by_name(players, settlement.deltas),
                "pot_after": after.pot,
                "scores": _by_name(players, after.scores),
                "notes": list(settlement.notes),
                "payments": [
                    {"from": who(p.payer), "to": who(p.payee), "points": p.points, "why": p.why}
                    for p in settlement.payments
                ],
            }
        )
    final = played.table
    if final.finished and final.pot:
        gained = leftover_shares(rules, final.scores, final.pot)
        if hands and any(gained):
            hands[-1]["notes"].append(
                "leftover riichi sticks: " + ", ".join(f"{players[p]} +{g}" for p, g in enumerate(gained) if g)
            )
    return {
        "ruleset": rules.slug,
        "players": list(players),
        "hands": hands,
        "finished": final.finished,
        "standings": [_standing(s, players) for s in played.standings],
    }


def _standing(line: Standing, players: Sequence[str]) -> dict[str, Any]:
    """A standing's JSON; table points (MCR) exact to two decimals: whole, 1.75, 2.33."""
    item: dict[str, Any] = {
        "player": players[line.player],
        "score": line.score,
        "place": line.place,
        "uma": line.uma,
        "oka": line.oka,
        "penalties": line.penalties,
        "result": line.result,
    }
    if line.table_points is not None:
        points = line.table_points
        item["table_points"] = int(points) if points.denominator == 1 else round(float(points), 2)
    return item
