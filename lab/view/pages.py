"""The pages of `lab view`, rendered on the server from the live `Results` (lab/view/live.py).

Each page is a frame (navigation, scripts) around one `<main id="live">`; the script in
lab/view/static/view.js polls `/api/version` and, when the results changed, fetches the same URL
with `?fragment=1` and swaps only the inside of `#live` (filters and search are kept).

Numbers come from the lab's own functions: cells from `lab.analysis.frame_stats.cell_scores` grouped by
every axis (lab/view/columns.py: a column is one cell, its header `key=value` of the axes that
differ), the two-run comparison from `lab.comparisons.diff.build` — `lab diff`'s own function, so the page
says cand − base with the numbers `lab diff` prints (lab.stats) — transcripts through
`lab.analysis.transcript.test_html` (the report's transcript pages), one test across variants
through lab/view/side.py.
"""

from __future__ import annotations

import dataclasses
import html
import json
from urllib.parse import urlencode

import pandas as pd

from lab.analysis import frame_stats as stats
from lab.analysis.transcript import badge, test_html
from lab.comparisons.diff import build, comparison_lines, cpus_pair, overlap, refusal, stopped_lines
from lab.errors import LabError
from lab.records.cells import axis_of_path
from lab.records.numerics import describe_difference, of_record
from lab.records.rounds import SHOWN, rounds_of, shown
from lab.view import columns
from lab.view.live import LiveResults
from lab.view.matrix import matrix_html, side_url, transcript_url
from lab.view.side import MAX_SIDES, side_by_side_html

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


def _frames(live: LiveResults):
    """(runs, repeats, tests) of every loaded run, a limited suite written `suite[:N]`."""
    res = live.merged
    limits = columns.suite_limits(res.records)
    return tuple(columns.with_limited_suites(f, limits) for f in (res.runs, res.repeats, res.tests))


def _cell_frame(live: LiveResults):
    """(runs with a `cell` label column — `key=value` of the axes that differ among the runs —,
    those axes)."""
    runs = _frames(live)[0]
    if runs.empty:
        return runs, []
    by = columns.varying(runs)
    return runs.assign(cell=columns.labels(runs, by).to_numpy()), by


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
    scores = {rid: ", ".join(f"{int(s)}/{int(n)}" for s, n in zip(g["score"], g["n"]))
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
                         e(partial.get(r.run_id, "")), _rate(r.run_id, res.repeats),
                         e(str(r.started_at))])
        body.append(_table(["run", "experiment", "cell (the axes that differ)", "status", "repeats",
                            "score per repeat", "in progress", "pass rate", "started"], rows, "runs"))
        newest = list(runs["run_id"])[::-1]
        body.append(_compare_form(runs, newest[1] if len(newest) > 1 else None, newest[0]))
        body.append(cells_html(live))
    body.append(sweeps_html(live))
    problems = live.problems
    body.append("<h2>Problems</h2>" + ("<ul class='problems'>" + "".join(f"<li>{e(p)}</li>" for p in problems)
                                       + "</ul>" if problems else "<p class='note'>none</p>"))
    return "\n".join(body)


def _rate(run_id: str, repeats: pd.DataFrame) -> str:
    """Passes over attempts of a run's complete repeats, as a percentage (n is in the score)."""
    g = repeats[repeats["run_id"] == run_id] if len(repeats) else repeats
    n = int(g["n"].sum()) if len(g) else 0
    return f"{100 * g['score'].sum() / n:.1f}%" if n else "–"


def cells_html(live: LiveResults) -> str:
    runs, repeats, _ = _frames(live)
    out = ["<h2>Cells</h2><p class='note'>A cell is every axis of how its runs ran ("
           + e(", ".join(columns.AXES)) + "); the rows are named by the axes that differ. Complete "
           "repeats only; score = passes / n tests of the repeat, pass rate = passes over all "
           "attempts; spread is over repeats (sd, min–max, swing = max − min); CI: bootstrap of the "
           "mean over repeats, as the report computes it — n/a with one repeat (no spread seen).</p>"]
    if repeats.empty:
        return out[0] + "<p class='note'>No complete repeat yet.</p>"
    by = columns.key_columns(repeats)
    cells = stats.cell_scores(repeats.assign(**{a: repeats[a].astype(str) for a in by}), by)
    labels = columns.labels(cells, columns.varying(cells, by)).to_numpy() if len(cells) else []
    rows = []
    for lbl, c in zip(labels, cells.itertuples()):
        one = int(c.repeats) < 2
        n = str(c.n)
        per = ", ".join(f"{x}/{n}" for x in c.scores.split(", "))
        rows.append([e(lbl), str(int(c.runs)), str(int(c.repeats)), e(n), e(per),
                     f"{_num(c.mean)}/{e(n)}", f"{100 * c.pass_rate:.1f}%", "n/a" if one else _num(c.sd),
                     f"{c.min:.0f}–{c.max:.0f}", f"{c.swing:.0f}",
                     "n/a (one repeat)" if one else f"{c.ci_low:.1f}–{c.ci_high:.1f}"])
    return out[0] + _table(["cell", "runs", "repeats", "n", "score per repeat", "mean score", "pass rate",
                            "sd", "min–max", "swing", f"{int(cells['ci_level'].iloc[0] * 100)}% CI"],
                           rows, "cells")


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


