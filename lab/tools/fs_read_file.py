"""Baseline `read_file(path, head?, tail?)`, as the reference filesystem server offers it.

Same name, arguments and output (the whole file as text, `{"content": ...}` structured) as
`@modelcontextprotocol/server-filesystem`; paths are confined to the corpus root. Two bounds the
reference has not: only regular files are read, and at most MAX_READ_BYTES of one (its last
bytes for `tail`); a longer file ends with a line saying where it was cut.
"""

from __future__ import annotations

from lab.tools.base import Tool, ToolContext, ToolResult, error
import math

from lab.tools.paths import MAX_READ_BYTES, existing, read_regular, shown


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
                        wrong_kind=f"EISDIR: illegal operation on a directory, read '{shown(raw)}'")
        if isinstance(full, ToolResult):
            return full
        for k, v in (("head", head), ("tail", tail)):
            if v is not None and not (math.isfinite(v) and v >= 0):
                return error(f"'{k}' must be a number of lines >= 0, got {v!r}")
        got = read_regular(raw, full, MAX_READ_BYTES, from_end=bool(tail))
        if isinstance(got, ToolResult):
            return got
        data, size = got
        text = data.decode("utf-8", errors="replace")
        if size > len(data):
            where = "last" if tail else "first"
            if tail:
                text = text.split("\n", 1)[-1]      # the first line read may be cut
            text = self._clip(text, head, tail)
            text += f"\n[cut: {where} {len(data)} of {size} bytes, the most read_file returns]"
            return ToolResult(text=text, structured={"content": text})
        text = self._clip(text, head, tail)
        return ToolResult(text=text, structured={"content": text})

    @staticmethod
    def _clip(text: str, head: float | None, tail: float | None) -> str:
        if head:
            return "\n".join(text.split("\n")[: int(head)])
        if tail:
            lines = text.rstrip("\n").split("\n")
            return "\n".join(lines[-int(tail):])
        return text
