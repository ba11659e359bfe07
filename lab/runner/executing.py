"""Executing a run: the repeats (one after another, at once against a server, or batched on the
model), the rows and transcripts appended and synced per test, the record written at the start,
after each repeat and at the end, SIGTERM as an interrupt. A run goes through phases (`_Exec`)
that lab/runner/many.py shares for many runs in one batch."""

from __future__ import annotations

import copy
import csv
import dataclasses
import io
import json
import os
import signal
import socket
import sys
import threading
import traceback
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, TextIO

from omegaconf import OmegaConf

from lab.agent import Progress, Session, run_session
from lab.errors import LabError, StorageError
from lab.models.lockstep import ConcurrentEngine
from lab.models.numerics import cpu_info
from lab.records import failpoints
from lab.records.io import atomic_write_text, new_run_dir
from lab.records.lock import RunLock
from lab.records.provenance import git_info, now, versions
from lab.records.record import (TESTS_FILE, RunRecord, TestRow, TestsCsv, TranscriptWriter, read_tests_csv,
                                summarize_repeat, transcript_path, write_record)
from lab.records.recovery import Recovered, base_seed, retry_count
from lab.records.results import TestResult
from lab.records.settings import RunSettings
from lab.records.test_files import run_columns, sort_transcript
from lab.records.track import default_uri, log_mlflow
from lab.runner.batched import Unit, run_batched
from lab.runner.preparing import Prepared, _suite_info, effective_concurrency
from lab.runner.run_summary import format_summary, summary_json
from lab.suites import contamination


@dataclass
class RunOutput:
    run_dir: Path
    record: RunRecord
    sessions: list = field(default_factory=list)  # SessionResult per repeat run by this process
    action: str = "new"                            # new | resume | done (nothing left to run)


