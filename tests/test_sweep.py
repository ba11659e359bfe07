"""`lab run -m`: one run per cell, the sweep folder (manifest, links, summary, report), a failing
cell that never stops the others, resume through the sweep, the submitit_local launcher, and the
llama.cpp parallelism guard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from omegaconf import OmegaConf

from lab.cli import main
from lab.errors import InputError
from lab.models.textcalls import hermes_call_text
from lab.records.record import read_record
from lab.sweeps.cells import read_entries

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"
#: mini-01 and mini-02 each resolved (the first call is forced: agent.tool_choice=first) and answered
#: right, twice (the queue runs on across repeats)
ANSWERS = [hermes_call_text("path_resolve", {"query": "invoice test"}), "ANSWER: services/billing/invoice_test.go",
           hermes_call_text("path_resolve", {"query": "invoice"}), "ANSWER: services/billing/invoice.go"] * 2


def configs_with_script(tmp_path: Path) -> Path:
    """An extra config folder (hydra.searchpath) with model=scripted_mini: 4 tests' call and answer."""
    d = tmp_path / "conf"
    (d / "model").mkdir(parents=True)
    (d / "model/scripted_mini.yaml").write_text(yaml.safe_dump(
        {"name": "scripted_mini", "backend": "scripted", "outputs": ANSWERS, "n_ctx": None,
         "tool_call_formats": ["hermes"]}))
    return d


def common(tmp_path: Path, experiment: str = "sw") -> list[str]:
    return [f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
            f"run.results_dir={tmp_path / 'results'}", "resolver.semantic.enabled=false",
            "run.progress=false", f"run.experiment={experiment}"]


def lab_run(*args: str):
    return CliRunner().invoke(main, ["run", *args], catch_exceptions=False)


#: sweeps whose claim is not the report skip it (the summary is still written; ~5 s a report)
NO_REPORT = "hydra.callbacks.lab_sweep.report=false"


def the_sweep(tmp_path: Path, experiment: str = "sw") -> Path:
    [d] = list((tmp_path / "results" / experiment / ".sweeps").iterdir())
    return d


def test_a_2x2_scripted_sweep_has_four_complete_cells_a_summary_and_a_report(tmp_path):
    conf = configs_with_script(tmp_path)
    res = lab_run("-m", *common(tmp_path), f"hydra.searchpath=[file://{conf}]", "model=scripted_mini",
                  "suite.limit=2", "run.repeats=2", "vocab=minimal,maybe_exts", "run.seed=0,10")
    assert res.exit_code == 0, res.output + res.stderr
    sweep = the_sweep(tmp_path)
    entries = read_entries(sweep)
    assert sorted(e.swept for e in entries) == ["run.seed=0,vocab=maybe_exts", "run.seed=0,vocab=minimal",
                                                "run.seed=10,vocab=maybe_exts", "run.seed=10,vocab=minimal"]
    assert all(e.status == "complete" and e.action == "new" for e in entries)
    for e in entries:
        rec = read_record(sweep / e.run_dir)        # the run lives in results/<experiment>/<run_id>/
        assert rec.status == "complete" and rec.scores == [2, 2]
        assert (sweep / "runs" / e.cell / "run.json").is_file()    # linked from the sweep folder
    seeds = sorted(read_record(sweep / e.run_dir).repeats[1].seed for e in entries)
    assert seeds == [1, 1, 11, 11]
    summary = json.loads((sweep / "summary.json").read_text())
    assert summary["failed"] == [] and len(summary["cells"]) == 4
    assert all(c["mean"] == 2 and c["swing"] == 0 and c["outcomes"]["pass"] == 4 for c in summary["cells"])
    md = (sweep / "summary.md").read_text()
    assert "| run.seed=10,vocab=maybe_exts | complete | 2 | 2 | 2, 2 | 2.0 | 0 |" in md
    assert (sweep / "report/report.md").is_file() and (sweep / "report/report.html").is_file()
    assert "minimal" in (sweep / "report/report.md").read_text()
    assert "Sweep " in res.output       # the summary is printed at the end
    # the sweep folder is one address for the loader and `lab report`: its four cells, once each
    from lab.analysis.load import find_run_dirs
    assert len(find_run_dirs([sweep])) == 4
    assert len(find_run_dirs([tmp_path / "results"])) == 4


