"""`hydra/launcher=batched` and `lab.runner.run_many`: every cell of a sweep in one process, all their
conversations in one batch on one model (the test model `stochastic`, model.parallel > 1, under
the batch scheduler). Per cell the same records as the basic launcher's; the cells interleave;
one model load; a kill or Ctrl-C loses no finished test and resume completes every cell (the
tests run in other batches named in the record); cells that differ in the model are refused; a
cell whose model raises fails alone; with nothing to batch the cells run as the basic launcher
runs them."""

from __future__ import annotations

import io
import json
import signal
import subprocess
from pathlib import Path

import pytest

from lab.config import compose
from lab.errors import InputError
from lab.models.base import FatalModelError
from lab.models.stochastic import StochasticBackend
from lab.runner import run_many
from lab.records.record import read_record, read_transcript, transcript_path
from lab.sweeps.cells import read_entries
from test_resume import finished_lines, same_results
from support.runs import REPO, common_args, lab_sub
from test_sweep import common, lab_run, the_sweep

QUIET = io.StringIO
#: no report/ at the end of these sweeps (summary.md and summary.json are still written)
NO_REPORT = "hydra.callbacks.lab_sweep.report=false"


def stochastic(tmp_path: Path, experiment: str, *extra: str) -> list[str]:
    return ["model=stochastic", *common(tmp_path, experiment), "suite.limit=4", "run.repeats=2",
            NO_REPORT, *extra]


def by_swept(sweep: Path) -> dict:
    return {e.swept: e for e in read_entries(sweep)}


def test_a_batched_sweep_gives_each_cell_the_records_of_the_basic_launcher(tmp_path, monkeypatch):
    import lab.runner.many as many
    loads = []
    real = many.load_model
    monkeypatch.setattr(many, "load_model", lambda cfg: loads.append(1) or real(cfg))
    basic_dir, batched_dir = tmp_path / "basic", tmp_path / "batched"
    sweep = ["agent.session=single", "run.seed=0,10,20"]      # each cell its own outcomes
    res = lab_run("-m", *stochastic(basic_dir, "sw", "model.parallel=3"), *sweep)
    assert res.exit_code == 0, res.output + res.stderr
    res = lab_run("-m", *stochastic(batched_dir, "sw", "model.parallel=3"), *sweep,
                  "hydra/launcher=batched")
    assert res.exit_code == 0, res.output + res.stderr
    assert len(loads) == 1                       # one model for the three cells
    assert "3 cells batched on one model" in res.stderr
    basic, batched = by_swept(the_sweep(basic_dir)), by_swept(the_sweep(batched_dir))
    assert sorted(basic) == sorted(batched) and len(batched) == 3
    runs = set()
    for swept, e in batched.items():
        assert e.status == "complete" and e.action == "new" and e.run_dir
        a, b = the_sweep(basic_dir) / basic[swept].run_dir, the_sweep(batched_dir) / e.run_dir
        same_results(a, b)                       # rows, repeats, transcripts, fingerprint
        ra, rb = read_record(a), read_record(b)
        assert ra.to_dict().keys() == rb.to_dict().keys()
        assert [ev["status"] for ev in rb.events] == ["running", "complete"]
        runs.add(tuple(rb.events[0]["batch"]["runs"]))
        assert rb.run_id in rb.events[0]["batch"]["runs"]
        assert (the_sweep(batched_dir) / "runs" / e.cell / "run.json").is_file()
    assert len(runs) == 1 and len(next(iter(runs))) == 3     # one batch held the three runs
    assert len({tuple(read_record(the_sweep(batched_dir) / e.run_dir).scores) for e in batched.values()}) > 1
    summary = json.loads((the_sweep(batched_dir) / "summary.json").read_text())
    assert summary["failed"] == [] and len(summary["cells"]) == 3
    assert all(c["status"] == "complete" and c["n"] == 4 for c in summary["cells"])
    # the same sweep again with run.resume=true: every cell done, no model loaded
    res = lab_run("-m", *stochastic(batched_dir, "sw", "model.parallel=3"), *sweep,
                  "hydra/launcher=batched", "run.resume=true")
    assert res.exit_code == 0, res.output + res.stderr
    assert {e.action for e in read_entries(the_sweep(batched_dir))} == {"done"}
    assert len(loads) == 1


class Logged(StochasticBackend):
    """The test model, saying which (seed, test) each turn belongs to (in a list its copies share)."""
    log: list

    def chat(self, request):
        self.log.append((self.seed, request.test.id))
        return super().chat(request)


