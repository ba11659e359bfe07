"""Batched decoding's contracts without llama.cpp: the Lockstep scheduler (deterministic batches,
failures and interrupts), runs under it (`model.parallel` on the stochastic test model: the
records equal a sequential run's), kill and resume mid-batch, the fingerprint at parallel 1, and
the KV budget's errors. The llama.cpp engine's own tests are in tests/test_batched_real.py (slow)."""

from __future__ import annotations

import signal
import threading

import pytest
from click.testing import CliRunner

from conftest import SMALL_RUN
from lab.cli import main
from lab.config import compose
from lab.errors import InputError
from lab.models.messages import AssistantTurn, ChatRequest, Message
from lab.models.llama_batch import check_kv_budget, kv_bytes_per_cell
from lab.models.lockstep import Aborted, Lockstep, SequenceView
from lab.records.record import read_record, transcript_path
from support.runs import lab_sub, run_dirs, stochastic_args
from support.runs import same_results as same_results_of


def same_results(a, b) -> None:
    same_results_of(a, b, same_fingerprint=False)     # parallel is in the fingerprint


# -- the scheduler ----------------------------------------------------------------------------------

class CountingEngine:
    """A StepEngine whose turns take `steps[text]` steps; logs every step's batch."""

    def __init__(self, parallel: int, steps: dict[str, int]) -> None:
        self.parallel, self.steps = parallel, steps
        self.left: dict[int, int] = {}
        self.log: list[list[str]] = []

    def view(self, slot: int) -> SequenceView:
        from lab.models.scripted import ScriptedBackend
        return SequenceView(self, slot, ScriptedBackend({"outputs": []}))

    def step(self, turns):
        self.log.append(sorted(r.messages[-1].content for r in turns.values()))
        out = {}
        for slot, req in turns.items():
            text = req.messages[-1].content
            self.left.setdefault(slot, self.steps.get(text, 1))
            self.left[slot] -= 1
            if self.left[slot] == 0:
                del self.left[slot]
                if text == "boom":
                    out[slot] = RuntimeError("the engine failed this turn")
                else:
                    out[slot] = AssistantTurn(text=f"re: {text}")
        return out

    def release(self, slot: int) -> None:
        pass


def ask(view, text: str) -> str:
    return view.chat(ChatRequest(messages=[Message("system", "s"), Message("user", text)], tools=[],
                                 max_tokens=8)).text


def test_lockstep_batches_are_the_same_whatever_the_threads_timing():
    import random
    import time

    def jobs(results, jitter):
        def job(name, turns):
            def run(view):
                for t in range(turns):
                    if jitter:
                        time.sleep(random.random() / 200)    # tools that take their time
                    results.append(ask(view, f"{name}{t}"))
            return run
        return [job(n, k) for n, k in [("a", 3), ("b", 1), ("c", 2), ("d", 4), ("e", 1)]]

    logs = []
    for jitter in (False, True, True):
        eng = CountingEngine(3, {"a0": 2, "d1": 3})
        got: list = []
        Lockstep(eng).run(jobs(got, jitter))
        logs.append(eng.log)
        assert sorted(got) == sorted(f"re: {n}{t}" for n, k in [("a", 3), ("b", 1), ("c", 2), ("d", 4), ("e", 1)]
                                     for t in range(k))
    assert logs[0] == logs[1] == logs[2]
    assert logs[0][0] == ["a0", "b0", "c0"]                    # three slots, filled in job order
    assert max(len(b) for b in logs[0]) == 3


def test_a_failing_turn_raises_in_its_job_and_a_failing_job_stops_the_scheduler():
    caught = []

    def careful(view):
        try:
            ask(view, "boom")
        except RuntimeError as e:
            caught.append(str(e))

    Lockstep(CountingEngine(2, {})).run([careful, lambda v: ask(v, "x")])
    assert caught == ["the engine failed this turn"]

    def broken(view):
        ask(view, "x")
        raise ValueError("a bug in a job")

    waiting_forever = threading.Event()

    def long_job(view):
        for t in range(1000):
            ask(view, f"long{t}")
        waiting_forever.set()

    with pytest.raises(ValueError, match="a bug in a job"):
        Lockstep(CountingEngine(2, {})).run([long_job, broken])
    assert not waiting_forever.is_set()                        # the other job was stopped (Aborted)


def test_an_interrupt_in_the_engine_aborts_every_job():
    class Interrupting(CountingEngine):
        def step(self, turns):
            if len(self.log) == 3:
                raise KeyboardInterrupt
            return super().step(turns)

    ended = []

    def job(view):
        try:
            for t in range(10):
                ask(view, f"q{t}")
        except Aborted:
            ended.append("aborted")
            raise

    with pytest.raises(KeyboardInterrupt):
        Lockstep(Interrupting(2, {})).run([job, job, job])
    assert ended == ["aborted", "aborted"]                     # the third never started


