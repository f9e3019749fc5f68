"""The layout: each folder of ``scoring/`` is one part, and imports run one way.

``ALLOWED`` is the direction of imports: which parts a part may import. The rule engine
imports nothing but the standard library and itself; the read-only boards never reach the
write path, not even through another module.
"""

import ast
import sys
from pathlib import Path

import pytest

SCORING = Path(__file__).resolve().parents[1] / "scoring"

# part -> the parts it may import (a part may always import itself)
ALLOWED = {
    "rules": set(),
    "rulebook": {"rules", "families"},  # families: the registry, for a family's rulebook piece
    "models": {"rules", "rulebook", "caching"},  # caching: the page versions' model, defined there
    "permissions": {"models"},
    "caching": set(),
    "backups": set(),
    "records": {"rules", "rulebook", "models", "caching", "tiles"},  # tiles: a win's yaku, stored with it
    # families: the registry, for the reads piece of a family (scoring/families/<name>/reads)
    "boards": {"rules", "rulebook", "models", "permissions", "records", "caching", "families"},
    # families: the registry, for the table piece of a game's family (scoring/families/<name>/table)
    "table": {"rules", "rulebook", "models", "permissions", "records", "boards", "tiles", "caching", "families"},
    "events": {"rules", "rulebook", "models", "permissions", "records", "boards", "caching"},
    "demo": {"rules", "rulebook", "models", "records", "boards", "tiles", "events"},
    "tiles": {"rules", "rulebook", "models", "permissions"},
    "honours": {"rules", "rulebook", "models", "permissions", "caching", "tiles", "families"},
    "admin": {"rules", "rulebook", "models", "records", "events", "caching", "tiles"},
    "outbox": set(),
    "online": {"rules", "rulebook", "models", "permissions", "records", "caching"},
    "urls": {"rulebook", "boards", "table", "outbox", "tiles", "honours", "events", "caching", "online"},
    "management": {"rules", "rulebook", "models", "records", "demo", "tiles", "caching", "backups", "online"},
    # a migration holds what it needs (data, or code as it was when written): the live code may change
    "migrations": set(),
    "apps": set(),
    "ops": set(),
    "families": {"rules"},  # the registry; each family's pieces belong to the parts they serve (part_of)
}
# a family's piece (scoring/families/<name>/<piece>.py) -> the part whose imports it keeps
FAMILY_PIECES = {"table": "table", "reads": "boards", "records": "records", "rulebook": "rulebook"}
WRITE_PATH = {"scoring.records.services", "scoring.records.ratings", "scoring.records.bulk"}


def module_name(path: Path, root: Path = SCORING) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def part_of(module: str) -> str:
    """scoring.records.services -> records; scoring.models.games -> models; a family's piece
    belongs to the part it serves: scoring.families.riichi.reads -> boards."""
    parts = module.split(".")
    if len(parts) > 3 and parts[1] == "families":
        return FAMILY_PIECES.get(parts[3], "families")
    return parts[1] if len(parts) > 1 else ""


def imports(path: Path, root: Path = SCORING) -> set[str]:
    """Every module ``path`` imports, absolute names (relative imports resolved)."""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            module = ".".join(filter(None, [base, node.module]))
            found.add(module)
            # `from scoring.records import services` imports the module services
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def graph(root: Path = SCORING) -> dict[str, set[str]]:
    """module -> the scoring modules it imports, for every module under ``root``."""
    modules = {module_name(path, root): imports(path, root) for path in root.rglob("*.py")}
    return {
        name: {m for m in imported if m in modules} | ({"<outside>"} if _outside(imported) else set())
        for name, imported in modules.items()
    }


def _outside(imported: set[str]) -> bool:
    """Anything but the standard library and scoring (only the engine is held to it)."""
    return any(m.split(".")[0] not in sys.stdlib_module_names | {"scoring"} for m in imported)


def wrong_imports(modules: dict[str, set[str]]) -> list[str]:
    wrong = []
    for module, imported in sorted(modules.items()):
        part = part_of(module)
        for other in sorted(imported):
            if other == "<outside>":
                if part == "rules":
                    wrong.append(f"{module} imports a package outside the standard library")
                continue
            if part_of(other) != part and part_of(other) not in ALLOWED.get(part, set()):
                wrong.append(f"{module} ({part}) imports {other} ({part_of(other)})")
    return wrong


def within(module: str, targets: set[str]) -> bool:
    """Whether ``module`` is one of ``targets`` or inside one of them (a package's modules)."""
    return any(module == target or module.startswith(target + ".") for target in targets)


