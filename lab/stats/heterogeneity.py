"""Per-test effects beyond the per-test exact tests (issue 24, finding 4).

With 3 repeats a side no single test can reject after Holm over 70 (smallest McNemar p 0.25,
Fisher 0.1; Holm's first step needs alpha / 70 = 0.0007): "no test beyond luck" is then foregone,
not found. So, over the common tests of one comparison:

- `min_p`: the smallest p-value the per-test test can reach at these repeat counts; a per-test
  verdict is shown only when min_p < alpha / tests (`testable`);
- `heterogeneity`: one test of "do the tests respond differently?" — Breslow–Day's test of equal
  odds ratios over the tests' 2x2 tables (arm x pass; statsmodels StratifiedTable, 0.5 added to
  zero cells), chi-square on (informative tables - 1) df;
- `bh`: Benjamini–Hochberg adjusted p-values, for screening (controls the false discovery rate,
  not the chance of any false "beyond luck" as Holm does);
- `shrunk`: per-test pass-rate differences shrunk towards their mean by the empirical Bayes
  weight tau^2 / (tau^2 + s_t^2) (DerSimonian–Laird tau^2 over the tests; s_t^2 the binomial
  variance of test t's difference): a 3/3 -> 0/3 flip among 70 is mostly noise and says so.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np


def min_p(nb: int, nc: int, paired: bool) -> float:
    """The smallest two-sided p the per-test exact test can give with these repeats."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.stats import fisher_exact

    if paired:
        return min(1.0, 2 * 0.5 ** min(nb, nc))          # every paired repeat discordant one way
    return float(fisher_exact([[nc, 0], [0, nb]]).pvalue)


def bh(p_values: Sequence[float]) -> list[float]:
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from statsmodels.stats.multitest import multipletests

    if not len(p_values):
        return []
    return [float(x) for x in multipletests(list(p_values), method="fdr_bh")[1]]


def heterogeneity(base: np.ndarray, cand: np.ndarray) -> dict:
    """Breslow–Day over the tests (columns) of two 0/1 matrices; tables where the test always
    passed or always failed in both arms carry no information and are left out."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from statsmodels.stats.contingency_tables import StratifiedTable

    xb, xc = np.asarray(base, dtype=float), np.asarray(cand, dtype=float)
    nb, nc = xb.shape[0], xc.shape[0]
    tables = []
    for cp, bp in zip(xc.sum(axis=0), xb.sum(axis=0)):
        if 0 < cp + bp < nb + nc:
            tables.append([[cp, nc - cp], [bp, nb - bp]])
    if len(tables) < 2:
        return {"tables": len(tables), "statistic": None, "df": None, "p": None}
    st = StratifiedTable(np.array(tables, dtype=float).transpose(1, 2, 0), shift_zeros=True)
    res = st.test_equal_odds(adjust=False)
    return {"tables": len(tables), "statistic": float(res.statistic), "df": len(tables) - 1,
            "p": float(res.pvalue)}


def shrunk(base: np.ndarray, cand: np.ndarray) -> tuple[np.ndarray, float]:
    """(shrunken per-test rate differences, tau^2)."""
    xb, xc = np.asarray(base, dtype=float), np.asarray(cand, dtype=float)
    nb, nc = xb.shape[0], xc.shape[0]
    pb = (xb.sum(axis=0) + 0.5) / (nb + 1)                 # smoothed: no zero variance
    pc = (xc.sum(axis=0) + 0.5) / (nc + 1)
    d = xc.mean(axis=0) - xb.mean(axis=0)
    s2 = pb * (1 - pb) / nb + pc * (1 - pc) / nc
    w = 1 / s2
    mean = float((w * d).sum() / w.sum())
    q = float((w * (d - mean) ** 2).sum())
    k = len(d)
    tau2 = max(0.0, (q - (k - 1)) / (w.sum() - (w ** 2).sum() / w.sum())) if k > 1 else 0.0
    return mean + tau2 / (tau2 + s2) * (d - mean), tau2
