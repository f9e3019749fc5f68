"""Random valid game logs for every preset: the property tests, the demo club and the
benchmark play them. Each hand is settled as it is made, so the facts always fit the table."""

import random

from .engine import settle, start_table
from .gamelog import FORMAT, parse_game
from .riichi import FU_VALUES
from .ruleset import PRESETS

NAMES = ("Ann", "Bob", "Cho", "Dee", "Eli", "Fay", "Gus", "Ivy", "Kai", "Lea", "Mo", "Noa")
HAN_WEIGHTS = ((1, 20), (2, 22), (3, 20), (4, 12), (5, 8), (6, 6), (7, 3), (8, 3), (9, 2), (11, 1), (13, 1))
CARD_VALUES = (25, 25, 30, 30, 35, 40, 45, 50, 55, 60, 75)


def random_game(rng: random.Random, preset: str, players: list[str] | None = None, max_hands: int = 40) -> dict:
    """A random valid game-log document under ``preset`` (a slug of PRESETS)."""
    rules = PRESETS[preset]
    players = players or rng.sample(NAMES, 4)
    doc = {"format": FORMAT, "ruleset": preset, "players": players, "hands": []}
    if rules.is_riichi and rng.random() < 0.2:
        doc["tournament"] = True
    make = _riichi_hand if rules.is_riichi else _american_hand
    table = start_table(rules)
    game = parse_game(doc)
    for _ in range(max_hands if rules.is_riichi else rng.randint(8, 16)):
        if table.finished or (rules.is_riichi and rng.random() < 0.01):
            break
        item = make(rng, rules, table, players)
        hand = parse_game({**doc, "hands": [item]}).hands[0]
        table = settle(rules, table, hand, tournament=game.tournament, names=players).table
        doc["hands"].append(item)
    if not table.finished:
        doc["finished"] = True
    if rng.random() < 0.05:
        doc["penalties"] = [{"player": rng.choice(players), "points": 1000, "reason": "slow play"}]
    return doc


def _some(rng, players, chance):
    return [p for p in players if rng.random() < chance]


def _han_fu(rng, rules, table, tsumo):
    han = rng.choices([h for h, _ in HAN_WEIGHTS], [w for _, w in HAN_WEIGHTS])[0]
    if table.counters >= 5:
        han = max(han, rules.min_han_at_5_counters)
    if han >= 5:
        return {"han": han}
    fus = [f for f in sorted(FU_VALUES) if (f != 20 or tsumo) and (f > 25 or han >= 2)]
    return {"han": han, "fu": rng.choice(fus[:4] if rng.random() < 0.9 else fus)}


def _riichi_hand(rng, rules, table, players):
    roll = rng.random()
    riichi = _some(rng, players, 0.15)
    hand = {"riichi": riichi}
    if rng.random() < 0.03:
        hand["penalties"] = [
            {"player": rng.choice(players), "points": rng.choice((300, 1000)), "to": rng.choice(("pot", "result"))}
        ]
    if roll < 0.03:
        return {"result": "chombo", "offender": rng.choice(players), **hand}
    if roll < 0.06 and rules.abortive_draws:
        return {"result": "abortive", "reason": rng.choice(rules.abortive_draws), **hand}
    if roll < 0.26:
        tenpai = [p for p in players if p in riichi or rng.random() < 0.4]
        dead = [p for p in tenpai if p in riichi and rng.random() < 0.1]
        draw = {"result": "draw", "tenpai": [p for p in tenpai if p not in dead], "dead": dead}
        if rules.nagashi and rng.random() < 0.05:
            draw["nagashi"] = [rng.choice(players)]
        return {**draw, **hand}
    winner = rng.choice(players)
    if rng.random() < 0.35:
        tsumo = {"winner": winner, **_win_value(rng, rules, table, True, players, [winner])}
        return {"result": "win", "wins": [tsumo], **hand}
    discarder = rng.choice([p for p in players if p != winner])
    winners = [winner]
    if rules.multi_ron == "allow" and rng.random() < 0.08:
        others = [p for p in players if p not in (winner, discarder)]
        count = 2 if "triple_ron" in rules.abortive_draws or rng.random() < 0.8 else 3
        winners += rng.sample(others, count - 1)
    wins = [{"winner": w, "from": discarder, **_win_value(rng, rules, table, False, players, winners)} for w in winners]
    return {"result": "win", "wins": wins, **hand}


def _win_value(rng, rules, table, tsumo, players, winners):
    if rng.random() > 0.03:
        return _han_fu(rng, rules, table, tsumo)
    value = {"yakuman": rng.randint(1, rules.max_yakuman)}
    others = [p for p in players if p not in winners]
    if rules.pao_hands and rng.random() < 0.3 and others:
        value["liable"] = rng.choice(others)
    return value


def _american_hand(rng, rules, table, players):
    hand = {"result": "mahjong" if rng.random() < 0.8 else "wall"}
    dead = set()
    incidents = []
    if rng.random() < 0.06:
        challenger, challenged = rng.sample(players, 2)
        upheld = rng.random() < 0.5
        incidents.append(
            {"kind": "dead_hand_challenge", "challenger": challenger, "challenged": challenged, "upheld": upheld}
        )
        if upheld:
            dead.add(challenged)
    if rng.random() < 0.05:
        caller, *others = rng.sample(players, 4)
        thrown_in = others[: rng.choice((0, 1, 1, 2))]
        breaker = others[-1] if len(thrown_in) < 2 and rng.random() < 0.3 else None
        incidents.append(
            {
                "kind": "mahjong_in_error",
                "caller": caller,
                "value": rng.choice(CARD_VALUES),
                "thrown_in": thrown_in,
                "wall_broken_by": breaker,
            }
        )
        dead |= {caller, *thrown_in}
        if len(thrown_in) == 2 or breaker:
            hand["result"] = "wall"
    if incidents:
        hand["incidents"] = incidents
    live = [p for p in players if p not in dead]
    if hand["result"] == "mahjong" and live:
        winner = rng.choice(live)
        hand.update(winner=winner, value=rng.choice(CARD_VALUES))
        if rng.random() < 0.7:
            hand["from"] = rng.choice([p for p in players if p != winner])
            hand["misnamed_discard"] = rng.random() < 0.03
        hand["jokerless"] = rng.random() < 0.1
    else:
        hand["result"] = "wall"
    return hand
