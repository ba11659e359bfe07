"""What `lab view` shows, kept up to date while runs write: runs, sweeps, problems, transcripts.

Every run is read by the lab's one loader (`lab.analysis.load`), one run directory at a time, and
again only when its run.json or tests.csv changed (size or mtime): a running run is re-read as it
appends, the finished ones never. A file being written can be caught with its last line half
there (the reader refuses it, naming the line): the run then keeps its previous snapshot and is
marked "writing" until the line is whole — one torn line never drops a run from the page. A run
that cannot be read at all (no snapshot yet) is listed under problems, never raised.

Transcripts are not loaded with the runs (they can be large). `TranscriptIndex` reads each
`repeat-<k>.jsonl` from where it stopped, whole lines only, a bounded number of bytes per look,
and keeps where each test's line starts; opening a test reads that one line (up to LINE_CAP).
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from lab.analysis import Results, find_run_dirs, load
from lab.errors import InputError, LabError
from lab.records.record import RUN_FILE, TESTS_FILE, TRANSCRIPTS_DIR, transcript_path
from lab.records.results import TestResult

#: a tests.csv or run.json larger than this is listed as a problem, not read
MAX_TABLE_BYTES = 64 * 1024 * 1024
#: one transcript line (one test) larger than this is indexed but not opened
LINE_CAP = 16 * 1024 * 1024
#: bytes of one transcript read per look (the rest on the next look)
INDEX_BYTES_PER_LOOK = 32 * 1024 * 1024
#: at most this many run directories are watched (the newest are kept)
MAX_RUNS = 2000
_TEST_ID = re.compile(r'"test_id":\s*"((?:[^"\\]|\\.)*)"')
_INDEX = re.compile(r'"index":\s*(\d+)')


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        s = path.stat()
    except OSError:
        return None
    return (s.st_size, s.st_mtime_ns)


@dataclass
class RunSnapshot:
    run_dir: Path
    signature: tuple | None = None
    results: Results | None = None       # the last good load of this one run
    writing: str | None = None           # why the newest files were not read (snapshot kept)
    problem: str | None = None           # why there is no snapshot at all


@dataclass
class Sweep:
    path: Path
    experiment: str
    cells: list[dict] = field(default_factory=list)   # CellEntry dicts (+ run_id when known)
    summary: bool = False                             # summary.json written (the sweep ended)


class LiveResults:
    """The runs and sweeps under `paths`, re-read as they change (`refresh`, at most every
    `min_interval` seconds). Thread-safe: the server's handlers share one instance."""

    def __init__(self, paths: list[str | Path], *, min_interval: float = 0.5) -> None:
        self.paths = [Path(p) for p in paths] or [Path("results")]
        self.min_interval = min_interval
        self.version = 0
        self._lock = threading.RLock()
        self._runs: dict[Path, RunSnapshot] = {}
        self._transcripts: dict[Path, TranscriptIndex] = {}
        self._last = 0.0
        self._key: tuple = ()
        self.scan_problems: list[str] = []
        self.sweeps: list[Sweep] = []
        self.merged = _merge([])
        self._shadowed: set[Path] = set()

    # -- reading ---------------------------------------------------------------------------------

    def refresh(self, *, force: bool = False) -> "LiveResults":
        with self._lock:
            now = time.monotonic()
            if not force and now - self._last < self.min_interval:
                return self
            self._last = now
            dirs, problems = [], []
            for p in self.paths:
                try:
                    dirs += find_run_dirs([p])
                except (LabError, OSError) as e:
                    problems.append(f"{p}: {e}")
            if len(dirs) > MAX_RUNS:
                problems.append(f"{len(dirs)} run directories; only the last {MAX_RUNS} (by name) are shown")
                dirs = sorted(dirs, key=lambda d: d.name)[-MAX_RUNS:]
            seen = set()
            for d in dirs:
                seen.add(d)
                snap = self._runs.setdefault(d, RunSnapshot(d))
                self._read_run(snap)
            problems += self._duplicates(dirs)
            for gone in set(self._runs) - seen:
                del self._runs[gone]
            self.scan_problems = problems
            self.sweeps = _find_sweeps(self.paths, problems)
            key = (tuple((d, s.signature, s.writing, s.problem) for d, s in sorted(self._runs.items())),
                   tuple(problems), tuple((s.path, len(s.cells), s.summary,
                                           tuple(c.get("status") for c in s.cells)) for s in self.sweeps))
            if key != self._key:
                self._key = key
                self.version += 1
                self.merged = _merge([self._runs[d].results for d in dirs
                                      if self._runs[d].results and d not in self._shadowed])
            return self

    def _duplicates(self, dirs: list[Path]) -> list[str]:
        """As `load` does: a run id seen again (a copied run folder) is left out and named."""
        first: dict[str, Path] = {}
        self._shadowed = set()
        out = []
        for d in dirs:
            r = self._runs[d].results
            if r is None or not len(r.runs):
                continue
            rid = r.runs["run_id"].iloc[0]
            if rid in first:
                self._shadowed.add(d)
                out.append(f"{d}: run id {rid} already loaded from {first[rid]}")
            else:
                first[rid] = d
        return out

    def _read_run(self, snap: RunSnapshot) -> None:
        d = snap.run_dir
        sig = (_stat(d / RUN_FILE), _stat(d / TESTS_FILE), _transcripts_stat(d, snap))
        if sig == snap.signature:
            return
        too_big = [f"{n} is {s[0]:,} bytes (more than {MAX_TABLE_BYTES:,}: not read)"
                   for n, s in zip((RUN_FILE, TESTS_FILE), sig[:2]) if s and s[0] > MAX_TABLE_BYTES]
        if too_big:
            snap.signature, snap.results, snap.problem = sig, None, f"{d}: " + "; ".join(too_big)
            return
        try:
            res = load([d], transcripts=False)
        except (LabError, OSError, ValueError) as e:      # the loader names what it could not read
            res = None
            why = f"{d}: {e}"
        else:
            why = "; ".join(res.problems) if res.problems or not len(res.runs) else None
        if why is None:
            snap.signature, snap.results, snap.writing, snap.problem = sig, res, None, None
        elif snap.results is not None and _still_writing(snap, why):
            snap.writing = why               # keep the last snapshot; look again next time
        else:
            snap.signature, snap.results, snap.writing, snap.problem = sig, None, None, why

    # -- what the pages use ----------------------------------------------------------------------

    @property
    def problems(self) -> list[str]:
        with self._lock:
            return [*self.scan_problems, *(s.problem for _, s in sorted(self._runs.items()) if s.problem)]

    def writing(self) -> dict[str, str]:
        """run_id -> why its newest rows are not shown yet (a line still being written)."""
        with self._lock:
            return {s.results.runs["run_id"].iloc[0]: s.writing for s in self._runs.values()
                    if s.writing and s.results is not None and len(s.results.runs)}

    def run_dir(self, run_id: str) -> Path | None:
        return self.merged.run_dirs.get(run_id)

    def transcript(self, run_id: str, repeat: int) -> "TranscriptIndex | None":
        d = self.run_dir(run_id)
        if d is None:
            return None
        path = transcript_path(d, repeat)
        with self._lock:
            idx = self._transcripts.get(path)
            if idx is None:
                idx = self._transcripts[path] = TranscriptIndex(path)
        return idx.update()


