"""`list_dir(path)`: the entries of one folder, folders marked with a trailing slash."""

from __future__ import annotations

from lab.tools.base import Tool, ToolContext, ToolResult
from lab.tools.paths import existing, listing, rel, shown
from lab.vocab import dumps


class ListDir(Tool):
    name = "list_dir"
    schema = {
        "type": "object",
        "properties": {"path": {"type": "string",
                                "description": "Folder relative to the workspace root ('.' for the root)."}},
        "required": ["path"],
    }

    def description(self, ctx: ToolContext) -> str:
        return ("List one folder of the workspace. Returns JSON {\"path\", \"entries\"}; folder "
                "entries end with '/'. Paths are relative to the workspace root.")

    def run(self, args: dict, ctx: ToolContext) -> ToolResult:
        raw = args["path"]
        full = existing(ctx, raw, self.name, want_dir=True,
                        wrong_kind=f"'{shown(raw)}' is a file, not a folder; read it with read_file.")
        if isinstance(full, ToolResult):
            return full
        entries = sorted((e.name + "/" if e.is_dir() else e.name) for e in listing(full))
        out = {"path": rel(ctx, full), "entries": entries}
        return ToolResult(text=dumps(out), structured=out)
