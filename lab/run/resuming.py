"""Resuming a run: under its lock, the fingerprint checked against the record, what the files
say was finished kept (lab.runs.resume.recover), the rest run (a complete run only rebuilds a lost
tests.csv)."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import TextIO

from lab.errors import InputError
from lab.run.executing import RunOutput, _event, _execute, _order_tests_csv
from lab.run.preparing import Prepared
from lab.runs.lock import RunLock
from lab.runs.provenance import git_info, versions
from lab.runs.record import RUN_FILE, RunRecord, read_record, read_tests_csv
from lab.runs.resume import base_seed, check_same_inputs, check_same_numerics, recover, retry_count
from lab.runs.summary import format_summary


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
            fixed = (recover(run_dir, record, p.suite.tests, p.agent.session).rebuilt_rows
                     if _rows_missing(run_dir, record) else 0)
            lock.release()
            if fixed:
                print(f"{run_dir}: rebuilt {fixed} row(s) of tests.csv from the transcripts",
                      file=sys.stderr)
            print(f"{run_dir} is complete: nothing to resume", file=sys.stderr)
            out.write(format_summary(record, run_dir) + "\n")
            return RunOutput(run_dir, record, [], "done")
        state = recover(run_dir, record, p.suite.tests, p.agent.session)
        p.toolset.warmup()
        backend = p.load_backend()
    except BaseException:
        lock.release()
        raise
    record.repeats = [state.complete[k] for k in sorted(state.complete)]
    record.config.setdefault("run", {})["repeats"] = repeats
    record.status, record.error, record.traceback, record.ended_at = "running", None, None, None
    record.model = backend.identity().to_dict()
    if p.settings.seed != base_seed(record):
        print(f"note: resuming with the run's own seed {base_seed(record)} (repeat k uses seed + k), "
              f"not {p.settings.seed}", file=sys.stderr)
    record.events.append(_event("running", resumed=True, pid=os.getpid(), host=socket.gethostname(),
                                git=git_info(), versions=versions(), planned_repeats=repeats,
                                numerics=p.numerics.id,
                                **state.event()))
    print(f"resuming {run_dir}: kept repeats {sorted(state.complete) or 'none'}"
          + "".join(f", repeat {k} from test {len(v) + 1}" for k, v in state.partial.items())
          + (f", restarting an interrupted single-session repeat ({state.discarded} finished tests "
             "rerun)" if state.discarded else ""), file=sys.stderr)
    return _execute(p, run_dir, record, lock, state, repeats=repeats, out=out, progress=progress,
                    action="resume")