def _transcripts_stat(d: Path, snap: RunSnapshot) -> tuple:
    """Sizes of a running run's transcripts: a test's transcript line lands just after its row,
    and the page of a transcript not written yet must learn that it now is. A finished run's
    transcripts do not change (a resume rewrites run.json first)."""
    runs = snap.results.runs if snap.results is not None else None
    if runs is not None and len(runs) and runs["status"].iloc[0] != "running":
        return ()
    try:
        return tuple(sorted((p.name, p.stat().st_size) for p in (d / TRANSCRIPTS_DIR).glob("*.jsonl")))
    except OSError:
        return ()


def _still_writing(snap: RunSnapshot, why: str) -> bool:
    """A torn last line of a run that was being written when last read: transient."""
    runs = snap.results.runs if snap.results is not None else None
    running = runs is not None and len(runs) and runs["status"].iloc[0] == "running"
    return bool(running) or "truncated" in why or "no line end" in why


def _merge(parts: list[Results]) -> Results:
    """Per-run Results as one, ordered by start time (as `load` orders runs)."""
    def cat(name: str) -> pd.DataFrame:
        frames = [getattr(p, name) for p in parts if len(getattr(p, name))]
        return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()

    res = Results(cat("runs"), cat("repeats"), cat("tests"), cat("calls"), cat("fields"), cat("findings"))
    for p in parts:
        res.records.update(p.records)
        res.run_dirs.update(p.run_dirs)
    if len(res.runs):
        res.runs = res.runs.sort_values(["started_at", "run_id"], kind="stable").reset_index(drop=True)
        res.runs["run_order"] = range(1, len(res.runs) + 1)
        order = dict(zip(res.runs["run_id"], res.runs["run_order"]))
        for name, then in (("repeats", ["repeat"]), ("tests", ["repeat", "index"])):
            df = getattr(res, name)
            if len(df):
                df = df.assign(run_order=df["run_id"].map(order))
                setattr(res, name, df.sort_values(["run_order", *then], kind="stable").reset_index(drop=True))
    return res