def _compare_form(runs: pd.DataFrame, base: str | None = None, cand: str | None = None) -> str:
    def options(sel):
        return "".join(f"<option value='{e(r.run_id)}'{' selected' if r.run_id == sel else ''}>"
                       f"{e(r.run_id)} · {e(r.cell)}</option>" for r in runs.iloc[::-1].itertuples())
    return ("<form class='compare' action='/compare'>Compare candidate <select name='cand'>"
            + options(cand) + "</select> with base <select name='base'>" + options(base)
            + "</select> <button>compare</button> <span class='note'>(cand − base, as lab diff BASE CAND)"
            "</span></form>")


# -- matrix ---------------------------------------------------------------------------------------

def matrix_page(live: LiveResults, *, experiment: str | None = None, sweep: str | None = None,
                cols: list[str] | None = None, group: list[str] | None = None) -> str:
    """Tests × cells. `cols`: the axes the columns are named by; `group`: axes that split the
    page into one matrix per value (e.g. one per session mode). An axis that differs among the
    runs and is in neither still separates columns: a column is never a pool of two cells."""
    res = live.merged
    runs, _ = _cell_frame(live)
    tests_all = _frames(live)[2]
    if runs.empty or tests_all.empty:
        return "<h1>Test × variant</h1><p class='note'>No test rows yet.</p>"
    pick = runs
    if experiment:
        pick = pick[pick["experiment"] == experiment]
    if sweep:
        ids = {c.get("run_id") for s in live.sweeps if str(s.path) == sweep for c in s.cells}
        pick = pick[pick["run_id"].isin(ids)]
    vary = columns.varying(pick) if len(pick) else []
    group = [a for a in (group or []) if a in vary]
    chosen = [a for a in (cols or []) if a in vary and a not in group]
    col_axes = chosen + [a for a in vary if a not in group and a not in chosen] if cols else \
        [a for a in vary if a not in group]
    exps = sorted(set(runs["experiment"]))
    picker = ("<form class='scope' id='picker'>experiment <select name='experiment'>"
              "<option value=''>all</option>" + "".join(
                  f"<option{' selected' if x == experiment else ''}>{e(x)}</option>" for x in exps)
              + "</select>" + (f"<input type='hidden' name='sweep' value='{e(sweep)}'>" if sweep else "")
              + " <span class='pick'>columns by " + "".join(
                  f"<label><input type='checkbox' name='cols' value='{e(a)}'"
                  f"{' checked' if a in col_axes else ''}> {e(a)}</label> " for a in vary)
              + "</span><span class='pick'>one table per " + "".join(
                  f"<label><input type='checkbox' name='group' value='{e(a)}'"
                  f"{' checked' if a in group else ''}> {e(a)}</label> " for a in vary)
              + "</span> <button>show</button></form>")
    tests = tests_all[tests_all["run_id"].isin(set(pick["run_id"]))]
    body = [f"<h1>Test × variant <span class='note'>{len(pick)} run(s); columns: "
            f"{e(' × '.join(col_axes) or 'one cell')}"
            + (f"; one table per {e(' × '.join(group))}" if group else "") + "</span></h1>", picker,
            "<p class='note'>Rows: tests (click a test id: that test side by side in every column); "
            "columns: cells, named <code>axis=value</code> by the axes that differ — an axis that "
            "differs and is not a table split always separates columns, so no column pools two cells. "
            "p/n = passes over attempts; differing = its pass rate is not the same in every column "
            "that ran it (one column: its repeats disagree); attempts of a repeat still running "
            "count, marked with a dashed outline.</p>"]
    if not len(pick):
        return "\n".join(body) + "<p class='note'>No run in this scope.</p>"
    label = dict(zip(pick["run_id"], columns.labels(pick, col_axes).to_numpy()))
    groups = ([((), pick)] if not group else
              list(pick.groupby([pick[a].astype(str) for a in group], sort=True)))
    for i, (key, g) in enumerate(groups):
        key = key if isinstance(key, tuple) else (key,)
        t = tests[tests["run_id"].isin(set(g["run_id"]))]
        head = " ".join(f"{a}={v}" for a, v in zip(group, key))
        ids = list(g["run_id"])
        if head:
            body.append(f"<h2>{e(head)} <span class='note'>{len(g)} run(s)</span></h2>")
        body.append(matrix_html(t, t["run_id"].map(label), table_id="matrix" if i == 0 else f"matrix-{i}",
                                columns=sorted({label[r] for r in ids}),
                                controls=i == 0,
                                test_link=lambda tid, ids=ids: side_url(tid, ids)))
    return "\n".join(body)


