"""Baseline `search_files(path, pattern, excludePatterns?)`: recursive glob search, as the
reference server does it (minimatch on the path relative to `path`, dot files included, folders
too). One difference: matches are printed relative to the workspace root, not as absolute host
paths, because our tools refuse absolute paths (see lab/tools/paths.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from lab.tools.base import Tool, ToolContext, ToolResult, error
from lab.tools.globs import check_glob, glob_match
from lab.tools.paths import existing, link_inside, listing, rel, shown

#: Matches listed at most (the reference has no cap; a runaway `**` would flood a small context).
MAX_MATCHES = 500


class SearchFiles(Tool):
    name = "search_files"
    schema = {
        "type": "object",
        "properties": {"path": {"type": "string"}, "pattern": {"type": "string"},
                       "excludePatterns": {"type": "array", "items": {"type": "string"}}},
        "required": ["path", "pattern"],
    }

    def description(self, ctx: ToolContext) -> str:
        return ("Recursively search for files and directories matching a pattern. The patterns "
                "should be glob-style patterns that match paths relative to the working "
                "directory. Use pattern like '*.ext' to match files in current directory, and "
                "'**/*.ext' to match files in all subdirectories. Returns full paths to all "
                "matching items. Great for finding files when you don't know their exact "
                "location. Only searches within allowed directories.")

    def run(self, args: dict, ctx: ToolContext) -> ToolResult:
        raw, pattern = args["path"], args["pattern"]
        patterns = list(args.get("excludePatterns") or [])
        for p in [pattern, *patterns]:
            problem = check_glob(p)
            if problem:
                return error(f"search_files: {problem}", tool_name=self.name)
        full = existing(ctx, raw, self.name, want_dir=True,
                        wrong_kind=f"ENOTDIR: not a directory, scandir '{shown(raw)}'")
        if isinstance(full, ToolResult):
            return full
        found: list[str] = []
        # depth first in name order, from a stack of folder listings rather than by recursion: a
        # corpus thousands of folders deep is searched like any other
        stack: list[tuple[Iterator[Path], str]] = [(iter(listing(full)), "")]
        while stack and len(found) < MAX_MATCHES:
            entries, prefix = stack[-1]
            e = next(entries, None)
            if e is None:
                stack.pop()
                continue
            r = f"{prefix}{e.name}"
            if any(glob_match(r, p) for p in patterns):
                continue
            if e.is_symlink() and not link_inside(ctx, e):
                continue
            if glob_match(r, pattern):
                found.append(rel(ctx, e))
            if e.is_dir() and not e.is_symlink():
                stack.append((iter(listing(e)), r + "/"))
        text = "\n".join(found) if found else "No matches found"
        return ToolResult(text=text, structured={"content": text})
