"""Confining tool paths to the corpus root, and the not-found error with resolved suggestions.

Every tool path is relative to the corpus root. Refused, before touching the disk:
- absolute paths (`/etc/passwd`, `~/x`, `C:\\x`): the model never needs the host's layout, and
  accepting it would leak machine-specific paths into transcripts;
- any `..` segment, even one that would land back inside (one simple rule the model can learn);
- a path whose real location (symlinks followed) is outside the root;
- a path with a NUL character, or longer than MAX_PATH_CHARS (no file system has one).
Echoed paths are cut at ECHO_CHARS (`shown`), and OS errors are reported without the absolute
host path, so neither a huge argument nor the corpus root comes back to the client.

Reading (`read_regular`) opens with O_NONBLOCK and refuses anything but a regular file: a named
pipe would block the reading thread forever, a character device would be read until memory
runs out. Names that are not valid UTF-8 (`utf8_name`) are not part of the workspace: the corpus
loader skips them (lab/corpus/loader.py) and the listing tools leave them out, so no response
carries an unencodable string.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from lab.corpus.loader import utf8_name
from lab.tools.base import ToolContext, ToolResult, error
from lab.pathfinder.query import MAX_QUERY_CHARS

_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")
#: Folders that are never listed nor read: version-control internals are not part of a corpus.
HIDDEN_DIRS = frozenset({".git", ".hg", ".svn"})
#: Longest path argument a tool takes (Linux's PATH_MAX), and how much of a path an error echoes.
MAX_PATH_CHARS = 4096
#: The most bytes one read returns, whatever the arguments ask (1 MiB; read_file says so when it clamps).
MAX_READ_BYTES = 1 << 20
ECHO_CHARS = 200



def listing(folder: Path) -> list[Path]:
    """A folder's entries that are part of the workspace, in name order: version-control folders
    (HIDDEN_DIRS) and names that are not UTF-8 left out. Every listing tool walks these."""
    return [e for e in sorted(folder.iterdir(), key=lambda e: e.name)
            if e.name not in HIDDEN_DIRS and utf8_name(e.name)]

def shown(raw: str) -> str:
    """`raw` as an error may echo it: cut at ECHO_CHARS, saying how long it was."""
    if len(raw) <= ECHO_CHARS:
        return raw
    return f"{raw[:ECHO_CHARS]}... ({len(raw):,} characters)"


def os_problem(e: OSError) -> str:
    """An OS error's reason without its file name (which would be the absolute host path)."""
    return (e.strerror or type(e).__name__).lower()


def refuse(raw: str, reason: str, why: str) -> ToolResult:
    return error(f"refused '{shown(raw)}': {why}. Paths are relative to the workspace root, "
                 f"e.g. 'src/main.go' or '.' for the root.", path=shown(raw), reason=reason)


def confine(ctx: ToolContext, raw: str) -> Path | ToolResult:
    """The real path of `raw` inside the corpus root, or a refusal (it may not exist)."""
    if "\0" in raw:
        return refuse(raw, "nul", "a path cannot contain a NUL character")
    if len(raw) > MAX_PATH_CHARS:
        return refuse(raw, "too_long", f"a path is at most {MAX_PATH_CHARS} characters")
    p = raw.strip().replace("\\", "/")
    if p.startswith(("/", "~")) or _DRIVE.match(raw.strip()) or os.path.isabs(p):
        return refuse(raw, "absolute", "absolute paths are not allowed")
    parts = [s for s in p.split("/") if s not in ("", ".")]
    if ".." in parts:
        return refuse(raw, "parent", "'..' would leave the workspace root")
    if any(s in HIDDEN_DIRS for s in parts):
        return refuse(raw, "hidden", "version-control folders are not part of the workspace")
    full = ctx.root.joinpath(*parts)
    try:
        real = full.resolve()  # follows every symlink on the way, existing or not
    except (OSError, RuntimeError) as e:  # a link loop, a name too long for the OS
        return refuse(raw, "unresolvable", f"it cannot be resolved ({getattr(e, 'strerror', None) or 'link loop'})")
    if real != ctx.root and not real.is_relative_to(ctx.root):
        return refuse(raw, "symlink", "it is a symlink pointing outside the workspace root")
    return full


