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
    from lab.errors import InputError
    from lab.run import run
    from lab.sweeps.guard import check_parallelism

    sweep_dir = Path(str(hc.sweep.dir))
    num = int(hc.job.num)
    swept = str(hc.job.override_dirname or "")
    name = cell_name(num, swept)
    old = _old_entry(sweep_dir, name)
    entry = CellEntry(cell=name, num=num, overrides=list(hc.overrides.task), swept=swept,
                      host=socket.gethostname(), pid=os.getpid(), job=slurm_job())
    resume_dir = None
    if old is not None and old.run_dir and bool(cfg.run.resume):
        resume_dir = (sweep_dir / old.run_dir).resolve()
        entry.run_dir = old.run_dir
    write_entry(sweep_dir, entry)

    def on_run_dir(run_dir: Path) -> None:
        entry.run_dir = os.path.relpath(Path(run_dir).resolve(), sweep_dir.resolve())
        write_entry(sweep_dir, entry)
        link_run(sweep_dir, name, run_dir)

    total = cells.cell_count(sweep_dir)
    print(f"[sweep] cell {num + 1}/{total if total else '?'} {name}: {' '.join(entry.overrides)}",
          file=sys.stderr)
    try:
        check_parallelism(cfg, hc.launcher)
        with warned_once_in(sweep_dir):        # a finding shared by the cells: printed once
            out = run(cfg, resume_dir=resume_dir, on_run_dir=on_run_dir)
        on_run_dir(out.run_dir)
        entry.status, entry.action = out.record.status, out.action
        if out.record.status == "failed":
            entry.error = out.record.error
    except KeyboardInterrupt as e:     # Ctrl-C, or SIGTERM (on Slurm: scancel, time limit, preemption)
        from lab.run import Terminated
        entry.status, entry.error = "interrupted", "SIGTERM" if isinstance(e, Terminated) else "KeyboardInterrupt"
        _finish(sweep_dir, entry)
        raise
    except BaseException as e:        # a failing cell never stops the others
        entry.status = "failed"
        entry.error = str(e) if isinstance(e, InputError) else f"{type(e).__name__}: {e}"
        if entry.run_dir and (sweep_dir / entry.run_dir / "run.json").is_file() and \
                _record_has_traceback(sweep_dir / entry.run_dir):
            entry.traceback = os.path.join(entry.run_dir, "run.json")
        else:
            tb = cells.entry_path(sweep_dir, name).with_suffix(".traceback.txt")
            tb.write_text(traceback.format_exc(), encoding="utf-8")
            entry.traceback = os.path.relpath(tb, sweep_dir)
        print(f"[sweep] cell {name} failed: {entry.error} (traceback: {sweep_dir / entry.traceback})",
              file=sys.stderr)
    _finish(sweep_dir, entry)
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
