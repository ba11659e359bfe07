"""Executing runs batched (`model.parallel` > 1): every conversation of one or more runs on one
model, as jobs of one Lockstep scheduler (lab/models/lockstep.py).

A job is one conversation: an isolated test (`agent.session=isolated`), or a whole repeat
(`single`). Jobs go in round order — repeat 0 of every run, test by test, then repeat 1 — so the
cells of a sweep (several runs) interleave: the same test at the same seed of every cell is in the
batch together (their common prefix is evaluated once) and no cell's repeats fall on a busy hour.

Every run keeps its own folder, rows, transcripts and record exactly as a sequential run writes
them: a row and a transcript line per finished test (appended and synced as it ends), the repeat's
summary in run.json when its last test ends, rows and transcripts put in suite order at the end.
A kill loses no finished test; resume runs the rest — in other batches than an uninterrupted run
would have, so the record's event names those tests (`rebatched`).

A run whose conversation raises (a `FatalModelError`: a broken setup) fails alone: its jobs not
yet started are dropped, its running ones stop after the test they are in (kept), and the
exception is its unit's `failure` for the caller to end its record with; the other runs go on.
Ctrl-C (or an error of the engine itself) stops the batch: every job, every run.
"""

from __future__ import annotations

import copy
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lab.agent import Progress, Session, run_session
from lab.agent.loop import SessionResult
from lab.models.base import ModelBackend
from lab.models.lockstep import Aborted, Lockstep
from lab.records.results import TestResult
from lab.records import failpoints
from lab.records.record import RunRecord, TestRow, TranscriptWriter, summarize_repeat, transcript_path
from lab.records.recovery import Recovered
from lab.records.test_files import run_columns, sort_transcript
from lab.records.record import write_record


@dataclass
class Unit:
    """One run executed in the batch."""
    session: Session
    tests: list
    todo: list[int]                  # repeats to run (wholly or their unfinished part)
    state: Recovered
    rows: Any                        # _LockedRows
    run_dir: Path
    record: RunRecord
    seed0: int
    repeats: int
    sessions: list = field(default_factory=list)    # SessionResult per repeat it finished
    failure: Exception | None = None                 # what stopped it (its other jobs dropped)


@dataclass
class _Repeat:
    """A repeat being collected from its jobs."""
    unit: Unit
    k: int
    prior: list[TestResult]
    writer: TranscriptWriter
    left: int
    results: list[TestResult] = field(default_factory=list)
    evictions: list[dict] = field(default_factory=list)
    started: float | None = None
    ended: float = 0.0


