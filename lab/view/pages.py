"""The pages of `lab view`, rendered on the server from the live `Results` (lab/view/live.py).

Each page is a frame (navigation, scripts) around one `<main id="live">`; the script in
lab/view/static/view.js polls `/api/version` and, when the results changed, fetches the same URL
with `?fragment=1` and swaps only the inside of `#live` (filters and search are kept).

Numbers come from the lab's own functions: cells from `lab.analysis.frame_stats.cell_scores`, cell
labels from `lab.analysis.cell_axes` / `cell_labels`, the two-run comparison from
`lab.analysis.cell_pairs.compare` (the lab's one comparison, lab.stats), transcripts through
`lab.analysis.transcript.test_html` (the report's transcript pages).
"""

from __future__ import annotations

import dataclasses
import html
import json
from urllib.parse import urlencode

import pandas as pd

from lab.analysis import cell_axes, cell_labels
from lab.analysis.transcript import badge, test_html
from lab.records.numerics import describe_difference, of_record
from lab.view.live import LiveResults
from lab.view.matrix import matrix_html, transcript_url

e = html.escape
#: a transcript page shows this many messages at a time
MESSAGES_PER_PAGE = 40
#: a message (or tool result) longer than this is cut, with a note
MAX_MESSAGE_CHARS = 20_000


def frame(title: str, body: str, version: int, *, live: bool = True) -> str:
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{e(title)} · lab view</title><link rel='stylesheet' href='/static/view.css'>"
            "</head><body><nav><b>lab view</b> <a href='/'>runs</a> <a href='/matrix'>matrix</a> "
            "<a href='/compare'>compare</a> <span id='live-state' class='note'></span></nav>"
            f"<main id='live' data-version='{version}' data-live='{int(live)}'>{body}</main>"
            "<script src='/static/view.js'></script></body></html>\n")


def _num(v, digits: int = 1) -> str:
    if v is None or (isinstance(v, float) and pd.isna(v)):
        return "–"
    return f"{v:.{digits}f}" if isinstance(v, float) else str(v)


def _table(head: list[str], rows: list[list[str]], cls: str = "") -> str:
    return (f"<table class='{cls}'><thead><tr>" + "".join(f"<th>{h}</th>" for h in head)
            + "</tr></thead><tbody>" + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>"
                                               for r in rows) + "</tbody></table>")


def _cell_frame(live: LiveResults):
    """(runs with a `cell` label column, the cell axes) over every loaded run."""
    runs = live.merged.runs
    if runs.empty:
        return runs, []
    by = cell_axes(runs)
    return runs.assign(cell=cell_labels(runs, by).to_numpy()), by


def _in_progress(tests: pd.DataFrame) -> dict[str, str]:
    """run_id -> "repeat k: p/n so far" for repeats still being written."""
    if tests.empty:
        return {}
    t = tests[~tests["complete"]]
    out: dict[str, str] = {}
    for (rid, rep), g in t.groupby(["run_id", "repeat"], sort=False):
        out[rid] = (out.get(rid, "") + f" repeat {rep}: {int(g['passed'].sum())}/{len(g)} so far").strip()
    return out


# -- index: runs, cells, sweeps, problems ---------------------------------------------------------

