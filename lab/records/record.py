"""The run's artifacts, each a typed object with one writer and one reader.

    results/<experiment>/<run_id>/
        run.json                  RunRecord            write_record / read_record
        tests.csv                 one TestRow per repeat x test   TestsCsv.append / read_tests_csv
        transcripts/repeat-<k>.jsonl   session header + one TestResult a line
                                  TranscriptWriter / read_transcript
        .lock                     held by the process writing the run (lab/records/lock.py)

run.json is rewritten atomically (temporary file, fsync, rename) at the start, after each repeat
and at the end; rows and transcript lines are appended and synced as each test finishes, so an
interrupted run keeps every finished test. A file that cannot be read raises InputError naming it.

Schema history: 1 = the first record; 2 adds fingerprint (+ inputs), git, events (status
transitions and resumes) and traceback; 3 adds numerics (lab/records/numerics.py: how the machine
computed, its id beside the fingerprint); 4 adds a repeat's `round` (lab/records/rounds.py: when,
where and under what load it ran). Older records read with those fields empty ({} for `round`).
A record is written in this lab's shape whatever it was read as (every repeat gains `round`), so
the writer stamps the current schema: a lab older than the file then says "update the lab"
instead of rejecting an unknown key.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from lab.records.results import INFRASTRUCTURE, OUTCOMES, TestResult
from lab.errors import InputError
from lab.records.io import atomic_write_text
from lab.records.provenance import redact_credentials
from lab.records.test_files import (TEST_COLUMNS, TESTS_FILE, TRANSCRIPTS_DIR, TestRow, TestsCsv,  # noqa: F401
                             TranscriptWriter, csv_header, csv_row, read_tests_csv, read_transcript,
                             rows_of, transcript_path)
from lab.records.cascade import answer_rows, find_cascade, placeholder_echoes
from lab.records.rounds import capture

__all__ = [  # the run's artifacts, one import away (tests.csv and transcripts live in test_files.py)
    "RUN_FILE", "SCHEMA_VERSION", "STATUSES", "RepeatSummary", "RunRecord", "read_record",
    "summarize_repeat", "write_record",
    "TEST_COLUMNS", "TESTS_FILE", "TRANSCRIPTS_DIR", "TestRow", "TestsCsv", "TranscriptWriter",
    "csv_header", "csv_row", "read_tests_csv", "read_transcript", "rows_of", "transcript_path"]

SCHEMA_VERSION = 4
RUN_FILE = "run.json"
STATUSES = ("running", "complete", "failed", "interrupted")

#: how every output names a single session a resume went on with (the run summary, the report,
#: the findings pages), and how it went on
CONTINUED = "continued after an interruption"
CONTINUED_HOW = "the conversation rebuilt from the transcript, its prefix prefilled anew as after an eviction"


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
    #: tool use: tests with a call the model chose (unforced), tests whose first turn was forced,
    #: calls of each kind, and the forms calls were written in (lab.models.textcalls.CALL_FORMS)
    tool_use: dict = field(default_factory=dict)
    cascade: dict = field(default_factory=dict)     # lab.records.cascade.Cascade of this repeat
    #: answers that are a template tag (`<path>`, `<tool_response>`): lab.records.cascade
    #: .is_placeholder_echo; None = a record from before the count
    placeholder_echoes: int | None = None
    #: the round the repeat ran in (lab.records.rounds.capture: start, host, pid, load per CPU);
    #: {} = a record from before it (lab.records.rounds reads the round from the events instead)
    round: dict = field(default_factory=dict)
    #: a single session a resume went on with: the tests it went on from (TestResult.continued),
    #: its conversation rebuilt from the transcript (lab.agent.conversation.rebuilt; the prefix
    #: prefilled anew, as after an eviction); [] = it ran in one piece (or is isolated)
    continued_at: list[str] = field(default_factory=list)

    @property
    def unmeasured(self) -> dict[str, int]:
        """Tests of this repeat that measured nothing about the model, by label: the
        infrastructure's failures and the lab's crashes ({} for a repeat that counts)."""
        out = {k: int(v) for k, v in (self.infrastructure or {}).items() if v}
        if (self.outcomes or {}).get("crash"):
            out["crash"] = out.get("crash", 0) + int(self.outcomes["crash"])
        return out


@dataclass
class RunRecord:
    run_id: str
    experiment: str
    status: str                              # running | complete | failed | interrupted
    started_at: str                          # UTC ISO 8601 (first start; resumes are events)
    ended_at: str | None
    config: dict                             # the resolved Hydra config
    model: dict                              # ModelIdentity (file sha256, quantization, context)
    suite: dict                              # name, path, content_hash, tests
    corpus: dict                             # root, files, content_hash
    agent: dict                              # AgentSettings as used (session, context policy...)
    templates: dict                          # the prompt templates as used
    repeats: list[RepeatSummary] = field(default_factory=list)   # complete repeats only
    findings: list[dict] = field(default_factory=list)   # contamination scan of the suite: never
                                                         # part of the fingerprint (decision 000)
    versions: dict = field(default_factory=dict)         # lab, python, llama_cpp_python, openai
    error: str | None = None                 # failed / interrupted: what stopped the run
    schema: int = SCHEMA_VERSION
    fingerprint: str | None = None           # sha256 of fingerprint_inputs (lab/records/fingerprint.py)
    fingerprint_inputs: dict = field(default_factory=dict)
    git: dict = field(default_factory=dict)  # {"revision": sha | None, "dirty": bool | None}
    events: list[dict] = field(default_factory=list)     # {"at", "status", ...}: every transition
    traceback: str | None = None             # failed: where
    numerics: dict = field(default_factory=dict)   # Numerics.to_dict(): id, inputs, info ({}: unknown)

    @property
    def planned_repeats(self) -> int | None:
        r = (self.config or {}).get("run") or {}
        return r.get("repeats") if isinstance(r.get("repeats"), int) else None

    @property
    def counted(self) -> list["RepeatSummary"]:
        """The repeats every statistic counts: complete, and every test of them measured the model
        — none a lab crash or an infrastructure failure (those tests are run again by `lab resume`;
        until then their repeat is left out, never scored as the model's fails)."""
        return [r for r in self.repeats if not r.unmeasured]

    @property
    def uncounted(self) -> list["RepeatSummary"]:
        """Complete repeats left out of the statistics (`counted`): the ones to name."""
        return [r for r in self.repeats if r.unmeasured]

    @property
    def scores(self) -> list[int]:
        """The counted repeats' scores."""
        return [r.score for r in self.counted]

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "RunRecord":
        known = {f.name for f in fields(cls)}
        d = {k: v for k, v in d.items() if k in known}
        d["repeats"] = [RepeatSummary(**r) for r in d.get("repeats", [])]
        return cls(**d)


def write_record(run_dir: Path, record: RunRecord) -> Path:
    """The one writer of run.json (atomic: a reader sees the old or the new record, never half)."""
    path = Path(run_dir) / RUN_FILE
    data = redact_credentials(record.to_dict())     # a base_url's user:password is never stored
    data["schema"] = SCHEMA_VERSION                  # the shape written is this lab's (module doc)
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")
    return path


def read_record(path: Path) -> RunRecord:
    """A run.json (or the run directory holding it); InputError names the file when unreadable."""
    path = Path(path)
    if path.is_dir():
        path = path / RUN_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read run record: {getattr(e, 'strerror', None) or e}",
                         file=str(path)) from None
    except json.JSONDecodeError as e:
        raise InputError(f"corrupt run record: {e.msg}", file=str(path), line=e.lineno) from None
    if not isinstance(data, dict):
        raise InputError("corrupt run record: not a JSON object", file=str(path))
    schema = data.get("schema", 1)
    if not isinstance(schema, int) or schema > SCHEMA_VERSION:
        raise InputError(f"run record schema {schema!r} is newer than this lab reads "
                         f"({SCHEMA_VERSION}); update the lab", file=str(path), key="schema")
    required = ("run_id", "experiment", "status", "started_at", "ended_at", "config", "model",
                "suite", "corpus", "agent", "templates")
    for k in required:
        if k not in data:
            raise InputError("corrupt run record: missing key", file=str(path), key=k)
    if data["status"] not in STATUSES:
        raise InputError(f"corrupt run record: unknown status {data['status']!r}", file=str(path),
                         key="status")
    for k in ("run_id", "experiment", "started_at"):
        if not isinstance(data[k], str) or not data[k]:
            raise InputError("corrupt run record: must be a non-empty string", file=str(path), key=k)
    for k in ("config", "model", "suite", "corpus", "agent", "templates"):
        if not isinstance(data[k], dict):
            raise InputError("corrupt run record: must be an object", file=str(path), key=k)
    problem = _shape_problem(data)
    if problem:
        raise InputError(f"corrupt run record: {problem[1]}", file=str(path), key=problem[0])
    fp = data.get("fingerprint")
    if fp is not None and not isinstance(fp, str):
        raise InputError("corrupt run record: must be a string", file=str(path), key="fingerprint")
    reps = data.get("repeats", [])
    if not isinstance(reps, list):
        raise InputError("corrupt run record: must be a list", file=str(path), key="repeats")
    for i, r in enumerate(reps):
        problem = _repeat_problem(r)
        if problem:
            raise InputError(f"corrupt run record: {problem}", file=str(path), key=f"repeats[{i}]")
    try:
        return RunRecord.from_dict(data)
    except TypeError as e:
        raise InputError(f"corrupt run record: {e}", file=str(path), key="repeats") from None


