"""`read_file(path, max_bytes?)`: a text file of the workspace, cut at max_bytes.

`max_bytes` is clamped to MAX_READ_BYTES (the result says so): a model asking for a terabyte gets
the first MiB, never a MemoryError. Only regular files are read (lab/tools/paths.py)."""

from __future__ import annotations

from lab.tools.base import Tool, ToolContext, ToolResult, error
from lab.tools.paths import MAX_READ_BYTES, existing, read_regular, rel, shown


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
                        wrong_kind=f"'{shown(raw)}' is a folder, not a file; list it with list_dir.")
        if isinstance(full, ToolResult):
            return full
        asked = args.get("max_bytes") or ctx.settings.read_max_bytes
        limit = min(asked, max(MAX_READ_BYTES, ctx.settings.read_max_bytes))
        got = read_regular(raw, full, limit)
        if isinstance(got, ToolResult):
            return got
        data, size = got
        if b"\0" in data[:4096]:
            return error(f"'{shown(raw)}' is a binary file ({size} bytes); it cannot be shown as text.",
                         path=shown(raw))
        text = data.decode("utf-8", errors="ignore" if size > limit else "replace")
        truncated = size > limit
        clamped = asked > limit
        note = f"; max_bytes {asked} is over the limit of {limit}" if clamped else ""
        shown_text = text + (f"\n[cut: first {limit} of {size} bytes{note}]" if truncated else "")
        out = {"path": rel(ctx, full), "size": size, "truncated": truncated, "content": text}
        if clamped:
            out["max_bytes_clamped_to"] = limit
        return ToolResult(text=shown_text, structured=out)
