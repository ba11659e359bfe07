"""The report's headline: one sentence on whether any variant beats another beyond run-to-run noise.

Computed from the paired comparisons of `lab.analysis.cell_pairs.compare_cells` (the lab's one
comparison, lab.stats: diff, CI, Holm-adjusted p per pair) — never from a separate test — and,
when nothing is beyond noise, how many repeats per cell would detect `detect` points, the number
`lab power` gives for the same spread (compare_cells' `repeats_for_<D>` columns).
"""

from __future__ import annotations

import difflib
import math
from typing import Sequence

import pandas as pd

from lab.analysis.cell_pairs import arms_of, baseline_in, vary_axes


def _arms(frame: pd.DataFrame, vary: str | Sequence[str]) -> int:
    """How many arms (values of the compared axes) `frame` holds."""
    if not len(frame) or any(a not in frame for a in vary_axes(vary)):
        return 0
    return len(arms_of(frame, vary))


def headline(comparisons: pd.DataFrame, repeats: pd.DataFrame, *, level: float = 0.95,
             detect: float = 5.0, vary: str | Sequence[str] = "vocabulary",
             baseline: str | None = None) -> str:
    """E.g. "maybe_exts +6.3 [2.1, 10.5] over minimal (p 0.008)" or "no variant beyond noise with
    3 repeats (largest: alike −2.0 [−5.0, 1.0] ...); ~8 repeats per cell needed for 5 points"."""
    if comparisons is None or comparisons.empty:
        n = _arms(repeats, vary)
        return ("one variant only: nothing to compare" if n <= 1 else
                "no two cells share complete tests: nothing compared")
    c = comparisons.copy()
    c["abs"] = c["diff"].abs()
    c = c.sort_values("abs", ascending=False)
    p_col = "p_holm" if "p_holm" in c.columns else "p_value"

    def num(v) -> str:
        return "–" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:+.1f}"

    def phrase(row) -> str:
        a, b, d, lo, hi = row["a"], row["b"], row["diff"], row["ci_low"], row["ci_high"]
        if baseline is not None:           # against the researcher's baseline: cand - base as is
            ptxt = ("no p: noise unknown" if pd.isna(row[p_col]) else f"p {row[p_col]:.3f}")
            return f"{a} {d:+.1f} [{num(lo)}, {num(hi)}] against the baseline {b} ({ptxt})"
        if d < 0:                          # say it as the better one's gain
            a, b, d = b, a, -d
            lo, hi = (None if hi is None or pd.isna(hi) else -hi), (None if lo is None or pd.isna(lo) else -lo)
        p = row[p_col]
        ptxt = ("no p: noise unknown" if p is None or pd.isna(p) else f"p {p:.3f}")
        return f"{a} {d:+.1f} [{num(lo)}, {num(hi)}] over {b} ({ptxt})"

    sig_col = "significant_holm" if "significant_holm" in c.columns else "significant"
    sig = c[c[sig_col].fillna(False).astype(bool)]
    lvl = f"{level:.0%} CI"
    n_family = int(c["family"].iloc[0]) if "family" in c.columns and len(c) else len(c)
    family = f", Holm over {n_family}" if p_col == "p_holm" and n_family > 1 else ""
    if len(sig):
        more = f"; {len(sig) - 3} more beyond noise" if len(sig) > 3 else ""
        return "beyond noise: " + "; ".join(phrase(r) for _, r in sig.head(3).iterrows()) + \
            f"{more} (points of the suite, {lvl}{family})"
    reps = int(min(c["repeats_a"].min(), c["repeats_b"].min()))
    at_bound = c["bound"].notna() if "bound" in c.columns else pd.Series(False, index=c.index)
    if at_bound.all():       # every cell 0 (or full) in every repeat: nothing was measured
        kinds = sorted(set(c["bound"]))
        n = int(c["tests"].max()) if "tests" in c.columns else 0
        at = " / ".join(f"{k} ({0 if k == 'floor' else n} of {n} in every repeat)" for k in kinds)
        return f"every cell at the {at}: the suite measures nothing here, so no variant can be told from another"
    bounded = int(at_bound.sum())
    c = c[~at_bound]
    top = c.iloc[0]
    need = top.get(f"repeats_for_{detect:g}")
    sd = top.get("sd")
    if sd is not None and not pd.isna(sd) and sd == 0:
        tail = "the repeats do not vary, so more repeats will not change this"
    elif need is not None and not pd.isna(need):
        tail = f"~{int(need)} repeats per cell needed for {detect:g} points (`lab power`)"
    elif str(top.get("unit")) == "round":  # Spread.of_comparison plans nothing from round means
        tail = ("the arms ran in different rounds, so the noise is of round means and plans no repeat "
                "count: `lab power` plans from a pilot run")
    elif reps <= 1:
        tail = "one repeat per cell: run more to measure the noise (`lab power` plans it)"
    else:
        tail = "noise unknown: no spread to plan from (`lab power` plans from a pilot run)"
    kept = (" that did not collapse" if "parts" in c.columns
            and any("collapsed" in str(x) for x in c["parts"]) else "")
    floor = (f"; {bounded} pair{'s' if bounded != 1 else ''} at the floor or ceiling (nothing measured)"
             if bounded else "")
    return (f"no variant beyond noise with {reps} repeat{'s' if reps != 1 else ''}{kept} "
            f"(largest: {phrase(top)}{family}){floor}; {tail}")


