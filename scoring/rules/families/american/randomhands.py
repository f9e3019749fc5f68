"""Random American hands, for the random games the property tests, the demo club and the benchmark
play."""

from random import Random
from typing import Any

from ...ruleset import RuleSet
from ...table import TableState
from ...vocabulary import AmericanResult, AmericanScoring, IncidentKind

CARD_VALUES = (25, 25, 30, 30, 35, 40, 45, 50, 55, 60, 75)


def random_game_length(rng: Random, max_hands: int) -> tuple[int, bool]:
    """8 to 16 hands, whatever ``max_hands`` (the scorer ends an American game); never a tournament game."""
    return rng.randint(8, 16), False


def random_stop(rng: Random) -> bool:
    """The game's length is drawn at its start."""
    return False


def random_hand(rng: Random, rules: RuleSet, table: TableState, players: list[str]) -> dict[str, Any]:
    """A mahjong or wall game, now and then with a dead-hand challenge or a mahjong in error; under
    tournament points the discarder's exposures and, now and then, a dead hand named."""
    points = rules.american_scoring == AmericanScoring.TOURNAMENT_POINTS
    hand: dict[str, Any] = {"result": AmericanResult.MAHJONG if rng.random() < 0.8 else AmericanResult.WALL}
    dead: set[str] = set()
    incidents: list[dict[str, Any]] = []
    if rng.random() < 0.06:
        challenger, challenged = rng.sample(players, 2)
        upheld = rng.random() < 0.5
        incidents.append(
            {
                "kind": IncidentKind.DEAD_HAND_CHALLENGE,
                "challenger": challenger,
                "challenged": challenged,
                "upheld": upheld,
            }
        )
        if upheld:
            dead.add(challenged)
    if rng.random() < 0.05:
        caller, *others = rng.sample(players, len(players))
        thrown_in = others[: rng.choice((0, 1, 1, 2))]
        breaker = others[-1] if len(thrown_in) < 2 and rng.random() < 0.3 else None
        incidents.append(
            {
                "kind": IncidentKind.MAHJONG_IN_ERROR,
                "caller": caller,
                "value": rng.choice(CARD_VALUES),
                "thrown_in": thrown_in,
                "wall_broken_by": breaker,
            }
        )
        dead |= {caller, *thrown_in}
        if len(thrown_in) == 2 or breaker:
            hand["result"] = AmericanResult.WALL
    if incidents:
        hand["incidents"] = incidents
    if points and rng.random() < 0.1:
        named = rng.choice(players)
        hand["dead"] = [named]
        dead.add(named)
    live = [p for p in players if p not in dead]
    if hand["result"] == AmericanResult.MAHJONG and live:
        winner = rng.choice(live)
        hand.update(winner=winner, value=rng.choice(CARD_VALUES))
        if rng.random() < 0.7:
            hand["from"] = rng.choice([p for p in players if p != winner])
            hand["misnamed_discard"] = rng.random() < 0.03
            if points:
                hand["exposures"] = rng.choice((0, 0, 1, 1, 2, 2, 3, 4))
        hand["jokerless"] = rng.random() < 0.1
    else:
        hand["result"] = AmericanResult.WALL
    return hand
