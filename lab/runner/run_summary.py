"""The one-screen summary `lab run` prints at the end of a run (and `run.resume` for a done one)."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from lab.errors import LabError
from lab.records.cascade import UNANSWERED, is_collapse, stopped_by_repeat
from lab.records.numerics import of_record
from lab.records.record import CONTINUED, CONTINUED_HOW, TESTS_FILE, RunRecord, read_tests_csv
from lab.records.results import CRASH, OUTCOMES
from lab.records.test_files import run_columns

_SHORT = {"pass": "pass", "fail": "fail", "no_answer": "noans", "tool_call_cap": "cap",
          "loop": "loop", "timeout": "tmout", "context_overflow": "ovfl", "malformed": "malf",
          "api_error": "api", "crash": "crash", "skipped": "skip"}


def _tool_use_lines(record: RunRecord) -> list[str]:
    """Tool use beside the score: the model's own calls (unforced) apart from forced ones, the
    forms calls came in, and copy cascades (lab.records.cascade)."""
    reps = [r for r in record.repeats if r.tool_use]
    if not reps:
        return []
    if is_reference(record):
        return reference_lines(record)
    choice = (record.agent or {}).get("tool_choice", "auto")
    forced = sum(r.tool_use.get("tests_first_forced", 0) for r in reps)
    tests = sum(r.tool_use.get("tests", 0) for r in reps)
    own = sum(r.tool_use.get("tests_with_unforced_call", 0) for r in reps)
    forms: dict[str, int] = {}
    for r in reps:
        for k, v in (r.tool_use.get("forms") or {}).items():
            forms[k] = forms.get(k, 0) + v
    form_text = ", ".join(f"{k} {v}" for k, v in forms.items()) or "none"
    if choice == "first":
        tool = (record.agent or {}).get("forced_tool") or "any tool"
        out = [f"tool use: first call FORCED ({tool}) in {forced}/{tests} tests; the model chose "
               f"further calls in {own}/{tests}; unforced tool-call rate: n/a here (run "
               f"agent.tool_choice=auto to measure it); call forms: {form_text}"]
    else:
        out = [f"tool use: unforced tool-call rate {own}/{tests} tests"
               + (f" ({own / tests:.0%})" if tests else "") + f"; call forms: {form_text}"]
    flagged = [r for r in reps if (r.cascade or {}).get("flagged")]
    isolated = (record.agent or {}).get("session") == "isolated"
    for r in flagged:
        c = r.cascade
        what = ("REPEATED ANSWER (isolated tests: not a copy from memory, the same retrieval or a "
                "placeholder)" if isolated else "COPY CASCADE")
        out.append(f"{what} repeat {r.repeat}: {c['copies']} tests give an earlier unrelated test's "
                   f"answer, first {c['first_test']} (as {c['source_test']}), longest streak "
                   f"{c['longest_streak']} from {c['streak_start']}: {c['answer']!r}")
    echoes = [r.placeholder_echoes for r in reps if r.placeholder_echoes is not None]
    if echoes:
        out.append(f"placeholder echoes (an answer that is a template tag such as <path>): "
                   + " ".join(str(e) for e in echoes) + " per repeat")
    if not flagged and any((r.cascade or {}).get("copies") for r in reps):
        n = sum(r.cascade.get("copies", 0) for r in reps)
        out.append(f"copied answers: {n} (below the cascade flag)")
    return out


def continued_lines(record: RunRecord) -> list[str]:
    """The single sessions a resume went on with after an interruption (RepeatSummary.continued_at)."""
    went_on = [(r.repeat, t) for r in record.repeats for t in r.continued_at]
    if not went_on:
        return []
    return [f"{CONTINUED} ({CONTINUED_HOW}): "
            + ", ".join(f"repeat {k} at {t}" for k, t in went_on)]


def is_reference(record: RunRecord) -> bool:
    """A run of the no-LLM reference (`model=tool_follower`): deterministic, so nothing in it is
    a model's copy cascade, a forced call or run-to-run noise."""
    return (record.model or {}).get("backend") == "tool_follower"


def reference_lines(record: RunRecord) -> list[str]:
    """What a tool_follower run's answers are, instead of cascade and forced-call statistics."""
    scores = sorted({r.score for r in record.repeats})
    same = ("every repeat scores the same" if len(scores) <= 1 else
            f"repeats score {', '.join(map(str, scores))}: the resolver's inputs changed between them")
    repeated = sum((r.cascade or {}).get("copies", 0) for r in record.repeats[:1])
    return [f"no LLM (tool_follower): a deterministic reference — each test's answer is "
            f"path_resolve's first candidate for its query, so {same}; an answer repeated across "
            f"tests ({repeated} in repeat 0) is the resolver ranking the same path first, not a copy "
            f"cascade; no tool call is forced or chosen (the reference calls path_resolve once per "
            f"test)"]