def _config_html(rec) -> str:
    """The run's overrides (as `lab run` arguments, recovered against today's packaged config)
    and its whole resolved config, folded."""
    # it composes configs (lab.config loads the models): only the overrides page needs that
    from lab.view.overrides import overrides

    ovs, absent, why = overrides(rec.config or {})
    limit = ((rec.config or {}).get("suite") or {}).get("limit")
    out = ["<h2>Config</h2>"]
    if why:
        out.append(f"<p class='problem'>Overrides not recovered: {e(why)}</p>")
    else:
        out.append("<p class='note'>Overrides: what this run set that today's packaged config does "
                   "not have, written as <code>lab run</code> arguments (the record keeps the resolved "
                   "config, not the command line).</p>"
                   + ("<pre class='overrides'>" + e(" \\\n".join(ovs)) + "</pre>" if ovs else
                      "<p>none: the packaged defaults</p>"))
        if absent:
            out.append(f"<p class='note'>{len(absent)} setting(s) the lab has added since this run "
                       f"was recorded (absent from its record): {e(', '.join(absent[:12]))}"
                       + (" …" if len(absent) > 12 else "") + "</p>")
    if limit:
        out.append(f"<p class='problem'>suite.limit={int(limit)}: only the first {int(limit)} tests of "
                   f"{e(str((rec.config.get('suite') or {}).get('name')))} ran; its pass rates are over "
                   f"those {int(limit)}.</p>")
    cfg = json.dumps(rec.config or {}, indent=2, ensure_ascii=False)
    out.append(f"<details><summary>the resolved config ({len(cfg):,} characters)</summary>"
               f"<pre>{e(cfg[:200_000])}</pre></details>")
    return "\n".join(out)


def _categories_html(rec) -> str:
    """Per category: n, passes in each complete repeat, the mean and the pass rate."""
    cats = sorted({c for r in rec.repeats for c in (r.by_category or {})})
    if not cats:
        return "<p class='note'>No complete repeat yet.</p>"
    rows = []
    for c in cats:
        got = [(r.by_category[c]["pass"], r.by_category[c]["n"]) for r in rec.repeats
               if c in (r.by_category or {})]
        ps, ns = [p for p, _ in got], [n for _, n in got]
        rows.append([e(str(c)), e("|".join(map(str, sorted(set(ns))))),
                     e(", ".join(f"{p}/{n}" for p, n in got)), f"{sum(ps) / len(ps):.2f}",
                     f"{100 * sum(ps) / sum(ns):.1f}%" if sum(ns) else "–"])
    return _table(["category", "n", "passes per repeat", "mean", "pass rate"], rows, "categories")


