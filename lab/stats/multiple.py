"""Many comparisons at once, and the rate of a yes/no over many trials.

`holm`: a sweep of k vocabularies compares k(k-1)/2 pairs (and a diff tests every test): the
smallest of many p-values is small by luck. Holm's step-down adjustment (statsmodels
multipletests, method="holm") keeps the chance of any false "different" in the family <= alpha,
under any dependence between the comparisons. Every output that adjusts says over how many.

`rate_ci`: the Clopper-Pearson (exact binomial) interval of k successes in n trials — the
calibration's false-"different" rate.
"""

from __future__ import annotations

from typing import Sequence


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm-adjusted p-values in the input order; None (no p-value) stays None and is not counted."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from statsmodels.stats.multitest import multipletests

    idx = [i for i, p in enumerate(p_values) if p is not None]
    out: list[float | None] = [None] * len(p_values)
    if not idx:
        return out
    adj = multipletests([float(p_values[i]) for i in idx], method="holm")[1]  # type: ignore[arg-type]
    for i, a in zip(idx, adj):
        out[i] = float(a)
    return out


def rate_ci(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Two-sided Clopper-Pearson interval of the rate k/n (scipy binomtest, method="exact")."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.stats import binomtest

    if n <= 0:
        return (0.0, 1.0)
    ci = binomtest(k, n).proportion_ci(confidence_level=level, method="exact")
    return (float(ci.low), float(ci.high))


def z_of(diff: float, p: float) -> float:
    """The normal score of a two-sided p-value, signed like the difference."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    return float(stats.norm.isf(max(p, 1e-300) / 2)) * (1.0 if diff >= 0 else -1.0)


def spread_check(z: Sequence[float], p: Sequence[float]) -> dict:
    """Whether A/A comparisons have the spread a calibrated test gives (issue 24, finding 3): a
    count of rejections cannot fail with few pairs and discrete p-values; the spread can.

    ez2: mean of z^2 (z per pair: the normal score of its two-sided p with the sign of its diff,
    `z_of`, so t-tests of any df compare), 1 when the comparison is calibrated; chi2_p: the
    two-sided chi-square test of sum z^2 on len(z) df (pairs independent: disjoint repeats);
    ks_p: the Kolmogorov-Smirnov test of the p-values against uniform (scipy `kstest`; p-values
    of few discrete outcomes tie, which makes it conservative)."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    z = [float(x) for x in z if x is not None]
    p = [float(x) for x in p if x is not None]
    out: dict = {"pairs_z": len(z), "ez2": None, "chi2_p": None, "pairs_p": len(p), "ks_p": None}
    if z:
        s = sum(x * x for x in z)
        c = float(stats.chi2.cdf(s, len(z)))
        out.update(ez2=s / len(z), chi2_p=min(1.0, 2 * min(c, 1 - c)))
    if len(p) >= 2:
        out["ks_p"] = float(stats.kstest(p, "uniform").pvalue)
    return out
