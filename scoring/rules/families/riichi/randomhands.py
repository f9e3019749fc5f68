"""Random riichi hands that fit the table, for the random games the property tests, the demo club
and the benchmark play."""

from random import Random
from typing import Any

from ...riichi import FU_VALUES
from ...ruleset import RuleSet
from ...table import TableState
from ...vocabulary import AbortiveReason, MultiRon, PenaltyTo, RiichiResult

HAN_WEIGHTS = ((1, 20), (2, 22), (3, 20), (4, 12), (5, 8), (6, 6), (7, 3), (8, 3), (9, 2), (11, 1), (13, 1))


def random_game_length(rng: Random, max_hands: int) -> tuple[int, bool]:
    """Up to ``max_hands`` hands (the game ends by the rules first), one game in five a tournament's."""
    return max_hands, rng.random() < 0.2


def random_stop(rng: Random) -> bool:
    """One hand in a hundred, the scorer ends the game early (a time limit)."""
    return rng.random() < 0.01


def random_hand(rng: Random, rules: RuleSet, table: TableState, players: list[str]) -> dict[str, Any]:
    """A chombo, abortive draw, exhaustive draw or win, with sticks and now and then a penalty."""
    roll = rng.random()
    riichi_players = _some(rng, players, 0.15)
    hand: dict[str, Any] = {"riichi": riichi_players}
    if rng.random() < 0.03:
        hand["penalties"] = [
            {"player": rng.choice(players), "points": rng.choice((300, 1000)), "to": rng.choice(tuple(PenaltyTo))}
        ]
    if roll < 0.03:
        return {"result": RiichiResult.CHOMBO, "offender": rng.choice(players), **hand}
    if roll < 0.06 and rules.abortive_draws:
        return {"result": RiichiResult.ABORTIVE, "reason": rng.choice(rules.abortive_draws), **hand}
    if roll < 0.26:
        tenpai = [p for p in players if p in riichi_players or rng.random() < 0.4]
        dead = [p for p in tenpai if p in riichi_players and rng.random() < 0.1]
        draw = {"result": RiichiResult.DRAW, "tenpai": [p for p in tenpai if p not in dead], "dead": dead}
        if rules.nagashi and rng.random() < 0.05:
            draw["nagashi"] = [rng.choice(players)]
        return {**draw, **hand}
    winner = rng.choice(players)
    if rng.random() < 0.35:
        tsumo = {"winner": winner, **_win_value(rng, rules, table, True, players, [winner])}
        return {"result": RiichiResult.WIN, "wins": [tsumo], **hand}
    discarder = rng.choice([p for p in players if p != winner])
    winners = [winner]
    if rules.multi_ron == MultiRon.ALLOW and rng.random() < 0.08:
        others = [p for p in players if p not in (winner, discarder)]
        count = 2 if AbortiveReason.TRIPLE_RON in rules.abortive_draws or rng.random() < 0.8 else 3
        winners += rng.sample(others, min(count - 1, len(others)))  # a table of three: two at most
    wins = [{"winner": w, "from": discarder, **_win_value(rng, rules, table, False, players, winners)} for w in winners]
    return {"result": RiichiResult.WIN, "wins": wins, **hand}


def _some(rng: Random, players: list[str], chance: float) -> list[str]:
    return [p for p in players if rng.random() < chance]


def _han_fu(rng: Random, rules: RuleSet, table: TableState, tsumo: bool) -> dict[str, Any]:
    han = rng.choices([h for h, _ in HAN_WEIGHTS], [w for _, w in HAN_WEIGHTS])[0]
    if table.counters >= 5:
        han = max(han, rules.min_han_at_5_counters)
    if han >= 5:
        return {"han": han}
    fus = [f for f in sorted(FU_VALUES) if (f != 20 or tsumo) and (f > 25 or han >= 2)]
    return {"han": han, "fu": rng.choice(fus[:4] if rng.random() < 0.9 else fus)}


def _win_value(
    rng: Random, rules: RuleSet, table: TableState, tsumo: bool, players: list[str], winners: list[str]
) -> dict[str, Any]:
    if rng.random() > 0.03:
        return _han_fu(rng, rules, table, tsumo)
    value: dict[str, Any] = {"yakuman": rng.randint(1, rules.max_yakuman)}
    others = [p for p in players if p not in winners]
    if rules.pao_hands and rng.random() < 0.3 and others:
        value["liable"] = rng.choice(others)
    return value
