"""Every real game of the corpus imports exactly, but for the known refusals below, each keyed
by its file with the reason. The corpus (its sources and licences listed in its folder) is not
committed: the test reads the folder ``ONLINE_CORPUS`` names (default ../shared/online-corpus) and
the committed three-player logs, and skips the corpus when it holds no game. A game is scored
under its lobby's preset, its results included; nothing is stored (``manage.py measure_online``
prints the same figures)."""

import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.online.mapping import LOBBIES, game_log_document, read_online
from scoring.online.measure import corpus_files
from tests.online.test_readers import FIXTURES, HANCHAN, MJLOG

HERE = Path(__file__).parent
# the steering repository's shared/ folder, beside this one: the only place fetched data may be kept
CORPUS = Path(os.environ.get("ONLINE_CORPUS", HERE.parents[2] / "shared" / "online-corpus"))
ROOTS = {"": CORPUS, "sanma/": HERE / "sanma" / "fixtures"}

# East-only games need the knob ``rounds`` (i28-length); the reader marks them and asks for it
EAST_ONLY = "unknown rule knob 'rounds'"
EAST_ONLY_FILES = """
2009071823gm-0041-0000-ff3a2214 2009072917gm-0061-0000-85a7478c 2009072918gm-0061-0000-e6e91672
2009073112gm-0061-0000-cad1a977 2009082713gm-00e1-0000-8820f355 2009082812gm-00e1-0000-47dd79cf
2009082815gm-00e1-0000-b7e41fe8 2010030412gm-00e1-0000-4a275c59 2010060416gm-0061-0000-2d91fbe3
2010060800gm-0061-0000-6d767860 2010113000gm-0061-0000-ef7062e1 2014050315gm-0041-0000-06a52f11
2014050315gm-0041-0000-0f3f6de5 2014050315gm-0041-0000-6babc3e5 2014050315gm-0041-0000-7ddece8e
2014050706gm-0041-0000-0f2d0390 2014050706gm-0041-0000-4e38a006 2014050706gm-0041-0000-d961758c
2014050707gm-0041-0000-5cf9066d 2014050821gm-0041-0000-a1298f1a 2014050821gm-0041-0000-defb2e94
2014050911gm-0041-0000-01181f16 2014050912gm-0041-0000-5b9bd6a8 2014051123gm-0041-0000-19ae6ef7
2014051204gm-0041-0000-c9ebd8d8 2014051313gm-0041-0000-c47daaf7 2014051313gm-0041-0000-c7bd6c03
2014051419gm-0041-0000-7ec58083 2014051420gm-0041-0000-f7f77570 2014051511gm-0041-0000-a29f5b7b
2014051613gm-0041-0000-3366561a 2014052604gm-0041-0000-dc1795af 2014052605gm-0041-0000-5db7afd1
2014052606gm-00c1-0000-6c0dfa74 2014052711gm-00c1-0000-82c05143 2014060412gm-00c1-0000-abd08a3d
2014060512gm-00c1-0000-59befdce 2014060512gm-00c1-0000-eb8a80a7 2014060513gm-00c1-0000-84fa529d
2014060513gm-00c1-0000-b2530541 2014112412gm-00c1-0000-bfbe4417 2014121823gm-00e1-0000-375a275e
""".split()
# the corpus file (its path under the corpus) -> why it is refused today
KNOWN_REFUSALS = {
    **{f"fastmaj/{name}.mjlog": EAST_ONLY for name in EAST_ONLY_FILES},
    "auto-white-reimu/2009100718gm-00e1-0000-470654d3.xml": EAST_ONLY,
    "auto-white-reimu/2018011723gm-00e1-0000-d28ec3fd.xml": EAST_ONLY,
}


def _files():
    return [(prefix + str(p.relative_to(root)), p) for prefix, root in ROOTS.items() for p in corpus_files(root)]


def _refusal(path: Path) -> str:
    """Why the game is refused under its lobby's preset, whose results must be the log's ("" if it
    imports exactly, results included)."""
    game = read_online(path.read_bytes(), path.name)
    assert game.results is not None and game.lobby in LOBBIES, "every corpus game gives its lobby and results"
    try:
        game_log_document(game, [f"seat {s + 1}" for s in range(game.seats)], game.lobby)
    except ValueError as error:
        return str(error)
    return ""


@pytest.mark.parametrize(("name", "path"), _files(), ids=[name for name, _ in _files()])
def test_each_real_game_imports_exactly_or_is_a_known_refusal(name, path):
    """Every hand, the final scores and the results as the log gives them (Tenhou's until 2021 in
    whole thousands: tenhou-thousands; its three-player ones until 2018: tenhou-sanma-thousands)."""
    refusal = _refusal(path)
    expected = KNOWN_REFUSALS.get(name)
    if expected is None:
        assert refusal == "", f"{name} is refused: {refusal}"
    else:
        assert refusal, f"{name} imports exactly now: take it off KNOWN_REFUSALS"
        assert expected in refusal


def test_the_corpus_is_there_and_every_known_refusal_names_a_file_of_it():
    names = {name for name, _ in _files()}
    if not any(name.startswith(("fastmaj/", "mjx/")) for name in names):
        pytest.skip(f"the corpus is not in {CORPUS} (its sources are listed in tests/online/corpus)")
    assert set(KNOWN_REFUSALS) <= names


def test_the_measurement_counts_per_source_and_kind_and_groups_the_refusals(tmp_path):
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / HANCHAN).write_bytes((FIXTURES / HANCHAN).read_bytes())
    (tmp_path / "club" / MJLOG).write_bytes((FIXTURES / MJLOG).read_bytes())
    (tmp_path / "club" / "cut.json").write_bytes((FIXTURES / HANCHAN).read_bytes()[:300])
    (tmp_path / "club" / "notes.txt").write_text("not a log")
    out = io.StringIO()
    call_command("measure_online", str(tmp_path), "--ruleset", "reach", stdout=out)
    assert out.getvalue().splitlines() == [
        "club             Tenhou hanchan            2 of    2 import faithfully,    1 with the online results",
        "club             unreadable                0 of    1 import faithfully,    0 with the online results",
        "all                                        2 of    3 import faithfully,    1 with the online results",
        "   1 refused: not an online game log",
    ]
    out = io.StringIO()
    call_command("measure_online", str(tmp_path), stdout=out)  # the lobby's preset: results compared
    assert out.getvalue().splitlines()[0] == (  # the hanchan fixture's counters on a double ron are not Tenhou's
        "club             Tenhou hanchan            1 of    2 import faithfully,    1 with the online results"
    )