def model_cfg(**over) -> dict:
    import yaml
    return {**yaml.safe_load((REPO / "configs/model/stochastic.yaml").read_text()), **over}


def cell_cfgs(results: Path, seeds=(0, 10), *extra: str) -> list:
    return [compose(["model=stochastic", *common_args(results, "agent.session=isolated", "suite.limit=3",
                                                      "run.repeats=2", f"run.seed={s}", *extra)])
            for s in seeds]


def test_the_cells_interleave_repeat_by_repeat_test_by_test(tmp_path):
    b = Logged(model_cfg(parallel=2))
    b.log = []
    outs = run_many(cell_cfgs(tmp_path), backend=b, out=QUIET(), progress=False)
    assert [o.record.status for o in outs] == ["complete", "complete"]
    first_turns = list(dict.fromkeys(b.log))
    assert first_turns == [(seed + k, t) for k in (0, 1) for t in ("mini-01", "mini-02", "mini-03")
                           for seed in (0, 10)]


class Interrupting(StochasticBackend):
    """The test model; its n-th turn (counted over every copy) raises KeyboardInterrupt (Ctrl-C)."""
    calls: dict = {"n": 0, "at": 0}

    def chat(self, request):
        self.calls["n"] += 1
        if self.calls["n"] == self.calls["at"]:
            raise KeyboardInterrupt
        return super().chat(request)


def test_ctrl_c_in_a_batch_interrupts_every_cell_and_resume_completes_them(tmp_path):
    ref = run_many(cell_cfgs(tmp_path / "ref"), backend=StochasticBackend(model_cfg(parallel=2)),
                   out=QUIET(), progress=False)
    # 3 tests x 2 turns per repeat and cell, two cells at once: turn 17 begins test 2 of repeat 1
    Interrupting.calls.update(n=0, at=17)
    with pytest.raises(KeyboardInterrupt):
        run_many(cell_cfgs(tmp_path / "cut"), backend=Interrupting(model_cfg(parallel=2)),
                 out=QUIET(), progress=False)
    dirs = sorted(p for p in (tmp_path / "cut/default").iterdir() if p.is_dir())
    assert len(dirs) == 2
    before = [finished_lines(d) for d in dirs]
    assert [read_record(d).status for d in dirs] == ["interrupted", "interrupted"]
    by_seed = {read_record(d).config["run"]["seed"]: d for d in dirs}
    outs = run_many(cell_cfgs(tmp_path / "cut", (0, 10), "run.resume=true"),
                    [by_seed[0], by_seed[10]], backend=StochasticBackend(model_cfg(parallel=2)),
                    out=QUIET(), progress=False)
    assert [o.action for o in outs] == ["resume", "resume"]
    for o, r in zip(outs, ref):
        same_results(r.run_dir, o.run_dir)
    for d, lines in zip(dirs, before):
        for k, kept in lines.items():               # finished tests, as they were (in suite order)
            assert set(ln for ln in kept if ln) <= set(finished_lines(d)[k])
        ev = read_record(d).events
        assert [e["status"] for e in ev] == ["running", "interrupted", "running", "complete"]
        assert ev[1]["error"] == "KeyboardInterrupt" and ev[2]["kept_repeats"] == [0]
        assert ev[2]["rebatched"] == {"1": ["mini-02", "mini-03"]}   # run in other batches


def test_a_killed_batched_sweep_resumes_every_cell_with_nothing_lost(tmp_path):
    def sweep_args(results: Path) -> list[str]:
        return ["-m", *stochastic(results, "kill", "model.parallel=3", "agent.session=isolated"),
                "run.seed=0,10"]
    ref = lab_run(*sweep_args(tmp_path / "ref"))          # the basic launcher, uninterrupted
    assert ref.exit_code == 0, ref.output + ref.stderr
    args = [*sweep_args(tmp_path), "hydra/launcher=batched"]
    killed = lab_sub("run", *args, env={"VOCAB_LAB_KILL_AT": "after-test:5"})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    sweep = the_sweep(tmp_path, "kill")
    entries = read_entries(sweep)
    assert len(entries) == 2 and {e.status for e in entries} == {"running"}
    before = {e.cell: finished_lines(sweep / e.run_dir) for e in entries}
    assert sum(len(v[0]) - 1 for v in before.values()) == 5      # header + the tests finished
    res = lab_run(*args, "run.resume=true")
    assert res.exit_code == 0, res.output + res.stderr
    assert the_sweep(tmp_path, "kill") == sweep
    refs = by_swept(the_sweep(tmp_path / "ref", "kill"))
    for swept, e in by_swept(sweep).items():
        assert e.status == "complete" and e.action == "resume"
        d = sweep / e.run_dir
        same_results(the_sweep(tmp_path / "ref", "kill") / refs[swept].run_dir, d)
        for k, lines in before[e.cell].items():     # finished tests, as they were (in suite order)
            assert set(ln for ln in lines if ln) <= set(finished_lines(d)[k])
        ev = read_record(d).events
        assert [x["status"] for x in ev] == ["running", "running", "complete"]
        assert ev[1]["resumed"] and ev[1]["rebatched"]["0"]      # repeat 0's rest, in other batches


