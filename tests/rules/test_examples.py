"""The worked examples (tests/examples, from the brief): NAME.json scored must equal
NAME.expected.json on every compared field of every hand, `finished` and the standings
(`notes` excluded). They cover every preset end to end."""

import json
from pathlib import Path

import pytest

from scoring.rules import PRESETS, score_document

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NAMES = sorted(p.name[: -len(".json")] for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))
HAND_FIELDS = ("number", "round", "dealer", "counters", "pot_before", "deltas", "pot_after", "scores")


def load(name):
    document = json.loads((EXAMPLES / f"{name}.json").read_text())
    return document, json.loads((EXAMPLES / f"{name}.expected.json").read_text())


def test_every_preset_has_an_example():
    """One game log per preset."""
    assert set(NAMES) == set(PRESETS)


@pytest.mark.parametrize("name", NAMES)
def test_example_hands(name):
    """Each hand: deltas, pot_after, counters, dealer, round, scores (score_game's output)."""
    doc, expected = load(name)
    got = score_document(doc)
    assert got["ruleset"] == expected["ruleset"]
    assert got["players"] == expected["players"]
    assert len(got["hands"]) == len(expected["hands"])
    for mine, theirs in zip(got["hands"], expected["hands"], strict=True):
        assert {k: mine[k] for k in HAND_FIELDS} == {k: theirs[k] for k in HAND_FIELDS}, f"hand {theirs['number']}"


@pytest.mark.parametrize("name", NAMES)
def test_example_end(name):
    """`finished` and the standings."""
    doc, expected = load(name)
    got = score_document(doc)
    assert got["finished"] == expected["finished"]
    assert got["standings"] == expected["standings"]
