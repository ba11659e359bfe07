"""The tables of docs/findings/qwen2.5-coder-1.5b-lexiopt.md, printed as Markdown from run folders.

    .venv/bin/python scripts/findings_lexiopt.py RESULTS_DIR [PROMPT_RUNS_DIR] [--level N]

RESULTS_DIR holds the sweep's runs (scripts/lexiopt_sweep.sh), PROMPT_RUNS_DIR the tool_choice=auto
runs of the prompt variants (the unforced tool-call rate). Everything comes from the run records
through lab.analysis.load; nothing is typed in by hand. Only complete repeats count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.analysis.cell_pairs import compare, per_test  # noqa: E402
from lab.analysis.load import load, load_reference  # noqa: E402
from lab.analysis.frame_stats import field_token_stats  # noqa: E402
from lab.errors import InputError  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
from findings_common import md as _md, run  # noqa: E402

ORDER = ["lexiopt4", "maybe_exts_removed", "alike", "lexiopt6"]


def md(df: pd.DataFrame) -> str:
    return _md(df, "(nothing to show: no cell pair has complete repeats on both sides)")


def cells(res) -> pd.DataFrame:
    rep = res.repeats
    ref = load_reference()
    rows = []
    for exp in ORDER:
        g = rep[rep["experiment"] == exp]
        if g.empty:
            continue
        scores = g.sort_values("repeat")["score"].tolist()
        log = ref[(ref["experiment"] == exp) & (ref["scope"] == "total")]["passed"].dropna()
        rows.append({"experiment": exp, "vocabulary": g["vocabulary"].iloc[0], "repeats": len(scores),
                     "scores /70": " ".join(map(str, scores)), "mean": float(np.mean(scores)),
                     "swing": max(scores) - min(scores),
                     "source log /70": " ".join(str(int(x)) for x in log) or "no score (loop)"})
    return pd.DataFrame(rows)


def comparisons(res, base: str = "lexiopt4") -> pd.DataFrame:
    t = res.tests[res.tests["complete"]]
    rows = []
    for exp in ORDER:
        if exp == base or t[t["experiment"] == exp].empty or t[t["experiment"] == base].empty:
            continue
        c = compare(t, {"experiment": exp}, {"experiment": base})
        eff = per_test(t, {"experiment": exp}, {"experiment": base})
        better = [e.test_id for e in eff if e.delta > 0]
        worse = [e.test_id for e in eff if e.delta < 0]
        ci = f"[{c.ci_low:.1f}, {c.ci_high:.1f}]" if c.ci else "-"
        rows.append({"cell": exp, "vs": base, "repeats": f"{c.repeats_cand} vs {c.repeats_base}",
                     "diff (points)": c.diff, "95% CI": ci, "p": c.p_value, "test": c.method,
                     "MDE 80%": c.mde, "tests better": len(better), "tests worse": len(worse),
                     "tests beyond luck (Holm)": " ".join(e.test_id for e in eff if e.significant) or "none",
                     "better": " ".join(better), "worse": " ".join(worse)})
    return pd.DataFrame(rows)


def categories(res) -> pd.DataFrame:
    t = res.tests[res.tests["complete"]]
    g = t.groupby(["experiment", "category"])["passed"].mean().unstack("category")
    return g.reindex([e for e in ORDER if e in g.index]).reset_index()


def outcomes(res) -> pd.DataFrame:
    t = res.tests[res.tests["complete"]]
    g = t.groupby(["experiment", "outcome"]).size().unstack("outcome", fill_value=0)
    return g.reindex([e for e in ORDER if e in g.index]).reset_index()


def cascades(res) -> pd.DataFrame:
    rep = res.repeats
    cols = [c for c in rep.columns if c.startswith("cascade_")]
    return rep[["experiment", "repeat", *cols]].sort_values(["experiment", "repeat"])


def fields(res) -> pd.DataFrame:
    done = lambda d: d[d["complete"]] if "complete" in d.columns else d  # noqa: E731
    f = field_token_stats(done(res.fields), done(res.calls), by=["experiment"])
    f = f[f["tool"] == "path_resolve"]
    return f[["experiment", "field", "tokens_per_call", "share_of_calls", "tokens_per_repeat"]]


def tool_use(res) -> pd.DataFrame:
    rep = res.repeats.copy()
    rep["unforced rate"] = rep["tests_with_unforced_call"] / rep["tool_tests"]
    keep = ["experiment", "session", "tool_choice", "prompt", "repeat", "score", "tool_tests",
            "tests_first_forced", "tests_with_unforced_call", "unforced rate", "forced_calls",
            "unforced_calls", "call_forms"]
    return rep[[c for c in keep if c in rep.columns]]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results_dir", help="the sweep's runs (scripts/lexiopt_sweep.sh)")
    ap.add_argument("prompt_runs", nargs="?", help="the prompt variants' tool_choice=auto runs")
    ap.add_argument("--level", type=int, default=2, choices=range(1, 6),
                    help="heading level of the sections (a page that nests them under its own: 4)")
    args = ap.parse_args(argv)
    h = "#" * args.level
    res = load(args.results_dir)
    if res.runs.empty:
        raise InputError("no run of the lexiopt sweep here (scripts/lexiopt_sweep.sh writes them)",
                         file=args.results_dir)
    for p in res.problems:
        print(f"<!-- left out: {p} -->")
    print(f"{h} Cells\n\n" + md(cells(res)))
    print(f"\n{h} Paired comparisons\n\n" + md(comparisons(res)))
    print(f"\n{h} Categories (pass rate)\n\n" + md(categories(res)))
    print(f"\n{h} Outcomes (all complete repeats)\n\n" + md(outcomes(res)))
    print(f"\n{h} Copy cascades\n\n" + md(cascades(res)))
    print(f"\n{h} Tokens per field (path_resolve)\n\n" + md(fields(res)))
    print(f"\n{h} Tool use\n\n" + md(tool_use(res)))
    if args.prompt_runs:
        auto = load(args.prompt_runs)
        print(f"\n{h} Prompt variants, tool_choice=auto\n\n" + md(tool_use(auto)))


if __name__ == "__main__":
    run(main, __file__)
