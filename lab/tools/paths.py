"""Confining tool paths to the corpus root, and the not-found error with resolved suggestions.

Every tool path is relative to the corpus root. Refused, before touching the disk:
- absolute paths (`/etc/passwd`, `~/x`, `C:\\x`): the model never needs the host's layout, and
  accepting it would leak machine-specific paths into transcripts;
- any `..` segment, even one that would land back inside (one simple rule the model can learn);
- a path whose real location (symlinks followed) is outside the root.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from lab.tools.base import ToolContext, ToolResult, error

_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")
#: Folders that are never listed nor read: version-control internals are not part of a corpus.
HIDDEN_DIRS = frozenset({".git", ".hg", ".svn"})


def refuse(raw: str, reason: str, why: str) -> ToolResult:
    return error(f"refused '{raw}': {why}. Paths are relative to the workspace root, "
                 f"e.g. 'src/main.go' or '.' for the root.", path=raw, reason=reason)


def confine(ctx: ToolContext, raw: str) -> Path | ToolResult:
    """The real path of `raw` inside the corpus root, or a refusal (it may not exist)."""
    p = raw.strip().replace("\\", "/")
    if p.startswith(("/", "~")) or _DRIVE.match(raw.strip()) or os.path.isabs(p):
        return refuse(raw, "absolute", "absolute paths are not allowed")
    parts = [s for s in p.split("/") if s not in ("", ".")]
    if ".." in parts:
        return refuse(raw, "parent", "'..' would leave the workspace root")
    if any(s in HIDDEN_DIRS for s in parts):
        return refuse(raw, "hidden", "version-control folders are not part of the workspace")
    full = ctx.root.joinpath(*parts)
    real = full.resolve()  # follows every symlink on the way, existing or not
    if real != ctx.root and not real.is_relative_to(ctx.root):
        return refuse(raw, "symlink", "it is a symlink pointing outside the workspace root")
    return full


def rel(ctx: ToolContext, path: Path) -> str:
    """The corpus-relative POSIX form of a confined path ("." for the root)."""
    r = path.relative_to(ctx.root).as_posix() if path != ctx.root else "."
    return r or "."


def not_found(ctx: ToolContext, raw: str, tool_name: str, *, want_dir: bool = False) -> ToolResult:
    """`raw` does not exist. With tool_retry_with_resolve, resolve it and name the tool to retry."""
    what = "folder" if want_dir else "file"
    if not ctx.settings.tool_retry_with_resolve or not raw.strip():
        return error(f"no such {what}: '{raw}'.", path=raw)
    res = ctx.resolver.resolve(raw, top_k=ctx.settings.retry_candidates)
    paths = [c.path for c in res.candidates]
    if want_dir:
        dirs: list[str] = []
        for p in paths:
            d = p.rpartition("/")[0] or "."
            if d not in dirs:
                dirs.append(d)
        paths = dirs
    if not paths:
        return error(f"no such {what}: '{raw}', and nothing similar was found.", path=raw,
                     did_you_mean=[], tool_name=tool_name)
    return error(f"no such {what}: '{raw}'. Did you mean: {', '.join(paths)}? "
                 f"Retry {tool_name} with one of these paths (tool_name: {tool_name}).",
                 path=raw, did_you_mean=paths, tool_name=tool_name)


def existing(ctx: ToolContext, raw: str, tool_name: str, *, want_dir: bool, wrong_kind: str) -> Path | ToolResult:
    """`raw` confined and required to exist as a folder (`want_dir`) or a file.

    Otherwise the refusal, the not-found error (with suggestions), or `wrong_kind` as the error text.
    """
    full = confine(ctx, raw)
    if isinstance(full, ToolResult):
        return full
    if not full.exists():
        return not_found(ctx, raw, tool_name, want_dir=want_dir)
    if full.is_dir() != want_dir:
        return error(wrong_kind, path=raw)
    return full
