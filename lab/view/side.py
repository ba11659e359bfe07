"""One test across variants, side by side: the same test's transcript in two or more cells.

For a response-vocabulary lab this is the central view: what did the tool answer in each
variant, what differs between those answers, and what did the model then say. The page lines up
the sides' tool calls (call 1 with call 1, ...) and shows each response's JSON with the fields
that differ highlighted — a field present in one side only (`maybe_exts` in one vocabulary, not
in the other) or with another value — and the answers with their differing characters marked.

Pure functions over `TestResult`s; lab/view/pages.py reads the transcripts (bounded) and frames
the page.
"""

from __future__ import annotations

import difflib
import html
import json
import re
from dataclasses import dataclass

from lab.analysis.transcript import badge

e = html.escape
#: a side's text longer than this is cut (with a note) before it is diffed or shown
MAX_CHARS = 20_000
#: at most this many sides on one page
MAX_SIDES = 8

_MISSING = object()
#: an answer is diffed by these parts (a path's names and separators), not by characters
_TOKEN = re.compile(r"[^/._\-\s]+|[/._\-\s]")


@dataclass
class Response:
    """One tool call of one side and what the tool answered."""
    name: str
    arguments: str
    content: str                 # as the model read it (cut at MAX_CHARS)
    parsed: object               # its JSON, or _MISSING when it is not JSON
    is_error: bool = False


def responses(r) -> list[Response]:
    """The tool calls of a TestResult with their responses, in call order."""
    calls = {c.id: c for c in r.tool_calls if c.id}
    pending = list(r.tool_calls)
    out = []
    for m in r.messages:
        if m.get("role") != "tool":
            continue
        call = calls.get(m.get("tool_call_id")) or (pending[0] if pending else None)
        if call in pending:
            pending.remove(call)
        content = m.get("content") or ""
        content = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
        content = content[:MAX_CHARS]
        try:
            parsed = json.loads(content)
        except ValueError:
            parsed = _MISSING
        args = "" if call is None else (call.arguments if isinstance(call.arguments, str)
                                         else json.dumps(call.arguments, ensure_ascii=False))
        out.append(Response(m.get("name") or (call.name if call else "?"), args, content, parsed,
                            bool(call and call.is_error)))
    for call in pending:                     # a call that got no response (malformed, cut off)
        args = call.arguments if isinstance(call.arguments, str) else json.dumps(call.arguments,
                                                                                  ensure_ascii=False)
        out.append(Response(call.name, args, "(no response: " + (call.malformed or "not run") + ")",
                            _MISSING, True))
    return out