def index_page(live: LiveResults) -> str:
    res = live.merged
    runs, by = _cell_frame(live)
    writing = live.writing()
    partial = _in_progress(res.tests)
    scores = {rid: ", ".join(str(int(s)) for s in g["score"])
              for rid, g in res.repeats.groupby("run_id", sort=False)} if len(res.repeats) else {}
    body = [f"<h1>Runs <span class='note'>under {e(', '.join(map(str, live.paths)))}</span></h1>"]
    if runs.empty:
        body.append("<p class='note'>No runs yet. This page updates when one starts.</p>")
    else:
        rows = []
        for r in runs.iloc[::-1].itertuples():
            planned = "?" if pd.isna(r.repeats_planned) else int(r.repeats_planned)
            status = e(r.status) + (f" <span class='writing' title='{e(writing[r.run_id])}'>writing</span>"
                                    if r.run_id in writing else "")
            rows.append([f"<a href='/run/{e(r.run_id)}'>{e(r.run_id)}</a>", e(r.experiment), e(r.cell),
                         f"<span class='status {e(r.status)}'>{status}</span>",
                         f"{int(r.repeats_complete)}/{planned}", e(scores.get(r.run_id, "")),
                         e(partial.get(r.run_id, "")), _num(r.mean_score), e(str(r.started_at))])
        body.append(_table(["run", "experiment", "cell", "status", "repeats", "score per repeat",
                            "in progress", "mean", "started"], rows, "runs"))
        newest = list(runs["run_id"])[::-1]
        body.append(_compare_form(runs, newest[0], newest[1] if len(newest) > 1 else None))
        body.append(cells_html(live))
    body.append(sweeps_html(live))
    problems = live.problems
    body.append("<h2>Problems</h2>" + ("<ul class='problems'>" + "".join(f"<li>{e(p)}</li>" for p in problems)
                                       + "</ul>" if problems else "<p class='note'>none</p>"))
    return "\n".join(body)


def cells_html(live: LiveResults) -> str:
    from lab.analysis import frame_stats as stats

    res = live.merged
    runs, by = _cell_frame(live)
    out = ["<h2>Cells</h2><p class='note'>A cell is " + e(" × ".join(by)) + ". Complete repeats only; "
           "spread is over repeats (sd, min–max, swing = max − min); CI: bootstrap of the mean over "
           "repeats, as the report computes it.</p>"]
    if res.repeats.empty:
        return out[0] + "<p class='note'>No complete repeat yet.</p>"
    cells = stats.cell_scores(res.repeats, by)
    labels = cell_labels(cells, by).to_numpy() if len(cells) else []
    rows = [[e(lbl), str(int(c.runs)), str(int(c.repeats)), e(str(c.n)), e(c.scores), _num(c.mean),
             _num(c.sd), f"{c.min:.0f}–{c.max:.0f}", f"{c.swing:.0f}", f"{c.ci_low:.1f}–{c.ci_high:.1f}"]
            for lbl, c in zip(labels, cells.itertuples())]
    return out[0] + _table(["cell", "runs", "repeats", "n", "score per repeat", "mean", "sd", "min–max",
                            "swing", f"{int(cells['ci_level'].iloc[0] * 100)}% CI"], rows, "cells")


def sweeps_html(live: LiveResults) -> str:
    if not live.sweeps:
        return "<h2>Sweeps</h2><p class='note'>none</p>"
    out = ["<h2>Sweeps</h2>"]
    for s in live.sweeps:
        rows = [[str(c.get("num")), e(c.get("swept") or ""), e(c.get("status") or "?"),
                 (f"<a href='/run/{e(c['run_id'])}'>{e(c['run_id'])}</a>" if c.get("run_id") else "–"),
                 e((c.get("error") or "")[:300])] for c in s.cells]
        out.append(f"<h3>{e(s.experiment)} / {e(s.path.name)} "
                   f"<span class='note'>{'ended (summary.md written)' if s.summary else 'running or stopped'}"
                   f" · <a href='/matrix?{urlencode({'sweep': str(s.path)})}'>matrix</a></span></h3>"
                   + _table(["#", "swept", "status", "run", "error"], rows, "sweep"))
    return "\n".join(out)


def _compare_form(runs: pd.DataFrame, a: str | None = None, b: str | None = None) -> str:
    def options(sel):
        return "".join(f"<option value='{e(r.run_id)}'{' selected' if r.run_id == sel else ''}>"
                       f"{e(r.run_id)} · {e(r.cell)}</option>" for r in runs.iloc[::-1].itertuples())
    return ("<form class='compare' action='/compare'>Compare <select name='a'>" + options(a)
            + "</select> with <select name='b'>" + options(b) + "</select> <button>compare</button></form>")


