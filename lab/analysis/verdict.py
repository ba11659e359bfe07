"""The report's headline: one sentence on whether any variant beats another beyond run-to-run noise.

Computed from the paired comparisons of `lab.analysis.cell_pairs.compare_cells` (the lab's one
comparison, lab.stats: diff, CI, Holm-adjusted p per pair) — never from a separate test — and,
when nothing is beyond noise, how many repeats per cell would detect `detect` points, the number
`lab power` gives for the same spread (compare_cells' `repeats_for_<D>` columns).
"""

from __future__ import annotations

import math

import pandas as pd


def headline(comparisons: pd.DataFrame, repeats: pd.DataFrame, *, level: float = 0.95,
             detect: float = 5.0, vary: str = "vocabulary") -> str:
    """E.g. "maybe_exts +6.3 [2.1, 10.5] over minimal (p 0.008)" or "no variant beyond noise with
    3 repeats (largest: alike −2.0 [−5.0, 1.0] ...); ~8 repeats per cell needed for 5 points"."""
    if comparisons is None or comparisons.empty:
        n = repeats[vary].nunique() if len(repeats) and vary in repeats else 0
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
        if d < 0:                          # say it as the better one's gain
            a, b, d = b, a, -d
            lo, hi = (None if hi is None or pd.isna(hi) else -hi), (None if lo is None or pd.isna(lo) else -lo)
        p = row[p_col]
        ptxt = ("no p: noise unknown" if p is None or pd.isna(p) else f"p {p:.3f}")
        return f"{a} {d:+.1f} [{num(lo)}, {num(hi)}] over {b} ({ptxt})"

    sig_col = "significant_holm" if "significant_holm" in c.columns else "significant"
    sig = c[c[sig_col].fillna(False).astype(bool)]
    lvl = f"{level:.0%} CI"
    family = f", Holm over {len(c)}" if p_col == "p_holm" and len(c) > 1 else ""
    if len(sig):
        more = f"; {len(sig) - 3} more beyond noise" if len(sig) > 3 else ""
        return "beyond noise: " + "; ".join(phrase(r) for _, r in sig.head(3).iterrows()) + \
            f"{more} (points of the suite, {lvl}{family})"
    reps = int(min(c["repeats_a"].min(), c["repeats_b"].min()))
    top = c.iloc[0]
    need = top.get(f"repeats_for_{detect:g}")
    sd = top.get("sd")
    if sd is not None and not pd.isna(sd) and sd == 0:
        tail = "the repeats do not vary, so more repeats will not change this"
    elif need is not None and not pd.isna(need):
        tail = f"~{int(need)} repeats per cell needed for {detect:g} points (`lab power`)"
    else:
        tail = "one repeat per cell: run more to measure the noise (`lab power` plans it)"
    return (f"no variant beyond noise with {reps} repeat{'s' if reps != 1 else ''} "
            f"(largest: {phrase(top)}{family}); {tail}")
