"""`lab serve` end to end: the official MCP SDK client talks to a real stdio subprocess."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from lab.config import compose
from lab.vocab import load_vocab, tool_description
from test_tools import make_corpus


def lab_command() -> list[str]:
    """The installed `lab` console script next to this Python, else the same entry point via -c."""
    script = Path(sys.executable).with_name("lab")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "from lab.cli import main; main()"]


def _server(corpus: Path, *overrides: str) -> StdioServerParameters:
    cmd = lab_command()
    return StdioServerParameters(
        command=cmd[0],
        args=[*cmd[1:], "serve", f"corpus.root={corpus}", "resolver.semantic.enabled=false",
              *overrides],
        env={"VOCAB_LAB_CACHE": os.environ["VOCAB_LAB_CACHE"],   # PYTHONPATH: this checkout's lab
             **({"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {})},
        cwd=str(Path(__file__).resolve().parent.parent))


async def _session(params: StdioServerParameters, script):
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await script(session)


def test_pathfinder_over_stdio(tmp_path: Path):
    corpus = make_corpus(tmp_path / "corpus")

    async def script(s: ClientSession):
        listed = await s.list_tools()
        resolved = await s.call_tool("path_resolve", {"query": "config", "intent_text": "api port"})
        bad = await s.call_tool("list_dir", {"path": "../../etc"})
        missing = await s.call_tool("list_dir", {"path": "servics/api"})
        still_alive = await s.call_tool("list_dir", {"path": "services"})
        return listed, resolved, bad, missing, still_alive

    listed, resolved, bad, missing, alive = anyio.run(
        _session, _server(corpus, "vocab=maybe_exts"), script)
    tools = {t.name: t for t in listed.tools}
    assert list(tools) == ["path_resolve", "list_dir", "read_file"]
    vocab = load_vocab(compose(["vocab=maybe_exts"]).vocab)
    assert tools["path_resolve"].description == tool_description(vocab)
    assert tools["path_resolve"].input_schema["required"] == ["query"]

    assert not resolved.is_error
    body = json.loads(resolved.content[0].text)
    assert body == resolved.structured_content
    assert body["candidates"][0]["path"] in ("services/api/config.go", "services/api/config.rs")
    assert sorted(body["maybe_exts"])[:2] == ["go", "rs"]

    assert bad.is_error and bad.content[0].text.startswith("Error: refused '../../etc'")
    assert missing.is_error and missing.structured_content["tool_name"] == "list_dir"
    assert missing.structured_content["did_you_mean"][0] == "services/api"
    assert not alive.is_error and json.loads(alive.content[0].text)["entries"] == ["api/", "worker/"]


def test_filesystem_baseline_over_stdio(tmp_path: Path):
    corpus = make_corpus(tmp_path / "corpus")

    async def script(s: ClientSession):
        return (await s.list_tools(),
                await s.call_tool("search_files", {"path": ".", "pattern": "**/*.rs"}),
                await s.call_tool("list_directory", {"path": "/etc"}))

    listed, found, refused = anyio.run(_session, _server(corpus, "tools=filesystem"), script)
    assert [t.name for t in listed.tools] == ["read_file", "list_directory", "directory_tree",
                                              "search_files"]
    assert found.content[0].text == "services/api/config.rs"
    assert refused.is_error and "absolute paths are not allowed" in refused.content[0].text


def test_bad_config_fails_before_serving(tmp_path: Path):
    import subprocess
    r = subprocess.run([*lab_command(), "serve", f"corpus.root={tmp_path}",
                        "vocab.maybe_exts.presence=sometimes"], capture_output=True, text=True,
                       timeout=120, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert "configs/vocab/maybe_exts.yaml" in r.stderr and "maybe_exts.presence" in r.stderr
    assert r.stdout == ""


def test_malformed_json_rpc_gets_an_error_response_not_silence(tmp_path: Path):
    """Issue 27: the SDK dropped lines it could not read, so a client waited forever on its id."""
    import queue
    import subprocess
    import threading

    corpus = make_corpus(tmp_path / "corpus")
    p = _server(corpus)
    proc = subprocess.Popen([p.command, *p.args], cwd=p.cwd, env={**p.env, "PATH": os.environ.get("PATH", "")},
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()
    sent = ["{not json", '[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]',
            '{"jsonrpc": "1.0", "id": 7, "method": "ping"}', '{"jsonrpc": "2.0", "id": 9}', "",
            '{"jsonrpc": "2.0", "id": 8, "method": "ping"}']
    try:
        proc.stdin.write("\n".join(sent) + "\n")
        proc.stdin.flush()
        got = [json.loads(lines.get(timeout=90 if i == 0 else 10)) for i in range(5)]
    except queue.Empty:
        pytest.fail("a line got no answer")
    finally:
        proc.kill()
        proc.wait()
    assert [(g.get("id"), g.get("error", {}).get("code")) for g in got[:4]] == [
        (None, -32700), (None, -32600), (7, -32600), (9, -32600)]
    assert "batches" in got[1]["error"]["message"] and '"2.0"' in got[2]["error"]["message"]
    assert got[4]["id"] == 8          # the server is still there and answers the next request