def test_one_failing_cell_never_stops_the_others_and_is_listed_with_its_error(tmp_path):
    conf = configs_with_script(tmp_path)
    # suite.limit=0 is a bad input (no run dir); suite.limit=6 needs more answers than the script
    # has (the model crashes mid-run: run.json has error and traceback)
    res = lab_run("-m", *common(tmp_path), f"hydra.searchpath=[file://{conf}]", "model=scripted_mini",
                  "suite.limit=1,0,3,6,4")
    assert res.exit_code == 3, res.output + res.stderr
    sweep = the_sweep(tmp_path)
    by = {e.swept: e for e in read_entries(sweep)}
    assert [by[f"suite.limit={n}"].status for n in (1, 3, 4)] == ["complete"] * 3
    bad_input, crashed = by["suite.limit=0"], by["suite.limit=6"]
    assert bad_input.status == "failed" and "suite.limit" in bad_input.error and bad_input.run_dir is None
    assert "Traceback" in (sweep / bad_input.traceback).read_text()
    assert crashed.status == "failed" and "ScriptExhausted" in crashed.error
    rec = read_record(sweep / crashed.run_dir)
    assert rec.status == "failed" and rec.error and "Traceback" in rec.traceback
    assert crashed.traceback == f"{crashed.run_dir}/run.json"
    md = (sweep / "summary.md").read_text()
    assert "## Cells not complete" in md and "ScriptExhausted" in md and "suite.limit" in md
    assert str(sweep / crashed.run_dir / "run.json") in md
    summary = json.loads((sweep / "summary.json").read_text())
    assert sorted(summary["failed"]) == sorted([bad_input.cell, crashed.cell])
    assert (sweep / "report/report.md").is_file()       # the report of the cells that ran


def test_rerunning_a_sweep_with_resume_continues_its_own_cells(tmp_path):
    args = ["-m", *common(tmp_path), "model=tool_follower", "suite.limit=2", "vocab=minimal,maybe_exts",
            NO_REPORT]
    assert lab_run(*args, "run.repeats=1").exit_code == 0
    sweep = the_sweep(tmp_path)
    first = {e.cell: e.run_dir for e in read_entries(sweep)}
    res = lab_run(*args, "run.repeats=2", "run.resume=true")      # more repeats: extend each run
    assert res.exit_code == 0, res.output + res.stderr
    assert the_sweep(tmp_path) == sweep                           # the same sweep folder
    entries = read_entries(sweep)
    assert {e.cell: e.run_dir for e in entries} == first and {e.action for e in entries} == {"resume"}
    assert all(len(read_record(sweep / e.run_dir).repeats) == 2 for e in entries)
    res = lab_run(*args, "run.repeats=2", "run.resume=true")      # complete: nothing to run
    assert res.exit_code == 0 and {e.action for e in read_entries(sweep)} == {"done"}
    runs = [p for p in (tmp_path / "results/sw").iterdir() if not p.name.startswith(".")]
    assert len(runs) == 2


SMALL = ["model=tool_follower", f"suite.file={MINI_SUITE}", "corpus=dir", f"corpus.root={MINIREPO}",
         "resolver.semantic.enabled=false", "run.progress=false"]


def test_cells_with_their_own_experiment_are_all_in_one_sweep_folder_and_so_is_its_resume(tmp_path):
    # each experiment config sets its own run.experiment: the runs go to results/<experiment>/,
    # the sweep folder stays the sweep's own (the common settings' experiment, `default`)
    args = ["-m", "+experiment=lexiopt4,alike", *SMALL, f"run.results_dir={tmp_path / 'results'}"]
    res = lab_run(*args)
    assert res.exit_code == 0, res.output + res.stderr
    sweep = the_sweep(tmp_path, "default")
    summary = json.loads((sweep / "summary.json").read_text())
    assert [c["swept"] for c in summary["cells"]] == ["+experiment=lexiopt4", "+experiment=alike"]
    assert all(c["status"] == "complete" and c["scores"] == [6] for c in summary["cells"])
    assert sorted(read_record(sweep / e.run_dir).experiment for e in read_entries(sweep)) == \
        ["alike", "lexiopt4"]
    assert not (tmp_path / "results/lexiopt4/.sweeps").exists()
    assert "2 cells, 2 complete" in (sweep / "summary.md").read_text()
    assert (sweep / "report/report.md").is_file()
    res = lab_run(*args, "run.resume=true", NO_REPORT)           # the same sweep, resumed
    assert res.exit_code == 0, res.output + res.stderr
    assert the_sweep(tmp_path, "default") == sweep
    summary = json.loads((sweep / "summary.json").read_text())
    assert [(c["swept"], c["action"]) for c in summary["cells"]] == \
        [("+experiment=lexiopt4", "done"), ("+experiment=alike", "done")]


