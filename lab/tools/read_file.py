"""`read_file(path, max_bytes?)`: a text file of the workspace, cut at max_bytes."""

from __future__ import annotations

from lab.tools.base import Tool, ToolContext, ToolResult, error
from lab.tools.paths import existing, rel


class ReadFile(Tool):
    name = "read_file"
    schema = {
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "File relative to the workspace root."},
            "max_bytes": {"type": "integer", "minimum": 1,
                          "description": "Optional: read at most this many bytes."},
        },
        "required": ["path"],
    }

    def description(self, ctx: ToolContext) -> str:
        return (f"Read a text file of the workspace (path relative to the workspace root). "
                f"Returns at most max_bytes bytes (default {ctx.settings.read_max_bytes}); a cut "
                f"file ends with a line saying so.")

    def run(self, args: dict, ctx: ToolContext) -> ToolResult:
        raw = args["path"]
        full = existing(ctx, raw, self.name, want_dir=False,
                        wrong_kind=f"'{raw}' is a folder, not a file; list it with list_dir.")
        if isinstance(full, ToolResult):
            return full
        limit = args.get("max_bytes") or ctx.settings.read_max_bytes
        size = full.stat().st_size
        with full.open("rb") as fh:
            data = fh.read(limit)
        if b"\0" in data[:4096]:
            return error(f"'{raw}' is a binary file ({size} bytes); it cannot be shown as text.",
                         path=raw)
        text = data.decode("utf-8", errors="ignore" if size > limit else "replace")
        truncated = size > limit
        shown = text + (f"\n[cut: first {limit} of {size} bytes]" if truncated else "")
        return ToolResult(text=shown, structured={"path": rel(ctx, full), "size": size,
                                                  "truncated": truncated, "content": text})
