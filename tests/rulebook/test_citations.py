"""Every source a member reads names the rulebook and its clause in the club's words, never a
file the site does not ship nor the history of how it was built: the rules page in English,
Spanish, French and German, every message of every catalogue (the form errors and the engine's
messages) in every language, the clauses the engine quotes, the product code's own text and comments, and the
tests' (they cite the clause the engine quotes, or the club's rule)."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from scoring.rules.ruleset import BOOKS, CLAUSES, PRESETS, REGULATIONS, TOPICS, clause, source_of

from .test_catalogues import catalogues
from .test_spanish import CATALOGUE, catalogue

ROOT = Path(__file__).resolve().parents[2]
# A file outside the site (the brief's seeds and notes) or the history of the work.
OUTSIDE = re.compile(r"seed 0|rules\.md|\.md\b|issue |issues \d|stop \d|semilla 0|incidencia \d", re.I)
PRODUCT = [
    *ROOT.glob("scoring/**/*.py"),
    *ROOT.glob("scoring/**/*.txt"),
    *ROOT.glob("mahjong_club/**/*.py"),
    *ROOT.glob("templates/**/*.html"),
    *ROOT.glob("static/**/*.js"),
    *ROOT.glob("static/**/*.css"),
]
# Every file of the tests, their data included (the worked examples' notes, the golden table's
# prose), but this one, which has to name what it looks for, and the real online games of the
# corpus (other sites' logs and where they come from, not committed)
CORPUS = ROOT / "tests" / "online" / "corpus"
TESTS = [
    path
    for path in ROOT.glob("tests/**/*")
    if path.is_file()
    and "__pycache__" not in path.parts
    and path != Path(__file__).resolve()
    and CORPUS not in path.parents
]


def outside(text: str) -> list[str]:
    return sorted({match.group(0) for match in OUTSIDE.finditer(text)})


def citing_outside(paths: list[Path]) -> dict[str, list[str]]:
    """Each of ``paths`` that names a file outside the site or the history, with what it names."""
    found = {str(path.relative_to(ROOT)): outside(path.read_text(encoding="utf-8")) for path in paths}
    return {path: words for path, words in found.items() if words}


@pytest.mark.parametrize("language", ["en", "es", "fr", "de"])
def test_the_rules_page_cites_rulebooks_only(client, db, language):
    client.cookies["django_language"] = language
    html = client.get(reverse("scoring:rules")).content.decode()
    assert f'<html lang="{language}">' in html
    assert outside(html) == []
    assert "EMA Riichi Competition Rules 2016, §3.4.6" in html
    assert "EMA Riichi: Rules for Japanese Mahjong 2025, §4.1.3" in html


@pytest.mark.parametrize("path", [CATALOGUE, *catalogues()], ids=lambda path: "/".join(path.parts[-4:-2]))
def test_no_message_in_any_language_cites_a_file_or_the_history(path):
    entries = catalogue(path)
    assert len(entries) > 5
    assert [(msgid, msgstr) for msgid, msgstr, _fuzzy in entries if outside(msgid) or outside(msgstr)] == []


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_source_and_clause_names_the_rulebook(preset):
    """A knob's source names the preset's rulebook (or the tournament regulations it is played
    under: MCR's table points) or says it is the club's rule; a clause the engine quotes is the
    rulebook's name and its clause or subject."""
    rules = PRESETS[preset]
    texts = [BOOKS[preset], *([REGULATIONS[preset]] if preset in REGULATIONS else [])]
    for knob in rules.knobs():
        source = source_of(preset, knob)
        assert any(text in source for text in texts) or source.startswith("the club's rule"), (knob, source)
    for topic in TOPICS:
        quoted = clause(rules, topic)
        assert quoted.startswith(BOOKS[preset] + ", "), quoted
        assert quoted.endswith(CLAUSES.get(preset, {}).get(topic) or TOPICS[topic])


def test_the_product_code_cites_clauses_not_files_nor_history():
    assert len(PRODUCT) > 100
    assert citing_outside(PRODUCT) == {}


def test_the_tests_cite_clauses_not_files_nor_history():
    assert len(TESTS) > 100
    assert {path.suffix for path in TESTS} >= {".py", ".json"}
    assert citing_outside(TESTS) == {}
