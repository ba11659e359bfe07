"""Per-test artifacts of a run: `tests.csv` and `transcripts/repeat-<k>.jsonl`, one writer and one
reader each (re-exported by `lab.records.record`).

Both are appended as each test finishes, and synced before the next test starts: the row first,
then the transcript line. A process killed with SIGKILL therefore leaves, at most, the test in
flight half-written at the end of one or both files. The readers refuse any damage by default
(naming file and line); `torn_tail_ok=True` — used by resume only — drops an unfinished last
transcript line instead, and resume checks tests.csv against the transcripts byte for byte.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Iterable

from lab.records.results import OUTCOMES, TestResult
from lab.errors import InputError
from lab.records import failpoints
from lab.records.io import atomic_write_text, storage_errors, sync

TESTS_FILE = "tests.csv"
TRANSCRIPTS_DIR = "transcripts"
#: The most characters a text field of tests.csv holds (answer, detail): a server that ignores
#: `max_tokens` can send megabytes, and the csv module refuses fields over 131,072 characters.
#: A longer text is cut and says so; the transcript keeps it whole.
MAX_FIELD_CHARS = 20_000
# Files written before the cap may hold longer fields: read them (the default limit is 131,072).
csv.field_size_limit(max(csv.field_size_limit(), 2 ** 31 - 1))


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
    first_call_forced: bool = False    # agent.tool_choice=first forced the test's first turn
    unforced_calls: int = 0            # tool calls the model chose to make
    call_forms: str = ""               # "tool_call_tags:2 fenced_json:1": how the calls were written
    # The run's axes on every row, so tests.csv files concatenated from many runs keep them
    # (RUN_COLUMNS; "" when read from a file written before they were recorded).
    run_id: str = ""
    experiment: str = ""
    vocabulary: str = ""
    model: str = ""
    suite: str = ""
    prompt: str = ""
    # The tool the forced first turn called ("" when nothing was forced): agent.forced_tool when
    # set, the model's own pick among the offered tools when agent.forced_tool=null.
    forced_call_tool: str = ""

    @classmethod
    def of(cls, repeat: int, seed: int | None, r: TestResult,
           run: "dict[str, str] | None" = None) -> "TestRow":
        """The row of one finished test; `run` is `run_columns(record)` (the run's axes)."""
        return cls(**(run or {}), repeat=repeat, seed=seed, index=r.index, test_id=r.test_id, position=r.position,
                   category=r.category, outcome=r.outcome, passed=r.passed, answer=capped(r.answer),
                   answer_normalized=capped(r.answer_normalized), expected=" | ".join(r.expected),
                   tool_calls=len(r.tool_calls),
                   malformed_calls=sum(1 for c in r.tool_calls if c.malformed),
                   turns=r.turns, prompt_tokens=r.prompt_tokens, cached_tokens=r.cached_tokens,
                   completion_tokens=r.completion_tokens, context_start=r.context_start,
                   context_end=r.context_end,
                   tool_response_tokens=sum(c.response_tokens.get("total", 0) for c in r.tool_calls),
                   evictions=len(r.evictions), wall_s=r.wall_s, infrastructure=r.infrastructure,
                   detail=capped(r.detail), first_call_forced=r.first_call_forced,
                   unforced_calls=r.unforced_calls, call_forms=_forms(r),
                   forced_call_tool=next((c.name for c in r.tool_calls if c.forced), ""))


def capped(text: str | None) -> str | None:
    """`text` cut at MAX_FIELD_CHARS, with a note saying how long it was (None stays None)."""
    if text is None or len(text) <= MAX_FIELD_CHARS:
        return text
    return f"{text[:MAX_FIELD_CHARS]}... [cut: {len(text):,} characters; the transcript has them all]"


def _forms(r: TestResult) -> str:
    counts: dict[str, int] = {}
    for c in r.tool_calls:
        counts[c.form] = counts.get(c.form, 0) + 1
    return " ".join(f"{k}:{v}" for k, v in counts.items())


def run_columns(record: Any) -> dict[str, str]:
    """The run's axes every tests.csv row carries (RUN_COLUMNS), from its RunRecord: the same
    values `lab.analysis.load` gives each frame (vocabulary from the config, model and suite by
    name, prompt templates by name)."""
    cfg = record.config or {}
    return {"run_id": record.run_id, "experiment": record.experiment,
            "vocabulary": (cfg.get("vocab") or {}).get("name") or "?",
            "model": (record.model or {}).get("name") or (cfg.get("model") or {}).get("name") or "?",
            "suite": (record.suite or {}).get("name") or "?",
            "prompt": ((record.templates or {}).get("name") or (cfg.get("prompt") or {}).get("name")
                       or "?")}


TEST_COLUMNS = tuple(f.name for f in fields(TestRow))
#: the run's axes on every row (after the row's own columns, so `repeat` stays the first)
RUN_COLUMNS = ("run_id", "experiment", "vocabulary", "model", "suite", "prompt")
#: the columns of tests.csv files written before the forced call's tool was recorded on each row
#: (read with `forced_call_tool` blank: the run's agent.forced_tool says what was asked for)
PRE_FORCED_TOOL_COLUMNS = TEST_COLUMNS[: TEST_COLUMNS.index("forced_call_tool")]
#: the columns of tests.csv files written before the run's axes were recorded on each row
PRE_RUN_COLUMNS = TEST_COLUMNS[: TEST_COLUMNS.index("run_id")]
#: the columns of tests.csv files written before tool choice and call forms were recorded
#: (read with those columns at their defaults)
LEGACY_COLUMNS = TEST_COLUMNS[: TEST_COLUMNS.index("first_call_forced")]
#: every header a tests.csv may have, newest first
KNOWN_HEADERS = (TEST_COLUMNS, PRE_FORCED_TOOL_COLUMNS, PRE_RUN_COLUMNS, LEGACY_COLUMNS)
_INT = {"repeat", "seed", "index", "position", "tool_calls", "malformed_calls", "turns",
        "prompt_tokens", "cached_tokens", "completion_tokens", "context_start", "context_end",
        "tool_response_tokens", "evictions", "unforced_calls"}
_BOOL = {"passed", "infrastructure", "first_call_forced"}
_NULLABLE_TEXT = {"category", "answer", "answer_normalized", "detail"}


def csv_header(columns: tuple[str, ...] = TEST_COLUMNS) -> str:
    return ",".join(columns) + "\n"


def csv_row(row: TestRow, columns: tuple[str, ...] = TEST_COLUMNS) -> str:
    """The exact text `TestsCsv.append` writes for `row` (resume compares files against it);
    `columns` renders it as an older header had it (one of KNOWN_HEADERS)."""
    buf = io.StringIO()
    d = asdict(row)
    csv.writer(buf, lineterminator="\n").writerow(["" if d[c] is None else d[c] for c in columns])
    return buf.getvalue()


def header_of(path: Path) -> tuple[str, ...] | None:
    """The columns of an existing tests.csv (None when it has no header line yet)."""
    try:
        with Path(path).open(encoding="utf-8", newline="") as f:
            first = f.readline()
    except FileNotFoundError:
        return None
    return tuple(next(csv.reader([first]))) if first.endswith("\n") else None


def _append_synced(path: Path, text: str, torn_point: str | None = None) -> None:
    """Append and fsync; a failed write (disk full) is a StorageError naming the file. A row cut
    short by it is a torn last line, which resume drops: the rows before it are intact."""
    with storage_errors(path):
        _append(path, text, torn_point)


def _append(path: Path, text: str, torn_point: str | None) -> None:
    with path.open("a", encoding="utf-8", newline="") as f:
        if torn_point and failpoints.reached(torn_point):
            f.write(text[: max(1, len(text) // 2)])
            f.flush()
            sync(f.fileno())
            failpoints.kill()
        f.write(text)
        f.flush()
        sync(f.fileno())


class TestsCsv:
    """Appends rows to tests.csv, each flushed to disk before the next test starts."""
    __test__ = False

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        if not self.path.exists() or self.path.stat().st_size == 0:
            _append_synced(self.path, csv_header())
        # a file begun under an older header keeps it (resume rewrites old files to the new one)
        head = header_of(self.path)
        self.columns = head if head in KNOWN_HEADERS else TEST_COLUMNS

    def append(self, row: TestRow) -> None:
        _append_synced(self.path, csv_row(row, self.columns), torn_point="row-torn")


def read_tests_csv(path: Path) -> list[TestRow]:
    """Every row of a tests.csv; InputError naming file and line for any damage."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read tests table: {getattr(e, 'strerror', None) or e}",
                         file=str(path)) from None
    if text and not text.endswith("\n"):
        last = text.count("\n") + 1
        raise InputError("corrupt tests table row: truncated (no line end; the run was killed "
                         "mid-write? `lab resume` repairs it)", file=str(path), line=last)
    reader = csv.DictReader(io.StringIO(text))
    rows = []
    try:
        if tuple(reader.fieldnames or ()) not in KNOWN_HEADERS:
            raise InputError("tests table has unexpected columns", file=str(path), line=1)
        for d in reader:
            line = reader.line_num
            try:
                rows.append(_row(d))
            except (ValueError, TypeError) as e:
                raise InputError(f"corrupt tests table row: {e}", file=str(path), line=line) from None
    except csv.Error as e:
        raise InputError(f"corrupt tests table: {e}", file=str(path), line=reader.line_num) from None
    return rows


def _row(d: dict) -> TestRow:
    if None in d:
        raise ValueError("more fields than columns")
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
    if "unforced_calls" not in d:          # a legacy row: nothing was forced then
        vals["unforced_calls"] = vals["tool_calls"]
    return TestRow(**vals)


def rows_of(repeat: int, seed: int | None, results: Iterable[TestResult]) -> list[TestRow]:
    return [TestRow.of(repeat, seed, r) for r in results]


# -- transcripts ----------------------------------------------------------------------------------

def transcript_path(run_dir: Path, repeat: int) -> Path:
    return Path(run_dir) / TRANSCRIPTS_DIR / f"repeat-{repeat}.jsonl"


def session_line(*, repeat: int, seed: int | None, system_prompt: str, tools: list[dict]) -> str:
    return json.dumps({"type": "session", "repeat": repeat, "seed": seed, "system": system_prompt,
                       "tools": tools}, ensure_ascii=False, default=str) + "\n"


def test_line(result: TestResult) -> str:
    return json.dumps({"type": "test", **result.to_dict()}, ensure_ascii=False, default=str) + "\n"


class TranscriptWriter:
    """transcripts/repeat-<k>.jsonl: a `session` line, then one `test` line per finished test."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def session(self, *, repeat: int, seed: int | None, system_prompt: str, tools: list[dict]) -> None:
        _append_synced(self.path, session_line(repeat=repeat, seed=seed, system_prompt=system_prompt,
                                               tools=tools))

    def test(self, result: TestResult) -> None:
        _append_synced(self.path, test_line(result), torn_point="transcript-torn")


def sort_transcript(path: Path, place: dict[str, int]) -> None:
    """Rewrite a transcript with its test lines in suite order `place` (test id -> position),
    atomically, the header first: a repeat whose tests ended out of order (batched, resumed)."""
    lines = [ln for ln in path.read_text(encoding="utf-8").split("\n") if ln.strip()]
    head, body = lines[:1], lines[1:]
    body.sort(key=lambda ln: place.get(json.loads(ln).get("test_id"), 0))
    atomic_write_text(path, "".join(ln + "\n" for ln in head + body))


def read_transcript(path: Path, *, torn_tail_ok: bool = False) -> tuple[dict, list[TestResult]]:
    """The session header and the finished tests of one repeat. A last line without its line end
    is a write cut short by a crash: an error, unless `torn_tail_ok` (then it is dropped)."""
    path = Path(path)
    header: dict = {}
    results: list[TestResult] = []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read transcript: {getattr(e, 'strerror', None) or e}",
                         file=str(path)) from None
    lines = text.split("\n")
    tail = lines.pop()              # "" when the file ends with a line end
    if tail and not torn_tail_ok:
        raise InputError("corrupt transcript line: truncated (no line end; the run was killed "
                         "mid-write? `lab resume` repairs it)", file=str(path), line=len(lines) + 1)
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
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise InputError(f"corrupt transcript line: {e}", file=str(path), line=n) from None
    return header, results