def api_error_lines(record: RunRecord, run_dir: Path | None) -> list[str]:
    """The reasons of the `api_error` outcomes (what the server said), at most three distinct,
    each with the tests it hit — `lab show RUN --test ID` has the whole transcript."""
    if run_dir is None or not any(r.outcomes.get("api_error") for r in record.repeats):
        return []
    try:
        rows = read_tests_csv(Path(run_dir) / TESTS_FILE)
    except (LabError, OSError):
        return []
    why: dict[str, list[str]] = {}
    for r in rows:
        if r.outcome == "api_error":
            why.setdefault((r.detail or "no reason recorded").strip(), []).append(
                f"{r.test_id}" + (f"@{r.repeat}" if r.repeat else ""))
    out = []
    for reason, tests in list(why.items())[:3]:
        shown = ", ".join(tests[:5]) + (f" and {len(tests) - 5} more" if len(tests) > 5 else "")
        out.append(f"api_error ({len(tests)}): {reason[:300]} [{shown}]")
    if len(why) > 3:
        out.append(f"api_error: {len(why) - 3} more reason(s); `lab show RUN --test ID` has each")
    return out


def collapse_lines(record: RunRecord) -> list[str]:
    """The first lines of the summary when a single-session repeat collapsed: a streak of at least
    COLLAPSE_STREAK tests giving one copied answer (lab.records.cascade.is_collapse, the rule the
    comparison and the findings count by). Its score says nothing about the vocabulary once one
    answer is copied into every later test, so it is said before anything else ("COLLAPSED at t01
    (its first answer) ...: answer copied into 68 tests in a row"). Scattered copies below the
    streak are a COPY CASCADE line further down, not a collapse."""
    if (record.agent or {}).get("session") == "isolated" or is_reference(record):
        return []
    ids = ((record.fingerprint_inputs or {}).get("suite") or {}).get("tests") or []
    out = []
    for r in record.repeats:
        c = r.cascade or {}
        if not is_collapse(c):
            continue
        start = c.get("streak_start")
        # the first copy's source is the streak's answer's only when the streak begins there
        src = c.get("source_test") if start == c.get("first_test") else None
        where = (f"at {src}" + (" (its first answer)" if ids and src == ids[0] else "")
                 if src else f"from {start}")
        out.append(f"COLLAPSED {where} in repeat {r.repeat} (seed {r.seed}): answer "
                   f"{c.get('answer')!r} copied into {c.get('longest_streak')} tests in a row from "
                   f"{start} ({c.get('copies')} copies in all); score {r.score}/{r.n}")
    return out


def stopped_lines(record: RunRecord, run_dir: Path | None) -> list[str]:
    """First lines, after any collapse, for a single-session repeat that stopped answering (at least
    COLLAPSE_STREAK tests in a row with one unanswered outcome: lab.records.cascade.
    stopped_answering) — no copied answer, so no collapse, but its score says as little about the
    vocabulary. Read from tests.csv: the record keeps outcome counts, not their order."""
    if (run_dir is None or (record.agent or {}).get("session") == "isolated" or is_reference(record)
            or not any(r.outcomes.get(o, 0) for r in record.repeats for o in UNANSWERED)):
        return []
    try:
        rows = read_tests_csv(Path(run_dir) / TESTS_FILE)
    except (LabError, OSError):
        return []
    out = []
    stopped = stopped_by_repeat(rows)
    for r in record.repeats:
        u = stopped.get(r.repeat)
        if u and not is_collapse(r.cascade or {}):
            out.append(f"STOPPED ANSWERING in repeat {r.repeat} (seed {r.seed}): {u.streak} tests in a "
                       f"row ended {u.outcome} from {u.start} (no copied answer: not a collapse); "
                       f"score {r.score}/{r.n}")
    return out


