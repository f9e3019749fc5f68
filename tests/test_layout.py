"""The layout: each folder of ``scoring/`` is one part, and imports run one way.

``ALLOWED`` is the direction of imports: which parts a part may import. The rule engine
imports nothing but the standard library and itself; the read-only boards never reach the
write path, not even through another module. The graph counts every import: at module level,
inside a function, under ``TYPE_CHECKING``, and ``import_module`` of a name written out (a name
built at run time is refused: it hides an arrow); it has no circle, between parts or modules.
"""

import ast
import re
import sys
from pathlib import Path

import pytest

from scoring.rules.families import FAMILIES

SCORING = Path(__file__).resolve().parents[1] / "scoring"

# part -> the parts it may import (a part may always import itself)
ALLOWED = {
    "rules": set(),
    "rulebook": {"rules", "families"},  # families: the registry, for a family's rulebook piece
    "models": {"rules", "rulebook", "caching"},  # caching: the page versions' model, defined there
    "permissions": {"models", "caching"},  # caching: HtmxHttpRequest, the request as views see it
    "caching": set(),
    "backups": set(),
    # families: the registry, for the records piece of a hand's family (scoring/families/<name>/records)
    "records": {"rules", "rulebook", "models", "caching", "tiles", "families"},  # tiles: a win's yaku, stored with it
    # families: the registry, for the reads piece of a family (scoring/families/<name>/reads)
    "boards": {"rules", "rulebook", "models", "permissions", "records", "caching", "families"},
    # families: the registry, for the table piece of a game's family (scoring/families/<name>/table)
    "table": {"rules", "rulebook", "models", "permissions", "records", "boards", "tiles", "caching", "families"},
    # online: an online night takes a room's imported games (and files uploaded into a round) as its tables
    "events": {"rules", "rulebook", "models", "permissions", "records", "boards", "caching", "online"},
    # events: a team board counts the games its event's standings count; leagues: a league's, the evenings
    "teams": {"rules", "rulebook", "models", "permissions", "records", "boards", "caching", "events", "leagues"},
    # boards: the seats' reads a stage's evenings are summed from; records: the services' error; families:
    # each family's way of writing a result
    "leagues": {"rules", "rulebook", "models", "permissions", "records", "boards", "caching", "families"},
    # leagues, teams: the race run sets up its leagues and teams through their services
    "demo": {"rules", "rulebook", "models", "records", "boards", "tiles", "events", "leagues", "teams"},
    "tiles": {"rules", "rulebook", "models", "permissions", "families"},  # families: the registry, for a tiles piece
    "honours": {"rules", "rulebook", "models", "permissions", "caching", "tiles", "families"},
    "admin": {"rules", "rulebook", "models", "records", "events", "caching", "tiles", "teams", "leagues"},
    "outbox": set(),
    # events: a stored tournament as its event log, the finishes the rankings count
    "rankings": {"rules", "rulebook", "models", "permissions", "records", "boards", "caching", "events"},
    "online": {"rules", "rulebook", "models", "permissions", "records", "caching"},
    "urls": {
        *("rulebook", "boards", "table", "outbox", "tiles", "honours", "events", "caching", "online"),
        *("teams", "leagues", "rankings"),
    },
    # leagues: check_games checks the league and team records too; events: export_event writes a
    # stored tournament as an event log
    "management": {
        "rules",
        "rulebook",
        "models",
        "records",
        "demo",
        "tiles",
        "caching",
        "backups",
        "online",
        "leagues",
        "events",
    },
    # a migration holds what it needs (data, or code as it was when written): the live code may change
    "migrations": set(),
    # the app's start-up wires what follows a fix of a finished game (records.services.follows): a league's carry;
    # and registers each family's pieces (table, reads, records, rulebook) with the registry the parts ask
    "apps": {"records", "leagues", "families", "site"},
    "ops": set(),
    # the registry, filled at start-up (apps); each family's pieces belong to the parts they serve (part_of)
    "families": {"rules"},
    # a family's class (scoring/families/site.py, scoring/families/<name>/site.py) gathers its pieces, typed by
    # the parts that ask them: only the app's start-up imports it (apps)
    "site": {"rules", "families", "table", "boards", "records", "rulebook", "tiles"},
}
# a family's piece (scoring/families/<name>/<piece>.py) -> the part whose imports it keeps
FAMILY_PIECES = {
    "table": "table",
    "reads": "boards",
    "records": "records",
    "rulebook": "rulebook",
    "tiles": "tiles",
    "site": "site",
}
WRITE_PATH = {"scoring.records.services", "scoring.records.ratings", "scoring.records.bulk"}


