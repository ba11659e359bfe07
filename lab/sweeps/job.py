"""The task function Hydra runs for `lab run` and for every job of `lab run -m`.

A single run behaves as it always did (a bad input: exit 2; Ctrl-C: 130, SIGTERM: 143), and a
run that ended `failed` because some tests failed on the infrastructure or crashed exits 3. In a
multirun each job is one cell: its entry in the sweep folder's manifest is written before
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

from omegaconf import DictConfig

from lab.sweeps import cells
from lab.sweeps.cells import CellEntry, cell_name, link_run, read_entry, write_entry


def hydra_task(cfg: DictConfig) -> Any:
    from hydra.core.hydra_config import HydraConfig
    from hydra.types import RunMode

    hc = HydraConfig.get()
    if hc.mode == RunMode.MULTIRUN:
        return run_cell(cfg, hc)
    return _single(cfg)


def _single(cfg: DictConfig) -> None:
    from lab.errors import LabError
    from lab.run import Terminated, run
    try:
        out = run(cfg)
    except LabError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt as e:   # the record says interrupted; 128 + the signal
        sys.exit(143 if isinstance(e, Terminated) else 130)
    if out.record.status == "failed":     # tests to run again (infrastructure, crashes)
        print(f"error: run failed: {out.record.error}", file=sys.stderr)
        sys.exit(EXIT_RUN_FAILED)


#: exit code of a run that ended `failed` with every finished test kept (resume continues it),
#: the same as a sweep with a failed cell
EXIT_RUN_FAILED = 3


def run_cell(cfg: DictConfig, hc: Any) -> dict:
    """One cell of a sweep; returns its manifest entry as a dict (never raises but for Ctrl-C)."""
    from lab.contamination import warned_once_in
    from lab.run import run
    from lab.sweeps.guard import check_parallelism

    cell = Cell(cfg, hc)
    try:
        check_parallelism(cfg, hc.launcher)
        with warned_once_in(cell.sweep_dir):        # a finding shared by the cells: printed once
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
    cell ended (`end`). `run_cell` has one; the batched launcher (lab/sweeps/batched.py) one per
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
        """The cell's end: its run's output (lab.run.RunOutput), or what stopped it — Ctrl-C or
        SIGTERM (`interrupted`), anything else (`failed`, with where its traceback is)."""
        from lab.errors import InputError
        from lab.run import Terminated

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
    from lab.runs.record import read_record
    try:
        return bool(read_record(run_dir).traceback)
    except Exception:
        return False
