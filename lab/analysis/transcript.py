"""One test's transcript, readable: as text (`lab show`) and as HTML (the report's linked pages).

Shows what the source log found only by reading a per-test row: the messages in order, every tool
call with its arguments, the JSON the tool returned (pretty-printed), the tokens each response
field added, the outcome with its reason, and a crash's traceback.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from lab.records.results import TestResult
from lab.records.record import read_transcript, transcript_path


def load_repeat(run_dir: str | Path, repeat: int) -> tuple[dict, list[TestResult]]:
    """(session header, test results) of one repeat, through the one transcript reader."""
    return read_transcript(transcript_path(Path(run_dir), repeat))


def _pretty(content: str) -> str:
    """A tool's JSON, one top-level key a line and one list item (a candidate) a line; other text
    as it is."""
    try:
        obj = json.loads(content)
    except (ValueError, TypeError):
        return content
    if not isinstance(obj, dict) or not obj:
        return json.dumps(obj, indent=2, ensure_ascii=False)
    dump = lambda v: json.dumps(v, ensure_ascii=False)  # noqa: E731
    lines, last = ["{"], len(obj) - 1
    for i, (k, v) in enumerate(obj.items()):
        comma = "," if i < last else ""
        if isinstance(v, list) and v and all(isinstance(x, (dict, list)) for x in v):
            lines.append(f"  {dump(k)}: [")
            lines += [f"    {dump(x)}" + ("," if j < len(v) - 1 else "") for j, x in enumerate(v)]
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {dump(k)}: {dump(v)}{comma}")
    return "\n".join(lines + ["}"])


def _tokens(call) -> str:
    t = call.response_tokens or {}
    if not t:
        return "no response tokens (the call was not run)"
    parts = [f"{k} {v}" for k, v in (t.get("fields") or {}).items()]
    if t.get("envelope"):
        parts.append(f"envelope {t['envelope']}")
    return f"{t.get('total', 0)} tokens" + (f" = {' + '.join(parts)}" if parts else "")


def headline(r: TestResult) -> str:
    return (f"{r.test_id}  #{r.index}  position {r.position}  category {r.category}  "
            f"outcome {r.outcome}" + ("  [infrastructure]" if r.infrastructure else ""))


#: a test a resume went on with its single session at (TestResult.continued; docs/runs.md)
CONTINUED = "continued here after an interruption"
CONTINUED_WHY = "(a resume rebuilt the conversation from the transcript; its first turn prefilled it anew)"


def format_test(r: TestResult, *, width: int = 100) -> str:
    """Plain text of one test: summary, then the conversation turn by turn."""
    out = [headline(r), "=" * min(width, len(headline(r))),
           f"query     {r.query}",
           f"expected  {' | '.join(r.expected)}",
           f"answer    {r.answer if r.answer is not None else '-'}"
           + (f"   (normalized: {r.answer_normalized})" if r.answer_normalized not in (None, r.answer) else ""),
           f"outcome   {r.outcome}" + (f" - {r.detail}" if r.detail else ""),
           f"turns {r.turns}, tool calls {len(r.tool_calls)}, prompt tokens {r.prompt_tokens} "
           f"(cached {r.cached_tokens}), completion {r.completion_tokens}, context "
           f"{r.context_start} -> {r.context_end}, {r.wall_s:.2f} s"]
    if r.continued:
        out.append(f"{CONTINUED} {CONTINUED_WHY}")
    if r.evictions:
        out.append(f"evictions: {len(r.evictions)} (" + "; ".join(
            f"{e.get('tokens_before')} -> {e.get('tokens_after')} tokens" for e in r.evictions) + ")")
    out.append("")
    calls = {c.id: c for c in r.tool_calls if c.id}
    pending = list(r.tool_calls)
    for m in r.messages:
        role = m.get("role", "?")
        content = m.get("content") or ""
        if role == "tool":
            call = calls.get(m.get("tool_call_id")) or (pending[0] if pending else None)
            if call in pending:
                pending.remove(call)
            out.append(f"--- tool {m.get('name') or (call.name if call else '?')} returned"
                       + (f" ({_tokens(call)})" if call else "") + (" [error]" if call and call.is_error else ""))
            out.append(_pretty(content))
        else:
            out.append(f"--- {role}")
            out.append(content)
        out.append("")
    out.append("tool calls:")
    if not r.tool_calls:
        out.append("  (none)")
    for j, c in enumerate(r.tool_calls, 1):
        args = json.dumps(c.arguments, ensure_ascii=False) if not isinstance(c.arguments, str) else c.arguments
        out.append(f"  {j}. {c.name}({args})"
                   + (f"  MALFORMED: {c.malformed}" if c.malformed else "")
                   + ("  [tool error]" if c.is_error else "") + f"  -> {_tokens(c)}")
    if r.error:
        out += ["", "error:", r.error.rstrip()]
    return "\n".join(out)


def format_repeat_index(results: list[TestResult]) -> str:
    """One line per test of a repeat (for `lab show RUN` without --test)."""
    lines = [f"{'#':>3}  {'test':<10} {'cat':<4} {'outcome':<17} {'calls':>5} {'resp tok':>8} {'ctx end':>8}  answer"]
    for r in results:
        tok = sum((c.response_tokens or {}).get("total", 0) for c in r.tool_calls)
        lines.append(f"{r.index:>3}  {r.test_id:<10} {str(r.category or '-'):<4} {r.outcome:<17} "
                     f"{len(r.tool_calls):>5} {tok:>8} {str(r.context_end if r.context_end is not None else '-'):>8}  "
                     f"{r.answer or '-'}" + (f"   ({CONTINUED})" if r.continued else ""))
    return "\n".join(lines)


# -- HTML -----------------------------------------------------------------------------------------

OUTCOME_COLORS = {"pass": "#2e7d32", "fail": "#c62828", "no_answer": "#8e24aa", "tool_call_cap": "#ef6c00",
                  "loop": "#d84315", "timeout": "#6d4c41", "context_overflow": "#283593",
                  "malformed": "#ad1457", "api_error": "#455a64", "crash": "#b71c1c", "skipped": "#9e9e9e"}

PAGE_CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px auto;max-width:1100px;color:#222;padding:0 16px}
h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}
h3{font-size:15px;margin:18px 0 6px}
table{border-collapse:collapse;margin:8px 0 16px;font-size:12.5px}
th,td{border:1px solid #ddd;padding:3px 7px;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.num{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-size:12px}
pre{background:#f7f7f7;border:1px solid #e4e4e4;padding:8px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;font-size:12px}
.msg{margin:6px 0;border-left:4px solid #ccc;padding-left:8px}
.msg.user{border-color:#1976d2}.msg.assistant{border-color:#388e3c}.msg.tool{border-color:#f9a825}.msg.system{border-color:#757575}
.role{font-weight:600;font-size:12px;color:#555}
details.test{border:1px solid #ddd;border-radius:4px;margin:10px 0;padding:6px 10px}
details.test[open]{background:#fff}
summary{cursor:pointer}
.note{color:#555;font-size:13px}
.figure{margin:12px 0 24px}.figure img{max-width:100%;height:auto;border:1px solid #eee}
a{color:#1565c0}
"""


