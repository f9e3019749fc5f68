"""The README's links into docs/ reach a page and, where they name one, a heading of it: the
README is outside what `make docs` checks (mkdocs.yml's docs_dir)."""

import re
from pathlib import Path

from markdown.extensions.toc import slugify

ROOT = Path(__file__).resolve().parents[2]
README = next(ROOT.glob("README*"))
LINK = re.compile(r"\]\((docs/[^)#\s]+)(?:#([^)\s]+))?\)")
HEADING = re.compile(r"^#+\s+(.+?)\s*$", re.MULTILINE)


def anchors(page: Path) -> set[str]:
    return {slugify(title, "-") for title in HEADING.findall(page.read_text(encoding="utf-8"))}


def test_every_readme_link_into_docs_reaches_its_page_and_heading() -> None:
    links = LINK.findall(README.read_text(encoding="utf-8"))
    assert links, "the README leads to docs/"
    for path, anchor in links:
        page = ROOT / path
        assert page.is_file(), f"README links {path}, which does not exist"
        if anchor:
            assert anchor in anchors(page), f"README links {path}#{anchor}: no such heading"
