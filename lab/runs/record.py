"""The run's artifacts, each a typed object with one writer and one reader.

    results/<experiment>/<run_id>/
        run.json                  RunRecord            write_record / read_record
        tests.csv                 one TestRow per repeat x test   TestsCsv.append / read_tests_csv
        transcripts/repeat-<k>.jsonl   session header + one TestResult a line
                                  TranscriptWriter / read_transcript

Rows and transcript lines are appended and flushed as each test finishes, so an interrupted run
keeps every finished test. A file that cannot be read raises InputError naming it.
"""

from __future__ import annotations

import csv
from collections import Counter
import io
import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Iterable

from lab.agent.result import INFRASTRUCTURE, OUTCOMES, TestResult
from lab.errors import InputError
from lab.runs.io import atomic_write_text

SCHEMA_VERSION = 1
RUN_FILE = "run.json"
TESTS_FILE = "tests.csv"
TRANSCRIPTS_DIR = "transcripts"
STATUSES = ("running", "complete", "failed", "interrupted")


@dataclass
class RepeatSummary:
    repeat: int
    seed: int | None
    n: int                                   # tests in the suite
    score: int                               # passes
    outcomes: dict[str, int]                 # every label, zeros included
    by_category: dict[str, dict[str, int]]   # category -> {"pass": p, "n": n}
    infrastructure: dict[str, int]           # outcome -> tests where the infrastructure, not the
                                             # model, caused it (api_error; a server's timeout)
    wall_s: float
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    cache_reuse: float | None                # cached / prompt tokens over every turn
    cache_reuse_between_evictions: float | None   # the same, leaving out turns right after one
    generation_tps: float | None             # generated tokens per second of generation time
    evictions: list[dict] = field(default_factory=list)


@dataclass
class RunRecord:
    run_id: str
    experiment: str
    status: str
    started_at: str
    ended_at: str | None
    config: dict                             # the resolved Hydra config
    model: dict                              # ModelIdentity
    suite: dict                              # name, path, content_hash, tests
    corpus: dict                             # root, files, content_hash
    agent: dict                              # AgentSettings as used (session, context policy...)
    templates: dict                          # the prompt templates as used
    repeats: list[RepeatSummary] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)   # contamination scan of the suite
    versions: dict = field(default_factory=dict)
    error: str | None = None
    schema: int = SCHEMA_VERSION

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "RunRecord":
        known = {f.name for f in fields(cls)}
        d = {k: v for k, v in d.items() if k in known}
        d["repeats"] = [RepeatSummary(**r) for r in d.get("repeats", [])]
        return cls(**d)


