"""Small statistics for comparing runs over their repeats, without scipy.

Student's t distribution through the regularized incomplete beta function (continued fraction,
as in Numerical Recipes), and the difference of two means with Welch's standard error. Repeats are
few (3-10), so the t distribution, not a normal approximation, is what keeps the gate honest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, eps = 1e-300, 3e-16
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < eps:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(ln)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with `df` degrees of freedom (df may be fractional: Welch)."""
    if math.isinf(t):
        return 0.0 if t > 0 else 1.0
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return tail if t >= 0 else 1.0 - tail


def t_ppf(p: float, df: float) -> float:
    """The t with P(T <= t) = p (bisection on the CDF; |t| < 1e6 covers df >= 1 and p >= 1e-6)."""
    if not 0.0 < p < 1.0:
        raise ValueError("p must be in (0, 1)")
    lo, hi = -1e6, 1e6
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if 1.0 - t_sf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-10 * max(1.0, abs(mid)):
            break
    return (lo + hi) / 2.0


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def variance(xs: Sequence[float]) -> float:
    """Sample variance (n - 1); 0 for a single value."""
    if len(xs) < 2:
        return 0.0
    m = mean(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


@dataclass(frozen=True)
class MeanDifference:
    """cand - base over repeats, with the standard error the spread of the repeats gives."""
    base_mean: float
    cand_mean: float
    diff: float                 # cand_mean - base_mean (negative: the candidate is worse)
    se: float | None            # None: no spread can be estimated (one repeat on each side)
    df: float | None
    method: str                 # welch | pooled (one side has a single repeat) | none

    def ci(self, level: float = 0.95) -> tuple[float, float] | None:
        """Two-sided confidence interval of `diff`; None when the spread is unknown."""
        if self.se is None or self.df is None:
            return None
        if self.se == 0:
            return (self.diff, self.diff)
        q = t_ppf(0.5 + level / 2.0, self.df)
        return (self.diff - q * self.se, self.diff + q * self.se)

    def p_worse(self, margin: float = 0.0) -> float | None:
        """One-sided p-value of "the candidate is worse" (H0: cand_mean >= base_mean), i.e. of
        the drop base - cand being larger than chance; None when the spread is unknown."""
        if self.se is None or self.df is None:
            return None
        drop = -self.diff
        if self.se == 0:
            return 0.0 if drop > 0 else 1.0
        return t_sf(drop / self.se, self.df)


def mean_difference(base: Sequence[float], cand: Sequence[float]) -> MeanDifference:
    """Welch's t when both sides have >= 2 repeats; with a single repeat on one side, the other
    side's spread stands for both (pooled, equal variances); one repeat each: no spread at all."""
    if not base or not cand:
        raise ValueError("both sides need at least one repeat")
    nb, nc = len(base), len(cand)
    mb, mc = mean(base), mean(cand)
    vb, vc = variance(base), variance(cand)
    if nb >= 2 and nc >= 2:
        a, b = vb / nb, vc / nc
        se = math.sqrt(a + b)
        if se == 0:
            df = float(nb + nc - 2)
        else:
            df = (a + b) ** 2 / ((a * a / (nb - 1)) + (b * b / (nc - 1)))
        method = "welch"
    elif nb + nc >= 3:
        pooled = ((nb - 1) * vb + (nc - 1) * vc) / (nb + nc - 2)
        se = math.sqrt(pooled * (1.0 / nb + 1.0 / nc))
        df = float(nb + nc - 2)
        method = "pooled"
    else:
        return MeanDifference(mb, mc, mc - mb, None, None, "none")
    return MeanDifference(mb, mc, mc - mb, se, df, method)