#: Hydra groups: a mapping in every config the lab writes (readers look inside them)
CONFIG_GROUPS = ("agent", "corpus", "model", "prompt", "resolver", "run", "suite", "tools", "vocab")
_OBJECTS = ("versions", "git", "numerics", "fingerprint_inputs")
_TEXTS = ("ended_at", "error", "traceback")


def _shape_problem(data: dict) -> tuple[str, str] | None:
    """(key, what is wrong) for a nested value of the wrong type, which a reader would trip over
    (`"config": {"resolver": "bm25"}`, a finding that is not an object); None when all fit."""
    for k in CONFIG_GROUPS:
        v = data["config"].get(k)
        if v is not None and not isinstance(v, dict):
            return f"config.{k}", "must be an object"
    for k in _OBJECTS:
        if data.get(k) is not None and not isinstance(data[k], dict):
            return k, "must be an object"
    for k in _TEXTS:
        if data.get(k) is not None and not isinstance(data[k], str):
            return k, "must be a string or null"
    for k in ("findings", "events"):
        v = data.get(k, [])
        if not isinstance(v, list):
            return k, "must be a list"
        bad = next((i for i, x in enumerate(v) if not isinstance(x, dict)), None)
        if bad is not None:
            return f"{k}[{bad}]", "must be an object"
    for i, ev in enumerate(data.get("events", [])):      # a run segment, read by lab.records.rounds
        for key, kind in (("git", dict), ("kept_repeats", list)):
            if ev.get(key) is not None and not isinstance(ev[key], kind):
                return f"events[{i}].{key}", "must be " + ("an object" if kind is dict else "a list")
    return None


