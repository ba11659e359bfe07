"""Many runs in one process on one loaded model: `run_many(cfgs)`, what a sweep's
`hydra/launcher=batched` runs (hydra_plugins/lab_batched_launcher/launcher.py).

1. Every run is prepared first (`prepare_many`): every input of every run checked, nothing loaded.
   Runs batched on one model must share its config — the model part of their fingerprint inputs
   identical — or an InputError names the run and the differing key. (A model setting the
   fingerprint leaves out, such as `model.n_threads`, may differ: a warning says that the first
   run's is used.)
2. The model is loaded once, by the first run that needs it (never, when every run is done), and
   every run begins as a single run begins (`lab.runner.resuming._open`): new, resumed
   (`run.resume=true`), or done — skipped.
3. All their conversations are the jobs of one Lockstep (`lab.runner.batched.run_batched`: round
   order, so the runs interleave; each keeps its own folder, rows, transcripts and record).
4. Each run ends exactly as a single run ends (`lab.runner.executing`: `_settle`, `_end`, `_report`):
   complete or failed, events, summary printed, tracked. A run whose model raised fails alone;
   Ctrl-C, SIGTERM (or an error of the engine itself) stops the batch: every run that had not
   finished is `interrupted` (resumable, every finished test kept), one whose repeats had all
   finished is complete, and the interrupt propagates.

Batched only when the runs' model has a step engine and `model.parallel` > 1; otherwise (parallel
1, a server backend, the no-LLM models) the runs go one after another, each on a model of its own,
exactly as `run()` one at a time.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TextIO

from omegaconf import DictConfig

from lab.errors import InputError
from lab.models import BACKENDS, ModelBackend, load_model
from lab.runner.executing import (_RECORD_LOCK, RunOutput, _end, _Exec, _order_tests_csv, _report,
                               _run_one, _settle, _sigterm_interrupts, _start, _unit)
from lab.runner.preparing import Prepared, prepare
from lab.runner.resuming import _open
from lab.records.fingerprint import DESCRIPTIVE, leaf_differences
from lab.runner.batched import run_batched

#: a run's outcome: its RunOutput, or what stopped it (a refused input, a failure, an interrupt)
Outcome = RunOutput | BaseException


def batchable(model: Mapping[str, Any]) -> bool:
    """Runs of this model config are batched: its backend has a step engine and parallel > 1."""
    cls = BACKENDS.get(str(model.get("backend")))
    return cls is not None and hasattr(cls, "step_engine") and int(model.get("parallel") or 1) > 1


def run_many(cfgs: Sequence[DictConfig], resume_dirs: Sequence[Path | None] | None = None,
             on_run_dirs: Sequence[Callable[[Path], None] | None] | None = None, *,
             names: Sequence[str] | None = None, backend: ModelBackend | None = None,
             out: TextIO | None = None, progress: bool | None = None) -> list[RunOutput]:
    """Run every composed config, batched on one model when it allows (module docstring).
    `resume_dirs[i]` and `on_run_dirs[i]` are `run()`'s `resume_dir` and `on_run_dir` for run i,
    `names[i]` how errors name it (`run i`); `backend` replaces the configured model (tests).
    A refused input raises before any model loads; a run that fails is raised (the first) once
    every run has ended."""
    ps = prepare_many(cfgs, names=names, backend=backend)
    try:
        outcomes = run_prepared(ps, resume_dirs=resume_dirs, on_run_dirs=on_run_dirs, out=out,
                                progress=progress)
    finally:
        close_all(ps)
    for o in outcomes:
        if isinstance(o, BaseException):
            raise o
    return outcomes                         # type: ignore[return-value]


def prepare_many(cfgs: Sequence[DictConfig], *, names: Sequence[str] | None = None,
                 backend: ModelBackend | None = None, strict: bool = True) -> list[Prepared | Exception]:
    """Every run prepared (inputs checked, fingerprints; no model loaded). A run whose inputs are
    refused raises its error, its name in front (`strict`), or stands as that error in the list.
    Runs that are to be batched on one model but do not share its config: InputError, always."""
    names = _names(names, len(cfgs))
    ps: list[Prepared | Exception] = []
    try:
        for cfg, name in zip(cfgs, names):
            try:
                ps.append(prepare(cfg, backend=backend))
            except InputError as e:
                if strict:
                    raise _named(e, name) from e
                ps.append(e)
            except Exception as e:
                if strict:
                    raise
                ps.append(e)
        _one_model(ps, names)
    except BaseException:
        close_all(ps)
        raise
    return ps


def close_all(ps: Sequence[Any]) -> None:
    for p in ps:
        if isinstance(p, Prepared):
            p.close()


def run_prepared(ps: Sequence[Prepared | BaseException], *,
                 resume_dirs: Sequence[Path | None] | None = None,
                 on_run_dirs: Sequence[Callable[[Path], None] | None] | None = None,
                 on_end: Callable[[int, Outcome], None] | None = None, out: TextIO | None = None,
                 progress: bool | None = None) -> list[Outcome]:
    """Run the prepared runs (an error in `ps` is that run's outcome as it is); `on_end(i,
    outcome)` is called as each run ends. Ctrl-C / SIGTERM propagates once every run it stopped
    has ended (`on_end` called); runs never reached are not."""
    n = len(ps)
    outcomes: list[Any] = [None] * n
    resume_dirs = list(resume_dirs or [None] * n)
    on_run_dirs = list(on_run_dirs or [None] * n)

    def ended(i: int, o: Outcome) -> None:
        outcomes[i] = o
        if on_end is not None:
            on_end(i, o)

    live = []
    for i, p in enumerate(ps):
        if isinstance(p, Prepared):
            live.append(i)
        else:
            ended(i, p)

    def opened(i: int) -> RunOutput | _Exec:
        return _open(ps[i], resume_dir=resume_dirs[i], on_run_dir=on_run_dirs[i],   # type: ignore[arg-type]
                     out=out or sys.stdout, progress=progress)

    if any(batchable(ps[i].model_raw) for i in live):          # type: ignore[union-attr]
        _together(ps, live, opened, ended)
    else:
        _one_after_another(ps, live, opened, ended)
    return outcomes


def _one_after_another(ps: Sequence[Any], live: list[int], opened: Callable, ended: Callable) -> None:
    for i in live:
        try:
            x = opened(i)
            o = x if isinstance(x, RunOutput) else _run_one(x)
        except KeyboardInterrupt as e:
            ended(i, e)
            raise
        except Exception as e:   # noqa: BLE001 - this run failed (its record says so); the next runs
            o = e
        finally:
            ps[i].close()        # its own model: one loaded at a time
        ended(i, o)


class _Shared:
    """The one model of a batch: loaded by the first run that needs it (a failure to load is
    every run's), closed when the batch is over."""

    def __init__(self, model_cfg: Any) -> None:
        self.cfg, self.backend, self.error = model_cfg, None, None

    def __call__(self) -> ModelBackend:
        if self.error is not None:
            raise self.error
        if self.backend is None:
            try:
                self.backend = load_model(self.cfg)
            except Exception as e:
                self.error = e
                raise
        return self.backend

    def close(self) -> None:
        if self.backend is not None:
            self.backend.close()
            self.backend = None


def _together(ps: Sequence[Any], live: list[int], opened: Callable, ended: Callable) -> None:
    shared = _Shared(ps[live[0]].cfg.model)
    for i in live:
        ps[i].share(shared)
    xs: dict[int, _Exec] = {}
    units: dict[int, Any] = {}
    own: dict[int, BaseException] = {}             # a run's own error before the batch
    stop: BaseException | None = None
    try:
        with _sigterm_interrupts():
            for i in live:
                try:
                    x = opened(i)
                except Exception as e:  # noqa: BLE001 - refused (a resume), or the model did not load
                    ended(i, e)
                    continue
                if isinstance(x, RunOutput):
                    ended(i, x)              # done: nothing to run
                    continue
                xs[i] = x
                try:
                    _start(x)
                    units[i] = _unit(x)
                except Exception as e:  # noqa: BLE001 - its record could not be written
                    own[i] = e
            if units:
                first = xs[next(iter(units))]
                facts = run_batched(list(units.values()), first.session.backend.step_engine(),
                                    show=first.show, record_lock=_RECORD_LOCK)
                for i in units:
                    xs[i].record.events[-1]["batch"] = facts
    except BaseException as e:         # Ctrl-C, SIGTERM, the engine: the batch stopped
        stop = e
    finally:
        try:
            for i in units:
                _order_tests_csv(xs[i].run_dir)
        finally:
            shared.close()
    for i, x in xs.items():
        unit = units.get(i)
        if unit is not None:
            x.sessions.extend(unit.sessions)
        error = own.get(i) or (unit.failure if unit is not None else None)
        if error is None and not (unit is not None and x.finished()):
            error = stop
        ended(i, _close(x, error))
    if stop is not None and not isinstance(stop, Exception):
        raise stop


def _close(x: _Exec, error: BaseException | None) -> Outcome:
    """One run of the batch ended as `_run_one` ends a single run."""
    try:
        if error is None:
            _settle(x)
        _end(x, error)
    except Exception as e:  # noqa: BLE001 - a complete run whose record cannot be written
        return e
    return error if error is not None else _report(x)


def _one_model(ps: Sequence[Any], names: Sequence[str]) -> None:
    """Runs to be batched share one model: the model part of their fingerprint inputs alike."""
    live = [(i, p) for i, p in enumerate(ps) if isinstance(p, Prepared)]
    if not any(batchable(p.model_raw) for _, p in live):
        return
    i0, p0 = live[0]
    for i, p in live[1:]:
        diff = leaf_differences(p0.fingerprint.inputs["model"], p.fingerprint.inputs["model"])
        if diff:
            raise InputError(
                f"{names[i]} and {names[i0]} are batched on one loaded model (model.parallel > 1) "
                f"but their model configs differ: {'; '.join(diff[:3])}. Give every cell the same "
                "model, or run the cells one after another (the basic launcher)",
                key=_model_key(diff[0]))
        quiet = leaf_differences(_settings(p0.model_raw), _settings(p.model_raw))
        if quiet:
            print(f"warning: {names[i]} runs on the model loaded for {names[i0]}: its own "
                  f"{'; '.join(quiet)} (settings that do not change outputs) is not used",
                  file=sys.stderr)


def _settings(model: Mapping[str, Any]) -> dict:
    return {k: v for k, v in model.items() if k not in DESCRIPTIVE}


def _model_key(difference: str) -> str:
    """`settings.temperature: 0 -> 0.7` -> `model.temperature` (the model file: `model.path`)."""
    path = difference.split(":", 1)[0]
    if path == "file_sha256":
        return "model.path"
    return "model." + path.removeprefix("settings.")


def _named(e: InputError, name: str) -> InputError:
    named = InputError(f"{name}: {e}")
    named.file, named.line, named.key = e.file, e.line, e.key
    return named


def _names(names: Sequence[str] | None, n: int) -> list[str]:
    return list(names) if names is not None else [f"run {i}" for i in range(n)]
