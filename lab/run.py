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
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import signal
import socket
import sys
import threading
import traceback
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, TextIO

from omegaconf import DictConfig, OmegaConf

from lab.agent import Progress, Session, agent_settings, run_session
from lab.agent.prompt import Templates, load_prompt
from lab.results import TestResult
from lab.agent.settings import AgentSettings
from lab.errors import InputError, StorageError
from lab.models import BACKENDS, ModelBackend, load_model, model_settings
from lab.models.base import ToolSchema
from lab.runs import failpoints
from lab.runs.fingerprint import Fingerprint, model_inputs, run_inputs
from lab.runs.io import new_run_dir
from lab.runs.lock import RunLock
from lab.runs.provenance import git_info, now, versions
from lab.runs.record import (RUN_FILE, RunRecord, TestRow, TestsCsv, TranscriptWriter, read_record, read_tests_csv,
                             summarize_repeat, transcript_path, write_record)
from lab.runs.resume import Recovered, base_seed, check_same_inputs, choose, recover, retry_count
from lab.runs.settings import RunSettings, run_settings, suite_settings
from lab.runs.summary import format_summary
from lab.runs.tables import run_columns
from lab.suites import Suite, load_suite, suite_path


def effective_concurrency(rs: RunSettings, backend_kind: str) -> int:
    """run.concurrency as it will be used: as asked for a server backend (`concurrent_repeats`),
    refused for a model on the machine's own cores (`uses_local_cores`: in-process llama.cpp),
    forced to 1 with a warning for the other in-process backends."""
    cls = BACKENDS[backend_kind]
    if rs.concurrency == 1 or cls.concurrent_repeats:
        return rs.concurrency
    if cls.uses_local_cores:
        raise InputError(f"run.concurrency={rs.concurrency} needs a server backend: an in-process "
                         "llama.cpp model runs one repeat at a time (serve it with llama-server and "
                         "use model=openai model.base_url=..., or set run.concurrency=1)",
                         file="configs/run", key="run.concurrency")
    print(f"warning: run.concurrency={rs.concurrency} ignored for the in-process {backend_kind} "
          "backend (repeats run one at a time)", file=sys.stderr)
    return 1


def load_run_suite(cfg: Any, corpus_paths: set[str]) -> Suite:
    sc = suite_settings(cfg)
    suite = load_suite(suite_path(sc.file), corpus_paths=corpus_paths)
    if sc.limit is not None:
        suite = Suite(name=suite.name, path=suite.path, tests=suite.tests[:sc.limit],
                      categories=suite.categories, content_hash=suite.content_hash, raw=suite.raw)
    return suite


# -- inputs ---------------------------------------------------------------------------------------

@dataclass
class Prepared:
    """A run's inputs, every one checked, and the fingerprint they make."""
    cfg: DictConfig
    settings: RunSettings
    agent: AgentSettings
    resolver: Any
    suite: Suite
    templates: Templates
    toolset: Any
    model_raw: dict
    fingerprint: Fingerprint
    backend: ModelBackend | None = None   # given by the caller, or loaded cheaply (not llama_cpp)
    owned: bool = False                   # this module loaded it, so it closes it

    def load_backend(self) -> ModelBackend:
        if self.backend is None:
            self.backend, self.owned = load_model(self.cfg.model), True
        return self.backend

    def close(self) -> None:
        if self.owned and self.backend is not None:
            self.backend.close()
            self.backend, self.owned = None, False


