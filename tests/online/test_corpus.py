"""Every real game of the corpus imports exactly: East-only and hanchan, four and three players.
The corpus (its sources and licences listed in its folder) is not
committed: the test reads the folder ``ONLINE_CORPUS`` names (default ../shared/online-corpus) and
the committed three-player logs, and skips the corpus when it holds no game. A game is scored
under its lobby's preset (the log's rule flags say which); nothing is
stored (``manage.py measure_online`` prints the same figures)."""

import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.online.mapping import game_log_document, lobby_ruleset, read_online
from scoring.online.measure import corpus_files
from tests.online.test_readers import FIXTURES, HANCHAN, MJLOG

HERE = Path(__file__).parent
# the steering repository's shared/ folder, beside this one: the only place fetched data may be kept
CORPUS = Path(os.environ.get("ONLINE_CORPUS", HERE.parents[2] / "shared" / "online-corpus"))
ROOTS = {"": CORPUS, "sanma/": HERE / "sanma" / "fixtures"}


def _files():
    return [(prefix + str(p.relative_to(root)), p) for prefix, root in ROOTS.items() for p in corpus_files(root)]


def _refusal(path: Path) -> str:
    game = read_online(path.read_bytes(), path.name)
    try:
        game_log_document(game, [f"seat {s + 1}" for s in range(game.seats)], lobby_ruleset(game))
    except ValueError as error:
        return str(error)
    return ""


@pytest.mark.parametrize(("name", "path"), _files(), ids=[name for name, _ in _files()])
def test_each_real_game_imports_exactly(name, path):
    assert _refusal(path) == ""


def test_the_corpus_is_there():
    names = {name for name, _ in _files()}
    if not any(name.startswith(("fastmaj/", "mjx/")) for name in names):
        pytest.skip(f"the corpus is not in {CORPUS} (its sources are listed in tests/online/corpus)")
    assert len(names) == 122


def test_the_measurement_counts_per_source_and_kind_and_groups_the_refusals(tmp_path):
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / HANCHAN).write_bytes((FIXTURES / HANCHAN).read_bytes())
    (tmp_path / "club" / MJLOG).write_bytes((FIXTURES / MJLOG).read_bytes())
    (tmp_path / "club" / "cut.json").write_bytes((FIXTURES / HANCHAN).read_bytes()[:300])
    (tmp_path / "club" / "notes.txt").write_text("not a log")
    out = io.StringIO()
    call_command("measure_online", str(tmp_path), "--ruleset", "reach", stdout=out)
    assert out.getvalue().splitlines() == [
        "club             Tenhou hanchan            2 of    2 import faithfully",
        "club             unreadable                0 of    1 import faithfully",
        "all                                        2 of    3 import faithfully",
        "   1 refused: not an online game log",
    ]