def _new(p: Prepared, *, out: TextIO, progress: bool | None,
         on_run_dir: Callable[[Path], None] | None = None) -> "_Exec":
    """A new run begun: its directory made and locked, its record (written by `_start`)."""
    p.toolset.warmup()
    findings = contamination.scan(p.resolver.index, p.suite.tests)
    contamination.warn(findings, stream=sys.stderr,
                       pointer=f"`lab contamination --corpus {p.resolver.index.corpus.root} "
                               f"--golden {p.suite.path}` (or `findings` in the run's run.json)")
    backend = p.load_backend()
    rs = p.settings
    run_dir = new_run_dir(Path(rs.results_dir) / rs.experiment)
    lock = RunLock(run_dir)
    lock.acquire()
    if on_run_dir is not None:
        on_run_dir(run_dir)
    record = RunRecord(
        run_id=run_dir.name, experiment=rs.experiment, status="running", started_at=now(),
        ended_at=None, config=OmegaConf.to_container(p.cfg, resolve=True),  # type: ignore[arg-type]
        model=backend.identity().to_dict(), suite=_suite_info(p.suite),
        corpus={"root": str(p.resolver.root), "files": len(p.resolver.index.files),
                "content_hash": p.resolver.index.content_hash},
        agent=p.agent.model_dump(), templates=p.templates.to_dict(),
        findings=[f.to_dict() for f in findings], versions=versions(),
        fingerprint=p.fingerprint.value, fingerprint_inputs=dict(p.fingerprint.inputs), git=git_info(),
        numerics=p.numerics.to_dict())
    record.events.append(_event("running", pid=os.getpid(), host=socket.gethostname(),
                                **_segment_conditions(record.model)))
    return _begin(p, run_dir, record, lock, Recovered(), repeats=rs.repeats, out=out,
                  progress=progress, action="new")


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C: the record says `interrupted`, then the process ends."""


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        raise Terminated("SIGTERM")

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@dataclass
class _Exec:
    """A run between its beginning and its end: the phases a single run (`_run_one`) and many runs
    batched on one model (lab/runner/many.py) share — `_begin` (what to run, how), `_start` (the
    record written as running), the body (`_body`, or one batch of many runs), `_settle` (complete,
    or failed with tests to retry), `_end` (the record's last write, the lock released) and
    `_report` (summary printed, run tracked)."""
    p: Prepared
    run_dir: Path
    record: RunRecord
    lock: RunLock
    state: Recovered
    repeats: int
    action: str
    out: TextIO
    show: Any
    session: Session
    seed0: int
    todo: list[int]
    conc: int
    engine: str | None            # how conversations run at once: _engine_kind
    rows: Any = None                               # _LockedRows, from `_start`
    sessions: list = field(default_factory=list)

    def finished(self) -> bool:
        """Every repeat it was to run is in the record (a batch may end them before the others)."""
        done = {r.repeat for r in self.record.repeats}
        return all(k in done for k in self.todo)


def _begin(p: Prepared, run_dir: Path, record: RunRecord, lock: RunLock, state: Recovered, *,
           repeats: int, out: TextIO, progress: bool | None, action: str) -> _Exec:
    rs = p.settings
    backend = p.load_backend()
    session = Session(backend=backend, toolset=p.toolset, templates=p.templates, settings=p.agent,
                      corpus_root=Path(p.resolver.root))
    show = (rs.progress if rs.progress != "auto" else None) if progress is None else progress
    todo = [k for k in range(repeats) if k not in state.complete]
    # what can run at once: repeats, or in isolated sessions every test of every repeat
    jobs = len(todo) * (len(p.suite.tests) if p.agent.session == "isolated" else 1)
    conc = min(effective_concurrency(rs, p.model_raw["backend"]), max(1, jobs))
    record.config.setdefault("run", {})["concurrency"] = rs.concurrency
    record.events[-1]["concurrency"] = conc     # server-side batching can change outputs
    return _Exec(p=p, run_dir=run_dir, record=record, lock=lock, state=state, repeats=repeats,
                 action=action, out=out, show=show, session=session, seed0=base_seed(record),
                 todo=todo, conc=conc, engine=_engine_kind(backend, conc, p.agent.session))


def _engine_kind(backend: Any, conc: int, session: str) -> str | None:
    """How a run's conversations run at once, decided here only: "model" (model.parallel > 1: one
    batched context, lab/runner/batched.py), "server" (a server's isolated tests, run.concurrency at a
    time; the server batches what arrives), or None (repeats one after another, or run.concurrency
    repeats in threads)."""
    if getattr(backend, "parallel", 1) > 1:
        return "model"
    if conc > 1 and session == "isolated":
        return "server"
    return None


def _run_one(x: _Exec) -> RunOutput:
    """A begun run, whole: its repeats, then its end (the record says how it ended)."""
    try:
        with _sigterm_interrupts():
            _start(x)
            _body(x)
            _settle(x)
    except BaseException as e:
        _end(x, e)
        raise
    _end(x, None)
    return _report(x)


def _start(x: _Exec) -> None:
    write_record(x.run_dir, x.record)
    x.rows = _LockedRows(TestsCsv(x.run_dir / "tests.csv"))


def _unit(x: _Exec) -> Any:
    return Unit(session=x.session, tests=x.p.suite.tests, todo=x.todo, state=x.state, rows=x.rows,
                run_dir=x.run_dir, record=x.record, seed0=x.seed0, repeats=x.repeats)


def _body(x: _Exec) -> None:
    """One run's repeats: batched on its model, one after another, or several at once."""
    tests, state = x.p.suite.tests, x.state
    if x.engine is not None:
        unit = _unit(x)
        backend = x.session.backend
        engine = (backend.step_engine() if x.engine == "model"
                  else ConcurrentEngine(backend, x.conc))
        try:
            x.record.events[-1]["batch"] = run_batched([unit], engine, show=x.show,
                                                        record_lock=_RECORD_LOCK)
        finally:
            _order_tests_csv(x.run_dir)
            if isinstance(engine, ConcurrentEngine):
                engine.close()
        x.sessions.extend(unit.sessions)
        if unit.failure is not None:
            raise unit.failure
    elif x.conc <= 1:
        for k in x.todo:
            x.sessions.append(_repeat(k, x.seed0 + k, x.session, tests, state.partial.get(k, []),
                                      x.rows, x.run_dir, x.record, x.show, x.repeats))
    else:
        try:
            x.sessions.extend(_concurrent(x.conc, x.todo, x.seed0, x.session, tests, state, x.rows,
                                          x.run_dir, x.record, x.repeats))
        finally:
            _order_tests_csv(x.run_dir)


def _settle(x: _Exec) -> None:
    """Every repeat ran: complete, or failed when some tests measured nothing about the model."""
    record = x.record
    retry = retry_count(record)
    if retry:   # some tests measured nothing about the model: resume runs them again
        tests = sum(r.n for r in record.repeats)
        record.status = "failed"
        record.error = (f"{retry} of {tests} tests failed on the infrastructure or crashed "
                        f"inside the lab ({_retry_labels(record)}); resume runs them again")
    elif (overflow := _none_started(x.run_dir)) is not None:
        record.status = "failed"
        record.error = (f"no test could start: its first request did not fit the model's context "
                        f"({overflow}); raise model.n_ctx or shorten the prompt and tools")
    else:
        record.status = "complete"
    if x.state.retried and x.conc <= 1 and x.engine is None:
        _order_tests_csv(x.run_dir)      # retried rows were appended after the kept ones