# -- matrix ---------------------------------------------------------------------------------------

def matrix_page(live: LiveResults, *, experiment: str | None = None, sweep: str | None = None) -> str:
    res = live.merged
    runs, by = _cell_frame(live)
    if runs.empty or res.tests.empty:
        return "<h1>Test × variant</h1><p class='note'>No test rows yet.</p>"
    pick = runs
    if experiment:
        pick = pick[pick["experiment"] == experiment]
    if sweep:
        ids = {c.get("run_id") for s in live.sweeps if str(s.path) == sweep for c in s.cells}
        pick = pick[pick["run_id"].isin(ids)]
    exps = sorted(set(runs["experiment"]))
    chooser = ("<form class='scope'>experiment <select name='experiment' onchange='this.form.submit()'>"
               "<option value=''>all</option>" + "".join(
                   f"<option{' selected' if x == experiment else ''}>{e(x)}</option>" for x in exps)
               + "</select></form>")
    tests = res.tests[res.tests["run_id"].isin(set(pick["run_id"]))]
    label = dict(zip(pick["run_id"], cell_labels(pick, cell_axes(pick)).to_numpy())) if len(pick) else {}
    body = (f"<h1>Test × variant <span class='note'>{len(pick)} run(s), columns: "
            f"{e(' × '.join(v for v in cell_axes(pick) if pick[v].nunique() > 1) or 'one cell')}</span></h1>"
            + chooser + "<p class='note'>Rows: tests; columns: cells. p/n = passes over attempts; "
            "differing = its pass rate is not the same in every column that ran it (one column: its "
            "repeats disagree); attempts of a repeat still running count, marked with a dashed "
            "outline.</p>")
    return body + matrix_html(tests, tests["run_id"].map(label))


def run_page(live: LiveResults, run_id: str) -> str | None:
    res = live.merged
    rec = res.records.get(run_id)
    if rec is None:
        return None
    runs, by = _cell_frame(live)
    r = runs[runs["run_id"] == run_id].iloc[0]
    writing = live.writing().get(run_id)
    reps = [[str(x.repeat), str(x.seed), f"{x.score}/{x.n}", _num(x.wall_s), str(x.prompt_tokens),
             str(x.completion_tokens)] for x in rec.repeats]
    partial = _in_progress(res.tests[res.tests["run_id"] == run_id]) if len(res.tests) else {}
    info = [["experiment", e(rec.experiment)], ["cell", e(r.cell)],
            ["status", e(rec.status) + (f" (newest line still being written: {e(writing)})" if writing else "")],
            ["fingerprint", e(str(rec.fingerprint or "–"))],
            ["numerics", e(of_record(rec).label) + " <span class='note'>(how the machine computed: "
             "docs/numerics.md)</span>"], ["started / ended", e(f"{rec.started_at} / {rec.ended_at or '–'}")],
            ["folder", e(str(live.run_dir(run_id)))], ["in progress", e(partial.get(run_id, "–"))]]
    if rec.error:
        info.append(["error", f"<pre>{e(rec.error)}</pre>"])
    tests = res.tests[res.tests["run_id"] == run_id] if len(res.tests) else res.tests
    body = [f"<h1>Run {e(run_id)}</h1>", _table(["", ""], info, "info"), "<h2>Repeats</h2>",
            _table(["repeat", "seed", "score", "wall s", "prompt tokens", "completion tokens"], reps, "repeats")
            if reps else "<p class='note'>No complete repeat yet.</p>",
            "<h2>Tests × repeats</h2>"]
    if len(tests):
        body.append(matrix_html(tests, tests["repeat"].map(lambda k: f"repeat {k}")))
    else:
        body.append("<p class='note'>No test rows yet.</p>")
    if rec.findings:
        body.append("<h2>Contamination findings</h2><ul>" + "".join(
            f"<li><code>{e(str(f.get('code')))}</code> {e(str(f.get('document')))}: {e(str(f.get('message')))}</li>"
            for f in rec.findings[:200]) + "</ul>")
    return "\n".join(body)