def write_record(run_dir: Path, record: RunRecord) -> Path:
    path = Path(run_dir) / RUN_FILE
    atomic_write_text(path, json.dumps(record.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n")
    return path


def read_record(path: Path) -> RunRecord:
    """A run.json (or the run directory holding it); InputError names the file when unreadable."""
    path = Path(path)
    if path.is_dir():
        path = path / RUN_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise InputError(f"cannot read run record: {e.strerror or e}", file=str(path)) from None
    except json.JSONDecodeError as e:
        raise InputError(f"corrupt run record: {e.msg}", file=str(path), line=e.lineno) from None
    if not isinstance(data, dict):
        raise InputError("corrupt run record: not a JSON object", file=str(path))
    required = [f.name for f in fields(RunRecord) if f.name not in ("repeats", "findings", "versions",
                                                                    "error", "schema")]
    for k in required:
        if k not in data:
            raise InputError("corrupt run record: missing key", file=str(path), key=k)
    if data["status"] not in STATUSES:
        raise InputError(f"corrupt run record: unknown status {data['status']!r}", file=str(path),
                         key="status")
    try:
        return RunRecord.from_dict(data)
    except TypeError as e:
        raise InputError(f"corrupt run record: {e}", file=str(path), key="repeats") from None


# -- per repeat -----------------------------------------------------------------------------------

def summarize_repeat(repeat: int, seed: int | None, results: list[TestResult], wall_s: float,
                     evictions: list[dict]) -> RepeatSummary:
    outcomes = {o: 0 for o in OUTCOMES}
    by_cat: dict[str, dict[str, int]] = {}
    for r in results:
        outcomes[r.outcome] = outcomes.get(r.outcome, 0) + 1
        if r.category:
            c = by_cat.setdefault(r.category, {"pass": 0, "n": 0})
            c["n"] += 1
            c["pass"] += r.passed
    turns = [u for r in results for u in r.turn_usage]
    prompt = sum(u["prompt_tokens"] for u in turns)
    cached = sum(u["cached_tokens"] for u in turns)
    steady = [u for u in turns if not u.get("after_eviction")]
    steady_prompt = sum(u["prompt_tokens"] for u in steady)
    gen_s = sum(u["generation_s"] for u in turns)
    completion = sum(u["completion_tokens"] for u in turns)
    gen_tokens = sum(max(u["completion_tokens"] - 1, 0) for u in turns)  # the first token is timed with the prompt
    return RepeatSummary(
        repeat=repeat, seed=seed, n=len(results), score=sum(r.passed for r in results),
        outcomes=outcomes, by_category=dict(sorted(by_cat.items())),
        infrastructure=dict(Counter(r.outcome for r in results
                                    if r.infrastructure or r.outcome in INFRASTRUCTURE)),
        wall_s=round(wall_s, 3), prompt_tokens=prompt, cached_tokens=cached,
        completion_tokens=completion,
        cache_reuse=round(cached / prompt, 4) if prompt else None,
        cache_reuse_between_evictions=(round(sum(u["cached_tokens"] for u in steady) / steady_prompt, 4)
                                       if steady_prompt else None),
        generation_tps=round(gen_tokens / gen_s, 2) if gen_s > 0 else None,
        evictions=list(evictions))


# -- tests.csv ------------------------------------------------------------------------------------

@dataclass
class TestRow:
    """One row of tests.csv: one test attempt of one repeat."""
    __test__ = False

    repeat: int
    seed: int | None
    index: int
    test_id: str
    position: int | None
    category: str | None
    outcome: str
    passed: bool
    answer: str | None
    answer_normalized: str | None
    expected: str                  # expected entries joined by " | "
    tool_calls: int
    malformed_calls: int
    turns: int
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    context_start: int | None
    context_end: int | None
    tool_response_tokens: int
    evictions: int
    wall_s: float
    infrastructure: bool
    detail: str | None

    @classmethod
    def of(cls, repeat: int, seed: int | None, r: TestResult) -> "TestRow":
        return cls(repeat=repeat, seed=seed, index=r.index, test_id=r.test_id, position=r.position,
                   category=r.category, outcome=r.outcome, passed=r.passed, answer=r.answer,
                   answer_normalized=r.answer_normalized, expected=" | ".join(r.expected),
                   tool_calls=len(r.tool_calls),
                   malformed_calls=sum(1 for c in r.tool_calls if c.malformed),
                   turns=r.turns, prompt_tokens=r.prompt_tokens, cached_tokens=r.cached_tokens,
                   completion_tokens=r.completion_tokens, context_start=r.context_start,
                   context_end=r.context_end,
                   tool_response_tokens=sum(c.response_tokens.get("total", 0) for c in r.tool_calls),
                   evictions=len(r.evictions), wall_s=r.wall_s, infrastructure=r.infrastructure,
                   detail=r.detail)


TEST_COLUMNS = tuple(f.name for f in fields(TestRow))
_INT = {"repeat", "seed", "index", "position", "tool_calls", "malformed_calls", "turns",
        "prompt_tokens", "cached_tokens", "completion_tokens", "context_start", "context_end",
        "tool_response_tokens", "evictions"}
_BOOL = {"passed", "infrastructure"}
_NULLABLE_TEXT = {"category", "answer", "answer_normalized", "detail"}


class TestsCsv:
    """Appends rows to tests.csv, each flushed to disk before the next test starts."""
    __test__ = False

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._write(",".join(TEST_COLUMNS) + "\n")

    def _write(self, text: str) -> None:
        with self.path.open("a", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())

    def append(self, row: TestRow) -> None:
        buf = io.StringIO()
        d = asdict(row)
        csv.writer(buf, lineterminator="\n").writerow(
            ["" if d[c] is None else d[c] for c in TEST_COLUMNS])
        self._write(buf.getvalue())


def read_tests_csv(path: Path) -> list[TestRow]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot read tests table: {e.strerror or e}", file=str(path)) from None
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != TEST_COLUMNS:
        raise InputError("tests table has unexpected columns", file=str(path), line=1)
    rows = []
    for line, d in enumerate(reader, 2):
        try:
            vals: dict[str, Any] = {}
            for k, v in d.items():
                if v is None:
                    raise ValueError("truncated row")
                if k in _INT:
                    vals[k] = int(v) if v != "" else None
                elif k in _BOOL:
                    if v not in ("True", "False"):
                        raise ValueError(f"{k} is {v!r}")
                    vals[k] = v == "True"
                elif k == "wall_s":
                    vals[k] = float(v)
                elif k in _NULLABLE_TEXT:
                    vals[k] = v if v != "" else None
                else:
                    vals[k] = v
            if vals["outcome"] not in OUTCOMES:
                raise ValueError(f"unknown outcome {vals['outcome']!r}")
            rows.append(TestRow(**vals))
        except (ValueError, TypeError) as e:
            raise InputError(f"corrupt tests table row: {e}", file=str(path), line=line) from None
    return rows


# -- transcripts ----------------------------------------------------------------------------------

def transcript_path(run_dir: Path, repeat: int) -> Path:
    return Path(run_dir) / TRANSCRIPTS_DIR / f"repeat-{repeat}.jsonl"


class TranscriptWriter:
    """transcripts/repeat-<k>.jsonl: a `session` line, then one `test` line per finished test."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def _line(self, obj: dict) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(obj, ensure_ascii=False, default=str) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def session(self, *, repeat: int, seed: int | None, system_prompt: str, tools: list[dict]) -> None:
        self._line({"type": "session", "repeat": repeat, "seed": seed, "system": system_prompt,
                    "tools": tools})

    def test(self, result: TestResult) -> None:
        self._line({"type": "test", **result.to_dict()})


def read_transcript(path: Path) -> tuple[dict, list[TestResult]]:
    path = Path(path)
    header: dict = {}
    results: list[TestResult] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise InputError(f"cannot read transcript: {e.strerror or e}", file=str(path)) from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            kind = obj.pop("type")
            if kind == "session":
                header = obj
            elif kind == "test":
                results.append(TestResult.from_dict(obj))
            else:
                raise ValueError(f"unknown line type {kind!r}")
        except (ValueError, KeyError, TypeError) as e:
            raise InputError(f"corrupt transcript line: {e}", file=str(path), line=n) from None
    return header, results


def rows_of(repeat: int, seed: int | None, results: Iterable[TestResult]) -> list[TestRow]:
    return [TestRow.of(repeat, seed, r) for r in results]
