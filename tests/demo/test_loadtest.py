"""The load test's verdicts, without a server: when the generator (not the site) was the limit,
and which figures miss the tournament's targets (2,000 spectators on one small box: at least
80 % of the spectators' reads answered 304, at most 3 ms of server CPU a request)."""

import ast
from pathlib import Path

import pytest

from scoring.demo import loadtest
from scoring.management.commands.loadtest import missed


def _generator(cpu_seconds: float, lag_ms: float) -> dict[str, float]:
    figures = loadtest.generator_figures(
        {"cpu_seconds": cpu_seconds, "elapsed": 10.0, "loop_lag_p95_ms": lag_ms, "loop_lag_max_ms": lag_ms, "late": 0}
    )
    return {name: value for name, value, _unit in figures}


@pytest.mark.parametrize(
    "cpu_seconds, lag_ms, limited",
    [
        (3.0, 5.0, 0),  # 30 % of a core, its loop on time: the figures are the site's
        (9.5, 5.0, 1),  # a core spent
        (3.0, 150.0, 1),  # its loop woke late: requests left later than scheduled
    ],
)
def test_the_load_test_says_when_the_generator_was_the_limit(cpu_seconds, lag_ms, limited):
    figures = _generator(cpu_seconds, lag_ms)
    assert figures["load_generator_limited"] == limited
    assert figures["load_generator_cpu"] == pytest.approx(10 * cpu_seconds)


@pytest.mark.parametrize(
    "name, value, profile, miss",
    [
        ("readers_not_modified_share", 79.9, "tournament", True),
        ("readers_not_modified_share", 80.0, "tournament", False),
        ("readers_not_modified_share", 30.0, "club-night", False),
        ("server_cpu_ms_per_request", 3.1, "tournament", True),
        ("server_cpu_ms_per_request", 2.9, "tournament", False),
        ("served_share", 98.9, "club-night", True),
        ("save_hand_p95_ms", 300.0, "tournament", True),
    ],
)
def test_the_tournaments_targets(name, value, profile, miss):
    assert missed(name, value, profile) == miss


def test_the_generator_imports_nothing_of_the_site():
    """It runs in a process of its own under gevent's patching: no Django, no site module."""
    tree = ast.parse(Path(loadtest.GENERATOR).read_text())
    imported = {
        alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    }
    imported |= {
        node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not imported & {"django", "scoring", "mahjong_club", "httpx", "psycopg"}
    assert {"gevent", "locust"} <= imported