# -- runs under the scheduler -----------------------------------------------------------------------

@pytest.mark.parametrize("session", ["isolated", "single"])
def test_a_batched_run_records_what_a_sequential_run_records(tmp_path, session):
    args = ("run.repeats=3", f"agent.session={session}")
    seq = lab_sub("run", *stochastic_args(tmp_path / "seq", *args))
    bat = lab_sub("run", *stochastic_args(tmp_path / "bat", *args, "model.parallel=4"))
    assert seq.returncode == 0 and bat.returncode == 0, bat.stderr
    [a], [b] = run_dirs(tmp_path / "seq"), run_dirs(tmp_path / "bat")
    same_results(a, b)
    rb = read_record(b)
    batch = [e for e in rb.events if "batch" in e][0]["batch"]
    assert batch["parallel"] == 4 and batch["steps"] > 0
    assert read_record(a).fingerprint != rb.fingerprint       # parallel > 1 is in the fingerprint


@pytest.mark.parametrize("point", ["after-row:3", "after-test:5", "repeat-done:1"])
def test_a_batched_run_killed_mid_batch_resumes_with_nothing_lost(tmp_path, point):
    args = stochastic_args(tmp_path / "bat", "run.repeats=2", "agent.session=isolated", "model.parallel=3")
    ref = lab_sub("run", *stochastic_args(tmp_path / "ref", "run.repeats=2", "agent.session=isolated",
                                          "model.parallel=3"))
    assert ref.returncode == 0, ref.stderr
    killed = lab_sub("run", *args, env={"VOCAB_LAB_KILL_AT": point})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    [d] = run_dirs(tmp_path / "bat")
    kept = set()     # what resume keeps: tests with a whole transcript line
    for k in range(2):
        t = transcript_path(d, k)
        if t.is_file():
            import json
            kept |= {(k, json.loads(ln)["test_id"]) for ln in t.read_text().split("\n")[1:-1]}
    res = CliRunner().invoke(main, ["resume", str(d)])
    assert res.exit_code == 0, res.output
    [r] = run_dirs(tmp_path / "ref")
    same_results(r, d)
    rec = read_record(d)
    rebatched = [e["rebatched"] for e in rec.events if e.get("rebatched")]
    kept_ids = kept
    if point != "repeat-done:1" and kept:
        # the tests the resume ran in other batches are named, and only those
        assert rebatched, rec.events
        named = {(int(k), t) for k, ids in rebatched[0].items() for t in ids}
        assert named and not named & kept_ids


# -- settings ---------------------------------------------------------------------------------------

def test_parallel_1_leaves_the_fingerprint_as_it_was_and_any_other_value_changes_it():
    from lab.runner import fingerprint
    base = fingerprint(compose(["model=smollm2-135m", *SMALL_RUN]))
    assert fingerprint(compose(["model=smollm2-135m", *SMALL_RUN, "model.parallel=1"])).value == base.value
    four = fingerprint(compose(["model=smollm2-135m", *SMALL_RUN, "model.parallel=4"]))
    assert four.value != base.value
    streams = fingerprint(compose(["model=smollm2-135m", *SMALL_RUN, "model.parallel=4",
                                   "model.kv_unified=false"]))
    assert streams.value != four.value


META = {"general.architecture": "qwen2", "qwen2.block_count": 28, "qwen2.attention.head_count": 12,
        "qwen2.attention.head_count_kv": 2, "qwen2.embedding_length": 1536}


def test_kv_cells_cost_what_the_gguf_header_says():
    assert kv_bytes_per_cell(META, "f16") == 28 * 2 * (128 + 128) * 2      # 28 KiB a cell
    assert kv_bytes_per_cell({}, "f16") is None


def test_a_kv_budget_that_cannot_work_or_fit_is_refused_naming_the_key(monkeypatch):
    import lab.models.llama_batch as lb
    with pytest.raises(InputError, match="model.kv_cells") as e:
        check_kv_budget(parallel=4, n_ctx=8192, kv_cells=4096, meta=META, kv_type="f16",
                        model_bytes=0, file="configs/model/x.yaml")
    assert "less than one sequence's n_ctx" in str(e.value)
    monkeypatch.setattr(lb, "mem_available", lambda: 8 * 2**30)
    with pytest.raises(InputError, match="at most") as e:
        check_kv_budget(parallel=16, n_ctx=32768, kv_cells=None, meta=META, kv_type="f16",
                        model_bytes=2**30, file="configs/model/x.yaml")
    assert "model.kv_cells" in str(e.value) and "14.0 GiB" in str(e.value)
    assert check_kv_budget(parallel=4, n_ctx=8192, kv_cells=None, meta=META, kv_type="f16",
                           model_bytes=2**30, file="f") == 4 * 8192
