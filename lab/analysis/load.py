"""One loader: run directories -> tidy pandas frames. The report and the notebooks use only this.

    res = load(["results/"])           # run dirs, or folders holding run dirs (searched down)
    res.tests     one row per run x repeat x test   (the unit of every statistic)
    res.repeats   one row per run x repeat           (score, outcome counts, tokens, cache reuse)
    res.runs      one row per run                    (experiment, cell, status, hashes, order)
    res.calls     one row per tool call              (from the transcripts)
    res.fields    one row per tool call x response field: the tokens that field added
    res.findings  one row per run x contamination finding

Every artifact is read through its one reader in `lab.records.record` (read_record,
read_tests_csv, read_transcript); nothing here parses run files itself. A run whose files cannot
be read is left out and named in `res.problems` — one damaged run never hides a sweep.

A *cell* is every axis of how a run was set up (lab/records/cells.py, the one definition every
view uses): vocabulary x model x suite (CELL), and also session mode, tool_choice, forced tool,
prompt variant, resolver and numerics (CONDITIONS) when those vary among the loaded runs
(`cell_axes` = `cells.cell_by`): runs that differ in how they were run are never merged into one
cell. Each repeat row carries the record's tool use
(forced and unforced calls, call forms) and copy cascade (lab.records.cascade); repeat and test rows
of a complete repeat carry its round (`round_*`, lab.records.rounds) and whether it `collapsed`
(lab.records.cascade.is_collapse: the single-session comparison's first part) or
`stopped_answering` (its `unanswered_*` columns: lab.records.cascade.unanswered_streak; counted
apart from a collapse). Rows of a repeat
that did not finish (a run that failed or was interrupted mid-repeat) are kept with
`complete=False`; statistics use complete repeats only.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable

import pandas as pd

from lab.errors import InputError, LabError
from lab.records.cells import CELL, CONDITIONS, cell_by, run_meta
from lab.records.cascade import (NO_CASCADE, Unanswered, answer_rows, find_cascade, is_collapse,
                                 stopped_answering, unanswered_streak)
from lab.records.folders import record_dirs
from lab.records.numerics import of_record
from lab.records.recovery import left_out_words
from lab.analysis.room import room_rows
from lab.records.rounds import round_columns, rounds_of
from lab.records.record import (RUN_FILE, TESTS_FILE, RunRecord, TestRow, read_record,
                             read_tests_csv, read_transcript, transcript_path)
from lab.records.test_files import RUN_COLUMNS, run_columns

#: Where the source log's numbers live (results/reference/, kept by git).
REFERENCE_CSV = Path(__file__).resolve().parents[2] / "results" / "reference" / "pathfinder-log.csv"


RUN_META = ["run_id", "experiment", *CELL, *CONDITIONS]


@dataclass
class Results:
    runs: pd.DataFrame
    repeats: pd.DataFrame
    tests: pd.DataFrame
    calls: pd.DataFrame
    fields: pd.DataFrame
    findings: pd.DataFrame
    records: dict[str, RunRecord] = field(default_factory=dict)   # run_id -> record
    run_dirs: dict[str, Path] = field(default_factory=dict)       # run_id -> directory
    problems: list[str] = field(default_factory=list)             # runs left out, and why
    #: per attempted test: the first path_resolve reply's floor and ceiling (lab.analysis.room)
    room: pd.DataFrame = field(default_factory=pd.DataFrame)

    @property
    def complete_tests(self) -> pd.DataFrame:
        """Rows of finished repeats only: what the statistics count."""
        return self.tests[self.tests["complete"]] if len(self.tests) else self.tests

    def __repr__(self) -> str:
        return (f"Results({len(self.runs)} runs, {len(self.repeats)} repeats, {len(self.tests)} test "
                f"rows, {len(self.calls)} tool calls, {len(self.problems)} problems)")


def find_run_dirs(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """Run directories (holding run.json) at or below each path, each run listed once, found by
    the one walker of results folders (lab/records/folders.py: hidden folders skipped, links followed
    — a sweep folder links its cells' run directories — and a link cycle walked once); a path
    that is neither a run nor a folder is an InputError naming it."""
    return record_dirs(paths, missing_ok=False)


def continued_repeats(repeats: pd.DataFrame) -> pd.DataFrame:
    """The repeats a resume went on with after an interruption (`continued_at` set; docs/runs.md)."""
    return repeats[repeats["continued_at"].astype(bool)] if "continued_at" in repeats else repeats.iloc[:0]


def load(paths: Iterable[str | os.PathLike] | str | os.PathLike, *, transcripts: bool = True) -> Results:
    """Load every run under `paths`. `transcripts=False` skips the per-call frames (faster)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    runs, repeats, tests, calls, fields_, findings, room = [], [], [], [], [], [], []
    res = Results(*(pd.DataFrame() for _ in range(6)))
    for d in find_run_dirs(paths):
        try:
            rec = read_record(d)
            rows = read_tests_csv(d / TESTS_FILE) if (d / TESTS_FILE).is_file() else []
        except LabError as e:
            res.problems.append(f"{d}: {e}")
            continue
        call_rows, field_rows, room_of = [], [], []
        if transcripts:
            try:
                call_rows, field_rows, room_of = _transcript_rows(d, rec)
            except LabError as e:      # e.g. a last line cut by a kill: keep the scores, lose the calls
                res.problems.append(f"{d}: {e} (its tool calls and field tokens are left out)")
        if rec.run_id in res.records:
            res.problems.append(f"{d}: run id {rec.run_id} already loaded from {res.run_dirs[rec.run_id]}")
            continue
        res.records[rec.run_id] = rec
        res.run_dirs[rec.run_id] = d
        meta = run_meta(rec)
        done = {r.repeat for r in rec.counted}
        if rec.uncounted:    # tests that measured nothing: their repeats wait for `lab resume`
            res.problems.append(f"{d}: tests that measured nothing about the model in "
                                f"{left_out_words(rec)}: left out of the statistics until "
                                f"`lab resume {d}` runs them again")
        rows_of: dict[int, list[TestRow]] = {}
        for row in rows:
            rows_of.setdefault(row.repeat, []).append(row)
        short = [r.repeat for r in rec.counted if len(rows_of.get(r.repeat, [])) < r.n]
        if short:   # a deleted or truncated tests.csv: its complete repeats have lost rows
            have = sum(len(rows_of.get(k, [])) for k in short)
            want = sum(r.n for r in rec.counted if r.repeat in short)
            res.problems.append(
                f"{d}: {TESTS_FILE} {'is missing' if not (d / TESTS_FILE).is_file() else 'is truncated'}: "
                f"{have} of {want} rows of complete repeat(s) {short} (their per-test rows are left out; "
                f"`lab resume {d}` rebuilds the file from the transcripts)")
        runs.append({**meta, "status": rec.status, "backend": rec.model.get("backend"),
                     "suite_hash": rec.suite.get("content_hash"), "suite_tests": rec.suite.get("tests"),
                     "corpus_hash": rec.corpus.get("content_hash"),
                     "fingerprint": rec.fingerprint, "started_at": rec.started_at,
                     "ended_at": rec.ended_at, "repeats_planned": _planned(rec),
                     "repeats_complete": len(rec.counted),
                     "mean_score": (sum(rec.scores) / len(rec.scores) if rec.scores else None),
                     "findings": len(rec.findings), "error": rec.error, "run_dir": str(d)})
        per_repeat: dict[int, dict] = {}
        rounds = rounds_of(rec)
        for r in rec.counted:
            casc = _cascade_columns(r.cascade, rows_of.get(r.repeat, []), r.n)
            quiet = _unanswered_columns(rows_of.get(r.repeat, []), r.n)
            per_repeat[r.repeat] = {"collapsed": is_collapse({"longest_streak": casc["cascade_longest_streak"]}),
                                    # one conversation only: isolated tests carry nothing over
                                    "stopped_answering": (meta.get("session") != "isolated"
                                                          and stopped_answering(quiet["unanswered_streak"])),
                                    **round_columns(rounds.get(r.repeat))}
            repeats.append({**meta, "repeat": r.repeat, "seed": r.seed, "n": r.n, "score": r.score,
                            "pass_rate": r.score / r.n if r.n else None,
                            **{f"outcome_{k}": v for k, v in r.outcomes.items()},
                            "infrastructure": (sum(r.infrastructure.values())
                                               if isinstance(r.infrastructure, dict) else r.infrastructure),
                            "prompt_tokens": r.prompt_tokens, "cached_tokens": r.cached_tokens,
                            "completion_tokens": r.completion_tokens, "cache_reuse": r.cache_reuse,
                            "wall_s": r.wall_s, "evictions": len(r.evictions),
                            # a single session a resume went on with ("" = one piece): docs/runs.md
                            "continued_at": " ".join(r.continued_at),
                            "started_at": rec.started_at,
                            **_tool_use_columns(r.tool_use, rows_of.get(r.repeat, [])),
                            **casc, **quiet, **per_repeat[r.repeat]})
        for row in rows:
            tests.append({**meta, **_row_dict(row), "complete": row.repeat in done,
                          **per_repeat.get(row.repeat, {})})
        calls += [{**meta, **c, "complete": c["repeat"] in done} for c in call_rows]
        fields_ += [{**meta, **f, "complete": f["repeat"] in done} for f in field_rows]
        room += [{**meta, **f} for f in room_of if f["repeat"] in done]
        for f in rec.findings:
            findings.append({**meta, "suite_hash": rec.suite.get("content_hash"),
                             "corpus_hash": rec.corpus.get("content_hash"), "code": f.get("code"),
                             "document": f.get("document"), "queries": list(f.get("queries", [])),
                             "message": f.get("message")})
    res.runs = _order_runs(pd.DataFrame(runs, columns=_RUN_COLUMNS))
    order = dict(zip(res.runs["run_id"], res.runs["run_order"]))
    res.repeats = _sorted(pd.DataFrame(repeats), order, ["repeat"])
    res.tests = _sorted(pd.DataFrame(tests), order, ["repeat", "index"])
    res.calls = _sorted(pd.DataFrame(calls), order, ["repeat", "index", "call"])
    res.fields = _sorted(pd.DataFrame(fields_), order, ["repeat", "index", "call"])
    res.findings = _sorted(pd.DataFrame(findings), order, [])
    res.room = _sorted(pd.DataFrame(room), order, ["repeat"])
    return res


def cell_axes(frame: pd.DataFrame, by: list[str] = CELL) -> list[str]:
    """`by` and every other axis of a cell that varies across `frame` (e.g. `Results.runs`): the
    one cell definition, `lab.records.cells.cell_by` (session mode, tool_choice, forced tool,
    prompt, resolver, model, suite, vocabulary and numerics)."""
    return cell_by(frame, by)


def cell_labels(frame: pd.DataFrame, by: list[str] = CELL) -> pd.Series:
    """A short label per row naming its cell: the parts of `by` that vary across `frame`
    (a sweep over vocabularies with one model and one suite is labelled by vocabulary alone)."""
    if frame.empty:
        return pd.Series([], dtype=object)
    varying = [c for c in by if frame[c].nunique(dropna=False) > 1] or by[:1]
    return frame[varying].astype(str).agg(" · ".join, axis=1)


def load_reference(path: str | os.PathLike | None = None) -> pd.DataFrame:
    """The source log's numbers (results/reference/pathfinder-log.csv): one row per run x scope."""
    path = Path(path) if path else REFERENCE_CSV
    try:
        df = pd.read_csv(path, dtype={"passed": "Int64", "n": "Int64", "tool_calls": "Int64"},
                         keep_default_na=False, na_values=[""])
    except (OSError, pd.errors.ParserError) as e:
        raise InputError(f"cannot read reference table: {e}", file=str(path)) from None
    need = {"source", "experiment", "run_label", "scope", "passed", "n"}
    missing = need - set(df.columns)
    if missing:
        raise InputError(f"reference table lacks columns {sorted(missing)}", file=str(path), line=1)
    return df


# -- helpers ---------------------------------------------------------------------------------------

_RUN_COLUMNS = [*RUN_META, "status", "backend", "suite_hash", "suite_tests", "corpus_hash",
                "fingerprint", "started_at", "ended_at", "repeats_planned", "repeats_complete",
                "mean_score", "findings", "error", "run_dir"]


def _row_dict(row: TestRow) -> dict:
    """A row's own columns; the run's axes come from the record (older files have them blank)."""
    return {k: v for k, v in asdict(row).items() if k not in RUN_COLUMNS}


def _transcript_rows(run_dir: Path, rec: RunRecord) -> tuple[list[dict], list[dict], list[dict]]:
    calls, fields_, room = [], [], []
    k = 0
    while True:
        path = transcript_path(run_dir, k)
        if not path.is_file():
            break
        _, results = read_transcript(path)
        room += room_rows(k, results, rec)
        for r in results:
            for j, c in enumerate(r.tool_calls):
                tok = c.response_tokens or {}
                calls.append({"repeat": k, "index": r.index, "test_id": r.test_id,
                              "position": r.position, "category": r.category, "call": j,
                              "tool": c.name, "malformed": bool(c.malformed),
                              "is_error": c.is_error, "response_tokens": tok.get("total", 0),
                              "envelope_tokens": tok.get("envelope", 0),
                              "fields": ",".join(tok.get("fields", {}))})
                for name, n in (tok.get("fields") or {}).items():
                    fields_.append({"repeat": k, "index": r.index, "test_id": r.test_id, "call": j,
                                    "tool": c.name, "field": name, "tokens": n})
        k += 1
    return calls, fields_, room


def _tool_use_columns(use: dict, rows: list[TestRow]) -> dict:
    """A repeat's `tool_use` (lab.records.record.tool_use) as columns. A record from before it was
    kept ({}) gets the same counts from its tests.csv rows (there, nothing was forced)."""
    if not use and rows:
        attempted = [x for x in rows if x.outcome != "skipped"]
        forms: dict[str, int] = {}
        for x in rows:
            for part in (x.call_forms or "").split():
                name, _, n = part.rpartition(":")
                forms[name] = forms.get(name, 0) + int(n or 0)
        use = {"tests": len(attempted),
               "tests_with_unforced_call": sum(1 for x in attempted if x.unforced_calls),
               "tests_first_forced": sum(1 for x in attempted if x.first_call_forced),
               "unforced_calls": sum(x.unforced_calls for x in rows),
               "forced_calls": sum(x.tool_calls - x.unforced_calls for x in rows), "forms": forms}
    use = use or {}
    return {"tool_tests": use.get("tests"), "tests_with_unforced_call": use.get("tests_with_unforced_call"),
            "tests_first_forced": use.get("tests_first_forced"), "unforced_calls": use.get("unforced_calls"),
            "forced_calls": use.get("forced_calls"), "call_forms": dict(use.get("forms") or {})}


def _cascade_columns(cascade: dict, rows: list[TestRow], n: int) -> dict:
    """A repeat's copy cascade (lab.records.cascade) as `cascade_*` columns, by today's
    `find_cascade` over its tests.csv rows whenever they are all there (every view one definition,
    whatever the code that ran it kept in the record); the record's own only when rows are lost."""
    if rows and (len(rows) >= n or not cascade):
        cascade = find_cascade(answer_rows(sorted(rows, key=lambda x: x.index))).to_dict()
    c = cascade or NO_CASCADE.to_dict()
    return {f"cascade_{k}": c.get(k) for k in NO_CASCADE.to_dict()}


def _unanswered_columns(rows: list[TestRow], n: int) -> dict:
    """A repeat's longest run of tests in a row with one unanswered outcome
    (lab.records.cascade.unanswered_streak) as `unanswered_*` columns, from its tests.csv rows when
    they are all there; 0 when rows are lost (said among the problems)."""
    u = (unanswered_streak((x.test_id, x.outcome) for x in sorted(rows, key=lambda x: x.index))
         if rows and len(rows) >= n else Unanswered(0, None, None))
    return {f"unanswered_{k}": v for k, v in u.to_dict().items()}


def _planned(rec: RunRecord) -> int | None:
    run_cfg = (rec.config or {}).get("run") or {}
    return run_cfg.get("repeats")


def _order_runs(runs: pd.DataFrame) -> pd.DataFrame:
    runs = runs.sort_values(["started_at", "run_id"], kind="stable").reset_index(drop=True)
    runs["run_order"] = range(1, len(runs) + 1)
    return runs


def _sorted(df: pd.DataFrame, order: dict[str, int], then: list[str]) -> pd.DataFrame:
    if df.empty:
        return df
    df = df.copy()
    df.insert(1, "run_order", df["run_id"].map(order))
    return df.sort_values(["run_order", *then], kind="stable").reset_index(drop=True)