def test_cells_with_different_models_are_refused_before_anything_runs(tmp_path):
    res = lab_run("-m", *stochastic(tmp_path, "mixed", "model.parallel=2"), "model.p=0.5,0.7",
                  "hydra/launcher=batched")
    assert res.exit_code == 2
    assert "hydra/launcher=batched" in res.stderr and "key 'model.p'" in res.stderr
    assert "cell 01_model.p=0.7" in res.stderr and "cell 00_model.p=0.5" in res.stderr
    assert "settings.p: 0.5 -> 0.7" in res.stderr
    assert read_entries(the_sweep(tmp_path, "mixed")) == []          # no cell began
    assert not [p for p in (tmp_path / "results/mixed").iterdir() if not p.name.startswith(".")]
    with pytest.raises(InputError, match="run 1 and run 0 are batched on one loaded model") as e:
        run_many([compose(["model=stochastic", "model.parallel=2", *common_args(tmp_path, f"model.p={p}")])
                  for p in (0.5, 0.7)])
    assert e.value.key == "model.p"


class FailsAtSeed(StochasticBackend):
    """The test model, broken for the repeat with seed 10 (a FatalModelError: a broken setup)."""

    def chat(self, request):
        if self.seed == 10:
            raise FatalModelError("broken for seed 10")
        return super().chat(request)


def test_a_cell_whose_model_raises_fails_alone(tmp_path):
    with pytest.raises(FatalModelError, match="broken for seed 10"):
        run_many(cell_cfgs(tmp_path, (0, 10)), backend=FailsAtSeed(model_cfg(parallel=2)),
                 out=QUIET(), progress=False)
    recs = {r.config["run"]["seed"]: r for r in
            (read_record(p) for p in (tmp_path / "default").iterdir() if p.is_dir())}
    assert recs[0].status == "complete" and len(recs[0].repeats) == 2
    assert recs[10].status == "failed" and "FatalModelError" in recs[10].error
    assert "Traceback" in recs[10].traceback


def test_with_nothing_to_batch_the_cells_run_as_the_basic_launcher_runs_them(tmp_path):
    res = lab_run("-m", *common(tmp_path, "seq"), "model=tool_follower", "suite.limit=2", NO_REPORT,
                  "vocab=minimal,maybe_exts", "hydra/launcher=batched")
    assert res.exit_code == 0, res.output + res.stderr
    assert "batched on one model" not in res.stderr
    entries = read_entries(the_sweep(tmp_path, "seq"))
    assert len(entries) == 2 and {e.status for e in entries} == {"complete"}
    md = (the_sweep(tmp_path, "seq") / "summary.md").read_text()    # says why there is no report
    assert "No report: turned off" in md and not (the_sweep(tmp_path, "seq") / "report").exists()
    for e in entries:
        rec = read_record(the_sweep(tmp_path, "seq") / e.run_dir)
        assert rec.scores == [2] and "batch" not in rec.events[0]
        _, tests = read_transcript(transcript_path(the_sweep(tmp_path, "seq") / e.run_dir, 0))
        assert len(tests) == 2


def test_lexiopt_sweep_passes_the_launcher_through(tmp_path):
    out = subprocess.run(["bash", "scripts/lexiopt_sweep.sh", "isolated", "2", str(tmp_path),
                          "hydra/launcher=batched", "model.parallel=16"], cwd=REPO,
                         env={"LAB": "echo", "PATH": "/usr/bin:/bin"}, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert len(out) == 2 and all(line.endswith("hydra/launcher=batched model.parallel=16") for line in out)
    assert "run.repeats=1" in out[0] and "run.repeats=2" in out[1]
