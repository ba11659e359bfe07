"""The tools a model can call, one module each, registered explicitly below by id.

The id is what `configs/tools/<set>.yaml` lists under `offer`; the tool's `name` is what the model
sees. They differ only where two sets offer a same-named tool: pathfinder's `read_file` (id
`read_file`) and the reference filesystem server's `read_file` (id `fs_read_file`).
"""

from __future__ import annotations

from lab.tools.base import Tool, ToolContext, ToolResult
from lab.tools.registry import REGISTRY
from lab.tools.settings import ToolsSettings
from lab.tools.toolset import ToolSet, ToolSpec, build_toolset, load_tools_settings

__all__ = ["REGISTRY", "Tool", "ToolContext", "ToolResult", "ToolSet", "ToolSpec", "ToolsSettings",
           "build_toolset", "load_tools_settings"]