# -- compare --------------------------------------------------------------------------------------

def compare_page(live: LiveResults, a: str | None, b: str | None) -> str:
    from lab.analysis.cell_pairs import compare, per_test

    res = live.merged
    runs, by = _cell_frame(live)
    if len(runs) < 2:
        return "<h1>Compare two runs</h1><p class='note'>Needs two runs.</p>"
    ids = list(runs["run_id"])
    a = a if a in ids else ids[-1]
    b = b if b in ids else next(x for x in reversed(ids) if x != a)
    body = ["<h1>Compare two runs</h1>", _compare_form(runs, a, b)]
    side = []
    for rid in (a, b):
        r = runs[runs["run_id"] == rid].iloc[0]
        rec = res.records[rid]
        side.append(f"<div class='side'><h3><a href='/run/{e(rid)}'>{e(rid)}</a></h3>"
                    f"<p>{e(r.cell)} · {e(r.status)}</p><p>scores per repeat: "
                    f"{e(', '.join(str(x.score) for x in rec.repeats) or '–')}</p>"
                    f"<p>mean {_num(r.mean_score)}</p></div>")
    body.append("<div class='sides'>" + "".join(side) + "</div>")
    note = describe_difference(of_record(res.records[a]), of_record(res.records[b]))
    if note:
        body.append(f"<p class='problem'>{e(note)}: the difference includes the machines' arithmetic.</p>")
    t = res.complete_tests
    try:
        c = compare(t, {"run_id": a}, {"run_id": b})
    except ValueError as err:
        body.append(f"<p class='problem'>No comparison: {e(str(err))}</p>")
        return "\n".join(body)
    lvl = f"{round(c.level * 100)}%"
    ci = ("–" if c.ci_low is None or c.ci_high is None else f"{c.ci_low:+.1f} … {c.ci_high:+.1f}")
    body.append("<h2>Paired comparison <span class='note'>(the lab's one comparison: lab.stats, "
                "as in lab diff and the report)</span></h2>")
    body.append(_table(["tests", "repeats", "mean a", "mean b", "diff (a − b)", f"{lvl} CI", "p",
                        "effect size", "min. detectable", "beyond noise"],
                       [[str(c.tests), f"{c.repeats_cand} vs {c.repeats_base}", _num(c.mean_cand),
                         _num(c.mean_base), f"{c.diff:+.1f}", ci, _num(c.p_value, 3),
                         _num(c.effect_size, 2), _num(c.mde), "yes" if c.p_value is not None and
                         c.p_value < c.alpha else "no"]], "comparison"))
    body.append(f"<p class='note'>diff = mean score of a − mean score of b on their common tests; "
                f"{e(c.method)} with the {e(c.unit)} as the unit ({e(c.session)} session: "
                + ("tests of one conversation are correlated, so the repeat is the cluster"
                   if c.unit == "repeat" else "tests are independent and paired across the runs")
                + "). See docs/statistics.md.</p>")
    try:
        effects = per_test(t, {"run_id": a}, {"run_id": b}, alpha=c.alpha)
    except ValueError:
        return "\n".join(body)
    rows = [[f"<a href='{e(transcript_url(a, 0, x.test_id))}'>{e(x.test_id)}</a>",
             _num(x.cand_pass / x.cand_n, 2), _num(x.base_pass / x.base_n, 2),
             "a" if x.delta > 0 else "b", _num(x.p_holm, 3)]
            for x in effects if x.flipped]
    a_fav = sum(1 for x in effects if x.flipped and x.delta > 0)
    body.append(f"<h2>Tests that differ <span class='note'>{a_fav} favour a, {len(rows) - a_fav} favour b; "
                f"exact per-test test ({e(effects[0].method if effects else '–')}), Holm over "
                f"{effects[0].family if effects else 0} tests</span></h2>")
    body.append(_table(["test", "pass rate a", "pass rate b", "favours", "p (Holm)"], rows, "differ")
                if rows else "<p class='note'>none</p>")
    return "\n".join(body)


