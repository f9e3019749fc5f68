"""The lock (pip-tools, ``make lock``): requirements.txt is what production installs,
requirements-test.txt the same pins plus the test extras; ``make serve`` installs the first
only. ``make check-serve-install`` (CI) installs it into a throwaway virtualenv and fails on a
test tool; these checks need no network."""

import re
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
TEST_TOOLS = re.compile(r"^(pytest(-.+)?|playwright|hypothesis|ruff|mypy|django-stubs(-ext)?|types-.+)$")


def pins(name: str) -> dict[str, str]:
    """package -> version of a compiled requirements file."""
    found = {}
    for line in (ROOT / name).read_text().splitlines():
        if line and not line.startswith((" ", "#", "-")):
            package, version = line.split(" ")[0].split("==")
            found[_normal(package)] = version
    return found


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_production_installs_no_test_tool_and_the_same_pins_as_the_tests():
    production, test = pins("requirements.txt"), pins("requirements-test.txt")
    assert not [p for p in production if TEST_TOOLS.match(p)]
    assert {p: v for p, v in test.items() if p in production} == production
    assert {"pytest", "playwright", "hypothesis", "ruff", "mypy", "django-stubs"} <= set(test)


@pytest.mark.parametrize(
    "lock, wanted",
    [
        ("requirements.txt", PROJECT["dependencies"]),
        ("requirements-test.txt", PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]),
    ],
)
def test_the_lock_pins_every_dependency_within_its_range(lock, wanted):
    locked = pins(lock)
    for line in wanted:
        requirement = Requirement(line)
        assert requirement.specifier.contains(locked[_normal(requirement.name)]), (line, lock)


@pytest.mark.parametrize(
    "target, lock, not_lock",
    [
        ("serve", "requirements.txt", "requirements-test.txt"),
        ("test", "requirements-test.txt", "requirements.txt"),
        ("run", "requirements-test.txt", "requirements.txt"),
    ],
)
def test_make_installs_from_its_lock(tmp_path, target, lock, not_lock):
    """What make would run in a fresh virtualenv (make -n: nothing is run): the lock without
    PyMahjongGB, then PyMahjongGB's pin on its own, going on with a plain line if it cannot be
    built, then the project."""
    done = subprocess.run(
        ["make", "-n", target, f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    apart = tmp_path / "venv" / "lock-without-pymahjonggb.txt"
    installs = [line for line in done.stdout.splitlines() if " -m pip install " in line]
    assert f"grep -iv '^pymahjonggb==' {lock} > {apart}" in done.stdout.splitlines()
    assert [line.split(" -m pip install ")[1] for line in installs] == [
        f"-r {apart}",
        f'"$(grep -i \'^pymahjonggb==\' {lock})" || echo "PyMahjongGB could not be built here" '
        '"(it needs a C++ compiler such as g++): the site runs without it, MCR hands by their tiles are off."',
        "-e . --no-deps",
    ]
    assert not_lock not in done.stdout


def test_the_lock_pins_pymahjonggb_in_both_files():
    """The Makefile installs it apart, by its one line in each lock (the same pin in both)."""
    for lock in ("requirements.txt", "requirements-test.txt"):
        lines = [line for line in (ROOT / lock).read_text().splitlines() if line.lower().startswith("pymahjonggb==")]
        assert lines == [f"pymahjonggb=={pins('requirements-test.txt')['pymahjonggb']}"], lock