def run_page(live: LiveResults, run_id: str) -> str | None:
    res = live.merged
    rec = res.records.get(run_id)
    if rec is None:
        return None
    runs, by = _cell_frame(live)
    r = runs[runs["run_id"] == run_id].iloc[0]
    writing = live.writing().get(run_id)
    rounds = rounds_of(rec)
    reps = [[str(x.repeat), str(x.seed), f"{x.score}/{x.n}", f"{100 * x.score / x.n:.1f}%" if x.n else "–",
             _num(x.wall_s), str(x.prompt_tokens), str(x.completion_tokens),
             *map(e, shown(rounds.get(x.repeat)).values())] for x in rec.repeats]
    partial = _in_progress(res.tests[res.tests["run_id"] == run_id]) if len(res.tests) else {}
    axes = columns.axes_of(runs)
    info = [["experiment", e(rec.experiment)],
            ["cell", e(columns.label(r, axes))],
            ["status", e(rec.status) + (f" (newest line still being written: {e(writing)})" if writing else "")],
            ["fingerprint", e(str(rec.fingerprint or "–"))],
            ["numerics", e(of_record(rec).label) + " <span class='note'>(how the machine computed: "
             "docs/numerics.md)</span>"], ["started / ended", e(f"{rec.started_at} / {rec.ended_at or '–'}")],
            ["folder", e(str(live.run_dir(run_id)))], ["in progress", e(partial.get(run_id, "–"))]]
    if rec.error:
        info.append(["error", f"<pre>{e(rec.error)}</pre>"])
    tests = res.tests[res.tests["run_id"] == run_id] if len(res.tests) else res.tests
    body = [f"<h1>Run {e(run_id)}</h1>", _config_html(rec), "<h2>Run</h2>", _table(["", ""], info, "info"),
            "<h2>Repeats</h2>",
            "<p class='note'>started … load: where and when each repeat ran, as the report's "
            "<em>Where and when each repeat ran</em> shows it (CPU and load split no round: "
            "docs/statistics.md)</p>",
            _table(["repeat", "seed", "score", "pass rate", "wall s", "prompt tokens", "completion tokens",
                    *SHOWN.values()],
                   reps, "repeats") if reps else "<p class='note'>No complete repeat yet.</p>",
            "<h2>Per category</h2>", _categories_html(rec),
            "<h2>Tests × repeats</h2>"]
    if len(tests):
        reps_of = sorted(set(tests["repeat"]))
        body.append(matrix_html(tests, tests["repeat"].map(lambda k: f"repeat={k}"),
                                test_link=lambda tid: side_url(tid, [f"{run_id}:{k}" for k in reps_of])))
    else:
        body.append("<p class='note'>No test rows yet.</p>")
    if rec.findings:
        body.append("<h2>Contamination findings</h2><ul>" + "".join(
            f"<li><code>{e(str(f.get('code')))}</code> {e(str(f.get('document')))}: {e(str(f.get('message')))}</li>"
            for f in rec.findings[:200]) + "</ul>")
    return "\n".join(body)


# -- compare --------------------------------------------------------------------------------------

