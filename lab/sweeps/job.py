"""The task function Hydra runs for every job of `lab run -m` (a single `lab run` never comes
here: lab/cli/run.py runs it, and exits 3 for a run that ended `failed`, as a failed cell does).

Each job is one cell: its entry in the sweep folder's manifest is written before
anything else, the run directory is linked as soon as it exists, and whatever goes wrong in the
cell — a bad override, a crash in the model, a refused launcher setting — is recorded in the entry
(error, and where the traceback is) and returned, so the other cells run. Only Ctrl-C / SIGTERM
stop the sweep.

The function is module-level on purpose: joblib and submitit pickle it by reference and run it in
another process, which imports this module (and with it the `lab_sweep_id` resolver).
"""

from __future__ import annotations

import os
import socket
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from hydra.core.hydra_config import HydraConfig
from omegaconf import DictConfig

from lab.interrupts import announce_interrupts
from lab.sweeps import cells
from lab.sweeps.cells import CellEntry, cell_name, link_run, read_entry, write_entry
from lab.suites.contamination import warned_once_in
from lab.runner import run
from lab.sweeps.guard import check_parallelism
from lab.errors import InputError
from lab.runner import Terminated
from lab.records.record import read_record


def hydra_task(cfg: DictConfig) -> Any:
    """One job of `lab run -m` (a single `lab run` runs lab.cli.run.run_task)."""
    return run_cell(cfg, HydraConfig.get())


def run_cell(cfg: DictConfig, hc: Any) -> dict:
    """One cell of a sweep; returns its manifest entry as a dict (never raises but for Ctrl-C)."""

    cell = Cell(cfg, hc)
    try:
        check_parallelism(cfg, hc.launcher)
        # a finding shared by the cells: printed once; Ctrl-C announced at once
        with warned_once_in(cell.sweep_dir), announce_interrupts():
            out = run(cfg, resume_dir=cell.resume_dir, on_run_dir=cell.on_run_dir)
    except KeyboardInterrupt as e:     # Ctrl-C, or SIGTERM (on Slurm: scancel, time limit, preemption)
        cell.end(e)
        raise
    except BaseException as e:        # a failing cell never stops the others
        return cell.end(e)
    return cell.end(out)


class Cell:
    """One cell's manifest entry from its start to its end: written before anything else runs
    (`Cell(cfg, hc)`), the run directory linked as soon as it exists (`on_run_dir`), and how the
    cell ended (`end`). `run_cell` has one; the batched launcher (hydra_plugins/lab_batched_launcher/launcher.py) one per
    job, all open while their runs share a batch."""

    def __init__(self, cfg: DictConfig, hc: Any) -> None:
        self.sweep_dir = Path(str(hc.sweep.dir))
        num = int(hc.job.num)
        swept = str(hc.job.override_dirname or "")
        self.name = cell_name(num, swept)
        old = _old_entry(self.sweep_dir, self.name)
        self.entry = CellEntry(cell=self.name, num=num, overrides=list(hc.overrides.task), swept=swept,
                               host=socket.gethostname(), pid=os.getpid(), job=slurm_job())
        self.resume_dir: Path | None = None
        if old is not None and old.run_dir and bool(cfg.run.resume):
            self.resume_dir = (self.sweep_dir / old.run_dir).resolve()
            self.entry.run_dir = old.run_dir
        self.ended = False
        write_entry(self.sweep_dir, self.entry)
        total = cells.cell_count(self.sweep_dir)
        print(f"[sweep] cell {num + 1}/{total if total else '?'} {self.name}: {' '.join(self.entry.overrides)}",
              file=sys.stderr)

    def on_run_dir(self, run_dir: Path) -> None:
        self.entry.run_dir = os.path.relpath(Path(run_dir).resolve(), self.sweep_dir.resolve())
        write_entry(self.sweep_dir, self.entry)
        link_run(self.sweep_dir, self.name, run_dir)

    def end(self, outcome: Any) -> dict:
        """The cell's end: its run's output (lab.runner.RunOutput), or what stopped it — Ctrl-C or
        SIGTERM (`interrupted`), anything else (`failed`, with where its traceback is)."""

        entry = self.entry
        if isinstance(outcome, KeyboardInterrupt):
            entry.status = "interrupted"
            entry.error = "SIGTERM" if isinstance(outcome, Terminated) else "KeyboardInterrupt"
        elif isinstance(outcome, BaseException):
            entry.status = "failed"
            entry.error = str(outcome) if isinstance(outcome, InputError) else f"{type(outcome).__name__}: {outcome}"
            if entry.run_dir and (self.sweep_dir / entry.run_dir / "run.json").is_file() and \
                    _record_has_traceback(self.sweep_dir / entry.run_dir):
                entry.traceback = os.path.join(entry.run_dir, "run.json")
            else:
                tb = cells.entry_path(self.sweep_dir, self.name).with_suffix(".traceback.txt")
                tb.write_text("".join(traceback.format_exception(outcome)), encoding="utf-8")
                entry.traceback = os.path.relpath(tb, self.sweep_dir)
            print(f"[sweep] cell {self.name} failed: {entry.error} (traceback: "
                  f"{self.sweep_dir / entry.traceback})", file=sys.stderr)
        else:
            self.on_run_dir(outcome.run_dir)
            entry.status, entry.action = outcome.record.status, outcome.action
            if outcome.record.status == "failed":
                entry.error = outcome.record.error
        self.ended = True
        _finish(self.sweep_dir, entry)
        return entry.to_dict()


def slurm_job() -> str | None:
    """`<array job>_<task>` (or the job id) when this process is a Slurm job, else None."""
    array, task = os.environ.get("SLURM_ARRAY_JOB_ID"), os.environ.get("SLURM_ARRAY_TASK_ID")
    return f"{array}_{task}" if array and task else os.environ.get("SLURM_JOB_ID")


def _finish(sweep_dir: Path, entry: CellEntry) -> None:
    entry.ended_at = time.time()
    write_entry(sweep_dir, entry)


def _old_entry(sweep_dir: Path, name: str) -> CellEntry | None:
    p = cells.entry_path(sweep_dir, name)
    if not p.is_file():
        return None
    try:
        return read_entry(p)
    except Exception:
        return None


def _record_has_traceback(run_dir: Path) -> bool:
    try:
        return bool(read_record(run_dir).traceback)
    except Exception:
        return False
