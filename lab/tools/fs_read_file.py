"""Baseline `read_file(path, head?, tail?)`, as the reference filesystem server offers it.

Same name, arguments and output (the whole file as text, `{"content": ...}` structured) as
`@modelcontextprotocol/server-filesystem`; paths are confined to the corpus root.
"""

from __future__ import annotations

from lab.tools.base import Tool, ToolContext, ToolResult, error
from lab.tools.paths import existing


class FsReadFile(Tool):
    name = "read_file"
    schema = {
        "type": "object",
        "properties": {
            "path": {"type": "string"},
            "tail": {"type": "number",
                     "description": "If provided, returns only the last N lines of the file"},
            "head": {"type": "number",
                     "description": "If provided, returns only the first N lines of the file"},
        },
        "required": ["path"],
    }

    def description(self, ctx: ToolContext) -> str:
        return ("Read the complete contents of a file from the file system as text. Use the "
                "'head' parameter to read only the first N lines of a file, or the 'tail' "
                "parameter to read only the last N lines of a file. Only works within allowed "
                "directories.")

    def run(self, args: dict, ctx: ToolContext) -> ToolResult:
        raw = args["path"]
        head, tail = args.get("head"), args.get("tail")
        if head and tail:
            return error("Cannot specify both head and tail parameters simultaneously")
        full = existing(ctx, raw, self.name, want_dir=False,
                        wrong_kind=f"EISDIR: illegal operation on a directory, read '{raw}'")
        if isinstance(full, ToolResult):
            return full
        text = full.read_bytes().decode("utf-8", errors="replace")
        if head:
            text = "\n".join(text.split("\n")[: int(head)])
        elif tail:
            lines = text.rstrip("\n").split("\n")
            text = "\n".join(lines[-int(tail):])
        return ToolResult(text=text, structured={"content": text})
