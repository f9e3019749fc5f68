"""Every real three-player log of the online corpus (``sanma/`` and ``sanma-more/``, sources in their
README and SOURCES) imports exactly under the lobby's preset that settles as Tenhou's lobby (Tenhou
three-player rules: the lobby's rules are the four-player lobby's): every hand as Tenhou paid it, the
final scores and the results Tenhou gave. Read where the corpus is kept, never committed."""

import pytest

from scoring.online.measure import check, corpus_files
from scoring.rules import PRESETS
from tests.online.test_corpus import CORPUS

FOLDERS = ("sanma", "sanma-more")
FILES = [path for folder in FOLDERS if (CORPUS / folder).is_dir() for path in corpus_files(CORPUS / folder)]


@pytest.mark.skipif(not FILES, reason=f"the corpus's three-player logs are not in {CORPUS} (ONLINE_CORPUS)")
@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_each_real_three_player_log_imports_exactly_under_the_lobby_rules(path):
    """Tenhou three-player rules: the lobby's preset, with a double ron, ties, nagashi and liability
    settled as Tenhou's lobby, reproduces every hand, the final scores and Tenhou's results."""
    checked = check(path.name, path.read_bytes())
    assert (checked.kind, checked.refusal, checked.results) == ("Tenhou 3p hanchan", "", True)


def test_the_corpus_holds_the_three_player_logs_it_should():
    """The eight logs of ``sanma/`` and the ten of ``sanma-more/`` (skipped where the corpus is absent)."""
    if not FILES:
        pytest.skip(f"the corpus's three-player logs are not in {CORPUS} (ONLINE_CORPUS)")
    assert len(FILES) == 18
    assert all(PRESETS[slug].uma_ties == "seat_order" for slug in ("tenhou-sanma", "tenhou-sanma-thousands"))