# -- transcript -----------------------------------------------------------------------------------

def transcript_page(live: LiveResults, run_id: str, repeat: int, test_id: str, page: int) -> tuple[str, bool]:
    """(HTML, found). Long conversations are paged, long messages cut, each with a note."""
    from lab.errors import LabError

    idx = live.transcript(run_id, repeat)
    back = f"<p><a href='/run/{e(run_id)}'>← run {e(run_id)}</a></p>"
    if idx is None:
        return f"<h1>{e(test_id)}</h1><p class='problem'>No run {e(run_id)}.</p>", False
    try:
        r = idx.read(test_id)
    except LabError as err:
        return back + f"<h1>{e(test_id)}</h1><p class='problem'>{e(str(err))}</p>", True
    if r is None:
        return (back + f"<h1>{e(test_id)}</h1><p class='note'>Not in the transcript of repeat {repeat} yet "
                "(this page updates when it is written).</p>"), False
    ids = list(idx.entries)
    pos = ids.index(test_id)
    nav = " ".join(x for x in (
        f"<a href='{e(transcript_url(run_id, repeat, ids[pos - 1]))}'>← {e(ids[pos - 1])}</a>" if pos else "",
        f"<a href='{e(transcript_url(run_id, repeat, ids[pos + 1]))}'>{e(ids[pos + 1])} →</a>"
        if pos + 1 < len(ids) else "") if x)
    n_msg = len(r.messages)
    pages = max(1, -(-n_msg // MESSAGES_PER_PAGE))
    page = min(max(page, 1), pages)
    lo, hi = (page - 1) * MESSAGES_PER_PAGE, page * MESSAGES_PER_PAGE
    cut = 0
    msgs = []
    for m in r.messages[lo:hi]:
        m = dict(m)
        content = m.get("content") or ""
        if isinstance(content, str) and len(content) > MAX_MESSAGE_CHARS:
            cut += 1
            m["content"] = (content[:MAX_MESSAGE_CHARS] + f"\n… [{len(content) - MAX_MESSAGE_CHARS:,} more "
                            f"characters cut; the whole text: lab show {run_id} --test {test_id} --repeat {repeat}]")
        msgs.append(m)
    shown = dataclasses.replace(r, messages=msgs)
    notes = []
    if pages > 1:
        links = " ".join(f"<b>{p}</b>" if p == page else
                         f"<a href='{e(transcript_url(run_id, repeat, test_id))}&page={p}'>{p}</a>"
                         for p in range(1, pages + 1))
        notes.append(f"<p class='note pages'>{n_msg} messages; showing {lo + 1}–{min(hi, n_msg)} · page {links}</p>")
    if cut:
        notes.append(f"<p class='note'>{cut} long message(s) cut at {MAX_MESSAGE_CHARS:,} characters.</p>")
    hdr = idx.header
    system = str(hdr.get("system", ""))
    tools = json.dumps(hdr.get("tools", []), indent=2, ensure_ascii=False)
    session = ("<details><summary>system prompt and tools of repeat " + str(repeat) + "</summary>"
               f"<pre>{e(system[:MAX_MESSAGE_CHARS])}</pre><pre>{e(tools[:MAX_MESSAGE_CHARS])}</pre></details>")
    body = (back + f"<h1>{e(test_id)} <span class='note'>run {e(run_id)} · repeat {repeat}</span> "
            f"{badge(r.outcome)}</h1><p>{nav}</p>" + session + "".join(notes)
            + test_html(shown, open_=True) + "".join(notes[:1]))
    return body, True