def compare_page(live: LiveResults, base: str | None, cand: str | None) -> str:
    """Two runs as `lab diff BASE CAND` compares them: the same function (lab.comparisons.diff.build),
    so cand − base, the CI, p and verdict are the numbers lab diff prints."""
    res = live.merged
    runs, by = _cell_frame(live)
    if len(runs) < 2:
        return "<h1>Compare two runs</h1><p class='note'>Needs two runs.</p>"
    ids = list(runs["run_id"])
    cand = cand if cand in ids else ids[-1]
    base = base if base in ids and base != cand else next(x for x in reversed(ids) if x != cand)
    body = ["<h1>Compare two runs <span class='note'>candidate − base, as <code>lab diff BASE CAND"
            "</code></span></h1>", _compare_form(runs, base, cand)]
    rb, rc = (runs[runs["run_id"] == x].iloc[0] for x in (base, cand))
    axes = columns.axes_of(runs)
    differ = [a for a in axes if str(rb[a]) != str(rc[a])]
    side = []
    for role, rid, r in (("base", base, rb), ("cand", cand, rc)):
        rec = res.records[rid]
        side.append(f"<div class='side'><h3>{role} <a href='/run/{e(rid)}'>{e(rid)}</a></h3>"
                    f"<p>{e(columns.label(r, differ) if differ else 'the same cell')} · {e(r.status)}</p>"
                    f"<p>score per repeat: {e(', '.join(f'{x.score}/{x.n}' for x in rec.repeats) or '–')}"
                    f"</p></div>")
    body.append("<div class='sides'>" + "".join(side) + "</div>")
    body.append("<p>" + ("The runs differ in " + ", ".join(
        f"<b>{e(a)}</b> ({e(str(rb[a]))} → {e(str(rc[a]))})" for a in differ) if differ
        else "The runs are of the same cell: any difference is run-to-run noise") + ".</p>")
    note = describe_difference(of_record(res.records[base]), of_record(res.records[cand]))
    if note and "numerics" not in differ:
        body.append(f"<p class='problem'>{e(note)}: the difference includes the machines' arithmetic.</p>")
    cpus = cpus_pair(res.records[base], res.records[cand])["note"]
    if cpus:
        body.append(f"<p class='note'>Note: {e(cpus)}.</p>")
    try:
        d = build(live.run_dir(base), live.run_dir(cand), base=res.records[base], cand=res.records[cand])
    except (LabError, OSError, ValueError) as err:
        body.append(f"<p class='problem'>No comparison: {e(str(err))}</p>")
        return "\n".join(body)
    why = refusal(d)                   # different suites, or no common test: as lab diff refuses
    if why:
        body.append(f"<p class='problem'>{e(why[0].upper() + why[1:])}.</p>")
        return "\n".join(body)
    part = overlap(d)
    if part:
        body.append(f"<p class='note'>{e(part[0].upper() + part[1:])}.</p>")
    other = [x for x in d.fingerprint_differences if axis_of_path(x.split(":", 1)[0]) not in differ]
    if other:
        body.append("<p class='problem'>The runs differ beyond " + e(" and ".join(differ) or "their cell")
                    + " (not like-for-like in these inputs):</p><pre>" + e("\n".join(other[:40])) + "</pre>")
    elif d.fingerprint_differences:
        body.append("<p class='note'>No other input differs: a like-for-like comparison of "
                    + e(" and ".join(differ)) + ".</p>")
    c = d.comparison
    if c is None:
        body.append(f"<p class='problem'>No comparison: {e(d.result.why_not or 'no complete repeat')}</p>")
        return "\n".join(body)
    lvl = c.ci_level or c.level
    ci = (f"{c.ci_low:+.1f} … {c.ci_high:+.1f}" if c.ci else "n/a")
    p = c.p_overall
    verdict = ("n/a (noise unknown)" if p is None else "yes" if c.significant else "no")
    body.append("<h2>Paired comparison <span class='note'>(the lab's one comparison, lab.stats: the "
                "numbers lab diff prints)</span></h2>")
    body.append(_table(["tests", "repeats base vs cand", "mean base", "mean cand", "cand − base",
                        f"{lvl:.1%} CI".replace(".0%", "%"),
                        "p (both parts)" if c.collapse is not None else "p", "method", "effect size",
                        "min. detectable", "beyond noise"],
                       [[str(c.tests), f"{c.repeats_base} vs {c.repeats_cand}", _num(c.mean_base),
                         _num(c.mean_cand), f"{c.diff:+.1f}", ci, "n/a" if p is None else f"{p:.3g}",
                         e(c.method), _num(c.effect_size, 2), _num(c.mde), verdict]], "comparison"))
    body.append("<pre class='diff-lines'>" + e("\n".join(comparison_lines(c) + stopped_lines(d))) + "</pre>")
    body.append("<p class='note'>See docs/statistics.md.</p>")
    if d.categories:
        body.append("<h2>Per category <span class='note'>mean passes per repeat</span></h2>" + _table(
            ["category", "n", "base", "cand", "cand − base"],
            [[e(str(x["category"])), str(x["n"] or "–"), _num(x["base"], 2), _num(x["cand"], 2),
              "–" if x["delta"] is None else f"{x['delta']:+.2f}"] for x in d.categories], "categories"))
    rows = []
    for t in sorted(d.flipped, key=lambda t: (t.delta, t.test_id)):
        fav = "cand" if t.delta > 0 else "base" if t.delta < 0 else "neither (same pass rate)"
        eff = t.effect
        rows.append([f"<a href='{e(side_url(t.test_id, [base, cand]))}'>{e(t.test_id)}</a>",
                     e(str(t.category or "–")), f"{t.base_pass}/{t.base_n}", f"{t.cand_pass}/{t.cand_n}",
                     f"{t.delta:+.2f}", f"{t.flipped}/{t.paired}", fav,
                     "–" if eff is None or eff.p_holm is None else f"{eff.p_holm:.3g}"])
    n_c = sum(1 for t in d.flipped if t.delta > 0)
    n_b = sum(1 for t in d.flipped if t.delta < 0)
    eff0 = d.result.effects[0] if d.result.effects else None
    body.append(f"<h2>Tests that differ <span class='note'>{n_c} favour cand, {n_b} favour base, "
                f"{len(rows) - n_c - n_b} flip with the same pass rate; exact per-test test "
                f"({e(eff0.method if eff0 else '–')}), Holm over {len(d.result.effects)} tests · click a "
                "test: both runs side by side</span></h2>")
    body.append(_table(["test", "cat", "base", "cand", "cand − base (rate)", "flipped repeats", "favours",
                        "p (Holm)"], rows, "differ") if rows else "<p class='note'>none</p>")
    return "\n".join(body)


