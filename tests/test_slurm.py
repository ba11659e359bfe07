"""Sweeps through `hydra/launcher=slurm_lab` on a real one-node Slurm cluster
(scripts/slurm-local.sh): four complete cells; one failing cell; one cancelled array task and its
resume; sbatch rejections as one line naming the launcher key. CI starts the cluster (.ci/run,
SLURM_CONF); without it the first Slurm test starts one itself, as root, and stops it at the end.
They skip, saying why, only where no cluster can start (not root, no slurm and no apt-get).

Every cell is `model=tool_follower` on the mini suite (no LLM); the cancelled cell's model waits
`turn_delay_s` per turn so that there is a run to cancel. The unit tests at the end need no cluster.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.records.record import read_record
from lab.sweeps.cells import read_entries

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts/slurm-local.sh"
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
#: small jobs that this one node (2 CPUs) can run two at a time
SMALL_JOBS = ["hydra/launcher=slurm_lab", "hydra.launcher.cpus_per_task=1", "hydra.launcher.mem_gb=1",
              "hydra.launcher.timeout_min=10"]


def _sinfo_ok(env: dict) -> bool:
    if not shutil.which("sinfo"):
        return False
    r = subprocess.run(["sinfo", "-h", "-N", "-o", "%t"], capture_output=True, text=True, env=env, timeout=30)
    return r.returncode == 0 and r.stdout.strip().split()[:1] in (["idle"], ["mix"], ["alloc"])


@pytest.fixture(scope="session")
def slurm_cluster(tmp_path_factory):
    """SLURM_CONF of a running cluster: CI's, or one started here (and stopped after the tests)."""
    if os.environ.get("SLURM_CONF") and _sinfo_ok(dict(os.environ)):
        yield os.environ["SLURM_CONF"]
        return
    folder = tmp_path_factory.mktemp("slurm") / "cluster"
    env = {**os.environ, "SLURM_LOCAL_DIR": str(folder)}
    r = subprocess.run(["bash", str(SCRIPT), "start"], capture_output=True, text=True, env=env, timeout=600)
    if r.returncode == 3:
        pytest.skip(f"no local Slurm cluster here: {r.stderr.strip().splitlines()[-1]}")
    assert r.returncode == 0, f"scripts/slurm-local.sh start failed:\n{r.stderr}"
    [conf] = [w.split("=", 1)[1] for w in r.stdout.split() if w.startswith("SLURM_CONF=")]
    old = os.environ.get("SLURM_CONF")
    os.environ["SLURM_CONF"] = conf          # sbatch, squeue and the jobs (submitit exports all)
    try:
        yield conf
    finally:
        subprocess.run(["bash", str(SCRIPT), "stop"], env=env, timeout=120)
        if old is None:
            os.environ.pop("SLURM_CONF", None)
        else:
            os.environ["SLURM_CONF"] = old


def common(tmp_path: Path, experiment: str) -> list[str]:
    return ["model=tool_follower", f"suite.file={MINI_SUITE}", "corpus=dir", f"corpus.root={MINIREPO}",
            "resolver.semantic.enabled=false", "run.progress=false", f"run.experiment={experiment}",
            f"run.results_dir={tmp_path / 'results'}", *SMALL_JOBS]


def lab_run(*args: str):
    return CliRunner().invoke(main, ["run", *args], catch_exceptions=False)