def test_cells_with_their_own_results_folder_and_model_are_all_in_the_summary(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    conf = configs_with_script(tmp_path)
    res = lab_run("-m", *SMALL, f"hydra.searchpath=[file://{conf}]", "run.experiment=mixed", NO_REPORT,
                  "model=tool_follower,scripted_mini", f"prompt.file={TEMPLATES}", "suite.limit=2",
                  f"run.results_dir={tmp_path / 'a'},{tmp_path / 'b'}")
    assert res.exit_code == 0, res.output + res.stderr
    sweep = the_sweep(tmp_path, "mixed")               # results/ of the working directory
    summary = json.loads((sweep / "summary.json").read_text())
    assert len(summary["cells"]) == 4 and summary["failed"] == []
    homes = sorted(str((sweep / c["run_dir"]).resolve().parent.parent.name) for c in summary["cells"])
    assert homes == ["a", "a", "b", "b"]


def test_submitit_local_runs_a_small_sweep(tmp_path):
    pytest.importorskip("hydra_plugins.hydra_submitit_launcher")
    res = lab_run("-m", *common(tmp_path, "sub"), "model=tool_follower", "suite.limit=2",
                  "vocab=minimal,maybe_exts", "hydra/launcher=submitit_local", NO_REPORT,
                  "hydra.launcher.timeout_min=5", "hydra.launcher.cpus_per_task=1")
    assert res.exit_code == 0, res.output + res.stderr
    sweep = the_sweep(tmp_path, "sub")
    entries = read_entries(sweep)
    assert len(entries) == 2 and all(e.status == "complete" for e in entries)
    import os
    assert all(e.pid != os.getpid() for e in entries)       # each job in its own process
    assert (sweep / ".submitit").is_dir() and (sweep / "summary.md").is_file()
    assert all(read_record(sweep / e.run_dir).scores == [2] for e in entries)


# -- the llama.cpp parallelism guard ---------------------------------------------------------------

def llama_cfg(n_threads):
    return OmegaConf.create({"model": {"backend": "llama_cpp", "n_threads": n_threads}})


JOBLIB = "hydra_plugins.hydra_joblib_launcher.joblib_launcher.JoblibLauncher"


def test_parallel_llama_jobs_beyond_the_cores_are_refused_naming_the_setting():
    from lab.sweeps.guard import check_parallelism
    with pytest.raises(InputError, match=r"hydra.launcher.n_jobs.*model.n_threads=null"):
        check_parallelism(llama_cfg(None), {"_target_": JOBLIB, "n_jobs": 2}, n_cores=2)
    with pytest.raises(InputError, match="4 threads on 2 cores"):
        check_parallelism(llama_cfg(2), {"_target_": JOBLIB, "n_jobs": -1}, n_cores=2)
    check_parallelism(llama_cfg(1), {"_target_": JOBLIB, "n_jobs": 2}, n_cores=2)   # fits
    check_parallelism(llama_cfg(None), {"_target_": JOBLIB, "n_jobs": 1}, n_cores=2)
    check_parallelism(llama_cfg(None), {"_target_": "hydra._internal.core_plugins.basic_launcher.BasicLauncher"}, n_cores=2)
    server = OmegaConf.create({"model": {"backend": "openai"}})
    check_parallelism(server, {"_target_": JOBLIB, "n_jobs": 8}, n_cores=2)


def test_a_joblib_sweep_of_llama_cells_fails_each_cell_before_loading_a_model(tmp_path):
    pytest.importorskip("hydra_plugins.hydra_joblib_launcher")
    res = lab_run("-m", *common(tmp_path, "jl"), "model=gguf", "model.path=/nonexistent.gguf",
                  "model.n_threads=2", "vocab=minimal,maybe_exts", "hydra/launcher=joblib",
                  "hydra.launcher.n_jobs=2", "hydra.launcher.prefer=threads")
    assert res.exit_code == 3, res.output + res.stderr
    entries = read_entries(the_sweep(tmp_path, "jl"))
    assert len(entries) == 2
    for e in entries:
        assert e.status == "failed" and "hydra.launcher.n_jobs" in e.error and e.run_dir is None
