"""The configured tool set over MCP — stdio or streamable HTTP — with the official `mcp` SDK's
low-level `Server`.

The low-level server (not the decorator API) is used so that every tool's name, description and
JSON schema come from our registry and vocabulary as they are, not from Python signatures.
Every tool is listed with a title, annotations (all read-only over a closed, local corpus) and an
`outputSchema`; path_resolve's is derived from the vocabulary (`lab.vocab.response_schema`), so
a client sees the same fields the tool description names. A successful call returns the JSON as
text *and* as `structuredContent`. Tool errors travel as `isError: true` results with the same
text the agent loop would show. The server's `instructions` come from the vocabulary too.
"""

from __future__ import annotations

import io
import json
import logging
import sys
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from lab import __version__
from lab.tools import REGISTRY, ToolSet
from lab.vocab import response_schema
from lab.vocab import tool_description
from lab.errors import InputError
from lab.serve.loopback import allowed_names, is_loopback, url_host
from lab.serve.loopback import bind

log = logging.getLogger(__name__)

SERVER_NAME = "vocab-lab-pathfinder"

_CONTENT = {"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]}

#: registry id -> (title, outputSchema or None: derived at listing time). Ids, not names: the two
#: `read_file` tools (pathfinder's and the filesystem baseline's) answer in different shapes.
TOOL_META: dict[str, tuple[str, dict | None]] = {
    "path_resolve": ("Resolve a file reference", None),
    "list_dir": ("List a folder", {"type": "object", "properties": {
        "path": {"type": "string"}, "entries": {"type": "array", "items": {"type": "string"}}},
        "required": ["path", "entries"]}),
    "read_file": ("Read a file", {"type": "object", "properties": {
        "path": {"type": "string"}, "size": {"type": "integer"}, "truncated": {"type": "boolean"},
        "content": {"type": "string"}}, "required": ["path", "size", "truncated", "content"]}),
    "fs_read_file": ("Read a file", _CONTENT),
    "list_directory": ("List a directory", _CONTENT),
    "directory_tree": ("Directory tree", _CONTENT),
    "search_files": ("Search files by glob", _CONTENT),
}

#: Every tool reads the local corpus and nothing else: no writes, no network, a closed world.
ANNOTATIONS = dict(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                   open_world_hint=False)


def _tool_id(toolset: ToolSet, name: str) -> str:
    cls = type(toolset.tools[name])
    return next((i for i, c in REGISTRY.items() if c is cls), name)


def tool_listing(toolset: ToolSet) -> list[types.Tool]:
    """The tools as MCP lists them: name, title, description, input and output schema, annotations."""
    out = []
    for s in toolset.specs():
        tid = _tool_id(toolset, s.name)
        title, schema = TOOL_META.get(tid, (s.name, None))
        if tid == "path_resolve":
            schema = response_schema(toolset.ctx.vocab)
        out.append(types.Tool(name=s.name, title=title, description=s.description,
                              input_schema=s.input_schema, output_schema=schema,
                              annotations=types.ToolAnnotations(title=title, **ANNOTATIONS)))
    return out


def instructions(toolset: ToolSet) -> str:
    """What a client (and its model) should know before the first call, from the vocabulary."""
    names = toolset.names
    lines = [f"Vocab Lab tool server over one local workspace ({len(names)} read-only tools: "
             f"{', '.join(names)}). Paths are relative to the workspace root; nothing outside it "
             "is reachable."]
    if "path_resolve" in toolset.tools:
        v = toolset.ctx.vocab
        lines.append(f"Start with path_resolve to turn a file reference into paths (response "
                     f"vocabulary '{v.name}'); then read_file or list_dir on a returned path.")
        lines.append(tool_description(v).split("\n", 1)[-1])
    else:
        lines.append("Filesystem baseline: search_files or directory_tree to find a file, then "
                     "read_file.")
    return "\n".join(lines)


def make_server(toolset: ToolSet, name: str = SERVER_NAME) -> Server:
    listing = tool_listing(toolset)

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=listing)

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        # Tools are synchronous (disk, index, a small encoder); run them off the event loop.
        result = await anyio.to_thread.run_sync(toolset.call, params.name, params.arguments or {})
        if result.crash:  # a lab bug: the client gets the error, the traceback goes to stderr
            log.error("tool %s crashed:\n%s", params.name, result.crash)
            print(f"lab serve: tool {params.name} crashed:\n{result.crash}", file=sys.stderr, flush=True)
        structured = result.structured if isinstance(result.structured, dict) else None
        return types.CallToolResult(content=[types.TextContent(type="text", text=result.text)],
                                    structured_content=structured, is_error=result.is_error)

    return Server(name, version=__version__, title="Vocab Lab: pathfinder and its tools",
                  instructions=instructions(toolset), on_list_tools=list_tools,
                  on_call_tool=call_tool)


