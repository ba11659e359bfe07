"""The report's headline: one sentence on whether any variant beats another beyond run-to-run noise.

Computed from the paired comparisons of `lab.analysis.compare.compare_cells` (its public result:
diff, CI, p, significant per pair) — never from a separate test — and, when nothing is beyond
noise, how many repeats per cell would detect `detect` points: the normal approximation
n = 2 (z_{1-alpha/2} + z_{power})^2 sd^2 / detect^2 with sd the pooled run-to-run sd of the
compared cells' repeat scores, and never fewer than 4 (with 3 repeats per side the permutation
test cannot reach p < 0.05). `lab.sweeps.power` simulates the same question exactly.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import pandas as pd


def repeats_needed(sd: float, detect: float, *, alpha: float = 0.05, power: float = 0.8) -> int | None:
    """Repeats per cell to detect `detect` points at two-sided `alpha` with `power`; None when the
    repeats have no spread (sd 0: every repeat the same, any difference is real or none is)."""
    if not sd or not math.isfinite(sd) or detect <= 0:
        return None
    z = NormalDist().inv_cdf(1 - alpha / 2) + NormalDist().inv_cdf(power)
    return max(4, math.ceil(2 * z * z * sd * sd / (detect * detect)))


def pooled_sd(repeats: pd.DataFrame, cells: list[dict]) -> float:
    """Pooled within-cell sd of repeat scores over `cells` (each a mapping of cell columns)."""
    num, dof = 0.0, 0
    for c in cells:
        mask = pd.Series(True, index=repeats.index)
        for k, v in c.items():
            if k in repeats.columns:
                mask &= repeats[k].astype(str) == str(v)
        s = repeats.loc[mask, "score"].astype(float)
        if len(s) > 1:
            num += float(s.var(ddof=1)) * (len(s) - 1)
            dof += len(s) - 1
    return math.sqrt(num / dof) if dof else float("nan")


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

    def phrase(row) -> str:
        a, b, d, lo, hi = row["a"], row["b"], row["diff"], row["ci_low"], row["ci_high"]
        if d < 0:                          # say it as the better one's gain
            a, b, d, lo, hi = b, a, -d, -hi, -lo
        return f"{a} {d:+.1f} [{lo:+.1f}, {hi:+.1f}] over {b} (p {row['p_value']:.3f})"

    sig = c[c["significant"].astype(bool)]
    lvl = f"{level:.0%} CI"
    if len(sig):
        more = f"; {len(sig) - 3} more beyond noise" if len(sig) > 3 else ""
        return "beyond noise: " + "; ".join(phrase(r) for _, r in sig.head(3).iterrows()) + \
            f"{more} (points of the suite, {lvl}, permutation p over repeats)"
    reps = int(min(c["repeats_a"].min(), c["repeats_b"].min()))
    fixed = [k for k in c.columns if k in ("model", "suite", "session", "tool_choice", "prompt",
                                           "resolver", "forced_tool")]
    cells = []
    for _, r in c.iterrows():
        base = {k: r[k] for k in fixed}
        cells += [{**base, vary: r["a"]}, {**base, vary: r["b"]}]
    sd = pooled_sd(repeats, cells) if len(repeats) else float("nan")
    need = repeats_needed(sd, detect, alpha=1 - level)
    tail = (f"~{need} repeats per cell needed for {detect:g} points (run-to-run sd {sd:.1f})"
            if need else "the repeats do not vary, so more repeats will not change this")
    return (f"no variant beyond noise with {reps} repeat{'s' if reps != 1 else ''} "
            f"(largest: {phrase(c.iloc[0])}); {tail}")