def lab_run_process(*args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    """`lab run` in its own process, bounded: a launcher that waits forever fails the test."""
    return subprocess.run([sys.executable, "-c", "from lab.cli import main; main()", "run", *args],
                          capture_output=True, text=True, timeout=timeout, cwd=REPO)


def the_sweep(tmp_path: Path, experiment: str) -> Path:
    [d] = list((tmp_path / "results" / experiment / ".sweeps").iterdir())
    return d


def runs_of(tmp_path: Path, experiment: str) -> list[Path]:
    return sorted(p for p in (tmp_path / "results" / experiment).iterdir() if not p.name.startswith("."))


@pytest.mark.slurm
def test_a_2x2_sweep_on_slurm_gives_four_complete_runs_a_summary_and_a_report(slurm_cluster, tmp_path):
    t0 = time.time()
    res = lab_run("-m", *common(tmp_path, "s4"), "vocab=minimal,maybe_exts", "run.seed=0,1")
    assert res.exit_code == 0, res.output + res.stderr
    sweep = the_sweep(tmp_path, "s4")
    entries = read_entries(sweep)
    assert len(entries) == 4 and all(e.status == "complete" for e in entries)
    assert all(e.job and e.pid != os.getpid() for e in entries)          # each cell a Slurm job
    assert len({e.job.split("_")[0] for e in entries}) == 1              # one array
    assert len(runs_of(tmp_path, "s4")) == 4
    assert all(read_record(sweep / e.run_dir).scores == [6] for e in entries)
    summary = json.loads((sweep / "summary.json").read_text())
    assert summary["failed"] == [] and len(summary["cells"]) == 4
    assert "4 cells, 4 complete" in (sweep / "summary.md").read_text()
    assert (sweep / "report/report.md").is_file() and (sweep / "report/report.html").is_file()
    assert "Traceback" not in res.output + res.stderr
    assert (res.output + res.stderr).count("sacct") <= 1               # no screen of sacct warnings
    print(f"2x2 Slurm sweep: {time.time() - t0:.1f} s")


@pytest.mark.slurm
def test_a_failing_cell_on_slurm_is_listed_with_its_traceback_and_the_others_complete(slurm_cluster, tmp_path):
    res = lab_run("-m", *common(tmp_path, "sf"), "suite.limit=2,0,3")     # 0 tests: a bad input
    assert res.exit_code == 3, res.output + res.stderr
    sweep = the_sweep(tmp_path, "sf")
    by = {e.swept: e for e in read_entries(sweep)}
    assert by["suite.limit=2"].status == by["suite.limit=3"].status == "complete"
    bad = by["suite.limit=0"]
    assert bad.status == "failed" and "suite.limit" in bad.error and bad.run_dir is None
    assert "Traceback" in (sweep / bad.traceback).read_text()
    md = (sweep / "summary.md").read_text()
    assert "## Cells not complete" in md and str(sweep / bad.traceback) in md
    assert json.loads((sweep / "summary.json").read_text())["failed"] == [bad.cell]


@pytest.mark.slurm
def test_a_cancelled_array_task_is_interrupted_and_resume_completes_only_it(slurm_cluster, tmp_path):
    args = ["-m", *common(tmp_path, "sc"), "+model.turn_delay_s=0.5", "vocab=minimal,maybe_exts",
            "run.seed=0,1", "hydra.callbacks.lab_sweep.report=false"]   # the summary is the claim
    cancelled: list[str] = []

    def cancel_cell_0_mid_run() -> None:          # once its first test is on disk
        sweeps, deadline = tmp_path / "results/sc/.sweeps", time.time() + 180
        while time.time() < deadline:
            for d in (sweeps.iterdir() if sweeps.is_dir() else []):
                for e in read_entries(d):
                    csv = d / e.run_dir / "tests.csv" if e.run_dir else None
                    if e.num == 0 and e.job and csv and csv.is_file() and len(csv.read_text().splitlines()) >= 2:
                        subprocess.run(["scancel", e.job], check=True)
                        cancelled.append(e.job)
                        return
            time.sleep(0.2)

    watcher = threading.Thread(target=cancel_cell_0_mid_run, daemon=True)
    watcher.start()
    t0 = time.time()
    res = lab_run_process(*args)
    watcher.join(timeout=5)
    assert cancelled, "cell 0 never got to its first test"
    assert res.returncode == 3, res.stdout + res.stderr
    sweep = the_sweep(tmp_path, "sc")
    entries = read_entries(sweep)
    first = {e.cell: e.run_dir for e in entries}
    cut = entries[0]
    assert cut.status == "interrupted" and cancelled[0] in cut.error and "CANCELLED" in cut.error
    assert [e.status for e in entries[1:]] == ["complete"] * 3
    rec = read_record(sweep / cut.run_dir)
    assert rec.status in ("interrupted", "running")         # SIGTERM recorded, or killed mid-write
    md = (sweep / "summary.md").read_text()
    assert "(interrupted)" in md and cut.cell in md and "No report: turned off" in md
    t1 = time.time()
    res = lab_run_process(*args, "run.resume=true")        # the same command, resumed
    assert res.returncode == 0, res.stdout + res.stderr
    assert the_sweep(tmp_path, "sc") == sweep
    entries = read_entries(sweep)
    assert {e.cell: e.run_dir for e in entries} == first          # the same runs, continued
    assert [e.action for e in entries] == ["resume", "done", "done", "done"]
    assert all(e.status == "complete" for e in entries)
    assert len(runs_of(tmp_path, "sc")) == 4
    assert read_record(sweep / cut.run_dir).scores == [6]
    print(f"cancelled sweep: {t1 - t0:.1f} s, resume: {time.time() - t1:.1f} s")


REJECTIONS = [
    ("hydra.launcher.gpus_per_node=1", "hydra.launcher.gpus_per_node=0"),
    ("hydra.launcher.partition=gpu", "hydra.launcher.partition=<one of: "),
    ("hydra.launcher.mem_gb=100000", "hydra.launcher.mem_gb=<at most "),
    ("hydra.launcher.timeout_min=100000", "hydra.launcher.timeout_min=<at most "),
    ("hydra.launcher.cpus_per_task=64", "hydra.launcher.cpus_per_task=<at most "),
]


@pytest.mark.slurm
@pytest.mark.parametrize("setting,fix", REJECTIONS, ids=[s.split(".")[-1].split("=")[0] for s, _ in REJECTIONS])
def test_a_refused_sbatch_is_one_line_naming_the_launcher_key(slurm_cluster, tmp_path, setting, fix):
    res = lab_run("-m", *common(tmp_path, "sr"), "vocab=minimal,maybe_exts", setting)
    out = res.stdout + res.stderr
    assert res.exit_code == 2, out
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: sbatch refused"), out
    assert fix in lines[0] and "Traceback" not in out


def test_the_launcher_asks_for_no_gpu_by_default():
    from omegaconf import OmegaConf
    raw = OmegaConf.load(REPO / "configs/hydra/launcher/slurm_lab.yaml")
    assert raw.gpus_per_node == 0
    assert raw._target_ == "hydra_plugins.lab_slurm_launcher.LabSlurmLauncher"


# -- without a cluster -----------------------------------------------------------------------------

def fake_sinfo(fmt: str) -> list[str]:
    return {"%P": ["cpu*", "big"], "%P %G": ["cpu* (null)", "big (null)"], "%m": ["23593", "64000+"],
            "%c": ["2", "16"], "%P %l": ["cpu* 1-00:00:00"]}.get(fmt, [])


@pytest.mark.parametrize("stderr,key", [
    ("sbatch: error: Invalid generic resource (gres) specification", "hydra.launcher.gpus_per_node=0"),
    ("sbatch: error: invalid partition specified: gpu\nsbatch: error: Batch job submission failed: "
     "Invalid partition name specified", "hydra.launcher.partition=<one of: cpu, big>"),
    ("sbatch: error: Memory specification can not be satisfied\nsbatch: error: Batch job submission "
     "failed: Requested node configuration is not available", "hydra.launcher.mem_gb=<at most 62"),
    ("sbatch: error: Batch job submission failed: Requested time limit is invalid (missing or exceeds "
     "some limit)", "hydra.launcher.timeout_min=<at most the partition's limit: cpu* 1-00:00:00>"),
    ("sbatch: error: Batch job submission failed: More processors requested than permitted",
     "hydra.launcher.cpus_per_task=<at most the CPUs of a node: 2, 16>"),
    ("sbatch: error: Batch job submission failed: Requested node configuration is not available",
     "hydra.launcher.cpus_per_task (asked 8"),
])
def test_each_sbatch_rejection_names_its_key(stderr, key):
    from hydra_plugins.lab_slurm_launcher.launcher import explain_rejection
    line = explain_rejection(stderr, {"cpus_per_task": 8, "mem_gb": 32, "gpus_per_node": 1,
                                      "timeout_min": 240, "partition": "gpu"}, sinfo=fake_sinfo)
    assert "\n" not in line and key in line and line.startswith("error: sbatch refused")


def test_sacct_warnings_of_a_cluster_without_accounting_are_said_once(capsys):
    from hydra_plugins.lab_slurm_launcher.launcher import quiet_sacct
    f = quiet_sacct()
    seen = f.seen
    log = logging.getLogger("submitit")
    for i in range(5):
        log.warning(f"Call #{i} - Bypassing sacct error Command '['sacct']' returned non-zero exit "
                    "status 1., status may be inaccurate.")
    assert quiet_sacct() is f and f.seen == seen + 5
    err = capsys.readouterr().err
    assert err.count("Bypassing sacct error") == 0 and err.count("sacct is not available") <= 1


def test_the_queue_view_keeps_pending_ranges_as_listed_and_names_their_reason(monkeypatch):
    from hydra_plugins.lab_slurm_launcher import launcher as slurm
    out = "12_0|RUNNING|None\n12_1|CANCELLED|None\n12_[2-3%4]|PENDING|PartitionTimeLimit\n"
    monkeypatch.setattr(slurm.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 0, out, ""))
    q = slurm.read_queue(["12_0", "12_1", "12_2", "12_3"])
    assert q.states == {"12_0": "RUNNING", "12_1": "CANCELLED"} and q.listed == {"12"}
    assert q.pending_reasons == {"12_[2-3%4]": "PartitionTimeLimit"}
    assert "timeout_min" in slurm.NEVER_STARTS["PartitionTimeLimit"]
    monkeypatch.setattr(slurm.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 1, "", "down"))
    assert slurm.read_queue(["12_0"]) is None          # no answer: nothing is decided
