"""The model-size figure of issue 25: each question's effect, with its CI, against the model's size,
per suite pair and session mode, from run folders.

    .venv/bin/python scripts/findings_model_size.py RESULTS_DIR [MORE_DIRS...] [--figure PATH]
        [--margin POINTS] [--size MODEL=LABEL ...]

The pairs (forced first call only, `agent.tool_choice=first`, as the sweeps run them):
- tests70, maybe_exts - minimal: the lexiopt pair (`+experiment=lexiopt4` against
  `maybe_exts_removed`; scripts/lexiopt_sweep.sh and scripts/model_size_sweep.sh), points of 70;
- tasks40, pathfinder - baseline: `suite=tasks40` against `suite=tasks40_baseline`
  (scripts/tasks40_sweep.sh and scripts/model_size_sweep.sh), points of 40.
Two cells form a pair when they agree on every other axis of the cell (lab/records/cells.py): the
same model, session mode, prompt, resolver and numerics. Each pair is compared with the lab's one
comparison (lab.analysis.cell_pairs.compare: the function `lab diff` and the report use): the
difference in points, its CI (a single session's score part at 1 - alpha/2, beside its collapse
part), p, the method, and TOST equivalence where there is no difference.

A model's size is its GGUF's `general.size_label` ("1.5B", "135M"): the run record's
`model.size_label`, for older records read from the GGUF at `model.path`; a model served over HTTP
has none, so `--size NAME=LABEL` names it (e.g. `--size openai=35B`). A model whose size is not
known is left out of the figure and named. Everything else comes from the run records
(lab.analysis.load); nothing is typed in. Only complete repeats count.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.analysis.cell_pairs import compare  # noqa: E402
from lab.analysis.frame_stats import outcome_counts  # noqa: E402
from lab.analysis.load import load  # noqa: E402
from lab.records.cells import KEY_COLUMNS  # noqa: E402
from lab.records.results import OUTCOMES  # noqa: E402
from lab.stats import words  # noqa: E402
from lab.stats.equivalence import DEFAULT_MARGIN  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
from findings_common import md, run, save_figure  # noqa: E402

#: (name, the candidate cell, the base cell, the axes the pair itself sets)
PAIRS = [
    ("tests70: maybe_exts - minimal", {"suite": "tests70", "vocabulary": "maybe_exts"},
     {"suite": "tests70", "vocabulary": "minimal"}, ("vocabulary",)),
    ("tasks40: pathfinder - baseline", {"suite": "tasks40"}, {"suite": "tasks40_baseline"},
     ("suite", "forced_tool", "vocabulary")),
]
MODES = ("isolated", "single")
_UNITS = {"K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}


def parameters(label: str | None) -> float | None:
    """'1.5B' -> 1.5e9, '135M' -> 1.35e8; None when the label says no size ('8x7B' reads as 56B)."""
    m = re.fullmatch(r"\s*(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)\s*([KMBT])\s*", str(label or ""), re.IGNORECASE)
    if not m:
        return None
    return float(m.group(1) or 1) * float(m.group(2)) * _UNITS[m.group(3).upper()]


def size_label(model: dict) -> str | None:
    """The run record's model block -> its size label (recorded, or from the GGUF at its path)."""
    if model.get("size_label"):
        return str(model["size_label"])
    path = model.get("path")
    if path and Path(path).is_file() and str(path).endswith(".gguf"):
        from lab.models.gguf import read_metadata   # (only for records made before size_label)
        return read_metadata(path).get("general.size_label")
    return None


def _same(x, y) -> bool:
    return x == y or (pd.isna(x) and pd.isna(y))