def format_summary(record: RunRecord, run_dir: Path | None = None) -> str:
    m = record.model
    cfg = record.config
    git = record.git or {}
    lines = [*collapse_lines(record), *stopped_lines(record, run_dir),
             f"run {run_dir or record.run_id}  [{record.status}]  experiment {record.experiment}",
             f"model {m.get('name')} ({m.get('backend')}"
             + (f", {m['quantization']}" if m.get("quantization") else "")
             + (f", n_ctx {m['context_length']}" if m.get("context_length") else "") + ")"
             f"  vocab {cfg.get('vocab', {}).get('name')}  tools {cfg.get('tools', {}).get('name')}"
             f"  suite {record.suite['name']} ({record.suite['tests']} tests)"
             f"  session {record.agent['session']}, context {record.agent['context_policy']}"
             f"  prompt {(record.templates or {}).get('name') or '-'}"
             f"  tool_choice {record.agent.get('tool_choice', 'auto')}",
             f"fingerprint {(record.fingerprint or '-')[:12]}  numerics {of_record(record).label}  git "
             + ((git["revision"][:10] + (" (dirty)" if git.get("dirty") else "")) if git.get("revision")
                else "-")]
    head = f"{'repeat':>6} {'seed':>5} {'score':>7}  " + " ".join(f"{_SHORT[o]:>5}" for o in OUTCOMES) \
        + f" {'wall s':>8} {'gen t/s':>7} {'cache':>6} {'evict':>5}"
    lines += ["", head]
    for r in record.repeats:
        cache = f"{r.cache_reuse:.2f}" if r.cache_reuse is not None else "-"
        tps = f"{r.generation_tps:.1f}" if r.generation_tps else "-"
        lines.append(f"{r.repeat:>6} {r.seed if r.seed is not None else '-':>5} "
                     f"{r.score:>3}/{r.n:<3}  " + " ".join(f"{r.outcomes.get(o, 0):>5}" for o in OUTCOMES)
                     + f" {r.wall_s:>8.1f} {tps:>7} {cache:>6} {len(r.evictions):>5}")
    cats = sorted({c for r in record.repeats for c in r.by_category})
    if cats:
        lines += ["", "per category (pass/n per repeat):"]
        for c in cats:
            cells = [f"{r.by_category[c]['pass']}/{r.by_category[c]['n']}" if c in r.by_category else "-"
                     for r in record.repeats]
            lines.append(f"  {c:<4} " + "  ".join(f"{x:>6}" for x in cells))
    total = {o: sum(r.outcomes.get(o, 0) for r in record.repeats) for o in OUTCOMES}
    infra = {o: sum(r.infrastructure.get(o, 0) for r in record.repeats) for o in OUTCOMES}
    model_side = ", ".join(f"{o} {total[o] - infra[o]}" for o in OUTCOMES
                           if o != CRASH and total[o] - infra[o])
    infra_side = ", ".join(f"{o} {n}" for o, n in infra.items() if n)
    crashes = total.get(CRASH, 0) - infra.get(CRASH, 0)
    lines += ["", f"outcomes (model): {model_side or '-'}",
              f"infrastructure (not the model): {infra_side or 'none'}",
              f"lab crashes (neither; tracebacks in the transcripts, `lab show RUN --test ID`): "
              f"{crashes or 'none'}"]
    lines += api_error_lines(record, run_dir)
    if crashes or any(infra.values()):
        lines.append("the score counts these tests as not passed; the run stays failed until "
                     "`lab resume` has run them again")
    lines += continued_lines(record)
    prompt = sum(r.prompt_tokens for r in record.repeats)
    cached = sum(r.cached_tokens for r in record.repeats)
    steady = [r.cache_reuse_between_evictions for r in record.repeats
              if r.cache_reuse_between_evictions is not None]
    lines.append(f"tokens: prompt {prompt} (cached {cached / prompt:.0%}"
                 + (f", between evictions {min(steady):.0%}" if steady else "") + ")"
                 if prompt else "tokens: prompt 0")
    lines[-1] += f", completion {sum(r.completion_tokens for r in record.repeats)}"
    lines += _tool_use_lines(record)
    if record.findings:
        lines += ["", f"findings ({len(record.findings)}): the whole finding (both causes and "
                      f"fixes) is `findings` in run.json, or `lab contamination`"]
        for f in record.findings:
            lines.append(f"  {f['code']}: {f['document']} quotes {len(f['queries'])} golden queries")
    else:
        lines += ["", "findings: none"]
    if record.status in ("interrupted", "failed", "running"):
        lines += ["", f"{record.status}"
                  + (f": {record.error}" if record.error else "")
                  + f"; continue it with: lab resume {run_dir or record.run_id}"]
    return "\n".join(lines)


def summary_json(record: RunRecord, run_dir: Path | None = None) -> dict:
    """What the summary says, as one JSON object (`lab run --format json`, `run.summary=json`):
    the run's axes, status, fingerprint, every repeat's score, outcomes, categories, tokens, tool
    use and cascade, the mean, and the contamination findings."""
    reps = [asdict(r) for r in record.repeats]
    scores = [r.score for r in record.repeats]
    return {"run_dir": str(run_dir) if run_dir else None, **run_columns(record),
            "status": record.status, "error": record.error, "fingerprint": record.fingerprint,
            "numerics": of_record(record).id,
            "repeats_planned": record.planned_repeats, "scores": scores,
            "n": record.repeats[0].n if record.repeats else (record.suite or {}).get("tests"),
            "mean": sum(scores) / len(scores) if scores else None,
            "started_at": record.started_at, "ended_at": record.ended_at,
            "repeats": reps, "findings": list(record.findings)}