def module_name(path: Path, root: Path = SCORING) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def part_of(module: str) -> str:
    """scoring.records.services -> records; scoring.models.games -> models; a family's piece
    belongs to the part it serves: scoring.families.riichi.reads -> boards."""
    parts = module.split(".")
    if parts[1:] == ["families", "site"]:
        return "site"
    if len(parts) > 3 and parts[1] == "families":
        return FAMILY_PIECES.get(parts[3], "families")
    return parts[1] if len(parts) > 1 else ""


BY_NAME = "a name built at run time"  # import_module(f"...{name}"): an arrow no reader sees


def _by_name(node: ast.AST) -> str | None:
    """The module an ``import_module(...)`` / ``__import__(...)`` call imports (``BY_NAME`` when
    its name is built at run time); None for any other node."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    function = node.func
    name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", None)
    if name not in ("import_module", "__import__"):
        return None
    first = node.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else BY_NAME


def imports(path: Path, root: Path = SCORING) -> set[str]:
    """Every module ``path`` imports, absolute names (relative imports resolved), wherever the
    import is (in a function, under ``TYPE_CHECKING``), and ``import_module`` by name."""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if (by_name := _by_name(node)) is not None:
            found.add(by_name)
        elif isinstance(node, ast.Import):
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
        name: {m for m in imported if m in modules or m == BY_NAME} | ({"<outside>"} if _outside(imported) else set())
        for name, imported in modules.items()
    }


def _outside(imported: set[str]) -> bool:
    """Anything but the standard library and scoring (only the engine is held to it)."""
    return any(m.split(".")[0] not in sys.stdlib_module_names | {"scoring"} for m in imported - {BY_NAME})


def circles(modules: dict[str, set[str]]) -> list[list[str]]:
    """The circles of the import graph: each set of modules that reach one another (a strongly
    connected component, Tarjan's), sorted. A module naming its own package (``from .. import
    bounds``) is not an arrow: the package is imported before any of its modules anyway."""
    arrows = {
        module: sorted(m for m in imported if m in modules and m != module and not module.startswith(m + "."))
        for module, imported in modules.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for start in sorted(arrows):
        if start in index:
            continue
        work = [(start, iter(arrows[start]))]  # depth first without recursion
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            module, rest = work[-1]
            nxt = next(rest, None)
            if nxt is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = stack[stack.index(module) :]
                    del stack[stack.index(module) :]
                    if len(component) > 1:
                        found.append(sorted(component))
            elif nxt not in index:
                index[nxt] = low[nxt] = len(index)
                stack.append(nxt)
                work.append((nxt, iter(arrows[nxt])))
            elif nxt in stack:
                low[module] = min(low[module], index[nxt])
    return sorted(found)


def part_circles(allowed: dict[str, set[str]] = ALLOWED) -> list[list[str]]:
    """The circles of ``ALLOWED`` itself: parts that may import one another, each way."""
    return circles({f"scoring.{part}": {f"scoring.{other}" for other in others} for part, others in allowed.items()})


def wrong_imports(modules: dict[str, set[str]]) -> list[str]:
    wrong = []
    for module, imported in sorted(modules.items()):
        part = part_of(module)
        for other in sorted(imported):
            if other == BY_NAME:
                wrong.append(f"{module} imports a module by {BY_NAME}")
                continue
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


def test_no_import_circles():
    """No module reaches itself through its imports (a circle that works only in the order the
    modules happen to load), nor does ``ALLOWED`` let two parts import each other: every import
    counted, in functions and under ``TYPE_CHECKING`` too."""
    assert circles(MODULES) == []
    assert part_circles() == []


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


def test_the_circle_check_catches_a_circle(tmp_path):
    """The circle and by-name checks are not vacuous: an import in a function, one under
    ``TYPE_CHECKING`` and ``import_module`` of a written name all close a circle; a name built
    at run time is refused; a module naming its own package is no circle."""
    root = tmp_path / "scoring"
    (root / "events").mkdir(parents=True)
    for name, source in {
        "__init__.py": "from . import seating\n",
        "seating.py": "from scoring.events import teammates, least_played\nfrom .. import events\n",
        "teammates.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .seating import Past\n",
        "least_played.py": "def winds():\n    from importlib import import_module\n"
        "    return import_module('scoring.events.seating')\n",
        "registry.py": "from importlib import import_module\ndef piece(name):\n"
        "    return import_module(f'scoring.events.{name}')\n",
    }.items():
        (root / "events" / name).write_text(source)
    modules = graph(root)
    assert circles(modules) == [["scoring.events.least_played", "scoring.events.seating", "scoring.events.teammates"]]
    assert wrong_imports(modules) == [f"scoring.events.registry imports a module by {BY_NAME}"]
    assert part_circles({"boards": {"records"}, "records": {"rules", "boards"}, "rules": set()}) == [
        ["scoring.boards", "scoring.records"]
    ]


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


# A table's seats are a number: the family's (``Family.SEATS``, ``Ruleset.seats``,
# ``Game.seat_count``, ``Past.seats``), never a four written into the site.
FOUR_SEATS = re.compile(
    r"range\(4\)|%\s*4\b|//\s*4\b|[=!]=\s*4\b|(?<!<)<\s*4\b|<=\s*3\b|\b4\s*\*(?!\*)|(?<!\*)\*\s*4\b"
    r"|\(0, 0, 0, 0\)|\[0, 0, 0, 0\]|\[None\]\s*\*\s*4|\"0\", \"1\", \"2\", \"3\"|divmod\([^)]*,\s*4\)"
)
FOUR_WINDS_CYCLE = re.compile(r"\{%\s*cycle[^%]*North")  # a table's seats named by a cycle of four
# where a four is not a table's seats (or is on purpose), and why
FOURS_ALLOWED = {
    "scoring/rules": "the engine: each family says its own seats, and riichi's rules are four-player rules",
    "scoring/online": "online lobbies (Tenhou, Mahjong Soul) are four-player formats",
    "scoring/migrations": "a migration holds the code as it was when written",
    "scoring/models/seats.py": "a message at a table of four keeps the club's words (for_seats)",
    "scoring/events/designs.py": "TD(4, q) seats four, used only at tables of four; q = 4 is the plane AG(2, 4)",
    "scoring/tiles/scoring.py": "four copies of each tile; a double wind pair's 4 fu",
    "scoring/tiles/tenpai.py": "four copies of each tile",
}


def four_seat_lines(root: Path = SCORING, templates: Path = SCORING.parent / "templates") -> list[str]:
    """The lines of the site (``scoring/`` and the templates) that write a four where a
    table's seat count belongs, outside ``FOURS_ALLOWED``."""
    found = []
    sources = [(path, FOUR_SEATS) for path in sorted(root.rglob("*.py"))]
    sources += [(path, FOUR_WINDS_CYCLE) for path in sorted(templates.rglob("*.html"))]
    for path, pattern in sources:
        relative = path.relative_to(root.parent).as_posix()
        if any(relative == allowed or relative.startswith(allowed + "/") for allowed in FOURS_ALLOWED):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_no_part_of_the_site_assumes_four_seats():
    """Every place that needs a table's size reads it from the game's family (the three-seat
    run in tests/test_seat_count.py proves the reads); a new four is caught here."""
    assert four_seat_lines() == []


