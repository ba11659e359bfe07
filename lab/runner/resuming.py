"""Resuming a run: under its lock, the fingerprint checked against the record, what the files
say was finished kept (lab.records.recovery.recover), the rest run (a complete run only rebuilds a lost
tests.csv). `_open` is where a run begins: new, resumed or already done (`run.resume`)."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Callable, TextIO

from omegaconf import OmegaConf

from lab.errors import InputError
from lab.models.chat_template import HISTORY_RENDERING
from lab.runner.executing import (RunOutput, _begin, _event, _Exec, _new, _order_tests_csv, _run_one,
                               _summary, _segment_conditions)
from lab.runner.preparing import Prepared
from lab.records.lock import RunLock
from lab.records.provenance import git_info, versions
from lab.records.record import RUN_FILE, RunRecord, read_record, read_tests_csv
from lab.records.rounds import keep_threads
from lab.records.recovery import (base_seed, check_same_inputs, check_same_numerics, choose, recover,
                             retry_count)
from lab.runner.run_summary import format_summary


def _open(p: Prepared, *, resume_dir: Path | None, on_run_dir: Callable[[Path], None] | None,
          out: TextIO, progress: bool | None) -> RunOutput | _Exec:
    """Where the run of `p` begins: with `run.resume=true`, the run `resume_dir` names (a sweep's
    cell knows its own) or the latest unfinished run of the experiment with the same fingerprint
    is continued, and a complete one with enough repeats is done (its RunOutput: nothing to run);
    otherwise a new run. A run that is not done comes back begun (`_Exec`, its lock held)."""
    rs = p.settings
    if rs.resume and resume_dir is not None and (Path(resume_dir) / RUN_FILE).is_file():
        record = read_record(Path(resume_dir))
        return _resume_open(p, Path(resume_dir), repeats=max(rs.repeats, len(record.repeats)),
                            out=out, progress=progress)
    if rs.resume and resume_dir is None:
        c = choose(Path(rs.results_dir) / rs.experiment, rs.experiment, p.fingerprint,
                   OmegaConf.to_container(p.cfg, resolve=True), rs.repeats)  # type: ignore[arg-type]
        for note in c.notes:
            print(f"warning: {note}", file=sys.stderr)
        if c.action == "done" and c.entry is not None:
            print(f"run.resume: {c.entry.run_dir} is complete ({len(c.entry.record.repeats)} "
                  "repeats): nothing to run", file=sys.stderr)
            out.write(_summary(c.entry.record, c.entry.run_dir, rs) + "\n")
            return RunOutput(c.entry.run_dir, c.entry.record, [], "done")
        if c.action == "resume" and c.entry is not None:
            return _resume_open(p, c.entry.run_dir, repeats=max(rs.repeats, len(c.entry.record.repeats)),
                                out=out, progress=progress)
    return _new(p, out=out, progress=progress, on_run_dir=on_run_dir)


def _sends_back_tokens(record: RunRecord) -> bool:
    """The run's backend sends earlier turns back as the tokens generated (llama.cpp in-process)."""
    return (record.model or {}).get("history_rendering") == HISTORY_RENDERING


def _rows_missing(run_dir: Path, record: RunRecord) -> bool:
    """tests.csv is missing or holds fewer rows than the record's complete repeats."""
    path = run_dir / "tests.csv"
    if not path.is_file():
        return True
    try:
        have = len(read_tests_csv(path))
    except InputError:
        return False           # damaged, not short: recover() names the problem on a real resume
    return have < sum(r.n for r in record.repeats)


def _resume(p: Prepared, run_dir: Path, *, repeats: int, out: TextIO, progress: bool | None) -> RunOutput:
    x = _resume_open(p, run_dir, repeats=repeats, out=out, progress=progress)
    return x if isinstance(x, RunOutput) else _run_one(x)


def _resume_open(p: Prepared, run_dir: Path, *, repeats: int, out: TextIO,
                 progress: bool | None) -> RunOutput | _Exec:
    """The run in `run_dir` continued: begun (`_Exec`, under its lock), or done (complete)."""
    lock = RunLock(run_dir)
    if not lock.acquire(wait_s=1.0):
        raise InputError("the run is being written by another process (its lock is held); "
                         "it cannot be resumed", file=str(run_dir))
    try:
        record = read_record(run_dir)      # read under the lock: what the last writer left
        check_same_inputs(record, p.fingerprint, run_dir / RUN_FILE)
        unknown = check_same_numerics(record, p.numerics, run_dir / RUN_FILE)
        if unknown:
            print(f"warning: {unknown}", file=sys.stderr)
        if any((e.get("concurrency") or 1) > 1 for e in record.events):
            _order_tests_csv(run_dir)
        if record.status == "complete" and len(record.repeats) >= repeats and not retry_count(record):
            # complete: only a deleted or truncated tests.csv to rebuild from the transcripts
            fixed = (recover(run_dir, record, p.suite.tests, p.agent.session,
                             p.settings.resume_single, tokens=_sends_back_tokens(record)).rebuilt_rows
                     if _rows_missing(run_dir, record) else 0)
            lock.release()
            if fixed:
                print(f"{run_dir}: rebuilt {fixed} row(s) of tests.csv from the transcripts",
                      file=sys.stderr)
            print(f"{run_dir} is complete: nothing to resume", file=sys.stderr)
            out.write(format_summary(record, run_dir) + "\n")
            return RunOutput(run_dir, record, [], "done")
        state = recover(run_dir, record, p.suite.tests, p.agent.session, p.settings.resume_single,
                        tokens=_sends_back_tokens(record))
        for note in state.notes:
            print(f"warning: {note}", file=sys.stderr)
        p.toolset.warmup()
        backend = p.load_backend()
    except BaseException:
        lock.release()
        raise
    record.repeats = [state.complete[k] for k in sorted(state.complete)]
    record.config.setdefault("run", {})["repeats"] = repeats
    record.status, record.error, record.traceback, record.ended_at = "running", None, None, None
    keep_threads(record)                # the identity below replaces what says the last segments' threads
    record.model = backend.identity().to_dict()
    if p.settings.seed != base_seed(record):
        print(f"note: resuming with the run's own seed {base_seed(record)} (repeat k uses seed + k), "
              f"not {p.settings.seed}", file=sys.stderr)
    record.events.append(_event("running", resumed=True, pid=os.getpid(), host=socket.gethostname(),
                                git=git_info(), versions=versions(), planned_repeats=repeats,
                                numerics=p.numerics.id, **_segment_conditions(record.model),
                                **state.event()))
    print(f"resuming {run_dir}: kept repeats {sorted(state.complete) or 'none'}"
          + "".join(f", repeat {k} from test {len(v) + 1}"
                    + (" (its single session's conversation rebuilt from the transcript)"
                       if k in state.rebuilt else "") for k, v in state.partial.items())
          + (f", {state.discarded} finished single-session test(s) run again (a repeat that restarts, "
             "or the tests after an outage)" if state.discarded else ""), file=sys.stderr)
    return _begin(p, run_dir, record, lock, state, repeats=repeats, out=out, progress=progress,
                  action="resume")
