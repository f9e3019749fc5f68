"""Random MCR hands, for the random games the property tests, the demo club and the benchmark play."""

from random import Random
from typing import Any

from ...ruleset import RuleSet
from ...table import TableState
from ...vocabulary import IncidentKind, MCRResult

FAN = (8, 8, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 24, 26, 32, 40, 64, 88)


def random_game_length(rng: Random, max_hands: int) -> tuple[int, bool]:
    """A whole session (16 hands; the rules end it) or fewer, never a tournament game."""
    return min(max_hands, 16), False


def random_stop(rng: Random) -> bool:
    """Now and then a session ends at its time limit."""
    return rng.random() < 0.02


def random_hand(rng: Random, rules: RuleSet, table: TableState, players: list[str]) -> dict[str, Any]:
    """A win (a fifth of them self-drawn) or a draw, now and then with a false mahjong."""
    hand: dict[str, Any] = {"result": MCRResult.WIN if rng.random() < 0.85 else MCRResult.DRAW}
    callers = rng.sample(players, 1) if rng.random() < 0.05 else []
    if callers:
        hand["incidents"] = [{"kind": IncidentKind.FALSE_MAHJONG, "caller": callers[0]}]
    if hand["result"] == MCRResult.WIN:
        winner = rng.choice([p for p in players if p not in callers])
        win: dict[str, Any] = {"winner": winner, "fan": max(rules.min_fan, rng.choice(FAN))}
        if rng.random() < 0.75:
            win["from"] = rng.choice([p for p in players if p != winner])
        if rng.random() < 0.4:
            win["flowers"] = rng.randint(1, 4)
        hand["wins"] = [win]
    return hand