# -- one test across variants ------------------------------------------------------------------------

def test_page(live: LiveResults, test_id: str, cols: list[str], repeat: int | None) -> tuple[str, bool]:
    """(HTML, every side found). One test side by side in the runs `cols` ("RUN" or "RUN:K"; none:
    every run that ran it), repeat K of each (or `repeat`, or the run's first that has it)."""
    runs, _ = _cell_frame(live)
    tests = live.merged.tests
    if not test_id:
        return "<h1>One test side by side</h1><p class='note'>Pick a test in the matrix.</p>", True
    rows = tests[tests["test_id"] == test_id] if len(tests) else tests
    have = list(dict.fromkeys(rows["run_id"])) if len(rows) else []
    if not have:
        return (f"<h1>{e(test_id)}</h1><p class='note'>No run has a row for this test (yet).</p>", False)
    wanted: list[tuple[str, int | None]] = []
    for c in cols or have:
        rid, _, k = c.partition(":")
        wanted.append((rid, int(k) if k.isdigit() else repeat))
    cut = ""
    if len(wanted) > MAX_SIDES:
        cut = (f"<p class='note'>{len(wanted)} sides asked; the first {MAX_SIDES} are shown — pick "
               "fewer runs.</p>")
        wanted = wanted[:MAX_SIDES]
    known = runs.set_index("run_id")
    picked_runs = known.loc[[r for r, _ in wanted if r in known.index]]
    differ = columns.varying(picked_runs.reset_index()) if len(picked_runs) else []
    sides, problems, found = [], [], True
    for rid, k in wanted:
        if rid not in known.index:
            problems.append(f"no run {rid}")
            continue
        reps = sorted(set(rows.loc[rows["run_id"] == rid, "repeat"]))
        k = k if k is not None else (reps[0] if reps else 0)
        idx = live.transcript(rid, k)
        try:
            r = idx.read(test_id) if idx is not None else None
        except LabError as err:
            problems.append(f"{rid} repeat {k}: {err}")
            continue
        if r is None:
            found = False
            problems.append(f"{rid} repeat {k}: not in its transcript (yet)")
            continue
        head = (f"{e(columns.label(known.loc[rid], differ)) if differ else 'the same cell'}<br>"
                f"<span class='note'><a href='{e(transcript_url(rid, k, test_id))}'>{e(rid)} · repeat {k}"
                f"</a></span>")
        sides.append((head, r, (rid, k)))
    cand_runs = known.loc[have]
    cand_differ = columns.varying(cand_runs.reset_index())
    chosen = {r for r, _ in wanted}
    label_of = {rid: columns.label(cand_runs.loc[rid], cand_differ) if cand_differ else rid for rid in have}
    picker = ("<form class='scope' id='side-picker' action='/test'>"
              f"<input type='hidden' name='test' value='{e(test_id)}'><div class='side-pick'>sides "
              f"<span class='note'>({len(have)} runs ran this test)</span>" + "".join(
                  f"<label><input type='checkbox' name='col' value='{e(rid)}'"
                  f"{' checked' if rid in chosen else ''}> {e(label_of[rid])} <span class='note'>{e(rid)}"
                  "</span></label>" for rid in sorted(have, key=lambda x: label_of[x]))
              + "</div>repeat <input type='number' name='repeat' min='0' "
              f"value='{'' if repeat is None else repeat}' placeholder='first' style='width:5em'> "
              "<button>show</button></form>")
    first = rows.iloc[0]
    query = [["query", e(sides[0][1].query)]] if sides else []
    body = [f"<h1>{e(test_id)} <span class='note'>side by side in {len(sides)} variant(s)</span></h1>",
            _table(["", ""], query + [[k, e(str(first[k]))] for k in ("expected", "category")
                                      if k in rows.columns], "info"),
            picker, cut]
    body += [f"<p class='problem'>{e(p)}</p>" for p in problems]
    if len(sides) < 2:
        body.append("<p class='note'>Pick two or more sides to compare.</p>")
    if sides:
        body.append(side_by_side_html([(h, r) for h, r, _ in sides],
                                      link_of=lambda i: transcript_url(sides[i][2][0], sides[i][2][1], test_id)))
    return "\n".join(body), found


# -- transcript -----------------------------------------------------------------------------------

def transcript_page(live: LiveResults, run_id: str, repeat: int, test_id: str, page: int) -> tuple[str, bool]:
    """(HTML, found). Long conversations are paged, long messages cut, each with a note."""
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