#: the axes of a verdict's condition: how the runs ran (never pooled into one verdict)
CONDITION_AXES = ("session", "tool_choice", "forced_tool", "prompt", "resolver", "numerics", "model", "suite")


def parse_baseline(spec: str | None, cells: pd.DataFrame,
                   vary: str | Sequence[str] = "vocabulary") -> str | None:
    """The researcher's `--baseline CELL`: a value of `vary` (`maybe_exts`) or `vary=value`
    (`vocabulary=maybe_exts`); several compared axes: an arm's name (`tasks40_baseline ·
    search_files`) or a value of the first axis (`tasks40_baseline`, `suite=tasks40_baseline`:
    in each condition, the one arm that has it). A value no cell has is a ValueError naming the
    values there are."""
    if spec is None:
        return None
    axes = vary_axes(vary)
    axis, eq, value = spec.partition("=")
    if not eq:
        axis, value = axes[0], spec
    if axis.strip() != axes[0]:
        raise ValueError(f"--baseline {spec!r}: the report compares cells that differ in "
                         f"{' and '.join(axes)}; name the baseline as {axes[0]}=VALUE or VALUE")
    value = value.strip()
    have = sorted(map(str, cells[axes[0]].dropna().unique())) if axes[0] in cells else []
    if len(axes) > 1 and axes[0] in cells and all(a in cells for a in axes):
        arms = sorted(arms_of(cells, axes))
        if value in arms:
            return value
        have = [*have, *arms]
    if value not in have:
        near = difflib.get_close_matches(value, have, n=1)
        raise ValueError(f"--baseline {spec!r}: no cell has {axes[0]}={value}"
                         + (f" (did you mean {axes[0]}={near[0]}?)" if near else "")
                         + f"; there are: {', '.join(have) or 'none'}")
    return value


def verdicts(comparisons: pd.DataFrame, cells: pd.DataFrame, by: list[str], *, level: float = 0.95,
             detect: float = 5.0, vary: str | Sequence[str] = "vocabulary",
             baseline: str | None = None) -> list[tuple[str, str]]:
    """One verdict per condition — each combination of the axes other than `vary` that varies
    among the cells (session mode, forced/unforced tool choice, prompt, ...): (label, sentence).
    A verdict never mixes conditions; with `baseline` each is the others against it. `cells` is
    the report's cells table (one row per cell), `comparisons` compare_cells' table (Holm over
    all its rows, so the family is the whole table)."""
    axes = vary_axes(vary)
    fixed = [c for c in by if c not in axes and c in cells.columns]
    shown = [c for c in fixed if cells[c].nunique(dropna=False) > 1]
    if not len(cells):
        return [("", "no complete repeats: nothing to compare")]
    out = []
    groups = cells.groupby(shown, sort=True, dropna=False) if shown else [((), cells)]
    for key, g in groups:
        key = key if isinstance(key, tuple) else (key,)
        cond = dict(zip(shown, key))
        label = " ".join(f"{k}={v}" for k, v in cond.items())
        c = comparisons
        if c is not None and len(c):
            for k, v in cond.items():
                c = c[c[k].astype(str) == str(v)]
        if baseline is not None and baseline_in(arms_of(g, axes), baseline) is None:
            out.append((label, f"no {axes[0]}={baseline} cell in this condition: nothing against the baseline"))
            continue
        if c is None or c.empty:
            n = _arms(g, axes)
            out.append((label, "one variant only: nothing to compare" if n <= 1 else
                        "no two cells share complete tests: nothing compared"))
            continue
        out.append((label, headline(c, g, level=level, detect=detect, vary=vary, baseline=baseline)))
    return out
