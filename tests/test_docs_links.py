"""The front door and the docs stand alone: every relative link in README.md and docs/ (and the
folder READMEs) resolves to a file or folder inside the repository, and no page points outside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
#: Markdown links and images: [text](target) and ![alt](target), the target up to a space or ')'.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def pages() -> list[Path]:
    """README.md, every hand-written page under docs/ (not the generated reports and run folders
    of docs/findings/*/), and the README of each top-level folder."""
    out = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), REPO / "docs/findings/README.md"]
    out += sorted((REPO / "docs/findings").glob("*.md"))
    out += sorted(p for p in REPO.glob("*/README.md") if p.parent.name not in ("corpora",))
    return sorted(set(out))


def links(page: Path) -> list[tuple[int, str]]:
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), page.read_text(encoding="utf-8"))
    found = []
    for lineno, line in enumerate(text.split("\n"), 1):
        for m in LINK.finditer(line):
            found.append((lineno, m.group(1)))
    return found


def is_external(target: str) -> bool:
    return bool(re.match(r"^[a-z][a-z0-9+.-]*:", target)) or target.startswith("//")


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_resolves_inside_the_repository(page):
    bad = []
    for lineno, target in links(page):
        if is_external(target) or target.startswith("#"):
            continue
        path = target.split("#", 1)[0]
        resolved = (page.parent / path).resolve()
        where = f"{page.relative_to(REPO)}:{lineno}: {target}"
        if not resolved.is_relative_to(REPO):
            bad.append(f"{where} points outside the repository")
        elif not resolved.exists():
            bad.append(f"{where} does not exist")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(REPO)))
def test_no_page_names_a_folder_outside_the_repository(page):
    assert "../shared" not in page.read_text(encoding="utf-8"), page


def test_the_readme_is_a_front_door():
    """Issue 28: the README is read in ten minutes; the rest lives in docs/."""
    lines = (REPO / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 200, f"README.md has {lines} lines"


def test_the_checker_catches_a_broken_and_an_outside_link(tmp_path, monkeypatch):
    page = tmp_path / "p.md"
    page.write_text("[a](nope.md) [b](../../x.md) [c](https://example.org) [d](#top)\n"
                    "```\n[e](inside-a-fence.md)\n```\n")
    assert [t for _, t in links(page)] == ["nope.md", "../../x.md", "https://example.org", "#top"]
