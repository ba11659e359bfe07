"""Baseline `list_directory(path)`: `[DIR] name` / `[FILE] name` lines, as the reference server
prints them (sorted by name here, where the reference uses the OS's readdir order)."""

from __future__ import annotations

from lab.tools.base import Tool, ToolContext, ToolResult
from lab.tools.paths import existing, listing, shown


class ListDirectory(Tool):
    name = "list_directory"
    schema = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}

    def description(self, ctx: ToolContext) -> str:
        return ("Get a detailed listing of all files and directories in a specified path. "
                "Results clearly distinguish between files and directories with [FILE] and [DIR] "
                "prefixes. This tool is essential for understanding directory structure and "
                "finding specific files within a directory. Only works within allowed directories.")

    def run(self, args: dict, ctx: ToolContext) -> ToolResult:
        raw = args["path"]
        full = existing(ctx, raw, self.name, want_dir=True,
                        wrong_kind=f"ENOTDIR: not a directory, scandir '{shown(raw)}'")
        if isinstance(full, ToolResult):
            return full
        text = "\n".join(f"{'[DIR]' if e.is_dir() else '[FILE]'} {e.name}" for e in listing(full))
        return ToolResult(text=text, structured={"content": text})
