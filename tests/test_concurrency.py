"""run.concurrency: repeats at once against an OpenAI-compatible server (a loopback stub)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from lab.config import compose
from lab.errors import InputError
from support.stub_server import StubServer
from lab.runner import run
from lab.records.record import read_record, read_tests_csv, read_transcript

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"


def cfg_for(tmp_path: Path, url: str, *over: str):
    return compose(["model=openai", f"model.base_url={url}", "model.model=stub", "model.max_retries=0",
                    f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
                    f"run.results_dir={tmp_path}", "resolver.semantic.enabled=false",
                    "run.progress=false", *over])


def outcome_rows(run_dir: Path) -> list[tuple]:
    return sorted((r.repeat, r.seed, r.test_id, r.outcome, r.answer) for r in read_tests_csv(run_dir / "tests.csv"))


def test_concurrent_repeats_complete_record_the_concurrency_and_equal_sequential(tmp_path):
    with StubServer(latency_s=0.01) as stub:
        seq = run(cfg_for(tmp_path, stub.url, "run.repeats=4", "run.experiment=seq"), out=io.StringIO())
        assert stub.max_in_flight == 1
        par = run(cfg_for(tmp_path, stub.url, "run.repeats=4", "run.concurrency=4", "run.experiment=par"),
                  out=io.StringIO())
        assert stub.max_in_flight > 1                  # repeats really overlapped
    rec = read_record(par.run_dir)
    assert rec.status == "complete" and rec.config["run"]["concurrency"] == 4
    assert rec.events[0]["concurrency"] == 4
    assert [r.repeat for r in rec.repeats] == [0, 1, 2, 3]
    assert [(r.seed, r.score, r.outcomes) for r in rec.repeats] == \
        [(r.seed, r.score, r.outcomes) for r in read_record(seq.run_dir).repeats]
    assert outcome_rows(par.run_dir) == outcome_rows(seq.run_dir)
    assert len(read_tests_csv(par.run_dir / "tests.csv")) == 4 * 6
    for k in range(4):                                  # one conversation per repeat
        header, tests = read_transcript(par.run_dir / f"transcripts/repeat-{k}.jsonl")
        assert header["seed"] == k and [t.test_id for t in tests] == [f"mini-0{i}" for i in range(1, 7)]


def test_isolated_tests_of_a_repeat_run_concurrently_against_a_server(tmp_path):
    """agent.session=isolated: the tests of one repeat are the conversations run at once (before,
    run.concurrency overlapped repeats only: one repeat's tests went one at a time)."""
    # 0.3 s a request: long enough that four threads' requests overlap even on a loaded core (at
    # 0.05 s, two xdist workers beside ten other processes on one core saw only 3 at once)
    with StubServer(latency_s=0.3) as stub:
        seq = run(cfg_for(tmp_path, stub.url, "agent.session=isolated", "run.experiment=seq"),
                  out=io.StringIO())
        assert stub.max_in_flight == 1
        par = run(cfg_for(tmp_path, stub.url, "agent.session=isolated", "run.concurrency=4",
                          "run.experiment=par"), out=io.StringIO())
        assert stub.max_in_flight == 4                 # four of the six tests at once
    rec = read_record(par.run_dir)
    assert rec.status == "complete" and rec.events[0]["concurrency"] == 4
    batch = rec.events[0]["batch"]
    assert batch["parallel"] == 4 and batch["mean_batch"] > 1
    assert outcome_rows(par.run_dir) == outcome_rows(seq.run_dir)
    rows = read_tests_csv(par.run_dir / "tests.csv")
    assert [r.test_id for r in rows] == [f"mini-0{i}" for i in range(1, 7)]   # suite order
    header, tests = read_transcript(par.run_dir / "transcripts/repeat-0.jsonl")
    assert [t.test_id for t in tests] == [f"mini-0{i}" for i in range(1, 7)]


def test_resume_with_concurrency_keeps_complete_repeats(tmp_path):
    with StubServer() as stub:
        first = run(cfg_for(tmp_path, stub.url, "run.repeats=2", "run.concurrency=2"), out=io.StringIO())
        more = run(cfg_for(tmp_path, stub.url, "run.repeats=5", "run.concurrency=3", "run.resume=true"),
                   out=io.StringIO())
    assert more.action == "resume" and more.run_dir == first.run_dir
    rec = read_record(more.run_dir)
    assert [r.repeat for r in rec.repeats] == [0, 1, 2, 3, 4] and rec.events[-2]["concurrency"] == 3
    assert len(read_tests_csv(more.run_dir / "tests.csv")) == 5 * 6


def test_concurrency_is_refused_for_in_process_llama_cpp_before_any_model_call(tmp_path):
    cfg = compose(["model=gguf", "model.path=/nonexistent.gguf", "run.concurrency=2",
                   f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", "resolver.semantic.enabled=false",
                   f"run.results_dir={tmp_path}"])
    with pytest.raises(InputError, match="run.concurrency"):
        run(cfg, out=io.StringIO())
    assert not any(tmp_path.iterdir())


def test_concurrency_is_one_for_other_in_process_backends(tmp_path, capsys):
    cfg = compose(["model=tool_follower", "run.concurrency=3", "run.repeats=2", f"corpus.root={MINIREPO}",
                   f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
                   "resolver.semantic.enabled=false", f"run.results_dir={tmp_path}", "run.progress=false"])
    out = run(cfg, out=io.StringIO())
    assert "run.concurrency=3 ignored" in capsys.readouterr().err
    assert read_record(out.run_dir).events[0]["concurrency"] == 1


def test_bad_concurrency_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="run.concurrency"):
        run(compose(["model=tool_follower", "run.concurrency=0"]), out=io.StringIO())
