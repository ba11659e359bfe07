"""`run(cfg)`: one run of a suite with a model, a vocabulary and a tool set, `run.repeats` times;
`resume(run_dir)`: the same run, continued after a crash, a kill or Ctrl-C.

`lab run` (lab/cli/run.py) is the Hydra entry point around this plain function; tests call it
directly. Everything that can be wrong with the inputs (model, agent, run settings, suite,
templates, corpus, tools) is checked by `prepare()` before the model is loaded or called, and
`prepare()` also computes the run's fingerprint (`lab fingerprint` prints the same thing).

Writes `results/<experiment>/<run_id>/`: `run.json` (RunRecord, rewritten atomically at the start,
after each repeat and at the end), `tests.csv` and `transcripts/repeat-<k>.jsonl` (appended and
synced per test). The writing process holds `<run_dir>/.lock` for the run's life. Status goes
running -> complete | failed (error + traceback) | interrupted (Ctrl-C, SIGTERM); a SIGKILL leaves
`running` with a free lock: `lab resume` (or `run.resume=true`) picks it up.

The run is three modules: `preparing` (inputs checked, fingerprint), `executing` (the repeats,
the files), `resuming` (continuing a run from its files); this module is their entry points.
`run_many(cfgs)` (lab/runner/many.py) is many runs at once on one loaded model, batched
(`model.parallel` > 1; a sweep's `hydra/launcher=batched`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, TextIO

from omegaconf import DictConfig, OmegaConf

from lab.models import ModelBackend
from lab.runner.executing import RunOutput, Terminated, _run_one  # noqa: F401  (public: Terminated)
from lab.runner.many import run_many
from lab.runner.preparing import (Prepared, effective_concurrency, fingerprint,  # noqa: F401  (public)
                               load_run_suite, prepare)
from lab.runner.resuming import _open, _resume
from lab.records.record import read_record
from lab.records.settings import run_settings  # noqa: F401  (public: lab calibrate uses it)

#: exit code of a run that ended `failed` with every finished test kept (resume continues it),
#: the same as a sweep with a failed cell
EXIT_RUN_FAILED = 3

__all__ = ["Prepared", "RunOutput", "Terminated", "effective_concurrency", "fingerprint",
           "load_run_suite", "prepare", "resume", "run", "run_many", "run_settings"]


def run(cfg: DictConfig, *, backend: ModelBackend | None = None, out: TextIO | None = None,
        progress: bool | None = None, resume_dir: Path | None = None,
        on_run_dir: Callable[[Path], None] | None = None) -> RunOutput:
    """Run the composed config. `backend` replaces the configured model (tests). With
    `run.resume=true`, the latest unfinished run of the experiment with the same fingerprint is
    continued (a complete one with enough repeats: nothing to do); `resume_dir` names the run to
    continue instead (a sweep's cell knows its own run). `on_run_dir(dir)` is called as soon as a
    new run has its directory (a sweep links it)."""
    p = prepare(cfg, backend=backend)
    try:
        x = _open(p, resume_dir=resume_dir, on_run_dir=on_run_dir, out=out or sys.stdout,
                  progress=progress)
        return x if isinstance(x, RunOutput) else _run_one(x)
    finally:
        p.close()


def resume(run_dir: Path, *, backend: ModelBackend | None = None, out: TextIO | None = None,
           progress: bool | None = None) -> RunOutput:
    """Continue the run in `run_dir` with the config it recorded; refused (InputError, the
    differing inputs named) when anything in its fingerprint changed since."""
    run_dir = Path(run_dir)
    record = read_record(run_dir)
    p = prepare(OmegaConf.create(record.config), backend=backend)
    try:
        return _resume(p, run_dir, repeats=record.planned_repeats or p.settings.repeats,
                       out=out or sys.stdout, progress=progress)
    finally:
        p.close()