def run_batched(units: list[Unit], engine: Any, *, show: bool | None,
                record_lock: threading.Lock) -> dict:
    """Run every unit's remaining conversations on `engine` (each unit's finished repeats in its
    `sessions`, a failure in its `failure`); return the scheduler's facts (steps, batch sizes,
    the engine's counters, the runs batched together) for the records."""
    lock = threading.Lock()
    repeats: dict[tuple[int, int], _Repeat] = {}
    jobs: list = []
    total = 0
    plan: list[tuple[int, int, list]] = []        # (unit, repeat, tests of its jobs)
    for u_i, u in enumerate(units):
        for k in u.todo:
            prior = u.state.partial.get(k, [])
            kept = {r.test_id for r in prior}
            tests = [t for t in u.tests if t.id not in kept]
            isolated = u.session.settings.session == "isolated"
            tw = TranscriptWriter(transcript_path(u.run_dir, k))
            if not prior:
                tw.session(repeat=k, seed=u.seed0 + k, system_prompt=u.session.system_prompt,
                           tools=[t.openai() for t in u.session.tools])
            repeats[u_i, k] = _Repeat(u, k, prior, tw, left=len(tests) if isolated else 1)
            plan.append((u_i, k, tests))
            total += len(tests)
            if prior and tests:
                u.record.events[-1].setdefault("rebatched", {})[str(k)] = [t.id for t in tests]
    bar = Progress(total, label="batched ", enabled=show)

    def done(rep: _Repeat, place: dict[str, int], result: TestResult) -> None:
        with lock:
            result.index = place[result.test_id]
            rep.unit.rows.append(TestRow.of(rep.k, rep.unit.seed0 + rep.k, result,
                                            run=run_columns(rep.unit.record)))
            failpoints.check("after-row")
            rep.writer.test(result)
            failpoints.check("after-test")
            rep.results.append(result)
            bar.update(result.outcome, result.test_id)
            if rep.unit.failure is not None:    # its run failed in another job: stop here
                raise Aborted()

    def finish(rep: _Repeat, res: Any) -> None:
        with lock:
            rep.left -= 1
            rep.ended = time.monotonic()
            if res is not None:
                rep.evictions.extend(res.evictions)
            if rep.left > 0:
                return
            results = sorted([*rep.prior, *rep.results], key=lambda r: r.index)
            wall = (rep.ended - (rep.started or rep.ended)) + sum(r.wall_s for r in rep.prior)
            if rep.prior or rep.unit.session.settings.session == "isolated":
                # its tests ended in the order of the batch (or after a resume): put its
                # transcript in suite order, as tests.csv is at the end
                sort_transcript(transcript_path(rep.unit.run_dir, rep.k),
                                 {t.id: i for i, t in enumerate(rep.unit.tests, 1)})
            failpoints.check("repeat-done")
            evictions = [e for r in results for e in r.evictions] if rep.prior else rep.evictions
            summary = summarize_repeat(rep.k, rep.unit.seed0 + rep.k, results, wall, evictions)
            rep.unit.sessions.append(SessionResult(seed=rep.unit.seed0 + rep.k, results=results,
                                          evictions=evictions, wall_s=wall,
                                          system_prompt=rep.unit.session.system_prompt,
                                          tools=[t.openai() for t in rep.unit.session.tools]))
            with record_lock:
                rep.unit.record.repeats.append(summary)
                rep.unit.record.repeats.sort(key=lambda r: r.repeat)
                write_record(rep.unit.run_dir, rep.unit.record)

    def job(rep: _Repeat, tests: list) -> Any:
        u = rep.unit
        place = {t.id: i for i, t in enumerate(u.tests, 1)}

        def run(view: ModelBackend) -> None:
            if u.failure is not None:
                return
            with lock:
                if rep.started is None:
                    rep.started = time.monotonic()
            own = copy.copy(u.session)
            own.backend = view
            try:
                res = run_session(tests, own, seed=u.seed0 + rep.k,
                                  on_result=lambda r: done(rep, place, r), before=rep.prior)
                finish(rep, res)
            except Aborted:
                raise
            except Exception as e:  # noqa: BLE001 - this run fails, the others go on
                with lock:
                    if u.failure is None:
                        u.failure = e
        return run

    # round order: repeat by repeat, test by test, cell by cell
    order: list[tuple[int, int, int, list]] = []
    for u_i, k, tests in plan:
        u = units[u_i]
        if u.session.settings.session == "isolated":
            for t in tests:
                order.append((k, u.tests.index(t), u_i, [t]))
        else:
            order.append((k, 0, u_i, tests))
    order.sort(key=lambda o: (o[0], o[1], o[2]))
    for k, _pos, u_i, tests in order:
        jobs.append(job(repeats[u_i, k], tests))
    for (u_i, k), rep in repeats.items():      # a repeat with nothing left (all kept)
        if rep.left == 0:
            rep.left = 1
            finish(rep, None)
    sched = Lockstep(engine)
    try:
        sched.run(jobs)
    finally:
        bar.close()
    facts = {"parallel": engine.parallel, "steps": sched.steps,
             "mean_batch": round(sum(sched.step_sizes) / max(1, len(sched.step_sizes)), 2),
             **{k: (round(v, 2) if isinstance(v, float) else v)
                for k, v in (engine.facts() if hasattr(engine, "facts")
                             else getattr(engine, "stats", {})).items()}}
    if len(units) > 1:        # its batches held the others' conversations too
        facts["runs"] = [u.record.run_id for u in units]
    for u in units:
        u.sessions.sort(key=lambda r: r.seed)
    return facts
