"""The tools a model can call, one module each, registered explicitly below by id.

The id is what `configs/tools/<set>.yaml` lists under `offer`; the tool's `name` is what the model
sees. They differ only where two sets offer a same-named tool: pathfinder's `read_file` (id
`read_file`) and the reference filesystem server's `read_file` (id `fs_read_file`).
"""

from __future__ import annotations

from lab.tools.base import Tool, ToolContext, ToolResult, ToolsSettings
from lab.tools.directory_tree import DirectoryTree
from lab.tools.fs_read_file import FsReadFile
from lab.tools.list_dir import ListDir
from lab.tools.list_directory import ListDirectory
from lab.tools.path_resolve import PathResolve
from lab.tools.read_file import ReadFile
from lab.tools.search_files import SearchFiles

REGISTRY: dict[str, type[Tool]] = {
    # pathfinder
    "path_resolve": PathResolve,
    "list_dir": ListDir,
    "read_file": ReadFile,
    # baseline: @modelcontextprotocol/server-filesystem
    "fs_read_file": FsReadFile,
    "list_directory": ListDirectory,
    "directory_tree": DirectoryTree,
    "search_files": SearchFiles,
}

from lab.tools.toolset import ToolSet, ToolSpec, build_toolset, load_tools_settings  # noqa: E402

__all__ = ["REGISTRY", "Tool", "ToolContext", "ToolResult", "ToolSet", "ToolSpec", "ToolsSettings",
           "build_toolset", "load_tools_settings"]
