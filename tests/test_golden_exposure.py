"""The golden test (expected answer included) reaches only the backends that are no LLM:
`ChatRequest.test` is set for the classes of `lab.models.GOLDEN_READERS` and None for a real
model's backend (llama_cpp, openai), whoever runs the loop (one conversation at a time, or many on
one backend through the lockstep scheduler)."""

from __future__ import annotations

import io
from pathlib import Path

from lab.config import compose
from support.stub_server import StubServer
from lab.models import BACKENDS, GOLDEN_READERS
from lab.models.openai_compat import OpenAIBackend
from lab.runner import run
from lab.records.record import read_tests_csv

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"


def test_the_readers_are_named_in_one_place_and_are_no_llm():
    assert set(GOLDEN_READERS) == {"tool_follower", "scripted", "stochastic"}
    assert not BACKENDS["llama_cpp"].reads_golden_test and not BACKENDS["openai"].reads_golden_test


def test_a_real_model_backend_never_sees_the_expected_answer(tmp_path, monkeypatch):
    """The real OpenAI backend, the real agent loop, a loopback server: every request the backend
    is handed carries no test, in a plain run and in a run whose tests go through the lockstep
    scheduler at once (run.concurrency)."""
    seen = []
    chat = OpenAIBackend.chat

    def spy(self, request):
        seen.append(request.test)
        return chat(self, request)

    monkeypatch.setattr(OpenAIBackend, "chat", spy)
    with StubServer() as stub:
        for extra in ([], ["agent.session=isolated", "run.concurrency=3"]):
            cfg = compose(["model=openai", f"model.base_url={stub.url}", "model.model=stub",
                           "model.max_retries=0", f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}",
                           f"prompt.file={TEMPLATES}", f"run.results_dir={tmp_path}",
                           "resolver.semantic.enabled=false", "run.progress=false", *extra])
            result = run(cfg, out=io.StringIO())
            rows = read_tests_csv(result.run_dir / "tests.csv")
            assert len(rows) == 6 and any(r.passed for r in rows)   # the tests really ran
    assert seen and all(t is None for t in seen)


def test_the_no_llm_reference_is_handed_the_test(tmp_path, monkeypatch):
    """The other side of the gate: the tool follower gets the test (it could not play its
    reference line without it), so the gate is not simply off."""
    from lab.models.tool_follower import ToolFollowerBackend

    seen = []
    chat = ToolFollowerBackend.chat

    def spy(self, request):
        seen.append(request.test)
        return chat(self, request)

    monkeypatch.setattr(ToolFollowerBackend, "chat", spy)
    cfg = compose(["model=tool_follower", f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}",
                   f"prompt.file={TEMPLATES}", f"run.results_dir={tmp_path}",
                   "resolver.semantic.enabled=false", "run.progress=false"])
    run(cfg, out=io.StringIO())
    assert seen and all(t is not None and t.expected for t in seen)