def link_inside(ctx: ToolContext, link: Path) -> bool:
    """Whether the symlink `link` points inside the corpus root. A link loop or a link that cannot
    be resolved is not (the listing tools leave it out, as they leave out links going outside)."""
    try:
        return link.resolve().is_relative_to(ctx.root)
    except (OSError, RuntimeError):     # RuntimeError: Python 3.11's "Symlink loop"
        return False


def rel(ctx: ToolContext, path: Path) -> str:
    """The corpus-relative POSIX form of a confined path ("." for the root)."""
    r = path.relative_to(ctx.root).as_posix() if path != ctx.root else "."
    return r or "."


def not_found(ctx: ToolContext, raw: str, tool_name: str, *, want_dir: bool = False) -> ToolResult:
    """`raw` does not exist. With tool_retry_with_resolve, resolve it and name the tool to retry."""
    what = "folder" if want_dir else "file"
    if not ctx.settings.tool_retry_with_resolve or not raw.strip():
        return error(f"no such {what}: '{shown(raw)}'.", path=shown(raw))
    res = ctx.resolver.resolve(raw[:MAX_QUERY_CHARS], top_k=ctx.settings.retry_candidates)
    paths = [c.path for c in res.candidates]
    if want_dir:
        dirs: list[str] = []
        for p in paths:
            d = p.rpartition("/")[0] or "."
            if d not in dirs:
                dirs.append(d)
        paths = dirs
    if not paths:
        return error(f"no such {what}: '{shown(raw)}', and nothing similar was found.", path=shown(raw),
                     did_you_mean=[], tool_name=tool_name)
    return error(f"no such {what}: '{shown(raw)}'. Did you mean: {', '.join(paths)}? "
                 f"Retry {tool_name} with one of these paths (tool_name: {tool_name}).",
                 path=shown(raw), did_you_mean=paths, tool_name=tool_name)


def existing(ctx: ToolContext, raw: str, tool_name: str, *, want_dir: bool, wrong_kind: str) -> Path | ToolResult:
    """`raw` confined and required to exist as a folder (`want_dir`) or a file.

    Otherwise the refusal, the not-found error (with suggestions), or `wrong_kind` as the error text.
    """
    full = confine(ctx, raw)
    if isinstance(full, ToolResult):
        return full
    try:
        exists, is_dir = full.exists(), full.is_dir()
    except OSError as e:
        return error(f"cannot open '{shown(raw)}': {os_problem(e)}.", path=shown(raw))
    if not exists:
        return not_found(ctx, raw, tool_name, want_dir=want_dir)
    if is_dir != want_dir:
        return error(wrong_kind, path=shown(raw))
    return full


_KINDS = {stat.S_IFIFO: "a named pipe", stat.S_IFCHR: "a character device",
          stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket"}


def read_regular(raw: str, full: Path, limit: int, *, from_end: bool = False) -> tuple[bytes, int] | ToolResult:
    """At most `limit` bytes of the regular file `full` (its last ones with `from_end`) and its
    size, or a tool error: not a regular file, unreadable. Never blocks, never reads more."""
    try:
        fd = os.open(full, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        return error(f"cannot read '{shown(raw)}': {os_problem(e)}.", path=shown(raw))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = _KINDS.get(stat.S_IFMT(st.st_mode), "not a regular file")
            return error(f"'{shown(raw)}' is {kind}, not a regular file; it cannot be read.",
                         path=shown(raw))
        if from_end and st.st_size > limit:
            os.lseek(fd, st.st_size - limit, os.SEEK_SET)
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks), st.st_size
    except OSError as e:
        return error(f"cannot read '{shown(raw)}': {os_problem(e)}.", path=shown(raw))
    finally:
        os.close(fd)