def test_the_four_seat_check_catches_a_four(tmp_path):
    """The check above is not vacuous: each way of writing four seats is caught, other
    fours and the allowed places are not."""
    root, templates = tmp_path / "scoring", tmp_path / "templates"
    (root / "rules").mkdir(parents=True)
    (templates / "scoring").mkdir(parents=True)
    caught = [
        "for seat in range(4):",
        "after = (seat + 1) % 4",
        "tables = len(players) // 4",
        "if len(players) != 4:",
        "if seat < 4:",
        "if 0 <= seat <= 3:",
        "values = [None] * 4",
        "size = 4 * tables",
        "penalties = (0, 0, 0, 0)",
        "deltas = [0, 0, 0, 0]",
        'if value in ("0", "1", "2", "3"):',
        "q, rest = divmod(players, 4)",
    ]
    fine = ["han <= 4", "size *= 4", "2 ** 4", "x = 14 * 2", "MOVER_TRIES = 4", "seat < 40", "# (1, 1, 3, 4)"]
    (root / "views.py").write_text("\n".join(caught + fine) + "\n")
    (root / "rules" / "table.py").write_text("for seat in range(4):\n")
    (templates / "scoring" / "page.html").write_text('{% cycle _("East") _("South") _("West") _("North") %}\n')
    found = four_seat_lines(root, templates)
    assert found == [f"scoring/views.py:{n}: {line}" for n, line in enumerate(caught, 1)] + [
        'templates/scoring/page.html:1: {% cycle _("East") _("South") _("West") _("North") %}'
    ]


# A family is asked (``site_family``, ``family_of``), never which one it is. A branch on a
# family names one: ``is_riichi``, ``FamilyName.RIICHI``, ``family == "riichi"``,
# ``isinstance(facts, RiichiHand)``, ``type(hand) is MCRHand``, a dispatch keyed by the class of
# its hands (``{RiichiHand: check}``) (each family's name, and the class of its hands).
# Every family of the engine's registry is covered: a family added is caught without an edit here.
FAMILY_NAMES = "|".join(FAMILIES)
HAND_CLASSES = "|".join(sorted({family.Hand.__name__ for family in FAMILIES.values()}))
FAMILY_BRANCH = re.compile(
    rf"\bis_({FAMILY_NAMES})\b(?!=)|FamilyName\.[A-Z_]+|isinstance\([^)]*\b({HAND_CLASSES})\b"
    rf"|family\s*(==|!=|in)\s*[\"'(]|[\"']({FAMILY_NAMES})[\"']\s*(==|!=|in)\s*[\w.]*family"
    rf"|type\([^)]*\)\s*(is|==|!=)\s*({HAND_CLASSES})\b|(^|[{{,])\s*({HAND_CLASSES})\s*:"
)
# outside the engine and the families' own folders, at most this many lines branch on a family
MOST_FAMILY_BRANCHES = 10
FAMILY_HOMES = ("scoring/rules", "scoring/families", "templates/scoring/families", "scoring/migrations")