def _find_sweeps(paths: list[Path], problems: list[str]) -> list[Sweep]:
    # lab.sweeps.cells composes configs (lab.config loads the models): reading runs never does
    from lab.sweeps.cells import CELLS, SUMMARY_JSON, read_entry

    found: dict[Path, Sweep] = {}
    for p in paths:
        if (p / "cells").is_dir() and p.parent.name == ".sweeps":       # a sweep folder itself
            candidates = [p]
        else:
            candidates = _sweep_dirs(p)
        for s in candidates:
            if not s.is_dir() or s.resolve() in found:
                continue
            sweep = Sweep(s, experiment=s.parent.parent.name, summary=(s / SUMMARY_JSON).is_file())
            entries = []
            for path in sorted((s / CELLS).glob("*.json")):    # one bad entry never hides the rest
                try:
                    entries.append(read_entry(path))
                except (LabError, OSError, ValueError, TypeError) as e:
                    problems.append(f"{path}: {e}")
            entries.sort(key=lambda x: x.num)
            for e in entries:
                cell = e.to_dict()
                run_dir = (s / e.run_dir) if e.run_dir else None
                cell["run_id"] = run_dir.resolve().name if run_dir else None
                sweep.cells.append(cell)
            found[s.resolve()] = sweep
    return sorted(found.values(), key=lambda s: s.path.name, reverse=True)


def _sweep_dirs(root: Path, max_depth: int = 8) -> list[Path]:
    """Every `<folder>/.sweeps/<id>/` below root (sweeps live beside their experiment's runs,
    wherever run.results_dir put them); run directories and other hidden folders are not entered."""
    out: list[Path] = []
    if not root.is_dir():
        return out
    base = len(root.parts)
    for here, dirs, files in os.walk(root):
        if RUN_FILE in files or len(Path(here).parts) - base >= max_depth:
            dirs[:] = []
            continue
        if ".sweeps" in dirs:
            out += sorted(d for d in (Path(here) / ".sweeps").iterdir() if d.is_dir())
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
    return out


# -- transcripts -----------------------------------------------------------------------------------

@dataclass
class IndexEntry:
    test_id: str
    index: int | None
    start: int
    length: int
    oversized: bool = False      # longer than LINE_CAP: listed, not opened


class TranscriptIndex:
    """Where each test's line of one `repeat-<k>.jsonl` starts, read from where the last look
    stopped; a line still being written (no line end yet) is left for the next look."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0
        self.header: dict = {}
        self.entries: dict[str, IndexEntry] = {}
        self.problems: list[str] = []
        self._lock = threading.Lock()

    def update(self) -> "TranscriptIndex":
        with self._lock:
            try:
                f = self.path.open("rb")
            except OSError:
                return self
            with f:
                f.seek(self.offset)
                budget = INDEX_BYTES_PER_LOOK
                while budget > 0:
                    start = f.tell()
                    line = f.readline(LINE_CAP + 1)
                    if not line:
                        break
                    if not line.endswith(b"\n"):
                        if len(line) <= LINE_CAP:
                            break                     # being written: read it next time
                        while not line.endswith(b"\n"):   # oversized: skip to its end
                            line = f.readline(1024 * 1024)
                            if not line:
                                return self          # its end is not written yet
                        self._add_oversized(start, f.tell() - start)
                    else:
                        self._add(line, start)
                    self.offset = f.tell()
                    budget -= self.offset - start
            return self

    def _add(self, line: bytes, start: int) -> None:
        if not line.strip():
            return
        try:
            obj = json.loads(line)
            kind = obj.get("type")
        except (ValueError, AttributeError) as e:
            self.problems.append(f"{self.path}: byte {start}: not a JSON line ({e})")
            return
        if kind == "session":
            obj.pop("type", None)
            self.header = obj
        elif kind == "test" and isinstance(obj.get("test_id"), str):
            self.entries[obj["test_id"]] = IndexEntry(obj["test_id"], obj.get("index"), start, len(line))
        else:
            self.problems.append(f"{self.path}: byte {start}: unknown line type {kind!r}")

    def _add_oversized(self, start: int, length: int) -> None:
        with self.path.open("rb") as f:
            f.seek(start)
            head = f.read(4096).decode("utf-8", "replace")
        m, i = _TEST_ID.search(head), _INDEX.search(head)
        tid = json.loads(f'"{m.group(1)}"') if m else f"(line at byte {start})"
        self.entries[tid] = IndexEntry(tid, int(i.group(1)) if i else None, start, length, oversized=True)

    def read(self, test_id: str):
        """The TestResult of one test (None when the line is not there yet); LabError when it
        cannot be read."""
        e = self.entries.get(test_id)
        if e is None:
            return None
        if e.oversized:
            raise InputError(f"the transcript line of {test_id} is {e.length:,} bytes (more than "
                             f"{LINE_CAP:,}); read it with `lab show`", file=str(self.path))
        with self.path.open("rb") as f:
            f.seek(e.start)
            line = f.read(e.length)
        try:
            obj = json.loads(line)
            obj.pop("type", None)
            return TestResult.from_dict(obj)
        except (ValueError, KeyError, TypeError, AttributeError) as err:
            raise InputError(f"corrupt transcript line: {err}", file=str(self.path)) from None
