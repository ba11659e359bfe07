"""`lab report`: report.md and a self-contained report.html from any set of run directories.

    out/
      report.md          the tables and figures in Markdown (figures linked from figures/)
      report.html        one file: figures embedded (SVG as data URIs), every table inline
      figures/*.png|svg  every figure in both formats
      tables/*.csv       every table, complete (the report shows the readable part)
      transcripts/<run_id>/repeat-<k>.html   one page per repeat with a failing or flaky test;
                         the report links each such test to `...html#<test_id>`
    Writing a report again into the same folder removes the tables, figures and transcript pages
    of the earlier one that it does not write again (a run no longer in the sweep); nothing else.

Both documents are rendered from one list of blocks (lab/analysis/render.py), so they say the same.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable

import numpy as np
import pandas as pd

from lab.analysis import figures as figs
from lab.analysis.load import (CELL, REFERENCE_CSV, Results, cell_axes, cell_labels, continued_repeats, load,
                               load_reference)
from lab.records.cells import KEY_COLUMNS
from lab.records.record import CONTINUED, CONTINUED_HOW
from lab.analysis.render import Block, Details, Figure, Table, num, pct, render_html, render_markdown
from lab.analysis.tables import NO_LLM_BACKENDS, report_tables
from lab.analysis.room import room_blocks
from lab.analysis.tool_use import cascade_blocks, tool_use_blocks
from lab.analysis.transcript import load_repeat, repeat_page
from lab.analysis.cell_pairs import arms_word
from lab.analysis.verdict import parse_baseline, verdicts
from lab.errors import InputError, LabError
from lab.records.results import OUTCOMES
from lab.records.rounds import BUSY_LOAD, SHOWN, cpu_counts, cpu_span


@dataclass
class Report:
    out_dir: Path
    markdown: Path
    html: Path
    tables: dict[str, Path]
    figures: dict[str, dict[str, Path]]
    transcripts: list[Path]
    results: Results
    problems: list[str] = field(default_factory=list)
    by: list[str] = field(default_factory=lambda: list(CELL))   # what a cell was, run conditions included


# -- the report ------------------------------------------------------------------------------------

def build_report(paths: Iterable[str | os.PathLike], out_dir: str | os.PathLike, *,
                 reference: str | os.PathLike | None | bool = True, title: str = "Vocab Lab report",
                 level: float = 0.95, n_boot: int = 10_000, seed: int = 0,
                 by: list[str] | None = None, margin: float = 3.0,
                 baseline: str | None = None, compare: str | list[str] = "vocabulary") -> Report:
    """Load every run under `paths` and write the report into `out_dir`. `reference=True` uses
    results/reference/pathfinder-log.csv when present; a path uses that file; False/None: none.
    Cells are `by` plus each axis that varies among the runs (lab/records/cells.py). `baseline`
    (`--baseline CELL`: `maybe_exts` or `vocabulary=maybe_exts`) makes every comparison and
    verdict one against it; a name no cell has is an InputError naming those there are. `compare`
    (`--compare`): the axis the arms differ in (default vocabulary), or several that differ together
    (`suite,forced_tool`: each suite with its own forced first tool); an axis that does not vary
    among the runs, or no axis of a cell, is an InputError."""
    paths = list(paths)
    out = Path(out_dir)
    res = load(paths)
    by = cell_axes(res.runs, by or CELL)
    vary = compare_axes(compare, res.runs)
    try:
        baseline = parse_baseline(baseline, res.runs, vary)
    except ValueError as e:
        raise InputError(str(e)) from None
    ref = None
    if reference is True:
        ref = load_reference(REFERENCE_CSV) if REFERENCE_CSV.is_file() else None
    elif reference:
        ref = load_reference(reference)
    tables = report_tables(res, ref, by=by, level=level, n_boot=n_boot, seed=seed,
                           margin=margin, baseline=baseline, vary=vary)

    (out / "tables").mkdir(parents=True, exist_ok=True)
    table_paths = {}
    for name, df in tables.items():
        p = out / "tables" / f"{name}.csv"
        df.to_csv(p, index=False)
        table_paths[name] = p

    figures = figs.all_figures(res, ref, by, comparisons=tables["comparisons"], baseline=baseline,
                               level=level, vary=vary)
    fig_paths, svgs = {}, {}
    for name, fig in figures.items():
        fig_paths[name] = figs.save(fig, out / "figures", name)
        svgs[name] = fig_paths[name]["svg"].read_bytes()

    problems = list(res.problems)
    links, pages = _transcript_pages(res, tables["per_test"], out, problems)
    blocks = _blocks(res, tables, ref, links, paths, problems, level, by, baseline, vary)
    md = out / "report.md"
    md.write_text(render_markdown(title, blocks), encoding="utf-8")
    page = out / "report.html"
    page.write_text(render_html(title, blocks, svgs), encoding="utf-8")
    _prune(out, [*table_paths.values(), *(p for f in fig_paths.values() for p in f.values()), *pages])
    return Report(out_dir=out, markdown=md, html=page, tables=table_paths, figures=fig_paths,
                  transcripts=pages, results=res, problems=problems, by=by)


def compare_axes(spec: str | list[str] | None, runs: pd.DataFrame) -> list[str]:
    """`--compare`: the axes the compared arms differ in ("suite,forced_tool" or a list), each a
    cell axis; one that does not vary among the runs is an InputError naming those that do (the
    default, vocabulary, is kept as it is: "one vocabulary only, nothing to compare" says it)."""
    axes = [a.strip() for a in (spec.split(",") if isinstance(spec, str) else (spec or ["vocabulary"]))
            if a.strip()] or ["vocabulary"]
    varying = [a for a in KEY_COLUMNS if a in runs.columns and runs[a].nunique(dropna=False) > 1]
    for a in axes:
        if a not in KEY_COLUMNS:
            raise InputError(f"--compare {','.join(axes)}: {a!r} is no axis of a cell; the axes: "
                             f"{', '.join(KEY_COLUMNS)}")
        if a not in varying and axes != ["vocabulary"]:
            raise InputError(f"--compare {','.join(axes)}: {a} has one value in these runs, so no two "
                             f"cells differ in it; the axes that vary: {', '.join(varying) or 'none'}")
    if len(set(axes)) != len(axes):
        raise InputError(f"--compare {','.join(axes)}: an axis named twice")
    return axes


def comparison_blocks(c: pd.DataFrame, effects: pd.DataFrame, by: list[str], level: float,
                      vary: list[str] | None = None) -> list[Block]:
    """Paired comparisons (the lab's one comparison, Holm over the table), the power under each,
    and the per-test effects."""
    vary = vary or ["vocabulary"]
    lvl = f"{level:.0%}"
    b: list[Block] = [("h2", "Paired comparisons")]
    n = int(c["family"].iloc[0]) if len(c) else 0
    b.append(f"Cells that differ only in {' and '.join(vary)}"
             + (f" (a and b name each arm by its {', '.join(vary)})" if len(vary) > 1 else "")
             + ", on their common tests; diff = mean score of a − "
             "mean score of b (points). The statistics are the lab's one comparison "
             "(`lab.stats.compare_arms`: `lab diff`, the gate and the sweep summary give the same p "
             "and CI for the same two runs). Single session at the same seeds in both cells: the paired "
             "t over the seeds' score differences, every repeat counted (collapsed ones named in the "
             "method). Other single sessions, two parts stated before the data at "
             "alpha/2 each: the repeats that collapsed (a copy cascade of >= 5 tests in a row) per cell with exact CIs "
             "and Fisher's exact test, and Welch's t over the scores of the other repeats (the "
             "repeat is the cluster; diff, CI, Cohen's d and MDE are of those repeats, never of the "
             "mixture). Isolated: tests paired across the two cells, paired t-test over the tests "
             "(two-way tests × rounds when the cells ran in the same rounds; over repeat scores "
             f"when they did not), effect size d_z. p is two-sided (two parts: Bonferroni of both); "
             f"**p (Holm) adjusts over the {n} comparison(s) of this table**, and “beyond noise” "
             f"means p (Holm) < {1 - level:.2f}. Beside a difference not beyond noise: TOST against "
             "the equivalence margin (“no effect” is said only when shown). MDE: the smallest "
             "difference this comparison detects with 80% power at its observed spread and repeats.")
    if not len(c):
        b.append(Table(pd.DataFrame(), []))
        return b
    fixed = [(x, x) for x in by if x not in vary]
    shown = c.assign(reps=[f"{a} vs {x}" for a, x in zip(c["repeats_a"], c["repeats_b"])],
                     ci=[(f"{a:+.1f} … {x:+.1f}" + ("" if pd.isna(lv) or lv == level else
                                                     f" ({lv:.1%})".replace(".0%", "%")))
                         if pd.notna(a) else "–"
                         for a, x, lv in zip(c["ci_low"], c["ci_high"],
                                             c.get("ci_level", pd.Series([None] * len(c))))])
    # yes / no at the comparison's alpha; – where the noise is unknown (no p), as the sweep summary
    shown["beyond"] = ["–" if pd.isna(p) else ("yes" if s else "no")
                       for p, s in zip(shown["p_holm"], shown["significant_holm"])]
    session = [] if "session" in by else [("session", "session")]    # one session column, never two
    b.append(Table(shown, [*fixed, ("a", "a"), ("b", "b"), *session, ("tests", "tests"),
                           ("repeats", "reps"), ("mean a", "mean_a"), ("mean b", "mean_b"),
                           ("diff", "diff"), (f"{lvl} CI", "ci"), ("p", "p_overall"),
                           (f"p (Holm, {n})", "p_holm"), ("effect size", "effect_size"),
                           ("MDE 80%", "mde"), ("beyond noise", "beyond"),
                           ("collapse / equivalence", "parts")],
                   csv="comparisons", fmt={"p_overall": lambda v: num(v, 3), "p_holm": lambda v: num(v, 3),
                                           "effect_size": lambda v: num(v, 2)}))
    plan = [col for col in c.columns if col.startswith("repeats_for_")]
    two = "collapse_rate" in c.columns and c["collapse_rate"].notna().any()
    b.append("**Power under every comparison** (`lab power` on these runs says the same): repeats "
             "per cell that detect a difference of D points with 80% power at the comparison's "
             f"observed spread (alpha {1 - level:.2f}; – : more than 1000, or no spread estimate)."
             + (" Single session in two parts, each at alpha/2: repeats launched per cell, the "
                "score part counting on losing the collapse rate the two cells showed together; "
                "the collapse part's column is the exact power of Fisher's test for three times "
                "that rate (– : no collapse seen; `lab power --collapse BASE:CAND` plans any "
                "rates)." if two else ""))
    cols = [*fixed, ("a", "a"), ("b", "b"), ("MDE 80% now", "mde"),
            *[(f"repeats for {col.removeprefix('repeats_for_')} pts", col) for col in plan]]
    if two:
        plan = [*plan, "collapse_repeats_for_3x"]
        cols += [("collapse rate", "collapse_rate"),
                 ("repeats for 3× collapse rate", "collapse_repeats_for_3x")]
    b.append(Table(c, cols, csv="comparisons",
                   fmt={**{col: (lambda v: "–" if v is None or pd.isna(v) else str(int(v)))
                           for col in plan},
                        "collapse_rate": lambda v: "–" if v is None or pd.isna(v) else f"{v:.1%}"}))
    b.append(("h3", "Per-test effects"))
    if not len(effects):
        b.append("No per-test effects.")
        return b
    flipped = effects[effects["flipped"]].sort_values(["p_holm", "p_value", "test_id"])
    fam = int(effects["family"].iloc[0])
    sig = int(effects["significant_holm"].sum())
    b.append(f"Tests whose pass count differs between a and b, with an exact test per test across "
             f"repeats ({', '.join(sorted(effects['method'].unique()))}: McNemar when the repeats "
             f"of the two cells are paired by seed, Fisher otherwise), Holm-adjusted over the "
             f"{fam} common tests of each comparison. {sig} test(s) beyond luck after adjustment; "
             "the others flipped within run-to-run noise."
             + ("" if effects["testable"].all() else
                " **At these repeat counts no single test can reject after Holm** (the smallest "
                "exact p is above alpha / tests): the rows are flips, not effects; *shrunk* is the "
                "difference pulled towards the mean of all tests (empirical Bayes), *p (BH)* the "
                "Benjamini–Hochberg p for screening (`lab diff` adds Breslow–Day's test of whether "
                "the tests respond differently at all)."))
    b.append(Table(flipped.head(40), [*fixed, ("a", "a"), ("b", "b"), ("test", "test_id"),
                                      ("a passes", "a_pass"), ("b passes", "b_pass"),
                                      ("p", "p_value"), ("p (Holm)", "p_holm"),
                                      ("p (BH)", "p_bh"), ("shrunk", "shrunk"),
                                      ("beyond luck", "significant_holm")],
                   csv="per_test_effects", fmt={"p_value": lambda v: num(v, 3),
                                                "p_holm": lambda v: num(v, 3),
                                                "p_bh": lambda v: num(v, 3),
                                                "shrunk": lambda v: num(v, 2)}))
    return b


def _transcript_pages(res: Results, per_test: pd.DataFrame, out: Path,
                      problems: list[str]) -> tuple[dict[tuple, str], list[Path]]:
    """A page per repeat that has a non-passing test; (run_id, repeat, test_id) -> relative link."""
    wanted = sorted({(run_id, k) for _, row in res.tests.iterrows() if row["outcome"] != "pass"
                     for run_id, k in [(row["run_id"], row["repeat"])]}) if len(res.tests) else []
    links, pages = {}, []
    for run_id, k in wanted:
        rel = f"transcripts/{run_id}/repeat-{k}.html"
        try:
            header, results = load_repeat(res.run_dirs[run_id], int(k))
        except LabError as e:
            problems.append(f"transcript of {run_id} repeat {k}: {e}")
            continue
        rec = res.records[run_id]
        title = f"{rec.experiment} / {run_id} / repeat {k} — {len(results)} tests"
        p = out / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(repeat_page(title, header, results, back="../../report.html"), encoding="utf-8")
        pages.append(p)
        for r in results:
            links[(run_id, int(k), r.test_id)] = f"{rel}#{r.test_id}"
    return links, pages


# what the report writes in its own folders; anything else of these kinds there is a leftover of an
# earlier report of the same folder (a run no longer in the sweep, a figure since renamed)
_OWN = {"tables": ("*.csv",), "figures": ("*.png", "*.svg"), "transcripts": ("*/repeat-*.html",)}


def _prune(out: Path, written: list[Path]) -> None:
    """Delete the earlier report's tables, figures and transcript pages that this one did not
    write again, so no page links or shows a run that is not in it. Other files are left alone."""
    keep = {p.resolve() for p in written}
    for sub, patterns in _OWN.items():
        for pattern in patterns:
            for p in (out / sub).glob(pattern):
                if p.is_file() and p.resolve() not in keep:
                    p.unlink()
    for d in (out / "transcripts").glob("*"):
        if d.is_dir() and not any(d.iterdir()):
            d.rmdir()


def _blocks(res: Results, tables: dict[str, pd.DataFrame], ref: pd.DataFrame | None,
            links: dict[tuple, str], paths: list, problems: list[str], level: float,
            by: list[str], baseline: str | None = None, vary: list[str] | None = None) -> list[Block]:
    T = tables
    lvl = f"{level:.0%}"
    cells = T["cells"]
    b: list[Block] = []
    # the headline first: one verdict per condition (session mode, forced/unforced, prompt...),
    # from the paired comparisons below (compare.compare_cells) — never one across conditions
    vary = vary or ["vocabulary"]
    what = arms_word(vary)
    vs = verdicts(T["comparisons"], cells, by, level=level, baseline=baseline, vary=vary)
    against = (f" Each is against the baseline {vary[0]}={baseline}." if baseline else
               f" Every pair of cells that differ in {what}; `lab report --baseline VALUE` compares each "
               "with one" + ("" if vary != ["vocabulary"] else
                             ", `--compare AXIS` compares another axis (suite, prompt, model ...)") + ".")
    if len(vs) == 1 and not vs[0][0]:
        b.append("**Verdict:** " + vs[0][1] + (f" (against the baseline {vary[0]}={baseline})"
                                               if baseline else ""))
    else:
        nothing = [label for label, text in vs if text.startswith("one variant only")]
        b.append("**Verdict, one per condition** (never pooled across session modes, forced and "
                 "unforced tool choice or prompts)." + against)
        b.append(("ul", [f"**{label}**: {text}" for label, text in vs if label not in nothing]
                  + ([f"one {what} only, nothing to compare: {'; '.join(nothing)}"] if nothing else [])))
    n_runs = len(res.runs)
    complete = int((res.runs["status"] == "complete").sum()) if n_runs else 0
    b.append(f"{n_runs} run(s) ({complete} complete), {len(cells)} cell(s) "
             f"({' × '.join(by)}), {len(res.repeats)} complete repeat(s), from "
             + ", ".join(f"`{p}`" for p in paths) + f". Generated {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC.")
    if problems:
        b.append("**Left out:** " + "; ".join(problems))
    went_on = continued_repeats(res.repeats)
    if len(went_on):
        b.append(f"**{CONTINUED.capitalize()}** (a single session a resume went on with: "
                 f"{CONTINUED_HOW}): " + ", ".join(f"`{r.run_id}` repeat {r.repeat} at {r.continued_at}"
                             for r in went_on.itertuples()))
    incomplete = res.runs[res.runs["status"] != "complete"] if n_runs else res.runs
    if len(incomplete):
        b.append("**Not complete** (only their finished repeats are counted): " + ", ".join(
            f"`{r.run_id}` ({r.status})" for r in incomplete.itertuples()))

    b.append(("h2", "Scores per cell"))
    b.append(f"Each repeat runs the whole suite; spread is over repeats. Swing = max − min (the source "
             f"log's \"swing\"). CI: percentile bootstrap of the mean over repeats ({lvl}; exact for "
             f"up to 6 repeats, so with 3 repeats it is the range). pass^k: the chance that all k "
             f"repeats of a test pass, mean over tests, at k = every repeat.")
    if len(cells):
        cells = cells.assign(cell=cell_labels(cells, by).to_numpy(),
                             ci=[f"{a:.1f}–{c:.1f}" if r > 1 else "n/a (1 repeat)"   # one repeat: no spread
                                 for a, c, r in zip(cells["ci_low"], cells["ci_high"], cells["repeats"])],
                             range=[f"{a:.0f}–{c:.0f}" for a, c in zip(cells["min"], cells["max"])])
    b.append(Table(cells, [*[(c, c) for c in by], ("experiments", "experiments"),
                           ("repeats", "repeats"), ("n", "n"), ("scores", "scores"), ("mean", "mean"),
                           ("sd", "sd"), ("min–max", "range"), ("swing", "swing"), (f"{lvl} CI", "ci"),
                           ("pass^k (all)", "pass_all"), ("flaky tests", "flaky"),
                           ("never pass", "always_fail")], csv="cells",
                   fmt={"pass_all": pct, "swing": lambda v: num(int(v)) if pd.notna(v) else "–"}))
    b.append(Figure("score_distribution", "Score per repeat, every repeat a dot over a box"))
    b.append(Figure("score_history", "Scores in run order, beside the source log's trajectory"))
    b.append(Figure("seed_slopegraph", f"Each seed's score across the {what} arms, per condition "
                                       f"(lines that move together: the seed, not the {what})"))
    b += tool_use_blocks(T["tool_use"])
    b += room_blocks(T["room"])
    if len(T["runs"]) and T["runs"]["backend"].isin(NO_LLM_BACKENDS).any():
        b.append("Runs of the no-LLM reference (`model=tool_follower`) are not in the tool-use or "
                 "copy-cascade tables: it is deterministic — each answer is path_resolve's first "
                 "candidate, one call per test, none forced or chosen — so an answer it repeats "
                 "across tests is the resolver ranking the same path first, not a copy.")

    if ref is not None:
        b.append(("h2", "Source log and this lab"))
        b.append("The source log's numbers (`results/reference/pathfinder-log.csv`) are **reference, not "
                 "produced here**: another model (qwen3.5-35b-a3b Q5_K_M), another corpus. Runs whose "
                 "experiment has the same name (`lab run +experiment=NAME`) are shown beside them.")
        b.append(Table(T["reference_vs_runs"], [("experiment", "experiment"), ("scope", "scope"),
                                                ("source log", "source_log"), ("log model", "log_model"),
                                                ("reproduced here", "reproduced"), ("model", "model"),
                                                ("note", "note")], csv="reference_vs_runs"))

    b += comparison_blocks(T["comparisons"], T.get("per_test_effects", pd.DataFrame()), by, level, vary)
    b.append(Figure("forest_plot", "Each comparison's difference with its CI, one panel per condition "
                                   "(the comparisons table)"))

    b.append(("h2", "Categories"))
    b.append(Figure("category_heatmap", "Pass rate by category and cell"))
    b.append(Figure("category_differences", "Per category: difference in pass rate against the "
                                            "baseline, with the lab's CI, per condition"))
    b.append("Passes per repeat in run order (as the source log writes K=6/6), then the mean pass rate "
             "and, when the repeats disagree, the swing of passes.")
    b.append(_category_grid(T["categories"], by))

    b.append(("h2", "Position, streaks and cascades"))
    b.append("Pass rate by position shows the attention valley; per repeat, the longest run of "
             "non-passing tests and the drop point — the change point of the pass/fail sequence "
             "when the rate after it is at least 0.3 lower and at least 5 tests follow (`collapse_at` "
             "in the table's CSV). A drop is not a collapse: the comparisons count a single session as "
             "collapsed by its copy cascade (the table after this one). A single session in which 5 or "
             "more tests in a row ended with one unanswered outcome (every call malformed, say) "
             "*stopped answering* (lab.records.cascade.stopped_answering): named here, never counted "
             "as a collapse.")
    b.append(Figure("position_curve", "Pass rate by position"))
    st = T["streaks"]
    if len(st):
        st = st.assign(cell=cell_labels(st, by).to_numpy(),
                       streak=[f"{n} ({a}–{z})" if n else "0" for n, a, z in
                               zip(st["longest_fail_streak"], st["streak_from"], st["streak_to"])],
                       drop=[f"at {a}: {x:.0%} → {y:.0%}" if isinstance(a, str) else "–"
                                 for a, x, y in zip(st["collapse_at"], st["rate_before"], st["rate_after"])],
                       stopped=[f"{n} {o} in a row from {a}" if q else "–" for q, n, o, a in
                                zip(st["stopped_answering"], st["unanswered_streak"],
                                    st["unanswered_outcome"], st["unanswered_start"])])
    b.append(Table(st, [("cell", "cell"), ("run", "run_id"), ("repeat", "repeat"), ("score", "score"),
                        ("longest failing streak", "streak"), ("pass-rate drop", "drop"),
                        ("stopped answering", "stopped")], csv="streaks"))
    b += cascade_blocks(T["cascades"], links)

    b.append(("h2", "Reliability: pass^k, flaky and failing tests"))
    b.append(Figure("pass_k_curves", "pass^k and pass@k against k"))
    b.append("Every test that did not pass in some repeat, with the outcome of each repeat in run "
             "order; each outcome links to that repeat's transcript at the test.")
    b += _failing_tables(tables["per_test"], res, links, by)

    b.append(("h2", "Outcomes"))
    oc = T["outcomes"]
    if len(oc):
        oc = oc.assign(cell=cell_labels(oc, by).to_numpy())
    b.append("Counts over all complete repeats (labels that never occurred are left out here, not in the "
             "CSV). The infrastructure's outcomes (api_error, a server's timeout) are counted apart "
             "from the model's, and so are the lab's crashes (an exception inside the lab: a bug "
             "to fix, its traceback in the transcript); both count as not passed in the score, "
             "and `lab resume` runs those tests again.")
    shown = [o for o in OUTCOMES if o != "crash" and (o in ("pass", "fail") or (len(oc) and oc[o].sum() > 0))]
    b.append(Table(oc, [("cell", "cell"), ("repeats", "repeats"), *[(o, o) for o in shown],
                        ("infrastructure", "infrastructure"), ("which", "infrastructure_labels"),
                        ("lab crashes", "crashes")],
                   csv="outcomes"))

    b.append(("h2", "Tool calls, context and response fields"))
    tc = T["tool_calls"]
    if len(tc):
        tc = tc.assign(cell=cell_labels(tc, by).to_numpy())
    b.append(Table(tc, [("cell", "cell"), ("calls / test", "calls_per_test"), ("median", "median"),
                        ("max", "max"), ("calls / repeat", "calls_per_repeat"),
                        ("malformed / repeat", "malformed_per_repeat"),
                        ("response tokens / test", "response_tokens_per_test")], csv="tool_calls",
                   fmt={"calls_per_test": lambda v: num(v, 2)}))
    b.append("Every field a tool returns stays in a single session's context: tokens per test is the "
             "slope of the context over the session (evictions included).")
    cx = T["context"]
    if len(cx):
        cx = cx.assign(cell=cell_labels(cx, by).to_numpy())
    b.append(Table(cx, [("cell", "cell"), ("tokens / test", "tokens_per_test"),
                        ("context at last test", "context_at_end"), ("peak", "peak_context"),
                        ("response tokens / test", "response_tokens_per_test"),
                        ("evictions / repeat", "evictions_per_repeat")], csv="context"))
    b.append(Figure("context_curve", "Context tokens over the session"))
    ft = T["field_tokens"]
    if len(ft):
        ft = ft.assign(cell=cell_labels(ft, by).to_numpy())
    b.append(Table(ft, [("cell", "cell"), ("tool", "tool"), ("field", "field"),
                        ("tokens / repeat", "tokens_per_repeat"), ("tokens / call", "tokens_per_call"),
                        ("calls with it", "present_calls"), ("share of calls", "share_of_calls")],
                   csv="field_tokens", fmt={"share_of_calls": pct}))
    b.append(Figure("field_tokens", "Tokens each response field added per repeat"))

    b.append(("h2", "What changed between runs"))
    b.append("Each run against the one before it in run order: resolved config (a group by its name "
             "when that changed; run.* left out), suite and corpus content, model file. Runs with the "
             "same fingerprint ran under the same conditions (`lab diff` compares two in depth).")
    b.append(Table(T["changes"], [("#", "run_order"), ("experiment", "experiment"), ("run", "run_id"),
                                  ("cell", "cell"), ("status", "status"), ("scores", "scores"),
                                  ("mean", "mean"), ("Δ mean", "delta"), ("fingerprint", "fingerprint"),
                                  ("what changed", "changed")],
                   csv="changes", fmt={"delta": lambda v: "–" if pd.isna(v) else f"{v:+.1f}"}))

    b += rounds_blocks(T["rounds"])

    b.append(("h2", "Contamination of the golden set"))
    b.append("`golden-queries-quoted`: a document of the indexed corpus quotes two or more golden "
             "queries verbatim in one text field and is not expected for them. Measured as in the "
             "decision record; it can be a note about the test set or the source the queries come "
             "from, and only the golden file's author can tell. Findings never change an exit code; "
             "a corpus quoting exactly one golden query is not reported, on purpose.")
    b.append(Table(T["findings"], [("suite", "suite"), ("runs", "runs"), ("code", "code"),
                                   ("document", "document"), ("queries", "queries"), ("message", "message")],
                   csv="findings", fmt={"code": lambda v: v if isinstance(v, str) else "–"}))

    b.append(("h2", "Tables"))
    b.append("Every table above is complete in `tables/` as CSV, with more: "
             + ", ".join(f"`{n}.csv`" for n in T) + ".")
    return b


def rounds_blocks(rounds: pd.DataFrame) -> list[Block]:
    """Where and when each repeat ran: its round as lab.records.rounds.shown says it, with the
    CPUs and busy ends counted (a machine rebuilt under one host name is visible only here)."""
    b: list[Block] = [("h2", "Where and when each repeat ran")]
    b.append(f"Each repeat's round: when it started, the lab's code (`code:` ids: a commit that only "
             f"adds results or docs is the same code), the model's threads, the host, the CPU and the "
             f"1-minute load per CPU at its end (busy from {BUSY_LOAD}). The comparisons take repeats "
             f"with the same code, threads and host whose starts chain within an hour as one round; "
             f"CPU and load are shown and split no round: one numerics id gives the same tokens on "
             f"every CPU and at any load, and a time limit's hits are labelled `timeout` "
             f"(docs/statistics.md).")
    if len(rounds):
        counts = cpu_counts(rounds["cpu"])                     # in run order
        cpus = "; ".join(f"{c} ({k} repeat{'s' if k != 1 else ''})" for c, k in counts.items())
        busy = int(rounds["load"].str.endswith("(busy)").sum())
        span = cpu_span(counts)
        b.append(f"**CPUs:** {cpus}." + (f" The repeats ran on {span}: the same tokens, other "
                                         "speeds, so their wall times are not one distribution."
                                         if span else "")
                 + f" **Busy at the end:** {busy} of {len(rounds)} repeats.")
    table = Table(rounds, [("cell", "cell"), ("run", "run_id"), ("repeat", "repeat"), ("seed", "seed"),
                           ("score", "score"), *((h, k) for k, h in SHOWN.items())], csv="rounds")
    b.append(Details(f"every repeat ({len(rounds)})", [table], open=len(rounds) <= 12))
    return b


def _category_grid(cat: pd.DataFrame, by: list[str]) -> Table:
    """category x cell: "6/6, 4/6, 5/6 · 83% · swing 2" (the complete long table is the CSV)."""
    if cat.empty:
        return Table(cat, [], csv="categories")
    cat = cat.assign(cell=cell_labels(cat, by).to_numpy(),
                     text=[f"{p} · {r:.0%}" + (f" · swing {w}" if w else "")
                           for p, r, w in zip(cat["per_repeat"], cat["pass_rate"], cat["swing"])])
    grid = cat.pivot_table(index="category", columns="cell", values="text", aggfunc="first")
    tests = cat.groupby("category")["tests"].max()
    grid = grid.fillna("–").reset_index()
    grid.insert(1, "tests", grid["category"].map(tests))
    cells = [c for c in grid.columns if c not in ("category", "tests")]
    return Table(grid, [("category", "category"), ("tests", "tests"), *[(c, c) for c in cells]],
                 csv="categories")


def _failing_tables(per_test: pd.DataFrame, res: Results, links: dict[tuple, str],
                    by: list[str]) -> list[Block]:
    """Per cell, a collapsible table of the tests that did not pass in every repeat."""
    if per_test.empty:
        return ["_(no test rows)_"]
    t = res.complete_tests
    bad = per_test[per_test["c"] < per_test["n"]].copy()
    if bad.empty:
        return ["Every test passed in every repeat."]
    outcomes = []
    for _, row in bad.iterrows():
        mask = t["test_id"] == row["test_id"]
        for c in by:
            mask &= t[c] == row[c]
        outcomes.append([(o, links.get((r, int(k), row["test_id"])))
                         for r, k, o in t.loc[mask, ["run_id", "repeat", "outcome"]].itertuples(index=False)])
    bad["cell"] = cell_labels(bad, by).to_numpy()
    bad["runs"] = outcomes
    bad["kind"] = np.where(bad["flaky"], "flaky", "fails every repeat")
    bad["passes"] = [f"{c}/{n}" for c, n in zip(bad["c"], bad["n"])]
    cols = [("test", "test_id"), ("category", "category"), ("position", "position"), ("passed", "passes"),
            ("kind", "kind"), ("outcome per repeat (links: transcript)", "runs")]
    out: list[Block] = []
    for cell, g in bad.groupby("cell", sort=True):
        flaky, never = int(g["flaky"].sum()), int((~g["flaky"]).sum())
        out.append(Details(f"**{cell}**: {flaky} flaky, {never} failing every repeat",
                           [Table(g, cols)], open=len(g) <= 12))
    out.append("Complete per-test table (every test, every cell): `tables/per_test.csv`.")
    return out