def family_branches(root: Path = SCORING, templates: Path = SCORING.parent / "templates") -> list[str]:
    """The lines of the site (``scoring/`` and the templates) outside ``FAMILY_HOMES`` that
    branch on a named family."""
    found = []
    for path in sorted([*root.rglob("*.py"), *templates.rglob("*.html")]):
        relative = path.relative_to(root.parent).as_posix()
        if any(relative.startswith(home + "/") for home in FAMILY_HOMES):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if FAMILY_BRANCH.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_the_site_asks_the_family_not_which_one_it_is():
    """A new family is a module added (``scoring/rules/families/<name>``,
    ``scoring/families/<name>``), not a site edited: the one branch left is the benchmark's
    riichi leaderboard figure."""
    found = family_branches()
    assert len(found) <= MOST_FAMILY_BRANCHES, "\n".join(found)


def test_the_family_check_catches_a_branch(tmp_path):
    """The check above is not vacuous: each way of asking which family it is is caught, in
    code and templates; asking the family is not, nor is a family's own folder."""
    root, templates = tmp_path / "scoring", tmp_path / "templates"
    (root / "families" / "riichi").mkdir(parents=True)
    (templates / "scoring").mkdir(parents=True)
    caught = [
        "if rules.is_riichi:",
        "if ruleset.family == FamilyName.AMERICAN:",
        'rows = Seat.objects.filter(family="riichi") if family == "riichi" else rows',
        "if isinstance(facts, AmericanHand):",
        "if family in ('riichi', 'american'):",
        'if "american" == game.ruleset.family:',
        "if type(hand) is MCRHand:",
        "CHECKS = {RiichiHand: check_riichi,",
        "MCRHand: check_mcr,",
    ]
    fine = [
        "piece = site_family(rules.family, 'table')",
        "seats = family_of(rules).SEATS",
        "riichi = row['riichi']",
        "def facts(hand: Hand) -> RiichiHand:",
        "def check_hand(log: GameLog, hand: MCRHand, table: TableState) -> None:",
    ]
    (root / "views.py").write_text("\n".join(caught + fine) + "\n")
    (root / "families" / "riichi" / "table.py").write_text("if rules.is_riichi:\n")
    (templates / "scoring" / "page.html").write_text('{% if family == "riichi" %}\n{% if rules.is_american %}\n')
    assert family_branches(root, templates) == [
        *(f"scoring/views.py:{n}: {line}" for n, line in enumerate(caught, 1)),
        'templates/scoring/page.html:1: {% if family == "riichi" %}',
        "templates/scoring/page.html:2: {% if rules.is_american %}",
    ]


# The tests are a house too: what more than one folder's tests build (players, games, events,
# league nights, logins) is in tests/builders.py; a folder's conftest serves its own folder.
TESTS = SCORING.parent / "tests"


def foreign_conftests(root: Path = TESTS) -> list[str]:
    """The imports under ``root`` of a conftest outside the importing module's folder and the
    folders above it (whose conftests pytest gives it anyway)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").split(".")[-1] == "conftest":
                continue
            parts = node.module.split(".")[:-1]
            if node.level:
                folder = path.parent
                for _ in range(node.level - 1):
                    folder = folder.parent
            else:
                folder = root.parent.joinpath(*parts) if parts[:1] == [root.name] else root.joinpath(*parts)
            if folder not in (path.parent, *path.parent.parents):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_test_imports_another_folders_conftest():
    """Shared builders come from tests/builders.py, not from another folder's fixtures."""
    assert foreign_conftests() == []


def test_the_conftest_check_catches_a_foreign_import(tmp_path):
    root = tmp_path / "tests"
    (root / "events").mkdir(parents=True)
    (root / "teams" / "sub").mkdir(parents=True)
    (root / "teams" / "conftest.py").write_text("from tests.events.conftest import make_event\n")
    (root / "teams" / "sub" / "test_a.py").write_text("from ..conftest import x\nfrom events.conftest import y\n")
    (root / "teams" / "test_b.py").write_text("from .conftest import x\nfrom tests.teams.conftest import y\n")
    assert foreign_conftests(root) == [
        "tests/teams/conftest.py:1: from tests.events.conftest import make_event",
        "tests/teams/sub/test_a.py:2: from events.conftest import y",
    ]