def _none_started(run_dir: Path) -> str | None:
    """The first overflow's detail when no test of the run got a single model turn because its
    prompt did not fit (every test `context_overflow` or `skipped`, 0 turns): such a run measured
    nothing about the model and is not complete. None otherwise."""
    try:
        rows = read_tests_csv(run_dir / TESTS_FILE)
    except LabError:
        return None
    if not rows or any(r.turns or r.outcome not in ("context_overflow", "skipped") for r in rows):
        return None
    return next((r.detail or "context overflow" for r in rows if r.outcome == "context_overflow"), None)


def _end(x: _Exec, error: BaseException | None) -> None:
    """The record's last write: `error` (Ctrl-C, SIGTERM, anything raised) says how the run ended
    when `_settle` did not; then the lock is released. A record that cannot be written is said;
    for a complete run that is an error (raised), otherwise the last record written stays."""
    record, run_dir = x.record, x.run_dir
    if isinstance(error, KeyboardInterrupt):
        record.status = "interrupted"
        record.error = "SIGTERM" if isinstance(error, Terminated) else "KeyboardInterrupt"
        print(f"interrupted ({record.error}): {run_dir}; every finished test is kept, continue "
              f"with: lab resume {run_dir}", file=sys.stderr)
    elif error is not None:
        record.status, record.error = "failed", f"{type(error).__name__}: {error}"
        record.traceback = "".join(traceback.format_exception(error))
    record.ended_at = now()
    record.events.append(_event(record.status, **({"error": record.error} if record.error else {})))
    try:
        write_record(run_dir, record)
    except StorageError as e:   # the disk is still full: the last record written stays, resumable
        print(f"error: {e}; the run is resumable once there is room: lab resume {run_dir}",
              file=sys.stderr)
        if record.status == "complete":
            raise
    finally:
        x.lock.release()


def _report(x: _Exec) -> RunOutput:
    x.out.write(_summary(x.record, x.run_dir, x.p.settings) + "\n")
    _track(x.record, x.run_dir, x.p.settings)
    return RunOutput(run_dir=x.run_dir, record=x.record, sessions=x.sessions, action=x.action)


def _summary(record: RunRecord, run_dir: Path, rs: RunSettings) -> str:
    if rs.summary == "json":
        return json.dumps(summary_json(record, run_dir), indent=2, ensure_ascii=False)
    return format_summary(record, run_dir)


def _track(record: RunRecord, run_dir: Path, rs: RunSettings) -> None:
    """run.track: a copy of the finished run in a tracker; a failure is a warning, not a failed run."""
    if rs.track != "mlflow":
        return
    uri = rs.track_uri or default_uri(rs.results_dir)
    try:
        rid = log_mlflow(record, run_dir, uri)
    except Exception as e:  # noqa: BLE001 - the run's own files are the record
        print(f"warning: run.track=mlflow failed: {type(e).__name__}: {e}", file=sys.stderr)
        return
    print(f"tracked: mlflow run {rid} in {uri}", file=sys.stderr)


class _LockedRows:
    """tests.csv shared by concurrent repeats: one row appended (and synced) at a time."""

    def __init__(self, rows: TestsCsv) -> None:
        self.rows, self.lock = rows, threading.Lock()

    def append(self, row: TestRow) -> None:
        with self.lock:
            self.rows.append(row)


_RECORD_LOCK = threading.Lock()   # record.repeats and run.json, shared by concurrent repeats


def _concurrent(conc: int, todo: list[int], seed0: int, session: Session, tests: list,
                state: Recovered, rows: "_LockedRows", run_dir: Path, record: RunRecord,
                repeats: int) -> list:
    """Up to `conc` repeats at once, each in its own thread with its own conversation and its own
    copy of the backend (the seed is per repeat; the HTTP client is shared). Results come back in
    repeat order; the first failure stops the repeats not yet started and is raised."""
    def one(k: int) -> Any:
        own = dataclasses.replace(session, backend=copy.copy(session.backend))
        return _repeat(k, seed0 + k, own, tests, state.partial.get(k, []), rows, run_dir, record,
                       False, repeats)

    ex = ThreadPoolExecutor(max_workers=conc, thread_name_prefix="repeat")
    futures = {k: ex.submit(one, k) for k in todo}
    try:
        done, _ = wait(futures.values(), return_when=FIRST_EXCEPTION)
        for f in done:
            if f.exception() is not None:
                raise f.exception()  # type: ignore[misc]
        return [futures[k].result() for k in todo]
    except BaseException:
        for f in futures.values():
            f.cancel()
        raise
    finally:
        ex.shutdown(wait=False, cancel_futures=True)


