"""Every tool a set may offer, by id (what `configs/tools/<set>.yaml` lists under `offer`)."""

from __future__ import annotations

from lab.tools.base import Tool
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
