"""Grading an answer: normalize the path the model wrote, compare with the expected paths.

Normalization (both sides): surrounding whitespace, quotes, backticks, brackets and emphasis are
removed; an answer that is not quoted ends at its first whitespace (small models add "(the Go
config)"); trailing sentence punctuation goes; backslashes become slashes; the corpus root's
absolute path and leading `./` or `/` are dropped; a `#heading` suffix is ignored (expected
`path#heading` entries are graded by their path, as eval-resolver does).

The root folder's own name (`django/models.py` written for the corpus root `/src/django`) is
dropped only when the answer does not already name an expected path as written: a repository whose
root shares its name with a top-level folder (django/django, numpy/numpy) keeps that folder in
its paths, and `django/db/models/base.py` there is the correct answer, not `db/models/base.py`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

_QUOTES = {"`": "`", '"': '"', "'": "'", "<": ">", "(": ")", "[": "]", "“": "”", "‘": "’"}
_EMPHASIS = re.compile(r"^[*_]+|[*_]+$")


def normalize_path(text: str, root: Path | str | None = None) -> str:
    s = text.strip()
    s = re.sub(r"^`{3}\w*\s*|\s*`{3}$", "", s)           # a fenced answer
    s = _EMPHASIS.sub("", s).strip()
    m = re.match(r"^\[[^\]]*\]\(([^)]+)\)", s)           # a markdown link: take its target
    if m:
        s = m.group(1)
    if s[:1] in _QUOTES:
        close = _QUOTES[s[0]]
        end = s.find(close, 1)
        s = s[1:end] if end > 0 else s[1:]
    else:
        s = s.split()[0] if s.split() else ""
    s = s.strip().strip("`'\"").rstrip(".,;:!?)").strip()
    s = s.replace("\\", "/")
    s = re.sub(r"/{2,}", "/", s)
    s = s.split("#", 1)[0]
    if root is not None:
        r = str(Path(root)).rstrip("/")
        if s == r:
            s = ""
        elif s.startswith(r + "/"):
            s = s[len(r) + 1:]
    while s.startswith("./"):
        s = s[2:]
    return s.lstrip("/")


def without_root_name(path: str, root: Path | str | None) -> str | None:
    """`path` with the corpus root folder's own name dropped from its front, or None when it does
    not start with it."""
    name = Path(root).name if root is not None else ""
    return path[len(name) + 1:] if name and path.startswith(name + "/") else None


def expected_path(entry: str) -> str:
    return entry.partition("#")[0].strip()


def grade(answer: str | None, expected: Iterable[str], root: Path | str | None = None) -> tuple[bool, str]:
    """(passed, the normalized answer)."""
    if answer is None:
        return False, ""
    got = normalize_path(answer, root)
    want = {normalize_path(expected_path(e)) for e in expected}
    if got not in want:
        short = without_root_name(got, root)
        if short is not None:
            got = short
    return got in want, got
