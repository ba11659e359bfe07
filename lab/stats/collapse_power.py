"""Power of the single-session two-part analysis (issue 24): how many repeats per arm detect a
difference in the collapse rate, and what collapses cost the score part.

Collapse part: Fisher's exact test (two-sided, scipy's definition: the tables of the same margins
no likelier than the one observed) at alpha / 2 on k_base / n_base vs k_cand / n_cand collapsed
repeats. Its exact power at true rates (p_base, p_cand) is the sum over every outcome (k_base,
k_cand) of Binomial(k_base; n_base, p_base) Binomial(k_cand; n_cand, p_cand) where Fisher's p is
below alpha / 2: no normal approximation and no simulation. The p-values of every table of given
n_base, n_cand depend on the counts only (cached). An exact test's power is not monotone in the
repeats (it saw-tooths with the discrete p-values), so `collapse_repeats_for` scans the repeat
counts one by one and gives the smallest with the power asked for.

Score part: Welch over the repeats that did not collapse. With n repeats launched per arm and a
collapse rate q, the working repeats of each arm are Binomial(n, 1 - q): the power is the
expectation of the Welch power over those counts (lab.stats.power.power_launched).
"""

from __future__ import annotations

import functools
import math

import numpy as np


def _log_choose(n, k):
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.special import gammaln
    return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)


def binom_pmf(n: int, p: float) -> np.ndarray:
    """Binomial(n, p) probabilities of 0..n (scipy.stats' binom.pmf, without its import cost)."""
    k = np.arange(n + 1)
    if p <= 0 or p >= 1:
        return (k == (0 if p <= 0 else n)).astype(float)
    return np.exp(_log_choose(n, k) + k * np.log(p) + (n - k) * np.log1p(-p))


@functools.lru_cache(maxsize=256)
def fisher_pvalues(n_base: int, n_cand: int) -> np.ndarray:
    """P[k_base, k_cand]: Fisher's two-sided exact p of k_base / n_base vs k_cand / n_cand (what
    scipy.stats.fisher_exact gives for [[k_cand, n_cand - k_cand], [k_base, n_base - k_base]])."""
    out = np.ones((n_base + 1, n_cand + 1))
    gamma = 1 + 1e-14                         # scipy's relative tolerance for "as likely"
    n = n_base + n_cand
    for total in range(1, n):                 # 0 or all collapsed: a margin is 0, p = 1
        lo, hi = max(0, total - n_base), min(n_cand, total)
        kc = np.arange(lo, hi + 1)
        pmf = np.exp(_log_choose(n_cand, kc) + _log_choose(n_base, total - kc) - _log_choose(n, total))
        order = np.sort(pmf)
        cum = np.cumsum(order)
        idx = np.searchsorted(order, pmf * gamma, side="right")
        out[total - kc, kc] = np.minimum(cum[idx - 1], 1.0)
    out.setflags(write=False)
    return out


def min_p(n_base: int, n_cand: int) -> float:
    """The smallest p Fisher's test can give at these repeat counts (e.g. 0.1 at 3 vs 3)."""
    return float(fisher_pvalues(n_base, n_cand).min())


def collapse_power(rate_base: float, rate_cand: float, repeats: int, *, alpha: float = 0.025,
                   repeats_cand: int | None = None) -> float:
    """Exact chance that Fisher's test at `alpha` (the part's alpha: alpha / 2 of the comparison)
    calls the collapse rates different, with `repeats` per arm (or `repeats_cand` for cand)."""
    for r in (rate_base, rate_cand):
        if not 0 <= r <= 1:
            raise ValueError(f"a collapse rate is between 0 and 1, got {r}")
    nb, nc = int(repeats), int(repeats if repeats_cand is None else repeats_cand)
    if nb < 1 or nc < 1:
        return 0.0
    reject = fisher_pvalues(nb, nc) < alpha
    return float(binom_pmf(nb, rate_base) @ reject @ binom_pmf(nc, rate_cand))


def collapse_repeats_for(rate_base: float, rate_cand: float, *, power: float = 0.8,
                         alpha: float = 0.025, max_repeats: int = 1000) -> int | None:
    """The fewest repeats per arm whose exact power is >= `power`; None when none up to
    `max_repeats` (or equal rates). The power of an exact test saw-tooths with the repeats, so a
    bisection could skip the first crossing: the counts are scanned in steps of at most 5%, and the
    last step one by one (tests/test_collapse_power.py checks it against a scan of every count)."""
    if rate_base == rate_cand:
        return None
    prev, n = 1, 2
    while n <= max_repeats:
        if collapse_power(rate_base, rate_cand, n, alpha=alpha) >= power:
            for m in range(prev + 1, n):
                if collapse_power(rate_base, rate_cand, m, alpha=alpha) >= power:
                    return m
            return n
        prev, n = n, n + max(1, n // 20)
    return None


def rate(text: str) -> float:
    """'1/12', '0.25' or '25%' -> a rate in [0, 1]; ValueError naming the text otherwise."""
    t = text.strip()
    try:
        if t.endswith("%"):
            v = float(t[:-1]) / 100
        elif "/" in t:
            a, b = t.split("/", 1)
            v = float(a) / float(b)
        else:
            v = float(t)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"not a rate: {text!r} (give 1/12, 0.083 or 8.3%)") from None
    if not (math.isfinite(v) and 0 <= v <= 1):
        raise ValueError(f"a rate is between 0 and 1, got {text!r}")
    return v


def default_pairs(rate_base: float) -> list[tuple[float, float]]:
    """The collapse differences a plan from a measured rate shows: twice and three times it."""
    return [(rate_base, min(1.0, f * rate_base)) for f in (2, 3)] if rate_base > 0 else []
