"""The README and the manual hold together: every relative link is followed (the file exists, and
a ``#heading`` exists on the page it names), every page of docs/ is in mkdocs.yml's navigation or
named as left out of it, and the README's test command is the one CI runs.

``mkdocs build --strict`` (``./dev docs``, run by .ci/run) checks the manual's own links too; this
test also covers the README, which is not part of the site, and runs with the suite."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCED = re.compile(r"^(`{3,}|~{3,}).*?^\1\s*$", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def slug(heading: str) -> str:
    """A heading's anchor as Python-Markdown's toc (MkDocs) makes it; GitHub's agrees for the
    headings these pages use (letters, digits, spaces, hyphens, apostrophes)."""
    text = re.sub(r"[`*_]", "", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading))
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def prose(page: Path) -> str:
    """The page without its code (a link-like text in code is not a link)."""
    text = FENCED.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"^(?: {4}|\t).*$", "", text, flags=re.MULTILINE)  # indented code blocks
    return INLINE_CODE.sub("", text)


def anchors(page: Path) -> set[str]:
    return {slug(h) for h in HEADING.findall(prose(page))}


def links(page: Path) -> list[str]:
    return [t for t in LINK.findall(prose(page)) if not re.match(r"^[a-z][a-z0-9+.-]*:", t)]


def test_the_slugs_are_mkdocs_own() -> None:
    assert slug("Reading the solver's numbers") == "reading-the-solvers-numbers"
    assert slug("cp-trainer arrange") == "cp-trainer-arrange"
    assert slug("2. Pai Gow Poker (a second, separate game)") == "2-pai-gow-poker-a-second-separate-game"
    assert slug("Card removal for `standard`: what was found") == "card-removal-for-standard-what-was-found"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        page_md = dest.is_file() and dest.suffix == ".md"
        missing_anchor = bool(anchor) and page_md and anchor not in anchors(dest)
        if not dest.exists() or missing_anchor:
            broken.append(target)
    assert broken == []


def test_a_broken_link_is_caught(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Here\n\n[a](page.md#here) [b](gone.md) [c](page.md#gone) `[d](x.md)`\n",
                    encoding="utf-8")
    assert links(page) == ["page.md#here", "gone.md", "page.md#gone"]
    with pytest.raises(AssertionError):
        test_every_relative_link_leads_somewhere(page)


def test_the_readme_links_into_the_manual() -> None:
    targets = {t.partition("#")[0] for t in links(ROOT / "README.md")}
    for page in ("docs/playing.md", "docs/practice.md", "docs/house-rules.md", "docs/teaching.md",
                 "docs/paigow.md", "docs/command-line.md", "docs/maintainers/development.md"):
        assert page in targets, page


def test_every_page_is_in_the_navigation() -> None:
    """A page of docs/ is in mkdocs.yml's nav or in its not_in_nav list (strict mode fails a page
    in neither); and every page the file names exists."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    named = set(re.findall(r"([\w./-]+\.md)\b", config))
    pages = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    assert pages - {n.lstrip("/") for n in named} == set()
    assert {n.lstrip("/") for n in named} - pages == set()
    assert re.search(r"^strict: true$", config, re.MULTILINE)


def test_the_readme_test_command_is_the_one_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme[readme.index("## Start"):]
    block = start[start.index("```sh"):start.index("```", start.index("```sh") + 3)]
    assert re.search(r"^\./dev run\b", block, re.MULTILINE)
    assert re.search(r"^\./dev test\b", block, re.MULTILINE)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^exec \./dev test$", ci, re.MULTILINE)
    assert re.search(r"^\./dev docs\b", ci, re.MULTILINE)
    assert re.search(r"^\./dev lint$", ci, re.MULTILINE)