class ModelSize:
    def __init__(self, dirs: list[str], margin: float = DEFAULT_MARGIN, sizes: dict[str, str] | None = None):
        self.res = load(dirs)
        self.margin = margin
        t = self.res.complete_tests
        self.tests = t[t["tool_choice"] == "first"] if len(t) else t
        self.sizes: dict[str, str | None] = {}
        for rec in self.res.records.values():
            name = (rec.model or {}).get("name")
            if name and not self.sizes.get(name):
                self.sizes[name] = (sizes or {}).get(name) or size_label(rec.model or {})

    def cells(self) -> list[dict]:
        if self.tests.empty:
            return []
        keys = [k for k in KEY_COLUMNS if k in self.tests.columns]
        g = self.tests.groupby(keys, dropna=False, sort=True)
        return [dict(zip(keys, k)) for k in g.groups]

    def pairs(self) -> list[tuple[str, dict, dict]]:
        out = []
        cells = self.cells()
        for name, sel_a, sel_b, free in PAIRS:
            for a in (c for c in cells if all(c.get(k) == v for k, v in sel_a.items())):
                for b in (c for c in cells if all(c.get(k) == v for k, v in sel_b.items())):
                    if all(_same(a[k], b[k]) for k in a if k not in free and k not in sel_a):
                        out.append((name, a, b))
        return out

    def table(self) -> pd.DataFrame:
        rows = []
        for name, a, b in self.pairs():
            label = self.sizes.get(a["model"])
            row = {"pair": name, "model": a["model"], "size": label or "?",
                   "parameters": parameters(label), "session": a["session"]}
            try:
                c = compare(self.tests, a, b, margin=self.margin)
            except ValueError as e:
                rows.append({**row, "note": str(e)})
                continue
            d = c.to_dict()
            rows.append({**row, "repeats": f"{c.repeats_cand} vs {c.repeats_base}", "tests": c.tests,
                         "candidate": c.mean_cand, "base": c.mean_base, "diff (points)": c.diff,
                         "ci_low": c.ci_low, "ci_high": c.ci_high,
                         "CI level": c.ci_level or c.level if c.ci_low is not None else None,
                         "p": c.p_overall, "method": c.describe(), "bound": c.bound,
                         "equivalence / collapse": "; ".join(x for x in (words.collapse(d),
                                                                         words.equivalence(d)) if x) or "-"})
        df = pd.DataFrame(rows)
        if len(df):
            df = df.sort_values(["pair", "session", "parameters", "model"], na_position="last",
                                kind="stable").reset_index(drop=True)
        return df

    def behaviour(self) -> pd.DataFrame:
        """What each model did in each cell (every tool choice): repeats, passes per repeat, the
        tests where a tool call was made, and every outcome label with its count (the report's
        outcome_counts): the evidence behind "at the floor", never typed in."""
        t = self.res.complete_tests
        if t.empty:
            return pd.DataFrame()
        by = [c for c in ("model", "session", "suite", "vocabulary", "tool_choice") if c in t.columns]
        rows = []
        for _, g in t.groupby(by, sort=True, dropna=False):   # one grouping (an axis may be NaN)
            r = outcome_counts(g, by).iloc[0]
            labels = sorted(((o, int(r[o])) for o in OUTCOMES if o in r and o != "crash" and r[o]),
                            key=lambda x: -x[1])
            rows.append({**{c: r[c] for c in by}, "size": self.sizes.get(r["model"]) or "?",
                         "repeats": int(r["repeats"]), "tests": len(g),
                         "passes per repeat": g["passed"].sum() / max(int(r["repeats"]), 1),
                         "tests with a call": f"{int((g['tool_calls'] > 0).sum())} of {len(g)}",
                         "outcomes": ", ".join(f"{o} {n}" for o, n in labels),
                         "infrastructure / lab crashes": f"{int(r['infrastructure'])} / {int(r['crashes'])}"})
        return pd.DataFrame(rows)

    def figure(self, df: pd.DataFrame, path: Path) -> list[str]:
        """Rows: the pairs; columns: the session modes; x: parameters (log), y: the difference with
        its CI. Returns what was left out (no size, no CI) to say beside the figure."""
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt   # (heavy: only when a figure is drawn)

        left = []
        fig, axes = plt.subplots(len(PAIRS), len(MODES), figsize=(10, 7.5), squeeze=False, sharex=True)
        known = df.dropna(subset=["parameters"]) if len(df) else df
        xs = sorted({(r["parameters"], r["model"]) for _, r in known.iterrows()}) if len(known) else []
        for i, (name, *_rest) in enumerate(PAIRS):
            for j, mode in enumerate(MODES):
                ax = axes[i][j]
                ax.axhline(0, color="0.3", lw=0.8)
                ax.axhspan(-self.margin, self.margin, color="0.85", alpha=0.6, lw=0,
                           label=f"equivalence margin ±{self.margin:g}")
                sub = df[(df["pair"] == name) & (df["session"] == mode)] if len(df) else df
                for _, r in sub.iterrows():
                    if pd.isna(r.get("parameters")):
                        left.append(f"not drawn: {name}, {mode}, {r['model']}: size unknown (--size {r['model']}=LABEL)")
                        continue
                    if "diff (points)" not in r or pd.isna(r.get("diff (points)")):
                        left.append(f"not drawn: {name}, {mode}, {r['model']}: {r.get('note') or 'no comparison'}")
                        continue
                    x, y = r["parameters"], r["diff (points)"]
                    if isinstance(r.get("bound"), str):   # both arms 0 (or full): nothing measured
                        ax.plot([x], [y], "s", mfc="white", mec="0.4", ms=8)
                        ax.annotate(f"{r['bound']}, both {r['base']:g}\n({r['repeats']})", (x, y),
                                    textcoords="offset points", xytext=(0, 9), fontsize=7, color="0.3",
                                    ha="center", va="bottom")
                        left.append(f"drawn as a {r['bound']}, not an effect: {name}, {mode}, {r['model']}: both arms "
                                    f"{r['base']:g} in every repeat")
                        continue
                    if pd.isna(r.get("ci_low")):          # the noise is unknown: no CI to draw
                        ax.plot([x], [y], "o", mfc="white", mec="C3", ms=8)
                        ax.annotate("no CI", (x, y), textcoords="offset points", xytext=(6, 4), fontsize=8)
                        left.append(f"not drawn: {name}, {mode}, {r['model']}: no CI ({r['method']})")
                        continue
                    ax.errorbar([x], [y], yerr=[[y - r["ci_low"]], [r["ci_high"] - y]], fmt="o",
                                color="C0", capsize=4, ms=7)
                    ax.annotate(f"{y:+.1f}  ({r['repeats']})", (x, y), textcoords="offset points",
                                xytext=(8, -3), fontsize=8)
                if sub is None or not len(sub):
                    ax.text(0.5, 0.5, "not run", transform=ax.transAxes, ha="center", color="0.4")
                ax.set_xscale("log")
                if xs:
                    ax.set_xticks([x for x, _ in xs])
                    ax.set_xticklabels([f"{m}\n{self.sizes.get(m) or ''}" for _, m in xs], fontsize=8)
                    ax.set_xlim(min(x for x, _ in xs) / 2, max(x for x, _ in xs) * 2)
                ax.minorticks_off()
                ax.set_title(f"{name} ({mode})", fontsize=10)
                if j == 0:
                    unit = "70" if name.startswith("tests70") else "40"
                    ax.set_ylabel(f"difference, points of {unit}")
        axes[0][0].legend(loc="upper left", fontsize=8, frameon=False)
        save_figure(fig, path, "Effect against model size (forced first call; CI: the lab's comparison; "
                    "single session: the score part at 97.5%)")
        return left


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+", help="results folders (the sweeps' runs, any models)")
    ap.add_argument("--figure", type=Path, help="write the figure here (PNG)")
    ap.add_argument("--margin", type=float, default=DEFAULT_MARGIN,
                    help=f"equivalence margin in points (TOST; default {DEFAULT_MARGIN:g})")
    ap.add_argument("--size", action="append", default=[], metavar="MODEL=LABEL",
                    help="the size of a model whose record has none (a served model), e.g. openai=35B")
    args = ap.parse_args(argv)
    sizes = {}
    for s in args.size:
        name, sep, label = s.partition("=")
        if not sep or parameters(label) is None:
            ap.error(f"--size {s!r}: expected MODEL=LABEL with a label such as 1.5B or 135M")
        sizes[name] = label
    f = ModelSize(args.dirs, margin=args.margin, sizes=sizes)
    for p in f.res.problems:
        print(f"<!-- left out: {p} -->")
    df = f.table()
    shown = df.drop(columns=[c for c in ("parameters", "ci_low", "ci_high", "bound") if c in df.columns])
    if "ci_low" in df.columns:
        shown.insert(shown.columns.get_loc("diff (points)") + 1, "CI",
                     [("-" if pd.isna(lo) else f"[{lo:.1f}, {hi:.1f}]") for lo, hi in zip(df["ci_low"], df["ci_high"])])
    print("### Effect by model size\n\n" + md(shown, "(no pair of cells with complete repeats on both sides)"))
    print("\n### What each model did (every cell, every tool choice)\n\n"
          + md(f.behaviour(), "(no complete repeat)"))
    print("\n### Models\n\n" + md(pd.DataFrame([{"model": m, "size": s or "?", "parameters": parameters(s)}
                                                for m, s in sorted(f.sizes.items())]), "(no run)"))
    if args.figure:
        left = f.figure(df, args.figure)
        print(f"\nFigure: {args.figure}" + "".join(f"\n- {x}" for x in left))


if __name__ == "__main__":
    run(main, __file__)
