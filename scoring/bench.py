"""Figures for ``make bench``: each a ``name: value unit`` line that scripts can read."""

import json
import random
import time

from scoring.rules import PRESETS, parse_game, random_game, replay

RIICHI_PRESETS = [slug for slug, rules in PRESETS.items() if rules.is_riichi]


def decoded_games(presets: list[str], count: int, seed: int = 2026) -> list[dict]:
    """``count`` random valid game logs spread over ``presets``, as ``json.loads`` gives them."""
    rng = random.Random(seed)
    return [json.loads(json.dumps(random_game(rng, presets[i % len(presets)]))) for i in range(count)]


def engine_hands_per_second(docs: list[dict]) -> float:
    """Hands per second of validating and replaying decoded documents on one core."""
    hands = sum(len(doc["hands"]) for doc in docs)
    start = time.process_time()
    for doc in docs:
        replay(parse_game(doc))
    return hands / (time.process_time() - start)


def engine_figures(games: int = 10_000):
    """The engine's throughput per family."""
    yield "engine_riichi_hands_per_s", engine_hands_per_second(decoded_games(RIICHI_PRESETS, games)), "hands/s"
    yield "engine_american_hands_per_s", engine_hands_per_second(decoded_games(["american"], games)), "hands/s"
