"""Glob matching with the semantics of `minimatch(path, pattern, {dot: true})`, the matcher of the
reference filesystem server: `*` and `?` stay inside one segment, `**` spans segments, `[...]`
classes, `{a,b}` alternatives; a pattern without a slash only matches at the top level."""

from __future__ import annotations

import re
from functools import lru_cache


def _expand_braces(pat: str) -> list[str]:
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
                return [x for a in alts for x in _expand_braces(pat[:start] + a + pat[i + 1:])]
    return [pat]


def _segment(seg: str) -> str:
    out, i = [], 0
    while i < len(seg):
        c = seg[i]
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[" and seg.find("]", i + 2) != -1:
            j = seg.find("]", i + 2)
            body = seg[i + 1:j]
            if body.startswith("!"):
                body = "^" + body[1:]
            out.append("[" + body.replace("\\", "\\\\") + "]")
            i = j
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


@lru_cache(maxsize=256)
def compile_glob(pattern: str) -> re.Pattern:
    alts = []
    pattern = pattern[2:] if pattern.startswith("./") else pattern
    for pat in _expand_braces(pattern):
        segs = pat.split("/")
        rx = ""
        for k, seg in enumerate(segs):
            last = k == len(segs) - 1
            if seg == "**":
                rx += ".*" if last else "(?:[^/]+/)*"
            else:
                rx += _segment(seg) + ("" if last else "/")
        alts.append(rx)
    return re.compile("^(?:" + "|".join(alts) + ")$")


def glob_match(path: str, pattern: str) -> bool:
    return bool(compile_glob(pattern).match(path))