def prepare(cfg: DictConfig, *, backend: ModelBackend | None = None) -> Prepared:
    """Check every input and compute the fingerprint, before any model is loaded or called
    (a llama.cpp model file is hashed, not loaded; a server backend is only connected)."""
    from lab.config import check_config
    from lab.pathfinder.resolver import load_resolver
    from lab.tools import build_toolset

    check_config(cfg)     # every group against its schema: nothing is built or loaded yet
    if backend is None:
        model_raw = model_settings(cfg.model)
        if BACKENDS[model_raw["backend"]].uses_local_cores:   # refused before the model file is looked at
            effective_concurrency(run_settings(cfg.run), model_raw["backend"])
        BACKENDS[model_raw["backend"]].check_available(model_raw)
        policy = model_raw.get("context_policy")
        model_cls: type = BACKENDS[model_raw["backend"]]
    else:
        model_raw = {"name": backend.name, **getattr(backend, "cfg", {}), "backend": backend.backend}
        policy = model_raw.get("context_policy")
        model_cls = type(backend)
    agent = agent_settings(cfg.agent, model_policy=policy)
    rs = run_settings(cfg.run)
    resolver = load_resolver(cfg)
    suite = load_run_suite(cfg.suite, set(resolver.index.by_path))
    templates = load_prompt(cfg.get("prompt"), suite.raw.get("templates"), str(suite.path))
    toolset = build_toolset(cfg, resolver=resolver)
    from lab.agent.loop import example_messages
    example_messages(templates, [ToolSchema(t.name, t.description, t.input_schema)
                                 for t in toolset.specs()])   # the example's tool is offered
    for needed in getattr(model_cls, "requires_tools", ()):
        if needed not in toolset.names:
            raise InputError(f"model backend {model_cls.backend} needs the tool {needed} "
                             f"(the tool set offers {', '.join(toolset.names)}; try tools=pathfinder)",
                             key="tools")
    if agent.forced_tool is not None and agent.forced_tool not in toolset.names:
        raise InputError(f"agent.forced_tool={agent.forced_tool} is not offered (the tool set offers "
                         f"{', '.join(toolset.names)}): pass agent.forced_tool=null (any offered tool) "
                         "or agent.tool_choice=auto", file="configs/agent", key="agent.forced_tool")
    if agent.forced_tool is not None and agent.tool_choice != "first":
        raise InputError("agent.forced_tool needs agent.tool_choice=first (or pass "
                         "agent.forced_tool=null)", file="configs/agent", key="agent.forced_tool")
    p = Prepared(cfg=cfg, settings=rs, agent=agent, resolver=resolver, suite=suite,
                 templates=templates, toolset=toolset, model_raw=model_raw,
                 fingerprint=Fingerprint("", {}), backend=backend)
    p.fingerprint = Fingerprint.of(_inputs(p))
    return p


def _inputs(p: Prepared) -> dict:
    raw, kind = p.model_raw, p.model_raw["backend"]
    cls = BACKENDS[kind]
    ident = cls.fingerprint_identity(raw, p.backend, p.load_backend)   # file sha256 / served id
    schemas = [ToolSchema(s.name, s.description, s.input_schema).openai() for s in p.toolset.specs()]
    cfg = OmegaConf.to_container(p.cfg, resolve=True)
    inputs = run_inputs(model=model_inputs(raw, backend=kind, excluded=cls.fingerprint_excluded, **ident),
                        cfg=cfg, resolver=p.resolver, suite=p.suite, templates=p.templates,
                        agent=p.agent, tool_schemas=schemas)
    if not p.toolset.needs_resolver:     # the filesystem baseline never ranks anything
        inputs["resolver"] = inputs["encoder"] = None
    return inputs


def fingerprint(cfg: DictConfig) -> Fingerprint:
    """The fingerprint `run(cfg)` would record (`lab fingerprint`)."""
    p = prepare(cfg)
    try:
        return p.fingerprint
    finally:
        p.close()


# -- running --------------------------------------------------------------------------------------

@dataclass
class RunOutput:
    run_dir: Path
    record: RunRecord
    sessions: list = field(default_factory=list)  # SessionResult per repeat run by this process
    action: str = "new"                            # new | resume | done (nothing left to run)


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


def _new(p: Prepared, *, out: TextIO, progress: bool | None,
         on_run_dir: Callable[[Path], None] | None = None) -> RunOutput:
    from lab.contamination import scan, warn

    p.toolset.warmup()
    findings = scan(p.resolver.index, p.suite.tests)
    warn(findings, stream=sys.stderr)
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
        fingerprint=p.fingerprint.value, fingerprint_inputs=dict(p.fingerprint.inputs), git=git_info())
    record.events.append(_event("running", pid=os.getpid(), host=socket.gethostname()))
    return _execute(p, run_dir, record, lock, Recovered(), repeats=rs.repeats, out=out,
                    progress=progress, action="new")


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
                                **state.event()))
    print(f"resuming {run_dir}: kept repeats {sorted(state.complete) or 'none'}"
          + "".join(f", repeat {k} from test {len(v) + 1}" for k, v in state.partial.items())
          + (f", restarting an interrupted single-session repeat ({state.discarded} finished tests "
             "rerun)" if state.discarded else ""), file=sys.stderr)
    return _execute(p, run_dir, record, lock, state, repeats=repeats, out=out, progress=progress,
                    action="resume")


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


