"""The test x variant matrix: one row per test, one column per cell (or per repeat of one run),
every attempt a coloured square linking to its transcript.

Rows carry what the page's filters need as data attributes (`differ`, `failing`, `category`,
`outcomes`, `text`), so filtering and search happen in the browser (lab/view/static/view.js)
without a round trip, and survive the page's live refresh.
"""

from __future__ import annotations

import html
from urllib.parse import urlencode

import pandas as pd

from lab.analysis.transcript import OUTCOME_COLORS

#: more columns than this are cut (with a note): pick an experiment to see the rest
MAX_COLUMNS = 80
MAX_ROWS = 3000


def transcript_url(run_id: str, repeat: int, test_id: str) -> str:
    return "/transcript?" + urlencode({"run": run_id, "repeat": int(repeat), "test": test_id})


def side_url(test_id: str, run_ids: list[str] | None = None, repeat: int | None = None) -> str:
    """The page of one test side by side across runs (lab/view/side.py); no runs: every run."""
    q: list[tuple[str, str]] = [("test", test_id)]
    q += [("col", r) for r in (run_ids or [])]
    if repeat is not None:
        q.append(("repeat", str(int(repeat))))
    return "/test?" + urlencode(q)


def matrix_html(tests: pd.DataFrame, column_of: pd.Series, *, columns: list[str] | None = None,
                note: str = "", table_id: str = "matrix", controls: bool = True,
                test_link=None) -> str:
    """`tests`: rows of `Results.tests` (in-progress repeats included); `column_of`: the column
    label of each row (same index). Columns appear in first-seen order unless `columns` is given.
    `controls`: the filter bar (one per page: it filters every matrix of the page); `test_link`:
    test id -> URL of the row header's link."""
    e = html.escape
    if tests.empty:
        return "<p class='note'>No test rows yet.</p>"
    t = tests.assign(_col=column_of.to_numpy())
    cols = columns or list(dict.fromkeys(t["_col"]))
    cut = ""
    if len(cols) > MAX_COLUMNS:
        cut = (f"<p class='note'>{len(cols)} columns; the first {MAX_COLUMNS} are shown — pick an "
               f"experiment to narrow it.</p>")
        cols = cols[:MAX_COLUMNS]
    # plain Python over the rows: one pass, no per-cell pandas calls (a sweep has thousands of cells)
    recs = t[["test_id", "_col", "index", "category", "expected", "outcome", "passed", "answer", "run_id",
              "repeat", "complete"]].to_dict("records")
    cells: dict[tuple, list[dict]] = {}
    first: dict[str, dict] = {}
    for r in recs:
        cells.setdefault((r["test_id"], r["_col"]), []).append(r)
        f = first.get(r["test_id"])
        if f is None or r["index"] < f["index"]:
            first[r["test_id"]] = r
    test_ids = sorted(first, key=lambda k: first[k]["index"])
    if len(test_ids) > MAX_ROWS:
        cut += f"<p class='note'>{len(test_ids)} tests; the first {MAX_ROWS} are shown.</p>"
        test_ids = test_ids[:MAX_ROWS]
    categories = sorted({str(r["category"]) for r in recs if _present(r["category"])})
    outcomes = sorted({r["outcome"] for r in recs})
    head = "".join(f"<th class='col'>{e(str(c))}</th>" for c in cols)
    rows = []
    for tid in test_ids:
        f = first[tid]
        category = str(f["category"]) if _present(f["category"]) else ""
        rates, outs, tds = [], set(), []
        texts = {str(tid), str(f["expected"]) if _present(f["expected"]) else ""}
        for c in cols:
            g = cells.get((tid, c))
            if g is None:
                tds.append("<td class='none'>–</td>")
                continue
            n_pass, n = sum(1 for r in g if r["passed"]), len(g)
            rates.append(round(n_pass / n, 9))          # in-progress repeats count: the view is live
            outs |= {r["outcome"] for r in g}
            texts |= {str(r["answer"]) for r in g if _present(r["answer"])}
            tds.append(f"<td class='cell' style='background:{_shade(n_pass / n)}'>"
                       f"<span class='frac'>{n_pass}/{n}</span> {''.join(_square(r) for r in g)}</td>")
        differ = len(set(rates)) > 1 or (len(cols) == 1 and 0 < (rates or [0])[0] < 1)
        failing = any(o != "pass" for o in outs)
        rows.append(f"<tr class='test' data-test='{e(str(tid))}' data-differ='{int(differ)}' "
                    f"data-failing='{int(failing)}' data-category='{e(category)}' "
                    f"data-outcomes=' {e(' '.join(sorted(outs)))} ' "
                    f"data-text='{e(' '.join(texts).lower())}'>"
                    + (f"<th class='tid'><a href='{e(test_link(tid))}' title='this test side by side'>"
                       f"{e(str(tid))}</a></th>" if test_link else f"<th class='tid'>{e(str(tid))}</th>")
                    + f"<td>{e(category or '–')}</td>"
                    + "".join(tds) + "</tr>")
    bar = (
        "<div class='filters'>"
        "<label><input type='checkbox' id='f-differ' data-keep> only differing</label> "
        "<label><input type='checkbox' id='f-failing' data-keep> only failing</label> "
        "<label>category <select id='f-category' data-keep><option value=''>all</option>"
        + "".join(f"<option>{e(c)}</option>" for c in categories) + "</select></label> "
        "<label>outcome <select id='f-outcome' data-keep><option value=''>any</option>"
        + "".join(f"<option>{e(o)}</option>" for o in outcomes) + "</select></label> "
        "<input type='search' id='f-search' data-keep placeholder='search test id, expected, answer'> "
        f"<span id='f-count' class='note'>{len(rows)} tests</span></div>")
    legend = ("<p class='legend'>" + " ".join(
        f"<span class='sq' style='background:{c}'></span>{e(o)}" for o, c in OUTCOME_COLORS.items()
        if o in outcomes) + " · <span class='sq running'></span>repeat in progress · "
        "each square is one attempt (repeat): click it for the transcript</p>")
    return ((bar + legend if controls else "") + cut + (f"<p class='note'>{e(note)}</p>" if note else "")
            + f"<table class='matrix' id='{e(table_id)}'><thead><tr><th>test</th><th>cat</th>" + head
            + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def _present(v) -> bool:
    return v is not None and not (isinstance(v, float) and v != v) and v != ""


def _square(r: dict) -> str:
    e = html.escape
    title = (f"{r['run_id']} repeat {r['repeat']}: {r['outcome']}"
             + (f" — {r['answer']}" if _present(r["answer"]) else "")
             + ("" if r["complete"] else " (repeat in progress)"))
    return (f"<a class='sq{'' if r['complete'] else ' running'}' "
            f"href='{e(transcript_url(r['run_id'], r['repeat'], r['test_id']))}' "
            f"data-outcome='{e(r['outcome'])}' style='background:{OUTCOME_COLORS.get(r['outcome'], '#555')}' "
            f"title='{e(title)}'></a>")


def _shade(rate: float) -> str:
    """Pale red (never passes) to pale green (always passes)."""
    r = int(255 - 55 * rate)
    g = int(215 + 30 * rate)
    b = int(215 - 15 * rate)
    return f"rgb({r},{g},{b})"
