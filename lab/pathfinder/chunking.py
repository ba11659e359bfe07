"""Split a file's text into chunks with the indexed text fields (heading, breadcrumb, body, and
for source files symbols and comments).

Markdown is chunked by ATX heading: each chunk's heading is its heading line, its breadcrumb the
document title (frontmatter `title:` or a title made from the file name) followed by the parent
headings, its body the text below the heading. Every other text file is one chunk whose heading is
its first heading-like line (a doc comment, a `#` comment, a Markdown-style title) and whose body
is the rest of the text, its `symbols` the names the file defines (functions, classes, types,
traits, modules: the words a description of the code uses, without the noise of every call site)
and its `comments` its comment lines and docstrings (what the authors say the code does).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MARKDOWN_EXTS = {"md", "markdown", "mdx"}
_ATX = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^(```|~~~)")
_COMMENT = re.compile(r"^\s*(?://+!?|#+|--|;+|/\*+|\*+|\"\"\"|''')\s*(.*?)\s*(?:\*/|\"\"\"|''')?\s*$")
_SKIP_COMMENT = re.compile(r"^(!|-\*-|noqa|eslint|go:build|\+build|syntax|pylint|type:|@generated"
                           r"|Code generated|DO NOT EDIT|SPDX|Copyright|vim:)", re.I)


#: Prose and data files: no code symbols or comments to extract (`*` starts a list item there).
PROSE_EXTS = MARKDOWN_EXTS | {"rst", "txt", "adoc", "html", "htm", "svg", "json", "csv", "tsv", "xml", "lock"}
_DEFINITION = re.compile(
    r"\b(?:def|class|fn|struct|enum|trait|impl|func|type|interface|function|mod|module|macro_rules!"
    r"|const|static|union|record|object|protocol)\s+([A-Za-z_][A-Za-z0-9_]*)")
_DOCSTRING = re.compile(r'("""|\'\'\')(.*?)\1', re.S)
_COMMENT_LINE = re.compile(r"^\s*(?://[/!]?|#(?![!\[])|/?\*+|--)\s?(.*)$")
SYMBOLS_MAX, COMMENTS_MAX = 4000, 8000  # characters kept per field: enough to describe a file


@dataclass(frozen=True)
class ChunkText:
    heading: str
    breadcrumb: str
    body: str
    line: int  # 1-based line where the chunk starts
    symbols: str = ""
    comments: str = ""


def code_symbols(text: str) -> str:
    """The names a source file defines, space-separated, in order, each once."""
    names = dict.fromkeys(m.group(1) for m in _DEFINITION.finditer(text))
    return " ".join(names)[:SYMBOLS_MAX]


def code_comments(text: str) -> str:
    """A source file's comment lines and docstrings, in file order."""
    parts: list[str] = [m.group(2).strip() for m in _DOCSTRING.finditer(text)]
    for line in text.splitlines():
        m = _COMMENT_LINE.match(line)
        if m and m.group(1).strip():
            parts.append(m.group(1).strip())
    return "\n".join(parts)[:COMMENTS_MAX]


def title_from_filename(path: str) -> str:
    """`docs/oauth-callback_flow.md` -> `Oauth Callback Flow`."""
    name = path.rsplit("/", 1)[-1]
    stem = name.split(".", 1)[0] if not name.startswith(".") else name.lstrip(".")
    words = [w for w in re.split(r"[-_\s.]+", stem) if w]
    return " ".join(w[:1].upper() + w[1:] for w in words)


def _frontmatter(lines: list[str]) -> tuple[str | None, int]:
    """(title, number of lines the frontmatter takes)."""
    if not lines or lines[0].strip() != "---":
        return None, 0
    for i in range(1, min(len(lines), 200)):
        if lines[i].strip() in ("---", "..."):
            title = None
            for ln in lines[1:i]:
                m = re.match(r"^title:\s*(.+?)\s*$", ln)
                if m:
                    title = m.group(1).strip("'\"")
            return title, i + 1
    return None, 0


def chunk_markdown(path: str, text: str) -> list[ChunkText]:
    lines = text.splitlines()
    title, skip = _frontmatter(lines)
    title = title or title_from_filename(path)
    chunks: list[ChunkText] = []
    stack: list[tuple[int, str]] = []  # (level, heading) of the open sections
    heading, start, body_lines = "", skip + 1, []
    in_fence = False

    def flush() -> None:
        body = "\n".join(body_lines).strip()
        if heading or body:
            parents = [h for _, h in stack[:-1]] if heading else []
            crumb = " > ".join([title, *parents])
            chunks.append(ChunkText(heading=heading, breadcrumb=crumb, body=body, line=start))

    for i, line in enumerate(lines[skip:], start=skip + 1):
        if _FENCE.match(line.strip()):
            in_fence = not in_fence
        m = None if in_fence else _ATX.match(line)
        if m:
            flush()
            level, heading = len(m.group(1)), m.group(2).strip()
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, heading))
            start, body_lines = i, []
        else:
            body_lines.append(line)
    flush()
    if not chunks:
        chunks.append(ChunkText(heading="", breadcrumb=title, body="", line=1))
    return chunks


def first_heading(text: str) -> tuple[str, int]:
    """The first heading-like line of a source file and its 1-based line number ("" if none)."""
    for i, line in enumerate(text.splitlines()[:80], 1):
        s = line.strip()
        if not s:
            continue
        m = _ATX.match(s) or _COMMENT.match(s)
        if m:
            content = m.group(m.lastindex or 1).strip()
            if len(content) >= 3 and not _SKIP_COMMENT.match(content) and re.search(r"[A-Za-z]{3}", content):
                return content, i
    return "", 0


def chunk_file(path: str, text: str | None) -> list[ChunkText]:
    ext = path.rsplit(".", 1)[-1].lower() if "." in path.rsplit("/", 1)[-1] else ""
    if text is None:
        return [ChunkText(heading="", breadcrumb=title_from_filename(path), body="", line=1)]
    if ext in MARKDOWN_EXTS:
        return chunk_markdown(path, text)
    heading, line = first_heading(text)
    if heading:
        lines = text.splitlines()
        body = "\n".join(lines[:line - 1] + lines[line:]).strip()
    else:
        body = text.strip()
    symbols = comments = ""
    if ext not in PROSE_EXTS:
        symbols, comments = code_symbols(text), code_comments(text)
    return [ChunkText(heading=heading, breadcrumb=title_from_filename(path), body=body, line=1,
                      symbols=symbols, comments=comments)]