def _order_tests_csv(run_dir: Path) -> None:
    """Concurrent repeats interleave their rows in tests.csv, and a resume appends the tests it
    retried after the kept ones; put them in repeat order, then suite order (a row cut off by a
    kill dropped — its test is re-run), so the table reads like a sequential run's and resume finds
    each repeat's rows together."""

    path = run_dir / "tests.csv"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return
    text = text[: text.rfind("\n") + 1]
    rows = list(csv.reader(io.StringIO(text)))
    if len(rows) < 2:
        return
    at = rows[0].index("index") if "index" in rows[0] else None

    def key(r: list[str]) -> tuple[int, int]:
        rep = int(r[0]) if r and r[0].isdigit() else -1
        idx = int(r[at]) if at is not None and len(r) > at and r[at].isdigit() else 0
        return rep, idx

    header, body = rows[0], sorted(rows[1:], key=key)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(body)
    if buf.getvalue() != text or not path.read_text(encoding="utf-8").endswith("\n"):
        atomic_write_text(path, buf.getvalue())


def _repeat(k: int, seed: int, session: Session, tests: list, prior: list[TestResult], rows: Any,
            run_dir: Path, record: RunRecord, show: Any, repeats: int) -> Any:
    """One repeat (or its unfinished part: `prior` holds its finished tests; a single session goes
    on after them, its conversation rebuilt)."""
    tw = TranscriptWriter(transcript_path(run_dir, k))
    if not prior:
        tw.session(repeat=k, seed=seed, system_prompt=session.system_prompt,
                   tools=[t.openai() for t in session.tools])
    place = {t.id: i for i, t in enumerate(tests, 1)}
    kept = {r.test_id for r in prior}
    todo = [t for t in tests if t.id not in kept]   # the unfinished tail, or the tests to retry

    def done(result: TestResult) -> None:
        result.index = place[result.test_id]  # its place in the whole repeat, not in this part
        rows.append(TestRow.of(k, seed, result, run=run_columns(record)))
        failpoints.check("after-row")
        tw.test(result)
        failpoints.check("after-test")

    bar = Progress(len(todo), label=f"repeat {k + 1}/{repeats} ", enabled=show)
    res = run_session(todo, session, seed=seed, progress=bar, on_result=done, before=prior)
    if prior:
        res.results = sorted([*prior, *res.results], key=lambda r: r.index)
        res.evictions = [e for r in res.results for e in r.evictions]
        res.wall_s += sum(r.wall_s for r in prior)
        # retried tests were appended after the kept ones: put the transcript back in suite order
        sort_transcript(transcript_path(run_dir, k), place)
    failpoints.check("repeat-done")
    summary = summarize_repeat(k, seed, res.results, res.wall_s, res.evictions)
    with _RECORD_LOCK:
        record.repeats.append(summary)
        record.repeats.sort(key=lambda r: r.repeat)
        write_record(run_dir, record)
    return res


def _retry_labels(record: RunRecord) -> str:
    """"api_error 2, crash 1": the unmeasured tests of every repeat (RepeatSummary.unmeasured), by label."""
    counts: dict[str, int] = {}
    for r in record.repeats:
        for o, n in r.unmeasured.items():
            counts[o] = counts.get(o, 0) + n
    return ", ".join(f"{o} {n}" for o, n in counts.items())


def _event(status: str, **extra: Any) -> dict:
    return {"at": now(), "status": status, **extra}


def _segment_conditions(model: dict) -> dict:
    """The threads this segment runs with and the CPU it runs on, for its event (its round:
    lab/records/rounds.py); no threads for a backend without them. The CPU is this process's
    (for `model=openai`, the client's, not the server's): machines rebuilt under one host name are
    told apart by it."""
    n = (model.get("extra") or {}).get("n_threads")
    return ({} if n is None else {"n_threads": n}) | {"cpu": cpu_info()["model"]}
