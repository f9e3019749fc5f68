"""Random valid event logs: the property tests and the benchmark score them. Each stage is
scored as soon as it is made, so that the next one seats the players who really play it."""

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..families import family_of
from ..randomgame import random_game
from ..ruleset import PRESETS, RuleSet
from .document import FORMAT, UNITS, Carry, Stage
from .parse import parse_event
from .stages import entrants, score_event

COUNTRIES = ("NL", "DE", "FR", "BE", "GB", "IT", "DK", "AT")
SPREAD = 300  # a table score is at most this many steps from the start points


def random_scores(rng: random.Random, rules: RuleSet) -> list[int]:
    """A table's final scores in whole steps of the family (riichi: hundreds) around the start
    points, summing to the table's start points."""
    seats, step = family_of(rules).SEATS, UNITS[rules.family].score_step
    scores = [rules.start_points + step * rng.randint(-SPREAD, SPREAD) for _ in range(seats - 1)]
    return [*scores, seats * rules.start_points - sum(scores)]


def random_event(
    rng: random.Random, preset: str, *, players: int, stages: Sequence[dict[str, Any]], rounds: int, games: float = 0
) -> dict[str, Any]:
    """A random valid event log under ``preset`` (a slug of PRESETS) for a field of ``players``:
    ``stages`` gives each stage's keys but its rounds (``name``; ``cut``, ``advance_per_table``,
    ``carry`` after the first), each played in ``rounds`` random rounds; a share ``games`` of the
    tables is a whole random game, the others their scores; now and then a penalty. RuleError
    where a tie on a cut line leaves the organisers to decide."""
    rules = PRESETS[preset]
    seats = family_of(rules).SEATS
    names = [f"Player {number:03d}" for number in range(1, players + 1)]
    doc: dict[str, Any] = {
        "format": FORMAT,
        "name": "Random Open",
        "ruleset": preset,
        "days": ["2026-05-16", "2026-05-17"],
        "city": "Leiden",
        "country": "NL",
        "players": [
            {"name": name, "country": rng.choice(COUNTRIES), **({"ema": f"{number:08d}"} if number % 3 else {})}
            for number, name in enumerate(names, 1)
        ],
        "stages": [],
        "penalties": [],
    }
    field = list(names)
    for number, keys in enumerate(stages, 1):
        if number > 1:
            so_far = parse_event(doc)
            before = score_event(so_far).stages[-1]
            playing = Stage(
                keys["name"], (), keys.get("cut"), keys.get("advance_per_table"), Carry(keys.get("carry", Carry.FULL))
            )
            chosen = entrants(replace(so_far, stages=(*so_far.stages, playing)), number, before)
            field = [names[player] for player in chosen]
        doc["stages"].append(
            {**keys, "rounds": [_round(rng, preset, rules, field, seats, games) for _ in range(rounds)]}
        )
        if rng.random() < 0.5:
            points = rng.choice((1, 2, 0.5, 1.5))
            doc["penalties"].append({"player": rng.choice(field), "points": points, "stage": keys["name"]})
    return doc


def _round(
    rng: random.Random, preset: str, rules: RuleSet, field: list[str], seats: int, games: float
) -> list[dict[str, Any]]:
    """One round: the field drawn at random to tables of ``seats``."""
    drawn = rng.sample(field, len(field))
    tables: list[dict[str, Any]] = []
    for start in range(0, len(drawn), seats):
        players = drawn[start : start + seats]
        if rng.random() < games:
            tables.append({"game": random_game(rng, preset, players=players)})
        else:
            tables.append({"players": players, "scores": random_scores(rng, rules)})
    return tables
