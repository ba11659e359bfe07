"""Isolated comparisons with a round term (issue 24, finding 1): tests x rounds, closed form.

Input: d[t, k] = pass rate of test t in cand minus in base, both over the repeats of round k (a
round both arms ran in; lab/records/rounds.py). The difference is T x mean(d). Its variance is that
of a crossed two-way random-effects model (tests and rounds) in closed form — the two-way
cluster-robust variance of Cameron, Gelbach and Miller (2011) on the cells' means:

    Var(mean d) = (MS_test + MS_round - MS_resid) / (T K)

with the mean squares of the two-way ANOVA without replication: the ANOVA (moment) estimates of a
test variance and a round variance. As a mixed model's REML fit does, a round variance estimated
<= 0 (MS_round <= MS_resid) is set to 0: the variance is then MS_test / (T K) on T - 1 df, the
paired t over tests (on round-balanced rates). Otherwise Satterthwaite's df. A shared round's main
effect cancels in d already; what the round term catches is a round that moves one arm more than
the other (arm x round interaction, all tests at once), which the paired t takes for signal. Its
price: the round term is estimated from K - 1 df, so with 2-3 rounds a comparison whose rounds
happen to disagree gets few df (a wide CI) — more interleaved rounds are the cure.
"""

from __future__ import annotations

import numpy as np


def mean_squares(d: np.ndarray) -> tuple[float, float, float]:
    """(MS of rows, MS of columns, residual MS) of the two-way ANOVA without replication of an
    R x C matrix, R, C >= 2 (additive: rows + columns + residual)."""
    d = np.asarray(d, dtype=float)
    r, c = d.shape
    if r < 2 or c < 2:
        raise ValueError("a two-way ANOVA needs at least two rows and two columns")
    m = float(d.mean())
    a, b = d.mean(axis=1), d.mean(axis=0)
    ms_r = c * float(((a - m) ** 2).sum()) / (r - 1)
    ms_c = r * float(((b - m) ** 2).sum()) / (c - 1)
    resid = d - a[:, None] - b[None, :] + m
    return ms_r, ms_c, float((resid ** 2).sum()) / ((r - 1) * (c - 1))


def two_way(d: np.ndarray) -> tuple[float, float, float]:
    """(mean of d, variance of that mean, Satterthwaite df) of a T x K matrix, T, K >= 2."""
    d = np.asarray(d, dtype=float)
    t, k = d.shape
    if t < 2 or k < 2:
        raise ValueError("a two-way variance needs at least two tests and two rounds")
    m = float(d.mean())
    ms_t, ms_k, ms_e = mean_squares(d)
    if ms_k <= ms_e:                  # the round variance estimate is <= 0: no round term
        return m, ms_t / (t * k), float(t - 1)
    total = ms_t + ms_k - ms_e
    denom = ms_t ** 2 / (t - 1) + ms_k ** 2 / (k - 1) + ms_e ** 2 / ((t - 1) * (k - 1))
    return m, total / (t * k), float(total ** 2 / denom)


def block_anova(d: np.ndarray) -> dict:
    """The F tests of the two-way additive ANOVA of an R x C matrix (rows: blocks such as seeds,
    columns: treatments such as cells): for each factor its F on (its df, residual df) and p. A
    residual MS of 0 (every cell explained by rows + columns) gives F = inf where a factor varies."""
    from scipy.stats import f as f_dist    # heavy: scipy ~1 s to import, only when a test is made
    d = np.asarray(d, dtype=float)
    r, c = d.shape
    ms_r, ms_c, ms_e = mean_squares(d)
    df_e = (r - 1) * (c - 1)
    out = {}
    for name, ms, df in (("rows", ms_r, r - 1), ("columns", ms_c, c - 1)):
        f = ms / ms_e if ms_e > 0 else (np.inf if ms > 0 else np.nan)
        p = float(f_dist.sf(f, df, df_e)) if np.isfinite(f) else (0.0 if f == np.inf else np.nan)
        out[name] = {"ms": ms, "df": df, "F": float(f), "p": p}
    out["residual"] = {"ms": ms_e, "df": df_e}
    return out
