"""Cold start: `lab serve` answers before its index is built, calls wait for it, `lab index`
pre-encodes a corpus, and encoding shows progress and keeps what it finished (issue 12, item 4)."""

from __future__ import annotations

import io
import json
import os
import threading
from pathlib import Path

import anyio
import pytest
from click.testing import CliRunner
from mcp import ClientSession, StdioServerParameters, stdio_client

from lab.config import compose
from lab.pathfinder import resolver as resolver_mod
from lab.pathfinder.resolver import load_resolver
from lab.count_bar import CountBar
from lab.tools import build_toolset
from test_mcp_stdio import lab_command
from test_tools import make_corpus


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_count_bar_redraws_on_a_terminal_and_writes_sparse_lines_elsewhere():
    tty = _Tty()
    bar = CountBar(300, label="enc", stream=tty)
    for _ in range(3):
        bar.update(100)
    bar.close()
    assert tty.getvalue().count("\r") == 3 and "300/300 files" in tty.getvalue()

    log = io.StringIO()
    bar = CountBar(300, label="enc", stream=log, every_s=3600)
    for _ in range(3):
        bar.update(100)
    lines = log.getvalue().splitlines()
    assert len(lines) == 2                       # the first update, then the end: nothing between
    assert lines[0].startswith("enc [") and "100/300 files" in lines[0] and "ETA" in lines[0]
    assert "300/300" in lines[1] and "ETA" not in lines[1]

    quiet = io.StringIO()
    small = CountBar(10, label="enc", stream=quiet)   # below min_total: silent
    small.update(10)
    assert quiet.getvalue() == ""


def test_a_call_during_a_background_warmup_waits_for_it_and_tools_list_does_not(tmp_path):
    corpus = make_corpus(tmp_path / "corpus")
    cfg = compose([f"corpus.root={corpus}", "resolver.semantic.enabled=false"])
    gate = threading.Event()
    built = []

    def slow_factory():
        assert gate.wait(30), "the test never opened the gate"
        built.append(1)
        return load_resolver(cfg)

    ts = build_toolset(cfg)
    ts.ctx.resolver_factory = slow_factory
    lines: list[str] = []
    warm = ts.warmup_in_background(lines.append)
    assert [s.name for s in ts.specs()] == ["path_resolve", "list_dir", "read_file"]  # no index needed

    out = {}
    caller = threading.Thread(target=lambda: out.setdefault("r", ts.call("path_resolve", {"query": "config.go"})))
    caller.start()
    caller.join(0.3)
    assert caller.is_alive() and not out        # waiting for the warm-up, not building its own
    gate.set()
    caller.join(30)
    warm.join(30)
    assert not out["r"].is_error and json.loads(out["r"].text)["candidates"][0]["path"] == "services/api/config.go"
    assert built == [1]                          # one index, built once
    assert len(lines) == 1 and lines[0].startswith("index ready in ")


def test_a_failed_background_warmup_is_reported_and_calls_return_the_error(tmp_path):
    corpus = make_corpus(tmp_path / "corpus")
    ts = build_toolset(compose([f"corpus.root={corpus}", "resolver.semantic.enabled=false"]))

    def broken():
        raise RuntimeError("disk on fire")

    ts.ctx.resolver_factory = broken
    lines: list[str] = []
    ts.warmup_in_background(lines.append).join(30)
    assert len(lines) == 1 and "warm-up failed" in lines[0] and "disk on fire" in lines[0]
    r = ts.call("path_resolve", {"query": "config.go"})
    assert r.is_error and "disk on fire" in r.text


def test_encoding_is_stored_slice_by_slice_so_a_killed_warmup_keeps_its_work(tmp_path, monkeypatch):
    corpus = make_corpus(tmp_path / "corpus")
    cfg = compose([f"corpus.root={corpus}", f"resolver.semantic.cache_dir={tmp_path / 'emb'}"])
    r = load_resolver(cfg)
    real = r.encoder
    calls = {"n": 0}

    class DiesOnSecondSlice:
        id = real.id

        def encode(self, texts):
            calls["n"] += 1
            if calls["n"] == 3:        # 1: "warmup" probe, 2: first slice, 3: second slice
                raise KeyboardInterrupt
            return real.encode(texts)

    monkeypatch.setattr(resolver_mod, "ENCODE_SLICE", 4)
    r._encoder = DiesOnSecondSlice()
    with pytest.raises(KeyboardInterrupt):
        r.warmup()
    assert len(r.index.files) > 4
    from lab.pathfinder.maxsim import EmbeddingCache
    cache = EmbeddingCache(tmp_path / "emb", real.id)
    stored = cache.get_many([EmbeddingCache.key(r.candidate_text(f)) for f in r.index.files])
    assert len(stored) == 4                      # the first slice survived the interrupt


def test_lab_index_encodes_every_file_once(tmp_path, monkeypatch):
    from lab.cli import main

    corpus = make_corpus(tmp_path / "corpus")
    monkeypatch.setenv("VOCAB_LAB_CACHE", str(tmp_path / "cache"))
    first = CliRunner().invoke(main, ["index", str(corpus), "resolver.semantic.precompute_limit=1"])
    assert first.exit_code == 0, first.output
    from lab.pathfinder.maxsim import EmbeddingCache
    r = load_resolver(compose([f"corpus.root={corpus}"]))
    n = len(r.index.files)
    assert n == 8                                 # 7 text files and bin.dat (indexed by its path)
    assert f"{n} files encoded or found in the cache" in first.stdout
    assert f"{n} files" in first.stderr and "chunks indexed" in first.stderr
    cache = EmbeddingCache(tmp_path / "cache" / "embeddings", r.encoder.id)
    assert len(cache.get_many([EmbeddingCache.key(r.candidate_text(f)) for f in r.index.files])) == n

    bad = CliRunner().invoke(main, ["index", str(tmp_path / "nope")])
    assert bad.exit_code == 2 and "not a directory" in bad.output
    off = CliRunner().invoke(main, ["index", str(corpus), "resolver.semantic.enabled=false"])
    assert off.exit_code == 0 and "nothing to encode" in off.stdout


def test_serve_on_an_empty_cache_answers_the_mcp_handshake_and_then_resolves(tmp_path):
    corpus = make_corpus(tmp_path / "corpus")
    cmd = lab_command()
    params = StdioServerParameters(
        command=cmd[0], args=[*cmd[1:], "serve", f"corpus.root={corpus}"],   # semantic rerank on
        env={"VOCAB_LAB_CACHE": str(tmp_path / "empty-cache"), "PATH": os.environ.get("PATH", "")},
        cwd=str(Path(__file__).resolve().parent.parent))
    errlog = (tmp_path / "serve.err").open("w")

    async def script():
        with anyio.fail_after(120):
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as s:
                    init = await s.initialize()
                    listed = await s.list_tools()
                    resolved = await s.call_tool("path_resolve", {"query": "config.go"})
                    return init, listed, resolved

    init, listed, resolved = anyio.run(script)
    errlog.close()
    assert init.server_info.name == "vocab-lab-pathfinder"
    assert [t.name for t in listed.tools] == ["path_resolve", "list_dir", "read_file"]
    assert not resolved.is_error
    assert json.loads(resolved.content[0].text)["candidates"][0]["path"] == "services/api/config.go"
    assert "index ready in" in (tmp_path / "serve.err").read_text()
