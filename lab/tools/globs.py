"""Glob matching with the semantics of `minimatch(path, pattern, {dot: true})`, the matcher of the
reference filesystem server: `*` and `?` stay inside one segment, `**` spans segments, `[...]`
classes, `{a,b}` alternatives; a pattern without a slash only matches at the top level.

Bounded work for any pattern (a model, or a hostile client, writes them):
- a pattern is at most MAX_PATTERN_CHARS long and expands to at most MAX_ALTERNATIVES brace
  alternatives (`{a,b}` 22 times is 4 million), else `GlobError`, which the tools turn into a
  tool error;
- matching never backtracks exponentially: a segment is matched by the two-pointer wildcard
  algorithm (O(len(name) x len(segment)), whatever the number of stars), and the segments of a
  path by the same algorithm one level up, `**` playing the star. (A translation to one `re`
  pattern, the former code, backtracks: 30 stars against a long name never ended.)
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice
from typing import Iterator

MAX_PATTERN_CHARS = 1000
MAX_ALTERNATIVES = 256


class GlobError(ValueError):
    """A pattern the tools refuse (too long, too many alternatives); the text says which limit."""


def check_glob(pattern: str) -> str | None:
    """A one-line problem with `pattern`, or None; the pattern itself is not echoed (it can be huge)."""
    try:
        compile_glob(pattern)
    except GlobError as e:
        return str(e)
    return None


def _iter_braces(pat: str) -> Iterator[str]:
    depth, start = 0, -1
    for i, ch in enumerate(pat):
        if ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
            if depth == 0:
                body, alts, d, last = pat[start + 1:i], [], 0, 0
                for j, c in enumerate(body):
                    d += c == "{"
                    d -= c == "}"
                    if c == "," and d == 0:
                        alts.append(body[last:j])
                        last = j + 1
                alts.append(body[last:])
                if len(alts) == 1:
                    continue
                for a in alts:
                    yield from _iter_braces(pat[:start] + a + pat[i + 1:])
                return
    yield pat


def _expand_braces(pat: str) -> list[str]:
    alts = list(islice(_iter_braces(pat), MAX_ALTERNATIVES + 1))
    if len(alts) > MAX_ALTERNATIVES:
        raise GlobError(f"pattern expands to more than {MAX_ALTERNATIVES} {{a,b}} alternatives")
    return alts


# A segment pattern is a tuple of items: a literal character (str of length 1), STAR, ONE, or a
# compiled one-character class (re.Pattern). A path pattern is a tuple of segment patterns and
# GLOBSTAR (`**`: any number of whole segments).
STAR, ONE, GLOBSTAR = "*", "?", "**"


def _segment(seg: str) -> tuple:
    out: list = []
    i = 0
    while i < len(seg):
        c = seg[i]
        if c == "*":
            if not out or out[-1] is not STAR:   # `**` inside a segment is one star
                out.append(STAR)
        elif c == "?":
            out.append(ONE)
        elif c == "[" and seg.find("]", i + 2) != -1:
            j = seg.find("]", i + 2)
            body = seg[i + 1:j]
            if body.startswith("!"):
                body = "^" + body[1:]
            try:
                out.append(re.compile("[" + body.replace("\\", "\\\\") + "]"))
            except re.error:
                out.extend(seg[i:j + 1])           # not a class: its characters, literally
            i = j
        else:
            out.append(c)
        i += 1
    return tuple(out)


def _one(item, ch: str) -> bool:
    if item is ONE:
        return ch != "/"
    if isinstance(item, str):
        return item == ch
    return ch != "/" and item.fullmatch(ch) is not None


def _wildcard(items: tuple, seq, is_star, match_one) -> bool:
    """The two-pointer wildcard match of `items` against `seq`: on a mismatch, go back to the last
    star and let it take one more element. Correct because every other item takes exactly one
    element; O(len(seq) x len(items)) steps."""
    i = j = 0
    star_i, star_j = -1, 0
    while j < len(seq):
        if i < len(items) and not is_star(items[i]) and match_one(items[i], seq[j]):
            i += 1
            j += 1
        elif i < len(items) and is_star(items[i]):
            star_i, star_j = i, j
            i += 1
        elif star_i >= 0:
            i, star_j = star_i + 1, star_j + 1
            j = star_j
        else:
            return False
    while i < len(items) and is_star(items[i]):
        i += 1
    return i == len(items)


def _segment_match(items: tuple, name: str) -> bool:
    return _wildcard(items, name, lambda it: it is STAR, _one)


@lru_cache(maxsize=256)
def compile_glob(pattern: str) -> tuple[tuple, ...]:
    """The pattern's alternatives, each a tuple of segment patterns and GLOBSTARs."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise GlobError(f"pattern is {len(pattern):,} characters; the limit is {MAX_PATTERN_CHARS:,}")
    pattern = pattern[2:] if pattern.startswith("./") else pattern
    alts = []
    for pat in _expand_braces(pattern):
        segs = pat.split("/")
        items: list = []
        for k, seg in enumerate(segs):
            if seg == "**":
                if k == len(segs) - 1 and k > 0:
                    items.append((STAR,))          # a last `**` after a folder: one segment or more
                if not items or items[-1] is not GLOBSTAR:
                    items.append(GLOBSTAR)
            else:
                items.append(_segment(seg))
        alts.append(tuple(items))
    return tuple(alts)


def glob_match(path: str, pattern: str) -> bool:
    """Whether `path` (relative, POSIX, no empty segments) matches `pattern`. GlobError for a
    pattern over the limits."""
    segs = path.split("/")
    for items in compile_glob(pattern):
        if items == (GLOBSTAR,):
            return True                             # `**` alone: everything
        if _wildcard(items, segs, lambda it: it is GLOBSTAR, _segment_match):
            return True
    return False
