"""Random valid game logs for every preset: the property tests, the demo club and the
benchmark play them. Each hand is settled as it is made, so the facts always fit the table;
the family makes the hands (``random_hand``)."""

import random
from typing import Any

from .engine import settle, start_table
from .families import family_of
from .gamelog import FORMAT, parse_game
from .ruleset import PRESETS

NAMES = ("Ann", "Bob", "Cho", "Dee", "Eli", "Fay", "Gus", "Ivy", "Kai", "Lea", "Mo", "Noa")


def random_game(
    rng: random.Random,
    preset: str,
    players: list[str] | None = None,
    max_hands: int = 40,
    overrides: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A random valid game-log document under ``preset`` (a slug of PRESETS), with its knobs
    ``overrides`` (the log's ``rules``) where given."""
    rules = PRESETS[preset].with_overrides(overrides or {})
    family = family_of(rules)
    players = players or rng.sample(NAMES, family.SEATS)
    doc: dict[str, Any] = {"format": FORMAT, "ruleset": preset, "players": players, "hands": []}
    if overrides:
        doc["rules"] = overrides
    hands, tournament = family.random_game_length(rng, max_hands)
    if tournament:
        doc["tournament"] = True
    table = start_table(rules)
    for _ in range(hands):
        if table.finished or family.random_stop(rng):
            break
        item = family.random_hand(rng, rules, table, players)
        hand = parse_game({**doc, "hands": [item]}).hands[0]
        table = settle(rules, table, hand, tournament=tournament, names=players).table
        doc["hands"].append(item)
    if not table.finished:
        doc["finished"] = True
    if rng.random() < 0.05:
        doc["penalties"] = [{"player": rng.choice(players), "points": 1000, "reason": "slow play"}]
    return doc
