"""A sweep's summary: one row per cell (scores of the counted repeats, mean, swing, bootstrap CI,
outcome counts of the same repeats; the repeats left out named), every pair of cells that differ
in one axis compared with the lab's one comparison (lab.comparisons.runs: the p-value and CI
`lab diff` gives for the same two runs; Holm-adjusted over those pairs and said so), the failed
cells with their error and where the traceback is, and the report of the whole sweep
(lab.analysis.report).

    write_summary(sweep_dir) -> SweepSummaryResult   (summary.md, summary.json, report/)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from lab.records.io import atomic_write_text
from lab.sweeps.cells import REPORT, SUMMARY_JSON, SUMMARY_MD, CellEntry, read_entries
from lab.records.cells import differing_axes
from lab.analysis.frame_stats import bootstrap_ci
from lab.records.record import read_record
from lab.records.recovery import left_out_words
from lab.analysis.report import build_report
from lab.comparisons.runs import Arm, compare_two
from lab.stats import holm
from lab.stats import words

#: outcome labels shown as columns when any cell has them (the rest are in summary.json)
SHOWN = ("pass", "fail", "no_answer", "tool_call_cap", "loop", "timeout", "context_overflow",
         "malformed", "api_error", "crash", "skipped")


@dataclass
class SweepSummaryResult:
    sweep_dir: Path
    cells: list[dict]
    failed: list[dict]
    text: str
    comparisons: list[dict] = field(default_factory=list)
    report: Path | None = None
    report_error: str | None = None
    report_wanted: bool = True
    problems: list[str] = field(default_factory=list)


def cell_row(sweep_dir: Path, e: CellEntry, level: float = 0.95) -> dict:

    row: dict = {"cell": e.cell, "swept": e.swept, "status": e.status, "action": e.action,
                 "run_dir": e.run_dir, "error": e.error, "traceback": e.traceback}
    if not e.run_dir or not (sweep_dir / e.run_dir / "run.json").is_file():
        return row
    rec = read_record(sweep_dir / e.run_dir)
    scores = rec.scores
    outcomes: dict[str, int] = {}
    for r in rec.counted:       # the repeats the scores are of (RunRecord.counted); the rest named
        for k, v in r.outcomes.items():
            outcomes[k] = outcomes.get(k, 0) + v
    row.update(run_id=rec.run_id, record_status=rec.status, n=rec.repeats[0].n if rec.repeats else None,
               repeats=len(scores), scores=scores, outcomes=outcomes, left_out=left_out_words(rec),
               concurrency=(rec.config.get("run") or {}).get("concurrency", 1))
    if rec.status == "failed" and row["status"] != "failed":
        row["status"] = "failed"
        row["error"] = row["error"] or rec.error
    if scores:
        lo, hi = bootstrap_ci(scores, level=level)
        row.update(mean=sum(scores) / len(scores), swing=max(scores) - min(scores),
                   ci_low=float(lo), ci_high=float(hi), ci_level=level)
    return row


def write_summary(sweep_dir: Path, *, report: bool = True) -> SweepSummaryResult:
    sweep_dir = Path(sweep_dir)
    entries = read_entries(sweep_dir)
    rows = [cell_row(sweep_dir, e) for e in entries]
    failed = [r for r in rows if r["status"] != "complete"]
    res = SweepSummaryResult(sweep_dir=sweep_dir, cells=rows, failed=failed, text="",
                             comparisons=cell_comparisons(sweep_dir, rows), report_wanted=report)
    run_dirs = [sweep_dir / r["run_dir"] for r in rows
                if r.get("run_dir") and r.get("repeats")]
    if report and run_dirs:
        try:
            rep = build_report(run_dirs, sweep_dir / REPORT, title=f"Sweep {sweep_dir.name}")
            res.report = rep.markdown
            res.problems = list(rep.problems)
        except Exception as e:        # the summary stands without the report
            res.report_error = f"{type(e).__name__}: {e}"
    res.text = format_summary(res)
    atomic_write_text(sweep_dir / SUMMARY_MD, res.text + "\n")
    atomic_write_text(sweep_dir / SUMMARY_JSON, json.dumps(
        {"sweep_dir": str(sweep_dir), "cells": rows, "failed": [r["cell"] for r in failed],
         "comparisons": res.comparisons,
         "report": str(res.report) if res.report else None, "report_error": res.report_error,
         "problems": res.problems}, indent=2, default=str) + "\n")
    return res


def cell_comparisons(sweep_dir: Path, rows: list[dict], level: float = 0.95) -> list[dict]:
    """Every pair of cells with complete repeats that differ in at most one axis of a cell
    (lab/records/cells.py: a vocabulary x session sweep never compares maybe_exts isolated with
    alike single-session), earlier cell = base, Holm over all pairs; `axes` names the axis."""
    arms = []
    for r in rows:
        if r.get("repeats") and r.get("run_dir"):
            try:
                arms.append((r, Arm.load(sweep_dir / r["run_dir"])))
            except Exception as e:     # a damaged cell is named in the cell table, never hides the rest
                r.setdefault("problems", []).append(f"not compared: {type(e).__name__}: {e}")

    out = []
    for i in range(len(arms)):
        for j in range(i + 1, len(arms)):
            (rb, b), (rc, c) = arms[i], arms[j]
            axes = [a for a in differing_axes(b.record, c.record) if a != "numerics"]
            if len(axes) > 1:      # the one cell definition: a pair differs in one axis, never two
                continue
            rc_ = compare_two(b, c, level=level)
            cmp = rc_.comparison
            out.append({"base": rb["swept"] or rb["cell"], "cand": rc["swept"] or rc["cell"],
                        "base_run": str(b.run_dir), "cand_run": str(c.run_dir),
                        "axes": axes, "why_not": rc_.why_not, **(cmp.to_dict() if cmp else {}),
                        "tests_beyond_luck": [e.test_id for e in rc_.effects if e.significant]})
    adj = holm([c.get("p_overall") for c in out])
    for c, a in zip(out, adj):
        c["p_holm"], c["family"] = a, sum(x is not None for x in adj)
    return out


def _num(v: object, digits: int = 1) -> str:
    return "" if v is None else (f"{v:.{digits}f}" if isinstance(v, float) else str(v))


def beyond_noise(c: dict) -> bool | None:
    """The summary's "beyond noise": p (Holm) below the comparison's alpha; None without a p
    (the noise is unknown: the row's note says why)."""
    p = c.get("p_holm")
    return None if p is None else bool(p < 1 - (c.get("level") or 0.95))


def format_summary(s: SweepSummaryResult) -> str:
    shown = [o for o in SHOWN if any((r.get("outcomes") or {}).get(o) for r in s.cells)]
    head = ["cell", "status", "n", "repeats", "scores", "mean", "swing", "95% CI", *shown]
    lines = [f"# Sweep {s.sweep_dir.name}", "",
             f"{len(s.cells)} cells, {len(s.cells) - len(s.failed)} complete, {len(s.failed)} not "
             f"complete. Folder: {s.sweep_dir}", "",
             "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in s.cells:
        ci = ("n/a (1 repeat)" if len(r.get("scores") or []) == 1 else
              f"[{_num(r.get('ci_low'))}, {_num(r.get('ci_high'))}]" if r.get("scores") else "")
        vals = [r["swept"] or r["cell"], r["status"], _num(r.get("n")), _num(r.get("repeats")),
                ", ".join(map(str, r.get("scores") or [])), _num(r.get("mean")), _num(r.get("swing")),
                ci, *[_num((r.get("outcomes") or {}).get(o, 0)) for o in shown]]
        lines.append("| " + " | ".join(vals) + " |")
    left = [r for r in s.cells if r.get("left_out")]
    if left:
        lines += ["", "Left out of the scores and outcome counts above, tests that measured nothing "
                  "about the model (`lab resume` on the run runs them again):"]
        lines += [f"- `{r['swept'] or r['cell']}`: {r['left_out']}" for r in left]
    if s.comparisons:
        fam = s.comparisons[0]["family"]
        lines += ["", f"## Comparisons ({len(s.comparisons)} pairs; p (Holm) adjusts over {fam})", "",
                  "cand - base in points on the common tests; the lab's one comparison (`lab diff "
                  "BASE CAND` gives the same p and CI): single session, two parts at alpha/2 "
                  "(collapsed repeats by Fisher's exact test; Welch over the other repeats' scores, "
                  "its CI at 97.5%); isolated, paired over the tests (tests x rounds when the cells "
                  "share rounds). p is the comparison's one p (two parts: Bonferroni of both). "
                  "Beside a difference not beyond noise (p (Holm) >= alpha): TOST against the equivalence "
                  "margin (default ±3 points). beyond noise: yes / no; – when the noise is unknown.", "",
                  "| base | cand | session | diff | CI | p | p (Holm) | MDE 80% | beyond noise | "
                  "collapse / equivalence |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for c in s.comparisons:
            if c.get("diff") is None:
                lines.append(f"| {c['base']} | {c['cand']} | | | | | | | {c['why_not']} | |")
                continue
            lvl = c.get("ci_level") or c.get("level") or 0.95
            ci = (f"{lvl:.1%}".replace(".0%", "%") + f" [{c['ci_low']:+.1f}, {c['ci_high']:+.1f}]"
                  if c.get("ci_low") is not None else (c.get("note") or ""))
            beyond = beyond_noise(c)
            # TOST beside every difference not beyond noise after Holm (also one whose raw p is
            # below alpha): words.equivalence keys on "significant"
            notes = "; ".join(x for x in (words.collapse(c), words.equivalence(
                {**c, "significant": beyond is True})) if x)
            lines.append(f"| {c['base']} | {c['cand']} | {c['session']} | {c['diff']:+.1f} | {ci} | "
                         f"{_num(c.get('p_overall'), 3)} | {_num(c.get('p_holm'), 3)} | "
                         f"{_num(c.get('mde'))} | "
                         f"{'–' if beyond is None else 'yes' if beyond else 'no'} | "
                         f"{notes} |")
    if s.failed:
        lines += ["", "## Cells not complete", ""]
        for r in s.failed:
            where = f"{s.sweep_dir / r['traceback']}" if r.get("traceback") else "no traceback"
            lines.append(f"- `{r['cell']}` ({r['status']}): {r.get('error') or 'no error recorded'} "
                         f"— traceback: {where}" + (f"; run: {os.path.normpath(s.sweep_dir / r['run_dir'])}"
                                                   if r.get("run_dir") else ""))
    lines.append("")
    if s.report:
        lines.append(f"Report: {s.report} (and report.html beside it)")
    elif s.report_error:
        lines.append(f"No report: {s.report_error}")
    elif not s.report_wanted:
        lines.append("No report: turned off (hydra.callbacks.lab_sweep.report=false); "
                     "`lab report` on this folder makes it")
    else:
        lines.append("No report: no cell finished a repeat")
    for p in s.problems:
        lines.append(f"- report problem: {p}")
    return "\n".join(lines)
