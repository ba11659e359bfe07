"""The configured tool set over MCP (stdio), with the official `mcp` SDK's low-level `Server`.

The low-level server (not the decorator API) is used so that every tool's name, description and
JSON schema come from our registry and vocabulary as they are, not from Python signatures.
Tool errors travel as `isError: true` results with the same text the agent loop would show.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from lab import __version__
from lab.tools import ToolSet

log = logging.getLogger(__name__)


def make_server(toolset: ToolSet, name: str = "vocab-lab-pathfinder") -> Server:
    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[
            types.Tool(name=s.name, description=s.description, input_schema=s.input_schema)
            for s in toolset.specs()])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        # Tools are synchronous (disk, index, a small encoder); run them off the event loop.
        result = await anyio.to_thread.run_sync(toolset.call, params.name, params.arguments or {})
        if result.crash:  # a lab bug: the client gets the error, the traceback goes to stderr
            log.error("tool %s crashed:\n%s", params.name, result.crash)
            print(f"lab serve: tool {params.name} crashed:\n{result.crash}", file=sys.stderr, flush=True)
        structured = result.structured if isinstance(result.structured, dict) else None
        return types.CallToolResult(content=[types.TextContent(type="text", text=result.text)],
                                    structured_content=structured, is_error=result.is_error)

    return Server(name, version=__version__, on_list_tools=list_tools, on_call_tool=call_tool)


async def serve_stdio(toolset: ToolSet) -> None:
    server = make_server(toolset)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run(toolset: ToolSet) -> None:
    """Serve until the client closes stdin. Nothing but MCP messages goes to stdout."""
    anyio.run(serve_stdio, toolset)
