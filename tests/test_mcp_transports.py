"""One MCP client test, two transports: the official Python SDK client against a real `lab serve`
subprocess over stdio and over streamable HTTP (`lab serve --http HOST:PORT`)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import time
from pathlib import Path

import anyio
import jsonschema
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from lab.config import compose
from lab.vocab import load_vocab, response_schema, tool_description
from test_mcp_stdio import lab_command
from support.runs import stop
from test_tools import make_corpus

REPO = Path(__file__).resolve().parent.parent
SERVE = ["resolver.semantic.enabled=false", "vocab=maybe_exts"]


def _env() -> dict:
    """What the server process needs: the cache, and this checkout's code when PYTHONPATH says so."""
    env = {"VOCAB_LAB_CACHE": os.environ["VOCAB_LAB_CACHE"], "PATH": os.environ.get("PATH", "")}
    if os.environ.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.asynccontextmanager
async def _stdio(corpus: Path):
    cmd = lab_command()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "serve", f"corpus.root={corpus}", *SERVE],
                                   env=_env(), cwd=str(REPO))
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            yield read, write


@contextlib.contextmanager
def _http_server(corpus: Path):
    port = _free_port()
    proc = subprocess.Popen([*lab_command(), "serve", "--http", f"127.0.0.1:{port}",
                             f"corpus.root={corpus}", *SERVE], env=_env(), cwd=str(REPO),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"lab serve --http exited {proc.returncode}: {proc.stderr.read().decode()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
            if time.monotonic() > deadline:
                raise AssertionError("lab serve --http did not listen within 60 s")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        stop(proc)


async def _client_script(transport_cm):
    async with transport_cm as streams:
        read, write = streams[0], streams[1]
        async with ClientSession(read, write) as s:
            init = await s.initialize()
            listed = await s.list_tools()
            resolved = await s.call_tool("path_resolve", {"query": "config", "intent_text": "api port"})
            listing = await s.call_tool("list_dir", {"path": "services"})
            read_ = await s.call_tool("read_file", {"path": "services/api/config.go"})
            bad = await s.call_tool("list_dir", {"path": "../../etc"})
            return init, listed, resolved, listing, read_, bad


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_the_same_client_over_both_transports(tmp_path: Path, transport: str):
    corpus = make_corpus(tmp_path / "corpus")
    if transport == "stdio":
        init, listed, resolved, listing, read_, bad = anyio.run(_client_script, _stdio(corpus))
    else:
        with _http_server(corpus) as url:
            init, listed, resolved, listing, read_, bad = anyio.run(
                _client_script, streamable_http_client(url))

    vocab = load_vocab(compose(["vocab=maybe_exts"]).vocab)
    # server instructions from the vocabulary
    assert "path_resolve" in init.instructions and "maybe_exts" in init.instructions
    tools = {t.name: t for t in listed.tools}
    assert list(tools) == ["path_resolve", "list_dir", "read_file"]
    pr = tools["path_resolve"]
    assert pr.description == tool_description(vocab) and pr.input_schema["required"] == ["query"]
    assert pr.title == "Resolve a file reference"
    for t in tools.values():
        assert t.title and t.annotations.read_only_hint is True and t.annotations.open_world_hint is False
        assert t.output_schema and t.output_schema["type"] == "object"
    assert pr.output_schema == response_schema(vocab)
    assert set(pr.output_schema["properties"]) == {"candidates", "maybe_exts"}

    # structuredContent on every success, valid against the listed outputSchema (the SDK client
    # validates it too: a mismatch would have raised in call_tool)
    for result, name in ((resolved, "path_resolve"), (listing, "list_dir"), (read_, "read_file")):
        assert not result.is_error
        if name != "read_file":                      # read_file's text is the file itself
            assert json.loads(result.content[0].text) == result.structured_content
        jsonschema.validate(result.structured_content, tools[name].output_schema)
    assert sorted(resolved.structured_content["maybe_exts"])[:2] == ["go", "rs"]
    assert read_.structured_content["path"] == "services/api/config.go"
    assert bad.is_error and bad.content[0].text.startswith("Error: refused '../../etc'")


@pytest.mark.parametrize("vocab,keys,required", [
    ("minimal", {"candidates"}, ["candidates"]),
    ("maybe_exts", {"candidates", "maybe_exts"}, ["candidates"]),           # when_ambiguous: optional
    ("alike", {"candidates", "maybe_exts", "alike"}, ["candidates", "alike"]),
    ("exist_similar", {"candidates", "maybe_exts", "exist_similar"}, ["candidates", "exist_similar"]),
    ("full", {"candidates", "maybe_exts", "alike", "exist_similar"},
     ["candidates", "maybe_exts", "alike", "exist_similar"]),
])
def test_output_schema_follows_the_vocabulary(vocab, keys, required):
    v = load_vocab(compose([f"vocab={vocab}"]).vocab)
    s = response_schema(v)
    shown = {fc.name for fc in (v.candidates, v.maybe_exts, v.alike, v.exist_similar)
             if fc.presence != "never"}
    assert set(s["properties"]) == shown == keys and s["additionalProperties"] is False
    assert s["required"] == required
    entry = s["properties"][v.candidates.name]["items"]
    assert list(entry["properties"]) == list(v.candidates.fields)


def test_rendered_responses_fit_the_schema_of_every_shipped_vocabulary(tmp_path: Path):
    from lab.tools import build_toolset
    corpus = make_corpus(tmp_path / "corpus")
    for vocab in ("minimal", "maybe_exts", "alike", "exist_similar", "full"):
        ts = build_toolset(compose([f"vocab={vocab}", f"corpus.root={corpus}",
                                    "resolver.semantic.enabled=false"]))
        schema = response_schema(ts.ctx.vocab)
        for q in ("config", "worker main", "readme"):
            r = ts.call("path_resolve", {"query": q})
            assert not r.is_error
            jsonschema.validate(r.structured, schema)


def test_filesystem_tools_list_their_shapes(tmp_path: Path):
    from lab.serve.mcp_server import instructions, tool_listing
    from lab.tools import build_toolset
    ts = build_toolset(compose(["tools=filesystem", f"corpus.root={make_corpus(tmp_path / 'c')}"]))
    listed = {t.name: t for t in tool_listing(ts)}
    assert listed["read_file"].output_schema["required"] == ["content"]
    r = ts.call("search_files", {"path": ".", "pattern": "**/*.rs"})
    jsonschema.validate(r.structured, listed["search_files"].output_schema)
    assert "path_resolve" not in instructions(ts)


def test_bad_http_address_is_a_usage_error(tmp_path: Path):
    r = subprocess.run([*lab_command(), "serve", "--http", "localhost", f"corpus.root={tmp_path}"],
                       capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, env=_env())
    assert r.returncode == 2 and "HOST:PORT" in r.stderr


def _readme_block(marker: str) -> dict:
    """A client block of docs/mcp-clients.md (the README links there)."""
    text = (REPO / "docs" / "mcp-clients.md").read_text(encoding="utf-8")
    after = text.split(f"<!-- {marker} -->", 1)[1]
    return json.loads(after.split("```json", 1)[1].split("```", 1)[0])


def test_the_readme_client_blocks_work_as_written(tmp_path: Path):
    """The stdio block, with its two placeholders filled in, starts a server the SDK client talks
    to; the HTTP block's URL is the endpoint `lab serve --http` serves."""
    corpus = make_corpus(tmp_path / "corpus")
    stdio = _readme_block("mcp-client-stdio")["mcpServers"]["vocab-lab"]
    assert stdio["command"] == "/path/to/vocab-lab/.venv/bin/lab"
    # this checkout's venv may live elsewhere (a worktree): the same console script, found as the tests find it
    command = lab_command()
    args = [a.replace("/path/to/your/repo", str(corpus)) for a in stdio["args"]]
    params = StdioServerParameters(command=command[0], args=[*command[1:], *args,
                                                             "resolver.semantic.enabled=false"],
                                   env=_env(), cwd=str(tmp_path))

    async def script():
        with open(os.devnull, "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (r, w):
                async with ClientSession(r, w) as s:
                    await s.initialize()
                    return await s.call_tool("path_resolve", {"query": "config"})

    assert not anyio.run(script).is_error
    http = _readme_block("mcp-client-http")["mcpServers"]["vocab-lab"]
    assert http["url"].endswith("/mcp") and http["type"] == "http"