def triage(line: str) -> tuple[bool, types.JSONRPCError | None]:
    """(hand the line to the SDK?, the error response to send instead). The SDK drops a line it
    cannot read without a word, so a client waits forever on its request; here each gets the
    JSON-RPC 2.0 answer: -32700 for text that is not JSON, -32600 for a batch (MCP removed
    batching; one message a line), a `jsonrpc` other than "2.0", or an object that is no
    JSON-RPC message (with the request's id when it has one). Blank lines are passed over."""
    if not line.strip():
        return False, None
    try:
        msg = json.loads(line)
    except ValueError as e:
        return False, _error(None, types.PARSE_ERROR, f"Parse error: not JSON ({e.msg})")
    if isinstance(msg, list):
        return False, _error(None, types.INVALID_REQUEST, "Invalid Request: batches are not supported; "
                             "send one JSON-RPC message per line")
    if not isinstance(msg, dict):
        return False, _error(None, types.INVALID_REQUEST, "Invalid Request: not a JSON object")
    rid = msg.get("id")
    rid = rid if isinstance(rid, (str, int)) and not isinstance(rid, bool) else None
    if msg.get("jsonrpc") != "2.0":
        return False, _error(rid, types.INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"')
    try:
        types.jsonrpc_message_adapter.validate_python(msg, by_name=False)
    except ValueError:
        return False, _error(rid, types.INVALID_REQUEST,
                             "Invalid Request: not a JSON-RPC request, notification or response")
    return True, None


def _error(rid: Any, code: int, message: str) -> types.JSONRPCError:
    return types.JSONRPCError(jsonrpc="2.0", id=rid, error=types.ErrorData(code=code, message=message))


class _TriagedLines:
    """stdin as the SDK reads it, each line `triage`d; the errors go out on the SDK's own write
    stream (`attach`), so they never interleave with its responses."""

    def __init__(self, lines: Any) -> None:
        self.lines, self.write, self.ready = lines, None, anyio.Event()

    def attach(self, write_stream: Any) -> None:
        self.write = write_stream
        self.ready.set()

    async def __aiter__(self):
        async for line in self.lines:
            keep, err = triage(line)
            if keep:
                yield line
            elif err is not None:
                await self.ready.wait()
                await self.write.send(SessionMessage(err))


async def serve_stdio(toolset: ToolSet) -> None:
    server = make_server(toolset)
    stdin = _TriagedLines(anyio.wrap_file(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8",
                                                           errors="replace")))
    async with stdio_server(stdin=stdin) as (read_stream, write_stream):
        stdin.attach(write_stream)
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run(toolset: ToolSet) -> None:
    """Serve until the client closes stdin. Nothing but MCP messages goes to stdout."""
    anyio.run(serve_stdio, toolset)


def parse_host_port(text: str) -> tuple[str, int]:
    """"HOST:PORT" (or ":PORT" for 127.0.0.1, "[::1]:PORT" for IPv6) -> (host, port)."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise InputError(f"--http wants HOST:PORT (e.g. 127.0.0.1:8765), got {text!r}", key="--http")
    return (host.strip("[]") or "127.0.0.1"), int(port)


def http_app(toolset: ToolSet, host: str) -> Any:
    """The Starlette app serving MCP's streamable HTTP transport at /mcp. On a loopback host, in
    any spelling (`127.1`, `127.0.0.2`: lab/serve/loopback.py), Host and Origin must be loopback names
    (421 / 403; the SDK's check, which on its own knows only the three usual spellings)."""
    from mcp.server.transport_security import TransportSecuritySettings  # only `lab serve --http` needs the HTTP side of the SDK

    security = None
    if is_loopback(host):
        names = [url_host(n) for n in allowed_names(host)]
        security = TransportSecuritySettings(allowed_hosts=[f"{n}:*" for n in names],
                                             allowed_origins=[f"http://{n}:*" for n in names])
    return make_server(toolset).streamable_http_app(host=host, transport_security=security)


def run_http(toolset: ToolSet, host: str, port: int, *, ready: Any = None) -> None:
    """Serve streamable HTTP on host:port until SIGINT/SIGTERM (uvicorn handles both). The socket
    is bound before `ready` is told the URL: it names the real port (`:0` picks one), and a
    failed bind is an OSError before any announcement."""
    import uvicorn  # only `lab serve --http` starts a web server

    sock, base = bind(host, port)
    config = uvicorn.Config(http_app(toolset, host), log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    if ready is not None:
        ready(f"{base}/mcp")
    server.run(sockets=[sock])