#: RepeatSummary keys older records do not have (read at their defaults)
_OPTIONAL_REPEAT_KEYS = ("evictions", "tool_use", "cascade", "placeholder_echoes", "round",
                         "continued_at")


def _repeat_problem(r: object) -> str | None:
    if not isinstance(r, dict):
        return "not an object"
    names = {f.name for f in fields(RepeatSummary)}
    missing = [f.name for f in fields(RepeatSummary)
               if f.name not in r and f.name not in _OPTIONAL_REPEAT_KEYS]
    if missing:
        return f"missing {', '.join(missing)}"
    extra = sorted(set(r) - names)
    if extra:
        return f"unknown keys {', '.join(extra)}"
    for k in ("repeat", "n", "score"):
        if isinstance(r[k], bool) or not isinstance(r[k], int):
            return f"{k} must be an integer"
    if not 0 <= r["score"] <= r["n"]:
        return f"score {r['score']} outside 0..{r['n']}"
    if not isinstance(r["outcomes"], dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in r["outcomes"].values()):
        return "outcomes must map labels to integers"
    if not isinstance(r["by_category"], dict):
        return "by_category must be an object"
    rnd = r.get("round", {})      # read by lab.records.rounds; shown by the report and `lab view`
    if not isinstance(rnd, dict):
        return "round must be an object"
    load = rnd.get("load_per_cpu")
    if load is not None and (isinstance(load, bool) or not isinstance(load, (int, float))):
        return "round.load_per_cpu must be a number"
    bad = next((k for k in ("started_at", "host") if rnd.get(k) is not None and not isinstance(rnd[k], str)), None)
    if bad:
        return f"round.{bad} must be a string"
    return None


# -- per repeat -----------------------------------------------------------------------------------

def summarize_repeat(repeat: int, seed: int | None, results: list[TestResult], wall_s: float,
                     evictions: list[dict], *, round_info: dict | None = None) -> RepeatSummary:
    """One finished repeat. `round_info` None: it finished just now (lab.records.rounds.capture);
    {}: rebuilt later from its transcript (its round is read from the record's events)."""
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
    steady = [u for u in turns if not (u.get("after_eviction") or u.get("after_rebuild"))]
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
        evictions=list(evictions), tool_use=tool_use(results),
        cascade=find_cascade(answer_rows(results)).to_dict(),
        placeholder_echoes=placeholder_echoes(results),
        round=capture(wall_s) if round_info is None else dict(round_info),
        continued_at=[r.test_id for r in results if r.continued])


def tool_use(results: list[TestResult]) -> dict:
    """How the model used tools in one repeat; `unforced_rate` is the share of attempted tests in
    which the model made a call of its own accord (forcing never counts as the model's choice)."""
    attempted = [r for r in results if r.outcome != "skipped"]
    forms: Counter = Counter(c.form for r in results for c in r.tool_calls)
    with_unforced = sum(1 for r in attempted if r.unforced_calls)
    return {"tests": len(attempted), "tests_with_unforced_call": with_unforced,
            "unforced_rate": round(with_unforced / len(attempted), 4) if attempted else None,
            "tests_first_forced": sum(1 for r in attempted if r.first_call_forced),
            "unforced_calls": sum(r.unforced_calls for r in results),
            "forced_calls": sum(len(r.tool_calls) - r.unforced_calls for r in results),
            "forms": dict(sorted(forms.items()))}