def _execute(p: Prepared, run_dir: Path, record: RunRecord, lock: RunLock, state: Recovered, *,
             repeats: int, out: TextIO, progress: bool | None, action: str) -> RunOutput:
    suite, rs = p.suite, p.settings
    backend = p.load_backend()
    session = Session(backend=backend, toolset=p.toolset, templates=p.templates, settings=p.agent,
                      corpus_root=Path(p.resolver.root))
    show = (rs.progress if rs.progress != "auto" else None) if progress is None else progress
    seed0 = base_seed(record)
    sessions: list = []
    todo = [k for k in range(repeats) if k not in state.complete]
    conc = min(effective_concurrency(rs, p.model_raw["backend"]), max(1, len(todo)))
    record.config.setdefault("run", {})["concurrency"] = rs.concurrency
    record.events[-1]["concurrency"] = conc     # server-side batching can change outputs
    try:
        with _sigterm_interrupts():
            write_record(run_dir, record)
            rows = _LockedRows(TestsCsv(run_dir / "tests.csv"))
            if conc <= 1:
                for k in todo:
                    sessions.append(_repeat(k, seed0 + k, session, suite.tests, state.partial.get(k, []),
                                            rows, run_dir, record, show, repeats))
            else:
                try:
                    sessions.extend(_concurrent(conc, todo, seed0, session, suite.tests, state, rows,
                                                run_dir, record, repeats))
                finally:
                    _order_tests_csv(run_dir)
            retry = retry_count(record)
            if retry:   # some tests measured nothing about the model: resume runs them again
                tests = sum(r.n for r in record.repeats)
                record.status = "failed"
                record.error = (f"{retry} of {tests} tests failed on the infrastructure or crashed "
                                f"inside the lab ({_retry_labels(record)}); resume runs them again")
            else:
                record.status = "complete"
            if state.retried and conc <= 1:
                _order_tests_csv(run_dir)      # retried rows were appended after the kept ones
    except KeyboardInterrupt as e:
        record.status = "interrupted"
        record.error = "SIGTERM" if isinstance(e, Terminated) else "KeyboardInterrupt"
        print(f"interrupted ({record.error}): {run_dir}; every finished test is kept, continue "
              f"with: lab resume {run_dir}", file=sys.stderr)
        raise
    except BaseException as e:
        record.status, record.error = "failed", f"{type(e).__name__}: {e}"
        record.traceback = traceback.format_exc()
        raise
    finally:
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
            lock.release()
    out.write(_summary(record, run_dir, rs) + "\n")
    _track(record, run_dir, rs)
    return RunOutput(run_dir=run_dir, record=record, sessions=sessions, action=action)


def _summary(record: RunRecord, run_dir: Path, rs: RunSettings) -> str:
    if rs.summary == "json":
        from lab.runs.summary import summary_json
        return json.dumps(summary_json(record, run_dir), indent=2, ensure_ascii=False)
    return format_summary(record, run_dir)


def _track(record: RunRecord, run_dir: Path, rs: RunSettings) -> None:
    """run.track: a copy of the finished run in a tracker; a failure is a warning, not a failed run."""
    if rs.track != "mlflow":
        return
    from lab.runs.track import default_uri, log_mlflow
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
    import csv
    import io

    from lab.runs.io import atomic_write_text
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
    """One repeat (or its unfinished part: `prior` holds the finished tests of an isolated one)."""
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
    res = run_session(todo, session, seed=seed, progress=bar, on_result=done)
    if prior:
        res.results = sorted([*prior, *res.results], key=lambda r: r.index)
        res.evictions = [e for r in res.results for e in r.evictions]
        res.wall_s += sum(r.wall_s for r in prior)
        # retried tests were appended after the kept ones: put the transcript back in suite order
        _sort_transcript(transcript_path(run_dir, k), place)
    failpoints.check("repeat-done")
    summary = summarize_repeat(k, seed, res.results, res.wall_s, res.evictions)
    with _RECORD_LOCK:
        record.repeats.append(summary)
        record.repeats.sort(key=lambda r: r.repeat)
        write_record(run_dir, record)
    return res


def _sort_transcript(path: Path, place: dict[str, int]) -> None:
    """Rewrite a transcript with its test lines in suite order (atomically; the header first)."""
    from lab.runs.io import atomic_write_text
    lines = [ln for ln in path.read_text(encoding="utf-8").split("\n") if ln.strip()]
    head, body = lines[:1], lines[1:]
    body.sort(key=lambda ln: place.get(json.loads(ln).get("test_id"), 0))
    atomic_write_text(path, "".join(ln + "\n" for ln in head + body))


def _retry_labels(record: RunRecord) -> str:
    counts: dict[str, int] = {}
    for r in record.repeats:
        for o, n in (r.infrastructure or {}).items():
            counts[o] = counts.get(o, 0) + n
        if (r.outcomes or {}).get("crash"):
            counts["crash"] = counts.get("crash", 0) + r.outcomes["crash"]
    return ", ".join(f"{o} {n}" for o, n in counts.items() if n)


def _event(status: str, **extra: Any) -> dict:
    return {"at": now(), "status": status, **extra}


def _suite_info(suite: Suite) -> dict:
    return {"name": suite.name, "path": str(suite.path), "content_hash": suite.content_hash,
            "tests": len(suite.tests)}


