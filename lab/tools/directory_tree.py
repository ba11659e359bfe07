"""Baseline `directory_tree(path, excludePatterns?)`: the reference server's recursive JSON tree
(`name`, `type`, `children` for directories), 2-space indented. Symlinked folders are not
descended (a link cycle must not hang the tool); links pointing outside the root, and links that
cannot be resolved (a loop), are left out."""

from __future__ import annotations

import json
from pathlib import Path

from lab.tools.base import Tool, ToolContext, ToolResult, error
from lab.tools.globs import check_glob, glob_match
from lab.tools.paths import existing, link_inside, listing, shown


def excluded(rel_path: str, patterns: list[str]) -> bool:
    for pat in patterns:
        if "*" in pat:
            if glob_match(rel_path, pat):
                return True
        elif (glob_match(rel_path, pat) or glob_match(rel_path, f"**/{pat}")
              or glob_match(rel_path, f"**/{pat}/**")):
            return True
    return False


#: Folders a tree nests at most (a corpus 1,100 folders deep would overflow the JSON writer's
#: recursion, and no model reads such a tree): deeper, the call is an error that says what to do.
MAX_TREE_DEPTH = 100


class _TooDeep(Exception):
    pass


class DirectoryTree(Tool):
    name = "directory_tree"
    schema = {
        "type": "object",
        "properties": {"path": {"type": "string"},
                       "excludePatterns": {"type": "array", "items": {"type": "string"}}},
        "required": ["path"],
    }

    def description(self, ctx: ToolContext) -> str:
        return ("Get a recursive tree view of files and directories as a JSON structure. Each "
                "entry includes 'name', 'type' (file/directory), and 'children' for directories. "
                "Files have no children array, while directories always have a children array "
                "(which may be empty). The output is formatted with 2-space indentation for "
                "readability. Only works within allowed directories.")

    def run(self, args: dict, ctx: ToolContext) -> ToolResult:
        raw = args["path"]
        patterns = list(args.get("excludePatterns") or [])
        for p in patterns:
            problem = next(filter(None, (check_glob(f) for f in (p, f"**/{p}", f"**/{p}/**"))), None)
            if problem:
                return error(f"directory_tree: excludePatterns: {problem}", tool_name=self.name)
        full = existing(ctx, raw, self.name, want_dir=True,
                        wrong_kind=f"ENOTDIR: not a directory, scandir '{shown(raw)}'")
        if isinstance(full, ToolResult):
            return full

        def build(folder: Path, prefix: str, depth: int = 1) -> list[dict]:
            if depth > MAX_TREE_DEPTH:
                raise _TooDeep
            out = []
            for e in listing(folder):
                r = f"{prefix}{e.name}"
                if excluded(r, patterns):
                    continue
                if e.is_symlink() and not link_inside(ctx, e):
                    continue
                if e.is_dir():
                    kids = [] if e.is_symlink() else build(e, r + "/", depth + 1)
                    out.append({"name": e.name, "type": "directory", "children": kids})
                else:
                    out.append({"name": e.name, "type": "file"})
            return out

        try:
            tree = build(full, "")
        except _TooDeep:
            return error(f"directory_tree: '{shown(raw)}' is more than {MAX_TREE_DEPTH} folders deep; "
                         "ask for a deeper folder, or use search_files", tool_name=self.name)
        text = json.dumps(tree, indent=2, ensure_ascii=False)
        return ToolResult(text=text, structured={"content": text})
