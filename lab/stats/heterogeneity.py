"""Per-test effects beyond the per-test exact tests (issue 24, finding 4).

With 3 repeats a side no single test can reject after Holm over 70 (smallest McNemar p 0.25,
Fisher 0.1; Holm's first step needs alpha / 70 = 0.0007): "no test beyond luck" is then foregone,
not found. So, over the common tests of one comparison:

- `min_p`: the smallest p-value the per-test test can reach at these repeat counts; a per-test
  verdict is shown only when min_p < alpha / tests (`testable`);
- `heterogeneity`: one test of "do the tests respond differently?" — Breslow–Day's test of equal
  odds ratios over the tests' 2x2 tables (arm x pass; 0.5 added to every cell of a table with a
  zero cell, as statsmodels' StratifiedTable does), chi-square on (informative tables - 1) df.
  Written here, not taken from StratifiedTable.test_equal_odds: that solves the expected first
  cell's quadratic as (-b + sqrt(D)) / 2a with a = 1 - (pooled odds ratio), which is 0/0 when the
  pooled ratio is exactly 1 — the usual case of an A/A comparison (symmetric flips) — and gave a
  statistic and p of NaN (also in `lab diff --format json`). The same root as -2c / (b + sqrt(D)) is
  defined for every ratio (b + sqrt(D) > 0) and is the independence expectation at ratio 1;
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
    xb, xc = np.asarray(base, dtype=float), np.asarray(cand, dtype=float)
    nb, nc = xb.shape[0], xc.shape[0]
    tables = []
    for cp, bp in zip(xc.sum(axis=0), xb.sum(axis=0)):
        if 0 < cp + bp < nb + nc:
            tables.append([[cp, nc - cp], [bp, nb - bp]])
    if len(tables) < 2:
        return {"tables": len(tables), "statistic": None, "df": None, "p": None}
    statistic = breslow_day(np.array(tables, dtype=float))
    return {"tables": len(tables), "statistic": statistic, "df": len(tables) - 1,
            "p": _chi2_sf(statistic, len(tables) - 1)}


def breslow_day(tables: np.ndarray) -> float:
    """Breslow–Day's statistic (no Tarone adjustment) for k 2x2 tables, shape (k, 2, 2)."""
    t = np.asarray(tables, dtype=float).copy()
    t[(t == 0).any(axis=(1, 2))] += 0.5
    a, b, c, d = t[:, 0, 0], t[:, 0, 1], t[:, 1, 0], t[:, 1, 1]
    n = a + b + c + d
    r = float((a * d / n).sum() / (b * c / n).sum())      # Mantel–Haenszel pooled odds ratio
    row, col = a + b, a + c                                # the first row's and column's totals
    # the expected first cell e under ratio r: (1-r) e^2 + q e - r row col = 0, q = n + (r-1)(row+col)
    q = n + (r - 1) * (row + col)
    e = 2 * r * row * col / (q + np.sqrt(q * q + 4 * (1 - r) * r * row * col))
    v = 1 / (1 / e + 1 / (row - e) + 1 / (col - e) + 1 / (n - row - col + e))
    return float(((a - e) ** 2 / v).sum())


def _chi2_sf(x: float, df: int) -> float:
    # heavy: scipy ~1 s to import; lab.stats loads with every `lab` command
    from scipy.stats import chi2

    return float(chi2.sf(x, df))


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
