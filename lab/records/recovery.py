"""Resuming a run: which run to resume, and what of it is kept.

What is kept (`recover`):
- every complete repeat (a repeat whose transcript holds every test of the suite — also when the
  process died before the record said so);
- of the interrupted repeat, every finished test: in isolated mode it goes on from the first
  unfinished test; in single-session mode too (`run.resume_single=continue`, the default), its
  conversation rebuilt message for message from the kept tests' transcript lines, evictions
  included (lab.agent.conversation.rebuilt) — the run's resume event names the repeat
  (`rebuilt_conversation`) and its summary the test it went on from (`continued_at`): the prefix is
  prefilled anew, as after an eviction. With `run.resume_single=restart`, or when the lines cannot
  rebuild it exactly (`rebuild_problem`), the repeat restarts from its first test;
- a half-written last line (the test in flight at a SIGKILL) is dropped;
- a test that measured nothing about the model (an infrastructure failure such as `api_error`, or a
  lab `crash`: `needs_retry`) is never kept: in isolated mode exactly those tests run again (the
  others are kept, the retried ones appended to the transcript, which is put back in suite order
  when the repeat ends); in single-session mode the repeat goes on from that test (the tests after
  it saw a conversation the outage had changed: they run again), or restarts as above.

tests.csv is rebuilt from the kept transcript lines and must match what is on disk byte for byte
(after the dropped tail): a row that differs means a hand-edited file, and resume stops naming it.

Which run (`choose`, for `lab run ... run.resume=true`): the newest run of the experiment with the
same fingerprint — complete with enough repeats: nothing to do; otherwise resumed. No run with this
fingerprint: a new run, unless an unfinished run asked for exactly this config and its inputs have
changed since (corpus, model file, templates...): that is refused, with the differing inputs shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from lab.records.results import TestResult, needs_retry
from lab.errors import InputError
from lab.records.numerics import Numerics, of_record
from lab.records.fingerprint import Fingerprint, canonical_json
from lab.records.history import Entry, scan
from lab.records.io import atomic_write_text
from lab.records.provenance import redact_credentials
from lab.records.record import (RUN_FILE, TESTS_FILE, RepeatSummary, RunRecord, csv_header, csv_row,
                             read_transcript, summarize_repeat, transcript_path)
from lab.records.test_files import KNOWN_HEADERS, TEST_COLUMNS, TestRow, header_of, run_columns


@dataclass
class Recovered:
    complete: dict[int, RepeatSummary] = field(default_factory=dict)   # repeat -> summary
    partial: dict[int, list[TestResult]] = field(default_factory=dict)  # finished tests kept
    rebuilt: list[int] = field(default_factory=list)   # single-session repeats of `partial`
    discarded: int = 0          # finished tests of an interrupted single-session repeat (rerun)
    notes: list[str] = field(default_factory=list)     # why a single-session repeat restarts
    dropped_tail: bool = False  # a half-written line (the test in flight) was removed
    retried: int = 0            # tests that failed on infrastructure or crashed: run again
    rebuilt_rows: int = 0       # tests.csv rows (deleted or cut) rebuilt from the transcripts

    @property
    def kept_tests(self) -> int:
        return sum(s.n for s in self.complete.values()) + sum(len(v) for v in self.partial.values())

    def event(self) -> dict:
        return {"kept_repeats": sorted(self.complete), "kept_tests": self.kept_tests,
                "continued_repeat": {k: len(v) for k, v in self.partial.items()} or None,
                "rebuilt_conversation": self.rebuilt or None,
                "restarted_tests_discarded": self.discarded, "dropped_half_written": self.dropped_tail,
                "retried_tests": self.retried, "rebuilt_rows": self.rebuilt_rows}


def retry_count(record: RunRecord) -> int:
    """Tests of the record's repeats that measured nothing about the model (infrastructure
    failures and lab crashes): a run holding any is not complete, and resume runs them again."""
    return sum(sum(r.unmeasured.values()) for r in record.repeats)


def left_out_words(record: RunRecord) -> str:
    """'' or "repeat 1 (crash 1); repeat 3 (api_error 2)": the complete repeats no statistic counts
    (RunRecord.uncounted) and why, as the report and `lab diff` name them."""
    return "; ".join(f"repeat {r.repeat} (" + ", ".join(f"{k} {v}" for k, v in r.unmeasured.items()) + ")"
                     for r in record.uncounted)


def base_seed(record: RunRecord) -> int:
    return int(((record.config or {}).get("run") or {}).get("seed") or 0)


def recover(run_dir: Path, record: RunRecord, tests: Sequence[Any], session: str,
            single: str = "continue", *, tokens: bool = False) -> Recovered:
    """Decide what of `run_dir` is kept, and rewrite its files to exactly that (atomically);
    `single` is `run.resume_single` (continue | restart); `tokens`: the run's backend sends earlier
    turns back as the tokens generated (a single session's lines must carry them: rebuild_problem)."""
    run_dir = Path(run_dir)
    ids = [t.id for t in tests]
    n = len(ids)
    in_record = {r.repeat: r for r in record.repeats}
    out = Recovered()
    meta = run_columns(record)
    rows: list[TestRow] = []                         # rebuilt from the kept transcript lines
    paths = []
    k = 0
    while transcript_path(run_dir, k).is_file():
        paths.append(transcript_path(run_dir, k))
        k += 1
    writes: list[tuple[Path, str | None]] = []       # applied only when every check passed
    dropped: list[TestRow] = []                      # tests.csv rows of the tests run again
    for k, path in enumerate(paths):
        header, results = read_transcript(path, torn_tail_ok=True)
        raw = path.read_text(encoding="utf-8")
        if not raw.endswith("\n") and raw:
            out.dropped_tail = True
        # in suite order, or (a resume retried some tests of an isolated repeat) each test once,
        # at its own place in the suite
        pos = {t: i for i, t in enumerate(ids, 1)}
        got = [r.test_id for r in results]
        if len(set(got)) != len(got) or any(pos.get(r.test_id) != r.index for r in results):
            raise InputError("transcript does not follow the suite's tests in order (another suite, "
                             "or hand-edited)", file=str(path))
        seed = header.get("seed", base_seed(record) + k)
        retry = [needs_retry(r.outcome, r.infrastructure) for r in results]
        if len(results) == n and not any(retry):
            out.complete[k] = in_record.get(k) or summarize_repeat(
                k, seed, results, sum(r.wall_s for r in results),
                [e for r in results for e in r.evictions], round_info={})
            rows += [TestRow.of(k, seed, r, run=meta) for r in results]
            continue
        if k in in_record and len(results) < n and not _needs_retry(in_record[k]):
            raise InputError(f"the record says repeat {k} is complete, its transcript has "
                             f"{len(results)} of {n} tests", file=str(path))
        out.retried += sum(retry)
        lines = [ln for ln in raw.split("\n") if ln.strip()][: 1 + len(results)]   # header + kept tests
        if session != "isolated" and header and results:
            first = retry.index(True) if any(retry) else len(results)
            keep = results[:first]
            why = ("run.resume_single=restart" if single == "restart"
                   else rebuild_problem(keep, tokens=tokens) if keep else None)
            if keep and why is None:
                out.partial[k] = keep
                out.rebuilt.append(k)
                out.discarded += sum(1 for again in retry[first:] if not again)
                dropped += [TestRow.of(k, seed, r, run=meta) for r in results[first:]]
                rows += [TestRow.of(k, seed, r, run=meta) for r in keep]
                writes.append((path, "".join(ln + "\n" for ln in lines[: 1 + first])))
                continue
            if keep and single != "restart":
                out.notes.append(f"repeat {k} restarts from its first test: {why}")
        if session == "isolated" and header and results:
            keep = [r for r, again in zip(results, retry) if not again]
            dropped += [TestRow.of(k, seed, r, run=meta) for r, again in zip(results, retry) if again]
            out.partial[k] = keep
            rows += [TestRow.of(k, seed, r, run=meta) for r in keep]
            writes.append((path, lines[0] + "\n" + "".join(
                ln + "\n" for ln, again in zip(lines[1:], retry) if not again)))
        else:
            out.discarded += len(results)
            dropped += [TestRow.of(k, seed, r, run=meta) for r in results]
            writes.append((path, None))
    for k in in_record:
        if k not in out.complete and k >= len(paths):
            raise InputError(f"the record says repeat {k} is complete, its transcript is missing",
                             file=str(transcript_path(run_dir, k)))
    csv_path = run_dir / TESTS_FILE
    # A file written before the run's axes were on every row is checked in its own columns and
    # rewritten with the current ones.
    head = header_of(csv_path)
    old_cols = head if head in KNOWN_HEADERS else TEST_COLUMNS
    expected = csv_header(old_cols) + "".join(csv_row(r, old_cols) for r in rows)
    try:
        on_disk = csv_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        on_disk = ""
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read tests table: {e}", file=str(csv_path)) from None
    if dropped:
        on_disk = _without(on_disk, [csv_row(r, old_cols) for r in dropped])
    if _same_rows(on_disk, expected):
        on_disk = expected      # the same rows in another order (a retry's, cut before re-sorting)
    # A tests.csv cut short at a row boundary (or deleted) lost rows the transcripts still hold:
    # it is rebuilt from them. Anything else that differs was edited: refused.
    cut_short = expected.startswith(on_disk) and (not on_disk or on_disk.endswith("\n"))
    if cut_short and len(on_disk) < len(expected):
        pos, kept = len(csv_header(old_cols)), 0
        for r in rows:                    # rows (CSV records may span lines) the cut file still holds
            pos += len(csv_row(r, old_cols))
            if pos > len(on_disk):
                break
            kept += 1
        out.rebuilt_rows = len(rows) - kept
    if not (on_disk.startswith(expected) or cut_short):
        raise InputError("tests table does not match the transcripts (hand-edited?); resume keeps "
                         "only what both say", file=str(csv_path),
                         line=_first_difference(on_disk, expected))
    if len(on_disk) > len(expected):
        out.dropped_tail = out.dropped_tail or not on_disk.endswith("\n")
    writes.append((csv_path, csv_header() + "".join(csv_row(r) for r in rows)))
    for path, text in writes:
        if text is None:
            path.unlink()
        else:
            atomic_write_text(path, text)
    for stray in run_dir.glob(f".{RUN_FILE}.*.tmp"):   # a record write cut short before its rename
        stray.unlink()
    return out


def rebuild_problem(results: Sequence[Any], *, tokens: bool = False) -> str | None:
    """Why these finished tests' transcript lines cannot rebuild their conversation exactly (None:
    they can): each eviction must drop the segments at the front; a server's tool-call message
    must have been kept whole (`Message.native`), and with `tokens` (a llama.cpp run: it sends
    back the tokens the model generated, lab.models.chat_template) every assistant message must
    carry them (`Message.generated`) — both recorded since the lab rebuilds conversations."""
    held: list[str] = []
    for r in results:
        held.append(r.test_id)
        for ev in r.evictions:
            for tid in ev.get("dropped") or []:
                if len(held) < 2 or held[0] != tid:
                    return f"test {r.test_id}: its eviction of {tid} does not match the tests held"
                held.pop(0)
        for m in r.messages:
            if tokens and m.get("role") == "assistant" and not m.get("generated"):
                return (f"test {r.test_id}: an assistant message was recorded without the tokens "
                        "the model generated (a transcript from before the lab kept them)")
            if (m.get("role") == "assistant" and not m.get("native")
                    and any(c.get("form") == "native" for c in m.get("tool_calls") or [])):
                return (f"test {r.test_id}: a server's tool-call message was recorded without the "
                        "message as sent back (a transcript from before the lab kept it)")
    return None


def _without(text: str, rows: list[str]) -> str:
    """`text` with one occurrence of each of `rows` (whole CSV records, which may span lines) removed."""
    for row in rows:
        i = text.find(row)
        while i > 0 and text[i - 1] != "\n":
            i = text.find(row, i + 1)
        if i >= 0:
            text = text[:i] + text[i + len(row):]
    return text


def _needs_retry(summary: RepeatSummary) -> bool:
    return bool(summary.unmeasured)


def _same_rows(a: str, b: str) -> bool:
    return a != b and sorted(a.splitlines()) == sorted(b.splitlines()) and a.endswith("\n")


def _first_difference(a: str, b: str) -> int:
    for i, (x, y) in enumerate(zip(a.split("\n"), b.split("\n")), 1):
        if x != y:
            return i
    return min(a.count("\n"), b.count("\n")) + 1


# -- which run ---------------------------------------------------------------------------------------

@dataclass
class Choice:
    action: str                 # new | resume | done
    entry: Entry | None = None
    notes: list[str] = field(default_factory=list)


def request_of(config: dict) -> str:
    """What was asked for: the config without the run group (seeds, repeats, paths, resume)."""
    # as recorded: a base_url's credentials are redacted in run.json (lab.records.provenance)
    return canonical_json(redact_credentials({k: v for k, v in (config or {}).items() if k != "run"}))


def check_same_inputs(record: RunRecord, now: Fingerprint, where: Path) -> None:
    """Refuse to continue a run whose inputs changed since it started (differences shown)."""
    if record.fingerprint is None:
        raise InputError("the record has no fingerprint (written before schema 2): cannot check "
                         "that the inputs are unchanged, so it is not resumed", file=str(where))
    if record.fingerprint != now.value:
        then = Fingerprint(record.fingerprint, record.fingerprint_inputs)
        lines = then.differences(now)
        raise InputError("the inputs changed since this run started (fingerprint "
                         f"{then.short} -> {now.short}); resuming would mix two experiments. "
                         "Differing inputs:\n  " + "\n  ".join(lines or then.differing(now))
                         + "\nStart a new run instead (without run.resume=true).", file=str(where))


def check_same_numerics(record: RunRecord, now: Numerics, where: Path) -> str | None:
    """Refuse to continue a run on other numerics (another llama.cpp build or weight layout:
    other kernels, other tokens), naming what differs. A record from before
    numerics is checked on what it did record (extra_buffers, llama-cpp-python); the
    rest cannot be checked, which the returned warning says (None when nothing is unknown)."""
    then = of_record(record)
    if then.known:
        if then.id != now.id:
            raise InputError(f"this run computed with numerics {then.id}; this machine would use "
                             f"{now.label} (" + "; ".join(then.differences(now)) + "): resuming "
                             "would mix two computations in one run. Resume it where it started (or "
                             "with the same llama.cpp build and settings), or start a new run.",
                             file=str(where))
        return None
    said = then.info.get("recorded_before_numerics") or {}
    have = {"extra_buffers": now.inputs.get("extra_buffers"),
            "llama_cpp_python": (now.inputs.get("build") or {}).get("llama_cpp_python")}
    differ = [f"{k}: {said[k]} -> {have[k]}" for k in said if have.get(k) is not None and said[k] != have[k]]
    if differ:
        raise InputError("this run (recorded before numerics existed) computed with other settings "
                         "than this machine would use (" + "; ".join(differ) + "): resuming would "
                         "mix two computations in one run; start a new run.", file=str(where))
    return (f"{where}: recorded before numerics existed; its llama.cpp build is unknown, so the "
            f"resumed part (numerics {now.label}) may compute on other kernels than the first")


def choose(results: Path, experiment: str, fp: Fingerprint, config: dict, planned: int) -> Choice:
    h = scan(results, experiment=experiment)
    choice = Choice("new", notes=list(h.warnings))
    for e in h.entries:                                 # newest first
        if e.record.fingerprint != fp.value or e.live:
            continue
        if (e.record.status == "complete" and len(e.record.repeats) >= planned
                and not retry_count(e.record)):
            return Choice("done", e, choice.notes)
        return Choice("resume", e, choice.notes)
    asked = request_of(config)
    for e in h.entries:
        r = e.record
        if r.status != "complete" and r.fingerprint and not e.live and request_of(r.config) == asked:
            check_same_inputs(r, fp, e.run_dir / RUN_FILE)
    return choice
