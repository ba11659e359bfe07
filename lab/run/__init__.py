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
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, TextIO

from omegaconf import DictConfig, OmegaConf

from lab.models import ModelBackend
from lab.run.executing import RunOutput, Terminated, _new, _summary  # noqa: F401  (public: Terminated)
from lab.run.preparing import (Prepared, effective_concurrency, fingerprint,  # noqa: F401  (public)
                               load_run_suite, prepare)
from lab.run.resuming import _resume
from lab.runs.record import RUN_FILE, read_record
from lab.runs.resume import choose
from lab.runs.settings import run_settings  # noqa: F401  (public: lab calibrate uses it)

__all__ = ["Prepared", "RunOutput", "Terminated", "effective_concurrency", "fingerprint",
           "load_run_suite", "prepare", "resume", "run", "run_settings"]


def run(cfg: DictConfig, *, backend: ModelBackend | None = None, out: TextIO | None = None,
        progress: bool | None = None, resume_dir: Path | None = None,
        on_run_dir: Callable[[Path], None] | None = None) -> RunOutput:
    """Run the composed config. `backend` replaces the configured model (tests). With
    `run.resume=true`, the latest unfinished run of the experiment with the same fingerprint is
    continued (a complete one with enough repeats: nothing to do); `resume_dir` names the run to
    continue instead (a sweep's cell knows its own run). `on_run_dir(dir)` is called as soon as a
    new run has its directory (a sweep links it)."""
    out = out or sys.stdout
    p = prepare(cfg, backend=backend)
    try:
        rs = p.settings
        if rs.resume and resume_dir is not None and (Path(resume_dir) / RUN_FILE).is_file():
            record = read_record(Path(resume_dir))
            return _resume(p, Path(resume_dir), repeats=max(rs.repeats, len(record.repeats)),
                           out=out, progress=progress)
        if rs.resume and resume_dir is None:
            c = choose(Path(rs.results_dir) / rs.experiment, rs.experiment, p.fingerprint,
                       OmegaConf.to_container(cfg, resolve=True), rs.repeats)  # type: ignore[arg-type]
            for note in c.notes:
                print(f"warning: {note}", file=sys.stderr)
            if c.action == "done" and c.entry is not None:
                print(f"run.resume: {c.entry.run_dir} is complete ({len(c.entry.record.repeats)} "
                      "repeats): nothing to run", file=sys.stderr)
                out.write(_summary(c.entry.record, c.entry.run_dir, rs) + "\n")
                return RunOutput(c.entry.run_dir, c.entry.record, [], "done")
            if c.action == "resume" and c.entry is not None:
                return _resume(p, c.entry.run_dir, repeats=max(rs.repeats, len(c.entry.record.repeats)),
                               out=out, progress=progress)
        return _new(p, out=out, progress=progress, on_run_dir=on_run_dir)
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