def reaches(modules: dict[str, set[str]], start: str, targets: set[str]) -> list[str]:
    """The import chain from ``start`` to any of ``targets`` (or a module inside one), or []
    when there is none."""
    seen, stack = set(), [[start]]
    while stack:
        chain = stack.pop()
        if within(chain[-1], targets):
            return chain
        for nxt in modules.get(chain[-1], ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(chain + [nxt])
    return []


MODULES = graph()


def test_every_part_has_a_place_in_the_direction_of_imports():
    """A new folder under scoring/ must be given its place in ALLOWED (and a docstring)."""
    folders = {p.name for p in SCORING.iterdir() if (p / "__init__.py").exists()}
    assert folders - {"locale"} <= set(ALLOWED)
    for folder in folders - {"management", "migrations"}:
        assert ast.get_docstring(ast.parse((SCORING / folder / "__init__.py").read_text())), folder


def test_imports_run_one_way():
    assert wrong_imports(MODULES) == []


def test_the_rule_engine_imports_nothing_outside_itself():
    """No Django, no scoring part, no third-party package: scoring/rules is pure Python."""
    engine = {m: imported for m, imported in MODULES.items() if part_of(m) == "rules"}
    assert len(engine) > 5
    for module, imported in engine.items():
        assert "<outside>" not in imported, module
        assert all(part_of(m) == "rules" for m in imported), module


@pytest.mark.parametrize("module", sorted(m for m in MODULES if part_of(m) == "boards"))
def test_the_boards_never_reach_the_write_path(module):
    """Nor does a family's ``reads`` piece, which the boards look up by name."""
    assert reaches(MODULES, module, WRITE_PATH) == []


def test_the_checks_catch_what_they_forbid(tmp_path):
    """The checks above are not vacuous: a made-up tree breaking each rule is caught."""
    root = tmp_path / "scoring"
    for folder, source in {
        "rules": "import django\nfrom scoring.models import Game\n",
        "boards": "from scoring.table import views\n",
        "table": "from . import views\nfrom scoring.records import services\n",
        "records": "",
    }.items():
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("")
        (root / folder / "views.py").write_text(source)
    (root / "models.py").write_text("")
    (root / "records" / "services.py").write_text("")
    modules = graph(root)
    assert wrong_imports(modules) == [
        "scoring.boards.views (boards) imports scoring.table (table)",
        "scoring.boards.views (boards) imports scoring.table.views (table)",
        "scoring.rules.views imports a package outside the standard library",
        "scoring.rules.views (rules) imports scoring.models (models)",
    ]
    assert reaches(modules, "scoring.boards.views", WRITE_PATH) == [
        "scoring.boards.views",
        "scoring.table.views",
        "scoring.records.services",
    ]
    # a module inside the write path's package is the write path too
    (root / "records" / "services.py").unlink()
    (root / "records" / "services").mkdir()
    (root / "records" / "services" / "__init__.py").write_text("")
    (root / "records" / "services" / "hands.py").write_text("")
    (root / "table" / "views.py").write_text("import scoring.records.services.hands\n")
    assert reaches(graph(root), "scoring.boards.views", WRITE_PATH)[-1] == "scoring.records.services.hands"
    # and in the real tree, the pages do import the write path
    assert reaches(MODULES, "scoring.table.views", WRITE_PATH)


LONGEST = 500


def too_long(root: Path = SCORING, longest: int = LONGEST) -> list[str]:
    """The product's modules (under ``root``, its migrations aside) over ``longest`` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root.parent)
        lines = len(path.read_text().splitlines())
        if "migrations" not in relative.parts and lines > longest:
            found.append(f"{relative}: {lines} lines")
    return found


def test_no_product_module_is_over_500_lines():
    """A module that outgrows 500 lines is split along its seams (a package whose ``__init__``
    re-exports its names), so that a reader finds a thing by its module's name."""
    assert too_long() == []


def test_the_length_check_catches_a_long_module(tmp_path):
    """The check above is not vacuous: a long module is caught, one of 500 lines and a long
    migration are not."""
    root = tmp_path / "scoring"
    (root / "migrations").mkdir(parents=True)
    (root / "long.py").write_text("x = 1\n" * 501)
    (root / "short.py").write_text("x = 1\n" * 500)
    (root / "migrations" / "0001_initial.py").write_text("x = 1\n" * 900)
    assert too_long(root) == ["scoring/long.py: 501 lines"]
