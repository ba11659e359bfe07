"""The tables of the tasks40-vs-baseline finding (issue 25), printed as Markdown from run folders.

    .venv/bin/python scripts/findings_tasks40.py RESULTS_DIR [MORE_DIRS...] [--margin POINTS]
        [--figure PNG]

RESULTS_DIR holds runs of scripts/tasks40_sweep.sh (or scripts/model_size_sweep.sh): suite=tasks40
(pathfinder's tools) and suite=tasks40_baseline (filesystem tools), forced first call or
tool_choice=auto, any session mode and model. Per cell (suite x session x tool_choice x forced tool
x model): repeats, scores, mean, swing, the tools the forced first turns called and the unforced
call rate; pathfinder against the baseline with the lab's one comparison
(lab.analysis.cell_pairs.compare: lab.stats.compare_arms, the function `lab diff` and the report
use), its CI, TOST equivalence where there is no difference, Holm over the pairs; the same per
category; per task: pass rate, calls, tools, turns, tool tokens read; the exploration depth
(calls per task, distinct directories listed or searched, files read). Everything comes from the
run records (lab.analysis.load, and each transcript through its one reader for the calls'
arguments); nothing is typed in. Only complete repeats count. --figure: every repeat's score
of both arms per pair, with the comparison's difference and CI (the same numbers as the table).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from functools import cached_property
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.analysis.cell_pairs import compare, per_test  # noqa: E402
from lab.analysis.load import load  # noqa: E402
from lab.records.cells import cell_by  # noqa: E402
from lab.records.record import read_transcript, transcript_path  # noqa: E402
from lab.stats import holm, rate_ci  # noqa: E402
from lab.stats import words  # noqa: E402
from lab.stats.equivalence import DEFAULT_MARGIN  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
from findings_common import md, run, save_figure  # noqa: E402

PATHFINDER, BASELINE = "tasks40", "tasks40_baseline"
SUITES = (PATHFINDER, BASELINE)
#: the axes a cell is told by here (and any other axis that varies among the loaded runs)
AXES = ["model", "session", "tool_choice", "forced_tool", "suite"]
#: the tools that list or search a folder (their `path` argument), and the ones that read a file
LISTS = {"list_directory", "directory_tree", "search_files", "list_dir"}
READS = {"fs_read_file", "read_file"}


def _norm(path) -> str:
    p = str(path or "").strip().replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    p = p.strip("/")
    return p or "."


def _parent(path) -> str:
    p = _norm(path)
    return p.rsplit("/", 1)[0] if "/" in p else "."


class Tasks40:
    def __init__(self, dirs: list[str], margin: float = DEFAULT_MARGIN):
        self.res = load(dirs)
        self.margin = margin
        t = self.res.complete_tests
        self.tests = t[t["suite"].isin(SUITES)] if len(t) else t
        rep = self.res.repeats
        self.repeats = rep[rep["suite"].isin(SUITES)] if len(rep) else rep
        runs = self.res.runs[self.res.runs["suite"].isin(SUITES)]
        self.keys = cell_by(runs, AXES)
        self.calls = self._calls()

    # -- the calls with their arguments, from the transcripts -----------------------------------
    def _calls(self) -> pd.DataFrame:
        rows = []
        for run_id, rec in self.res.records.items():
            if (rec.suite or {}).get("name") not in SUITES:
                continue
            d = self.res.run_dirs[run_id]
            for r in rec.repeats:
                path = transcript_path(d, r.repeat)
                if not path.is_file():
                    continue
                _, results = read_transcript(path)
                for x in results:
                    for j, c in enumerate(x.tool_calls):
                        args = c.arguments if isinstance(c.arguments, dict) else {}
                        rows.append({"run_id": run_id, "repeat": r.repeat, "test_id": x.test_id,
                                     "call": j, "tool": c.name, "forced": c.forced,
                                     "malformed": bool(c.malformed), "is_error": c.is_error,
                                     "path": args.get("path")})
        calls = pd.DataFrame(rows, columns=["run_id", "repeat", "test_id", "call", "tool", "forced",
                                            "malformed", "is_error", "path"])
        meta = self.res.runs.set_index("run_id")[self.keys]
        return calls.join(meta, on="run_id")

    def cells(self) -> list[dict]:
        if self.repeats.empty:
            return []
        g = self.repeats.groupby(self.keys, dropna=False, sort=True)
        return [dict(zip(self.keys, k if isinstance(k, tuple) else (k,))) for k in g.groups]

    @staticmethod
    def _rows(frame: pd.DataFrame, cell: dict) -> pd.DataFrame:
        mask = np.ones(len(frame), dtype=bool)
        for k, v in cell.items():
            mask &= (frame[k] == v).to_numpy()
        return frame[mask]

    # -- tables ---------------------------------------------------------------------------------
    def cell_table(self) -> pd.DataFrame:
        rows = []
        for cell in self.cells():
            r = self._rows(self.repeats, cell).sort_values(["run_order", "repeat"])
            t = self._rows(self.tests, cell)
            scores = r["score"].astype(int).tolist()
            n = int(r["n"].iloc[0])
            forced = Counter(x for x in t["forced_call_tool"].fillna("") if x) \
                if "forced_call_tool" in t.columns else Counter()
            unforced = int(r["tests_with_unforced_call"].fillna(0).sum())
            tool_tests = int(r["tool_tests"].fillna(0).sum())
            lo, hi = rate_ci(unforced, tool_tests) if tool_tests else (None, None)
            rows.append({**cell, "repeats": len(scores), f"scores /{n}": " ".join(map(str, scores)),
                         "mean": float(np.mean(scores)), "swing": max(scores) - min(scores),
                         "collapsed": int(r["collapsed"].sum()) if cell.get("session") == "single" else "-",
                         "forced first calls": ", ".join(f"{k} {v}" for k, v in forced.most_common())
                         or ("none forced" if cell.get("tool_choice") == "auto" else "no call named"),
                         "tests with an unforced call": f"{unforced}/{tool_tests}",
                         "unforced rate [95% CI]": (f"{unforced / tool_tests:.2f} [{lo:.2f}, {hi:.2f}]"
                                                    if tool_tests else "-")})
        return pd.DataFrame(rows)

    def pairs(self) -> list[tuple[dict, dict, dict]]:
        """(shared axes, pathfinder cell, baseline cell): every pathfinder cell against every
        baseline cell that agrees with it in all but the suite and the forced tool (which the
        design sets per suite)."""
        cells = self.cells()
        shared = [k for k in self.keys if k not in ("suite", "forced_tool")]
        out = []
        for a in (c for c in cells if c["suite"] == PATHFINDER):
            for b in (c for c in cells if c["suite"] == BASELINE):
                if all(a[k] == b[k] for k in shared):
                    out.append(({k: a[k] for k in shared}, a, b))
        return out

    @cached_property
    def compared(self) -> list[tuple[dict, dict, dict, object]]:
        """(shared axes, pathfinder cell, baseline cell, the lab's comparison — or the ValueError
        that says why there is none) for every pair: computed once, for the table and the figure."""
        out = []
        for base, a, b in self.pairs():
            try:
                out.append((base, a, b, compare(self.tests, a, b, margin=self.margin)))
            except ValueError as e:
                out.append((base, a, b, e))
        return out

    def comparisons(self) -> pd.DataFrame:
        rows = []
        for base, a, b, c in self.compared:
            if isinstance(c, ValueError):
                rows.append({**base, "forced": f"{a['forced_tool']} / {b['forced_tool']}", "note": str(c)})
                continue
            eff = per_test(self.tests, a, b)
            d = c.to_dict()
            rows.append({**base, "forced": f"{a['forced_tool']} / {b['forced_tool']}",
                         "repeats": f"{c.repeats_cand} vs {c.repeats_base}", "tests": c.tests,
                         "pathfinder": c.mean_cand, "baseline": c.mean_base,
                         "diff (points)": c.diff,
                         "CI": _ci(c),
                         "p": c.p_overall, "method": c.describe() if hasattr(c, "describe") else c.method,
                         "MDE 80%": c.mde,
                         "equivalence / collapse": "; ".join(x for x in (words.collapse(d),
                                                                         words.equivalence(d)) if x) or "-",
                         "tasks better": sum(e.delta > 0 for e in eff),
                         "tasks worse": sum(e.delta < 0 for e in eff),
                         "tasks beyond luck (Holm)": " ".join(e.test_id for e in eff if e.significant) or "none"})
        df = pd.DataFrame(rows)
        if "p" in df.columns:
            ps = [None if pd.isna(p) else float(p) for p in df["p"]]
            df.insert(df.columns.get_loc("p") + 1, "p (Holm over pairs)", holm(ps))
        return df

    def categories(self) -> pd.DataFrame:
        rows = []
        t = self.tests
        for base, a, b in self.pairs():
            ta, tb = self._rows(t, a), self._rows(t, b)
            part = []
            for cat in sorted(set(ta["category"].dropna()) | set(tb["category"].dropna())):
                sub = t[t["category"] == cat]
                row = {**base, "category": cat, "tasks": int(ta[ta["category"] == cat]["test_id"].nunique()),
                       "pathfinder pass rate": ta[ta["category"] == cat]["passed"].mean(),
                       "baseline pass rate": tb[tb["category"] == cat]["passed"].mean()}
                try:
                    c = compare(sub, a, b, margin=self.margin)
                    row.update({"diff (points)": c.diff, "CI": _ci(c),
                                "p": c.p_overall})
                except ValueError:
                    row.update({"diff (points)": None, "CI": "-", "p": None})
                part.append(row)
            adj = holm([None if r["p"] is None or pd.isna(r["p"]) else r["p"] for r in part])
            for r, p in zip(part, adj):
                r["p (Holm over categories)"] = p
            rows += part
        return pd.DataFrame(rows)

    def per_task(self, cell: dict) -> pd.DataFrame:
        t = self._rows(self.tests, cell)
        calls = self._rows(self.calls, cell)
        reps = t.groupby(["run_id", "repeat"]).ngroups
        rows = []
        for (tid, cat), g in t.groupby(["test_id", "category"], sort=True, dropna=False):
            used = Counter(self._rows(calls, {"test_id": tid})["tool"])
            rows.append({"task": tid, "category": cat,
                         "pass": f"{int(g['passed'].sum())}/{len(g)}",
                         "calls": g["tool_calls"].mean(), "turns": g["turns"].mean(),
                         "tool tokens read": g["tool_response_tokens"].mean(),
                         "tools (calls a repeat)": ", ".join(f"{k} {v / reps:.2g}" for k, v in used.most_common())
                         or "none",
                         "outcomes": ", ".join(f"{k} {v}" for k, v in Counter(g["outcome"]).most_common())})
        return pd.DataFrame(rows)

    def exploration(self) -> pd.DataFrame:
        """Per cell: how far the model looked, per task (means over every task x repeat)."""
        rows = []
        for cell in self.cells():
            t = self._rows(self.tests, cell)
            if t.empty:
                continue
            calls = self._rows(self.calls, cell)
            per = []
            for (run_id, repeat, tid), g in t.groupby(["run_id", "repeat", "test_id"]):
                c = calls[(calls["run_id"] == run_id) & (calls["repeat"] == repeat) & (calls["test_id"] == tid)]
                ok = c[~c["malformed"]]
                listed = {_norm(p) for p in ok[ok["tool"].isin(LISTS)]["path"]}
                read = {_norm(p) for p in ok[ok["tool"].isin(READS)]["path"]}
                per.append({"calls": int(g["tool_calls"].iloc[0]), "listed": len(listed), "read": len(read),
                            "dirs": len(listed | {_parent(p) for p in read}),
                            "errors": int(ok["is_error"].sum()), "malformed": int(c["malformed"].sum()),
                            "passed": bool(g["passed"].iloc[0])})
            p = pd.DataFrame(per)
            rows.append({**cell, "task runs": len(p), "calls / task": p["calls"].mean(),
                         "median": float(p["calls"].median()), "max": int(p["calls"].max()),
                         "dirs listed or searched / task": p["listed"].mean(),
                         "files read / task": p["read"].mean(), "distinct dirs touched / task": p["dirs"].mean(),
                         "tool errors / task": p["errors"].mean(), "malformed / task": p["malformed"].mean(),
                         "calls / task when passed": p[p["passed"]]["calls"].mean() if p["passed"].any() else None,
                         "... when failed": p[~p["passed"]]["calls"].mean() if (~p["passed"]).any() else None})
        return pd.DataFrame(rows)

    def figure(self, path: Path) -> list[str]:
        """One panel per pair of cells (model x session x tool_choice): every complete repeat's
        score of each arm (a collapsed single session drawn apart, as x), the arm's mean, and the
        comparison's difference with its CI in the title — the numbers of the table above, from
        the same compare(). Returns what was not drawn, to say beside the figure."""
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt   # (heavy: only when a figure is drawn)

        pairs = sorted(self.compared, key=lambda p: (str(p[0].get("model")), str(p[0].get("session")),
                                                     p[0].get("tool_choice") != "first"))
        left = []
        cols = max(1, len(pairs))
        fig, axes = plt.subplots(1, cols, figsize=(3.3 * cols + 0.6, 4.6), squeeze=False, sharey=True)
        n = int(self.repeats["n"].max()) if len(self.repeats) else 40
        for ax, (base, a, b, c) in zip(axes[0], pairs):
            for x, cell in ((0, a), (1, b)):
                r = self._rows(self.repeats, cell).sort_values(["run_order", "repeat"])
                ok, col = r[~r["collapsed"].astype(bool)], r[r["collapsed"].astype(bool)]
                jit = np.linspace(-0.12, 0.12, len(r)) if len(r) > 1 else np.zeros(len(r))
                ax.scatter(x + jit[:len(ok)], ok["score"], s=22, color="C0" if x == 0 else "C1", zorder=3)
                if len(col):
                    ax.scatter(x + jit[len(ok):], col["score"], marker="x", s=30, color="C3", zorder=3,
                               label="collapsed session")
                if len(r):
                    m = float(r["score"].mean())
                    ax.hlines(m, x - 0.25, x + 0.25, color="black", lw=1.5, zorder=4)
                    ax.annotate(f"{m:.1f}", (x + 0.27, m), va="center", fontsize=8)
            if isinstance(c, ValueError):
                said = "no comparison"
                left.append(f"{label(base)}: {c}")
            else:
                said = f"pathfinder − baseline {c.diff:+.1f}\n" + (_ci(c) if c.ci else f"no CI ({c.method})")
                if not c.ci:
                    left.append(f"{label(base)}: no CI ({c.method})")
            mode = "forced first call" if base.get("tool_choice") == "first" else "tool_choice=auto"
            ax.set_title(f"{base.get('model')}\n{base.get('session')}, {mode}\n{said}", fontsize=9)
            ax.set_xticks([0, 1])
            forced = base.get("tool_choice") == "first"      # each arm's forced tool, from its cell
            ax.set_xticklabels([name + (f"\n({cell['forced_tool']})" if forced else "")
                                for name, cell in (("pathfinder", a), ("filesystem", b))], fontsize=8)
            ax.set_xlim(-0.6, 1.7)
            ax.set_ylim(-1, n + 1)
            ax.grid(axis="y", color="0.9")
        if not pairs:
            axes[0][0].text(0.5, 0.5, "no pair of cells with complete repeats", transform=axes[0][0].transAxes,
                            ha="center", color="0.4")
        axes[0][0].set_ylabel(f"score per repeat (of {n})")
        handles, labels = [], []
        for ax in axes[0]:
            for h, lab in zip(*ax.get_legend_handles_labels()):
                if lab not in labels:
                    handles.append(h)
                    labels.append(lab)
        if handles:
            fig.legend(handles, labels, loc="lower right", fontsize=8, frameon=False)
        save_figure(fig, path, "tasks40: pathfinder against the filesystem tools (dots: repeats; bar: "
                    "mean; CI: the lab's comparison)")
        return left


def _ci(c) -> str:
    """The comparison's CI with its level (a single session's score part is at 1 - alpha/2)."""
    if not c.ci:
        return "-"
    return f"[{c.ci_low:.1f}, {c.ci_high:.1f}] ({c.ci_level or c.level:.1%})".replace(".0%", "%")


def label(cell: dict) -> str:
    return " · ".join(f"{k}={v}" for k, v in cell.items())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+", help="results folders (runs of scripts/tasks40_sweep.sh)")
    ap.add_argument("--margin", type=float, default=DEFAULT_MARGIN,
                    help=f"equivalence margin in points (TOST; default {DEFAULT_MARGIN:g})")
    ap.add_argument("--figure", type=Path, help="also write the scores figure here (PNG)")
    args = ap.parse_args(argv)
    f = Tasks40(args.dirs, margin=args.margin)
    for p in f.res.problems:
        print(f"<!-- left out: {p} -->")
    print("### Cells\n\n" + md(f.cell_table(), "(no complete repeat of tasks40 or tasks40_baseline)"))
    print("\n### Pathfinder against the filesystem baseline\n\n"
          "diff = pathfinder - baseline, points of 40 on the common tasks; the lab's one comparison "
          "(`lab diff` gives the same numbers for the same two runs).\n\n"
          + md(f.comparisons(), "(no pair of cells with complete repeats on both sides)"))
    print("\n### Per category\n\n" + md(f.categories(), "(no pair of cells)"))
    print("\n### Exploration depth\n\n" + md(f.exploration(), "(no complete repeat)"))
    for cell in f.cells():
        if cell.get("tool_choice") == "auto":
            continue                  # the auto cells are there for the unforced rate (Cells)
        print(f"\n### Per task: {label(cell)}\n\n" + md(f.per_task(cell)))
    if args.figure:
        left = f.figure(args.figure)
        print(f"\nFigure: {args.figure}" + "".join(f"\n- not drawn: {x}" for x in left), file=sys.stderr)


if __name__ == "__main__":
    run(main, __file__)