def flatten(obj, prefix: str = "") -> dict[str, object]:
    """JSON as {path: leaf value}: `candidates[0].path`, `maybe_exts[1]`; an empty dict or list
    is a leaf of its own."""
    out: dict[str, object] = {}
    if isinstance(obj, dict) and obj:
        for k, v in obj.items():
            out.update(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
    elif isinstance(obj, list) and obj:
        for i, v in enumerate(obj):
            out.update(flatten(v, f"{prefix}[{i}]"))
    else:
        out[prefix] = obj
    return out


def differing_paths(parsed: list) -> dict[str, str]:
    """Over the sides' parsed responses: path -> how it differs ("only in 1, 3" / "differs"), for
    every leaf not the same in every side. A side that is not JSON takes no part."""
    flat = [flatten(p) for p in parsed if p is not _MISSING]
    if len(flat) < 2:
        return {}
    paths = list(dict.fromkeys(k for f in flat for k in f))
    out = {}
    for path in paths:
        present = [i for i, f in enumerate(flat) if path in f]
        if len(present) < len(flat):
            out[path] = "only in " + ", ".join(str(i + 1) for i in present)
        elif len({json.dumps(f[path], sort_keys=True) for f in flat}) > 1:
            out[path] = "differs"
    return out


def _under(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith(prefix + ".") or path.startswith(prefix + "[")


def json_html(obj, diff: dict[str, str]) -> str:
    """The response as _pretty prints it (one top-level key a line, one list item a line), each
    line holding a differing field marked `diff`; the keys and items themselves inside it too."""
    if not isinstance(obj, dict) or not obj:
        text = json.dumps(obj, indent=2, ensure_ascii=False)
        return f"<pre class='json{' diff' if diff else ''}'>{e(text)}</pre>"
    dump = lambda v: json.dumps(v, ensure_ascii=False)  # noqa: E731
    lines, last = ["{"], len(obj) - 1
    for i, (k, v) in enumerate(obj.items()):
        comma = "," if i < last else ""
        key = str(k)
        if isinstance(v, list) and v and all(isinstance(x, (dict, list)) for x in v):
            lines.append(_line(f"  {dump(k)}: [", key, diff))
            for j, x in enumerate(v):
                lines.append(_item(f"{key}[{j}]", x, diff, "," if j < len(v) - 1 else ""))
            lines.append(f"  ]{comma}")
        else:
            lines.append(_line(f"  {dump(k)}: {dump(v)}{comma}", key, diff))
    return "<pre class='json'>" + "\n".join(lines + ["}"]) + "</pre>"


def _line(text: str, path: str, diff: dict[str, str]) -> str:
    hits = [p for p in diff if _under(p, path)]
    if not hits:
        return e(text)
    title = "; ".join(f"{p}: {diff[p]}" for p in hits[:20])
    cls = "only" if all(diff[p].startswith("only") for p in hits) else "diff"
    return f"<span class='{cls}' title='{e(title)}'>{e(text)}</span>"


def _item(path: str, item, diff: dict[str, str], comma: str) -> str:
    """One list item (a candidate) on one line, each differing field inside it marked."""
    hits = [p for p in diff if _under(p, path)]
    if not hits:
        return "    " + e(json.dumps(item, ensure_ascii=False)) + comma
    whole = all(diff[p].startswith("only") for p in hits)
    if not isinstance(item, dict) or whole:
        return (f"    <span class='{'only' if whole else 'diff'}' "
                f"title='{e('; '.join(f'{p}: {diff[p]}' for p in hits[:20]))}'>"
                + e(json.dumps(item, ensure_ascii=False)) + "</span>" + comma)
    parts = []
    for k, v in item.items():
        text = f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
        sub = [p for p in hits if _under(p, f"{path}.{k}")]
        cls = "only" if sub and all(diff[p].startswith("only") for p in sub) else "diff"
        parts.append(f"<span class='{cls}' title='{e('; '.join(f'{p}: {diff[p]}' for p in sub[:20]))}'>"
                     f"{e(text)}</span>" if sub else e(text))
    return "    {" + ", ".join(parts) + "}" + comma


def answer_html(answers: list[str | None]) -> list[str]:
    """Each side's answer; where the answers are not all the same, the characters that differ
    from side 1's answer marked (side 1: those that differ from side 2's)."""
    texts = [(a or "")[:MAX_CHARS] for a in answers]
    if len(set(texts)) <= 1:
        return [f"<code>{e(t) or '–'}</code>" for t in texts]
    out = []
    for i, t in enumerate(texts):
        ref = texts[1] if i == 0 else texts[0]
        if t == ref:
            out.append(f"<code>{e(t) or '–'}</code>")
            continue
        a, b = _TOKEN.findall(ref), _TOKEN.findall(t)        # path parts, not characters
        sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
        parts = []
        for op, _, _, j1, j2 in sm.get_opcodes():
            seg = e("".join(b[j1:j2]))
            parts.append(seg if op == "equal" else f"<mark>{seg}</mark>" if seg else "")
        out.append("<code class='answer-diff'>" + ("".join(parts) or "–") + "</code>")
    return out


def side_by_side_html(sides: list[tuple[str, object]], *, link_of=None) -> str:
    """`sides`: (header HTML, TestResult) per side, in column order. The answers and outcomes
    first, then the tool calls lined up with their responses' differing fields highlighted,
    then each side's whole conversation."""
    n = len(sides)
    heads = "".join(f"<th class='side-head'>{i + 1}. {h}</th>" for i, (h, _) in enumerate(sides))
    rs = [r for _, r in sides]
    rows = [
        "<tr><th>outcome</th>" + "".join(f"<td>{badge(r.outcome)} {e(r.detail or '')}</td>" for r in rs),
        "<tr><th>answer</th>" + "".join(f"<td>{a}</td>" for a in answer_html([r.answer for r in rs])),
        "<tr><th>tool calls</th>" + "".join(f"<td>{len(r.tool_calls)}</td>" for r in rs),
        "<tr><th>tokens</th>" + "".join(f"<td>prompt {r.prompt_tokens}, completion {r.completion_tokens}"
                                        f"</td>" for r in rs),
        "<tr><th>turns</th>" + "".join(f"<td>{r.turns}</td>" for r in rs),
    ]
    out = ["<table class='side'><thead><tr><th></th>" + heads + "</tr></thead><tbody>"
           + "</tr>".join(rows) + "</tr></tbody></table>"]
    calls = [responses(r) for r in rs]
    k = max((len(c) for c in calls), default=0)
    out.append("<h2>Tool responses <span class='note'>call by call; a field present in some sides "
               "only, or with another value, is highlighted (hover: which)</span></h2>")
    if not k:
        out.append("<p class='note'>No tool call in any side.</p>")
    for j in range(k):
        here = [c[j] if j < len(c) else None for c in calls]
        diff = differing_paths([h.parsed if h is not None else _MISSING for h in here])
        # positions in `diff` say "only in 1, 3" counting the JSON sides: name the sides instead
        json_sides = [i for i, h in enumerate(here) if h is not None and h.parsed is not _MISSING]
        diff = {p: _renumber(v, json_sides) for p, v in diff.items()}
        said = _summarise(diff, [h.parsed for h in here if h is not None and h.parsed is not _MISSING],
                          json_sides)
        summary = (", ".join(f"<code>{e(p)}</code> ({e(v)})" for p, v in said[:12])
                   + (f" and {len(said) - 12} more" if len(said) > 12 else "")) if diff else (
            "the same in every side" if len(json_sides) > 1 else "")
        out.append(f"<h3>call {j + 1} <span class='note'>{'fields that differ: ' if diff else ''}"
                   f"{summary}</span></h3>")
        cells = []
        for h in here:
            if h is None:
                cells.append("<td class='none'>no such call</td>")
                continue
            body = (json_html(h.parsed, diff) if h.parsed is not _MISSING
                    else f"<pre>{e(h.content)}</pre>")
            cells.append(f"<td><div class='role'>{e(h.name)}({e(h.arguments[:500])})"
                         f"{' · error' if h.is_error else ''}</div>{body}</td>")
        out.append("<table class='side calls'><thead><tr>" + "".join(
            f"<th class='side-head'>{i + 1}.</th>" for i in range(n)) + "</tr></thead><tbody><tr>"
            + "".join(cells) + "</tr></tbody></table>")
    out.append("<h2>Conversations</h2><div class='side-msgs' style='grid-template-columns:repeat("
               f"{n},minmax(0,1fr))'>")
    for i, r in enumerate(rs):
        msgs = "".join(
            f"<div class='msg {e(str(m.get('role', '?')))}'><div class='role'>{e(str(m.get('role', '?')))}"
            f"</div><pre>{e(_text(m.get('content'))[:MAX_CHARS])}</pre></div>" for m in r.messages[:200])
        more = (f"<p class='note'>{len(r.messages) - 200} more messages: open the transcript</p>"
                if len(r.messages) > 200 else "")
        link = f" <a href='{e(link_of(i))}'>transcript</a>" if link_of else ""
        out.append(f"<div><div class='role'>{i + 1}.{link}</div>{msgs}{more}</div>")
    out.append("</div>")
    return "\n".join(out)


def _summarise(diff: dict[str, str], parsed: list, sides: list[int]) -> list[tuple[str, str]]:
    """What differs, the vocabulary's kind first: a top-level field missing from some sides
    (`maybe_exts`) said once as the field; then, per top-level field, how many values differ
    (`candidates`: 14 values differ, e.g. candidates[0].path)."""
    tops = [set(p) if isinstance(p, dict) else set() for p in parsed]
    only, values = [], {}
    for p in diff:
        key = p.split(".")[0].split("[")[0]
        where = [sides[i] + 1 for i, t in enumerate(tops) if key in t]
        if len(where) < len(tops):
            item = (key, "only in side " + ", ".join(map(str, where)))
            if item not in only:
                only.append(item)
        else:
            values.setdefault(key, []).append(p)
    out = list(only)
    for key, paths in values.items():
        if len(paths) == 1:
            out.append((paths[0], diff[paths[0]].replace("only in ", "only in side ")))
        else:
            out.append((key, f"{len(paths)} values differ, e.g. {paths[0]}"))
    return out


def _text(content) -> str:
    if isinstance(content, str):
        return content
    return json.dumps(content, ensure_ascii=False) if content is not None else ""


def _renumber(how: str, sides: list[int]) -> str:
    if not how.startswith("only in "):
        return how
    nums = [int(x) for x in how[len("only in "):].split(", ")]
    return "only in " + ", ".join(str(sides[i - 1] + 1) for i in nums)