def badge(outcome: str) -> str:
    return (f'<span class="badge" style="background:{OUTCOME_COLORS.get(outcome, "#555")}">'
            f"{html.escape(outcome)}</span>")


def test_html(r: TestResult, *, open_: bool) -> str:
    e = html.escape
    calls = {c.id: c for c in r.tool_calls if c.id}
    pending = list(r.tool_calls)
    parts = [f'<details class="test" id="{e(r.test_id)}"{" open" if open_ else ""}>',
             f"<summary><b>{e(r.test_id)}</b> #{r.index} · category {e(str(r.category))} · "
             f"position {r.position} · {badge(r.outcome)}"
             + (" <i>(infrastructure)</i>" if r.infrastructure else "")
             + f" · {len(r.tool_calls)} tool call(s)"
             + (f" · <i>{CONTINUED}</i>" if r.continued else "") + "</summary>",
             "<table>",
             f"<tr><th>query</th><td>{e(r.query)}</td></tr>",
             f"<tr><th>expected</th><td>{e(' | '.join(r.expected))}</td></tr>",
             f"<tr><th>answer</th><td>{e(r.answer or '-')}</td></tr>",
             f"<tr><th>outcome</th><td>{badge(r.outcome)} {e(r.detail or '')}</td></tr>",
             f"<tr><th>tokens</th><td>prompt {r.prompt_tokens} (cached {r.cached_tokens}), completion "
             f"{r.completion_tokens}, context {r.context_start} → {r.context_end}</td></tr>",
             *([f"<tr><th>resumed</th><td>{CONTINUED} {e(CONTINUED_WHY)}</td></tr>"] if r.continued else []),
             "</table>"]
    for m in r.messages:
        role = m.get("role", "?")
        content = m.get("content") or ""
        label = role
        if role == "tool":
            call = calls.get(m.get("tool_call_id")) or (pending[0] if pending else None)
            if call in pending:
                pending.remove(call)
            label = f"tool {m.get('name') or (call.name if call else '?')} returned" + (
                f" · {_tokens(call)}" if call else "") + (" · error" if call and call.is_error else "")
            content = _pretty(content)
        parts.append(f'<div class="msg {e(role)}"><div class="role">{e(label)}</div><pre>{e(content)}</pre></div>')
    if r.tool_calls:
        parts.append("<table><tr><th>#</th><th>tool</th><th>arguments</th><th>response tokens by field</th></tr>")
        for j, c in enumerate(r.tool_calls, 1):
            args = json.dumps(c.arguments, ensure_ascii=False) if not isinstance(c.arguments, str) else c.arguments
            parts.append(f"<tr><td>{j}</td><td>{e(c.name)}</td><td><code>{e(args)}</code>"
                         + (f"<br><b>malformed:</b> {e(c.malformed)}" if c.malformed else "")
                         + f"</td><td>{e(_tokens(c))}</td></tr>")
        parts.append("</table>")
    if r.error:
        parts.append(f"<div class='role'>error</div><pre>{e(r.error)}</pre>")
    parts.append("</details>")
    return "\n".join(parts)


def repeat_page(title: str, header: dict, results: list[TestResult], *, back: str | None = None) -> str:
    """A self-contained HTML page of one repeat: every test, non-passing ones open, one anchor per
    test id (report links point to `page.html#<test_id>`)."""
    e = html.escape
    counts: dict[str, int] = {}
    for r in results:
        counts[r.outcome] = counts.get(r.outcome, 0) + 1
    body = [f"<h1>{e(title)}</h1>",
            (f'<p><a href="{e(back)}">← back to the report</a></p>' if back else ""),
            "<p>" + " ".join(f"{badge(o)} {n}" for o, n in counts.items()) + "</p>",
            "<details><summary>system prompt and tools</summary>"
            f"<pre>{e(header.get('system', ''))}</pre>"
            f"<pre>{e(json.dumps(header.get('tools', []), indent=2, ensure_ascii=False))}</pre></details>"]
    body += [test_html(r, open_=r.outcome != "pass") for r in results]
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{e(title)}</title><style>{PAGE_CSS}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")
